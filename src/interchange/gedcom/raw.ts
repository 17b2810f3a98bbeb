/**
 * Substructures the case model has no field for are kept verbatim as RawNodes in the person's
 * `gedcom` sidecar, so an export restores them (vendor `_TAGS` included). Pointers are stored
 * typed by the record kind they name (`S:`, `P:`, `F:`), because xrefs mean nothing outside the
 * file they came from.
 */
import type { GedNode } from './parse';

export interface RawNode {
  tag: string;
  value?: string;
  pointer?: string;
  children?: RawNode[];
}

export function toRaw(n: GedNode, pointer: (xref: string) => string | undefined = (x) => x): RawNode {
  const r: RawNode = { tag: n.tag };
  if (n.value !== undefined) r.value = n.value;
  if (n.pointer !== undefined) {
    const p = pointer(n.pointer);
    if (p !== undefined) r.pointer = p;
    else r.value = n.pointer;
  }
  if (n.children.length) r.children = n.children.map((c) => toRaw(c, pointer));
  return r;
}

export interface WriteOptions {
  /** 5: "@" doubled everywhere and CONC splits long lines; 7: only a leading "@" doubled, no CONC. */
  dialect: 5 | 7;
  /** Longest line value before CONC splitting (5.5.1 limits a line to 255 characters). */
  maxValue?: number;
}

function escapeValue(v: string, dialect: 5 | 7): string {
  if (dialect === 7) return v.startsWith('@') ? `@${v}` : v;
  return v.replace(/@/g, '@@');
}

/** Splits a long 5.5.1 value for CONC without breaking before a space (readers trim those). */
function splitConc(v: string, max: number): string[] {
  const parts: string[] = [];
  let rest = v;
  while (rest.length > max) {
    let cut = max;
    while (cut > max / 2 && (rest[cut] === ' ' || rest[cut - 1] === ' ')) cut--;
    // Do not split a surrogate pair.
    if (/[\ud800-\udbff]/.test(rest[cut - 1] ?? '')) cut--;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts;
}

/** Appends the lines of one structure (and its subtree) at `level`. */
export function writeNode(
  out: string[],
  level: number,
  tag: string,
  value: string | undefined,
  pointer: string | undefined,
  opts: WriteOptions,
  xref?: string,
): void {
  const head = `${level} ${xref ? `${xref} ` : ''}${tag}`;
  if (pointer !== undefined) {
    out.push(`${head} ${pointer}`);
    return;
  }
  if (value === undefined || value === '') {
    out.push(head);
    return;
  }
  const max = opts.maxValue ?? 240;
  const lines = value.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((line, i) => {
    const esc = escapeValue(line, opts.dialect);
    const pieces = opts.dialect === 5 ? splitConc(esc, max) : [esc];
    pieces.forEach((piece, j) => {
      const prefix = i === 0 && j === 0 ? head : `${level + 1} ${j === 0 ? 'CONT' : 'CONC'}`;
      out.push(piece === '' ? prefix : `${prefix} ${piece}`);
    });
  });
}

export function writeRaw(
  out: string[],
  level: number,
  node: RawNode,
  opts: WriteOptions,
  resolve: (pointer: string) => string | undefined,
  onDrop?: (node: RawNode) => void,
): void {
  let pointer: string | undefined;
  if (node.pointer !== undefined) {
    pointer = resolve(node.pointer);
    if (pointer === undefined) {
      onDrop?.(node);
      return;
    }
  }
  writeNode(out, level, node.tag, node.value, pointer, opts);
  for (const c of node.children ?? []) writeRaw(out, level + 1, c, opts, resolve, onDrop);
}

/** A GedNode subtree as GEDCOM 7-style lines (for embedding a record verbatim in a captured source). */
export function gedNodeLines(n: GedNode, level = 0, out: string[] = []): string[] {
  writeNode(out, level, n.tag, n.value, n.pointer, { dialect: 7 }, level === 0 ? n.xref : undefined);
  for (const c of n.children) gedNodeLines(c, level + 1, out);
  return out;
}
