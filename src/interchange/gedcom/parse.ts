/**
 * GEDCOM lines → a typed tree with line numbers. One pass over the decoded text without splitting
 * it into an array (a 100k-person file is tens of MB). CONC/CONT are folded into their parent's
 * value. Structural damage (bad level, unterminated xref, unreadable line) is fatal and names the
 * line; a level jump is repaired with a warning (fatal with `strict`);
 * blank lines, a missing HEAD/TRLR, duplicate xrefs and stray text lines are recoverable warnings.
 */

export interface GedNode {
  tag: string;
  xref?: string;
  /** Line value with CONC/CONT folded in ("\n" for CONT); pointers are in `pointer` instead. */
  value?: string;
  pointer?: string;
  line: number;
  children: GedNode[];
}

export interface GedWarning {
  line?: number;
  message: string;
}

export interface GedcomDoc {
  head?: GedNode;
  records: GedNode[];
  /** "5.5.1", "5.5", "7.0", "7.1" … from HEAD.GEDC.VERS (missing → "5.5"). */
  version: string;
  major: 5 | 7;
  warnings: GedWarning[];
  lines: number;
}

export class GedcomSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'GedcomSyntaxError';
  }
}

// level, optional xref, tag, optional value after exactly one delimiter.
const LINE = /^[ \t]*(\d+)[ \t]+(?:(@[^@]+@)[ \t]+)?([A-Za-z0-9_]+)(?:[ \t](.*))?$/;
const POINTER = /^@[^@#\s][^@]*@$/;
/** Shared by every leaf; never pushed to (the parser replaces it on a node's first child). */
const NO_CHILDREN: GedNode[] = [];

export interface ParseOptions {
  file?: string;
  /** Cap on recoverable warnings kept (the count is still reported). */
  maxWarnings?: number;
  /** Level jumps are fatal instead of repaired. */
  strict?: boolean;
}

export function parseGedcom(text: string, opts: ParseOptions = {}): GedcomDoc {
  const file = opts.file ?? 'input';
  const maxWarnings = opts.maxWarnings ?? 200;
  const warnings: GedWarning[] = [];
  const counts = new Map<string, number>();
  const warn = (kind: string, line: number | undefined, message: string) => {
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    if (n <= 5 && warnings.length < maxWarnings) warnings.push({ line, message });
  };
  const records: GedNode[] = [];
  const stack: GedNode[] = [];
  const seenXrefs = new Set<string>();
  let lineNo = 0;
  let pos = 0;
  const len = text.length;
  let sawTrlr = false;
  // The first non-blank characters say whether this is GEDCOM 7 (only "@@" at the start escapes then).
  let v7: boolean | undefined;
  let last: GedNode | undefined;
  if (text.charCodeAt(0) === 0xfeff) pos = 1;
  while (pos < len) {
    let end = pos;
    while (end < len) {
      const c = text.charCodeAt(end);
      if (c === 10 || c === 13) break;
      end++;
    }
    const raw = text.slice(pos, end);
    lineNo++;
    if (end < len && text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10) pos = end + 2;
    else pos = end + 1;
    // Only a line that is empty or starts with white space can be blank (no trim() per line).
    const c0 = raw.charCodeAt(0);
    if ((raw.length === 0 || c0 <= 32 || c0 > 126) && raw.trim() === '') {
      warn('blank', lineNo, `${file}:${lineNo}: blank line skipped`);
      continue;
    }
    const m = LINE.exec(raw);
    if (!m) {
      const t = raw.trimStart();
      if (/^\d/.test(t)) {
        const lv = /^(\d+)/.exec(t)![1]!;
        if (/^\d+[ \t]+@[^@\s]*[ \t]/.test(t) || /^\d+[ \t]+@[^@]*$/.test(t)) throw new GedcomSyntaxError(file, lineNo, `unterminated cross-reference id in "${raw.slice(0, 60)}"`);
        throw new GedcomSyntaxError(file, lineNo, `cannot read line "${raw.slice(0, 60)}" (expected "<level> [@xref@] <TAG> [value]", level ${lv})`);
      }
      if (t.startsWith('@') || !last) throw new GedcomSyntaxError(file, lineNo, `cannot read line "${raw.slice(0, 60)}" (expected "<level> [@xref@] <TAG> [value]")`);
      // A value broken by a raw line break (some exporters do this): keep it as a continuation.
      last.value = (last.value ?? '') + '\n' + raw;
      warn('stray', lineNo, `${file}:${lineNo}: line without a level joined to the previous value`);
      continue;
    }
    const levelText = m[1]!;
    const level = Number(levelText);
    if (levelText.length > 2 || (levelText.length === 2 && levelText[0] === '0')) {
      throw new GedcomSyntaxError(file, lineNo, `invalid level "${levelText}" (GEDCOM levels are 0–99 without leading zeros)`);
    }
    const tag = m[3]!;
    let value = m[4];
    const xref = m[2];
    let depth = level;
    if (level > stack.length) {
      const message = `level ${level} follows level ${stack.length - 1}: a line may go at most one level deeper than the line before it`;
      if (opts.strict || stack.length === 0) throw new GedcomSyntaxError(file, lineNo, message);
      // Lenient: hang it under the deepest open structure, which is what the writer evidently meant.
      depth = stack.length;
      warn('jump', lineNo, `${file}:${lineNo}: ${message}; read as level ${depth} under ${stack[depth - 1]!.tag} (line ${stack[depth - 1]!.line})`);
    }
    if ((tag === 'CONC' || tag === 'CONT') && depth > 0) {
      const parent = stack[depth - 1]!;
      if (depth !== stack.length) {
        // CONT at the right depth but after a sibling substructure: still belongs to that parent.
        warn('contorder', lineNo, `${file}:${lineNo}: ${tag} after a substructure; appended to its parent ${parent.tag}`);
      }
      if (value !== undefined && v7 !== true) value = value.replace(/@@/g, '@');
      else if (value !== undefined && value.startsWith('@@')) value = value.slice(1);
      if (parent.pointer !== undefined) {
        parent.value = parent.pointer;
        delete parent.pointer;
      }
      parent.value = (parent.value ?? '') + (tag === 'CONT' ? '\n' : '') + (value ?? '');
      stack.length = depth;
      last = parent;
      continue;
    }
    // Leaves share one empty array until they get a child: most lines of a file are leaves, and
    // a 100k-person file has over a million of them.
    const node: GedNode = { tag, line: lineNo, children: NO_CHILDREN };
    if (xref !== undefined) {
      if (depth !== 0) warn('xref', lineNo, `${file}:${lineNo}: cross-reference id ${xref} on a level ${level} line ignored`);
      else if (seenXrefs.has(xref)) {
        let k = 2;
        while (seenXrefs.has(`${xref.slice(0, -1)}-dup${k}@`)) k++;
        node.xref = `${xref.slice(0, -1)}-dup${k}@`;
        warn('dupxref', lineNo, `${file}:${lineNo}: ${xref} is used by an earlier record too; this ${tag} is kept as ${node.xref} and pointers resolve to the first`);
        seenXrefs.add(node.xref);
      } else {
        node.xref = xref;
        seenXrefs.add(xref);
      }
    }
    if (value !== undefined) {
      if (value.charCodeAt(0) === 64 && POINTER.test(value)) node.pointer = value;
      else if (v7 === true) node.value = value.startsWith('@@') ? value.slice(1) : value;
      else node.value = value.includes('@@') ? value.replace(/@@/g, '@') : value;
    }
    if (depth === 0) {
      if (tag === 'TRLR') sawTrlr = true;
      records.push(node);
      stack.length = 0;
    } else {
      const parent = stack[depth - 1]!;
      if (parent.children === NO_CHILDREN) parent.children = [node];
      else parent.children.push(node);
      stack.length = depth;
      // HEAD.GEDC.VERS decides the escaping rules for the rest of the file.
      if (v7 === undefined && tag === 'VERS' && depth === 2 && stack[1]?.tag === 'GEDC' && records.length === 1) v7 = (value ?? '').trim().startsWith('7');
    }
    stack.push(node);
    last = node;
  }
  const head = records[0]?.tag === 'HEAD' ? records[0] : undefined;
  if (!head) warn('nohead', 1, `${file}: no HEAD record at the start of the file`);
  if (!sawTrlr) warn('notrlr', lineNo, `${file}: no TRLR record at the end of the file (truncated?)`);
  for (const [kind, n] of counts) if (n > 5) warnings.push({ message: `${file}: ${n - 5} more warning(s) of the same kind as "${kind}" not listed` });
  const gedc = head?.children.find((c) => c.tag === 'GEDC');
  const vers = gedc?.children.find((c) => c.tag === 'VERS')?.value?.trim() || '5.5';
  return {
    head,
    records: records.filter((r) => r !== head && r.tag !== 'TRLR'),
    version: vers,
    major: vers.startsWith('7') ? 7 : 5,
    warnings,
    lines: lineNo,
  };
}

/** First child with this tag. */
export function child(node: GedNode | undefined, tag: string): GedNode | undefined {
  if (!node) return undefined;
  for (const c of node.children) if (c.tag === tag) return c;
  return undefined;
}

export function childValue(node: GedNode | undefined, tag: string): string | undefined {
  const v = child(node, tag)?.value?.trim();
  return v || undefined;
}

export function childrenOf(node: GedNode | undefined, tag: string): GedNode[] {
  return node ? node.children.filter((c) => c.tag === tag) : [];
}
