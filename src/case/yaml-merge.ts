/**
 * Writes a changed case.yaml so that the user's own text survives (issue #19 item 6: "case.yaml is
 * reformatted on the first run"). Only what changed is written: a changed scalar is replaced in
 * place (its comment and the rest of the line stay), a new key goes below the last key of its
 * section at that section's indentation, a new section at the end of the file. Anything else (a
 * changed list, a removed key) goes through the `yaml` Document API, which keeps comments and key
 * order but may respace the file.
 */
import { Document, isCollection, isMap, isScalar, parseDocument } from 'yaml';

type Plain = Record<string, unknown>;
type Path = (string | number)[];

function isPlain(v: unknown): v is Plain {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A text edit: replace [from, to) with `text`. */
interface Splice {
  from: number;
  to: number;
  text: string;
}

/** A value as YAML writes it on one line, or as an indented block (objects, lists). */
function render(value: unknown, indent: string): string {
  const text = new Document(value).toString({ lineWidth: 0, flowCollectionPadding: false }).trimEnd();
  const block = (isPlain(value) && Object.keys(value).length > 0) || (Array.isArray(value) && value.length > 0);
  if (!block && !text.includes('\n')) return text;
  return `\n${text
    .split('\n')
    .map((l) => `${indent}  ${l}`)
    .join('\n')}`;
}

function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

function lineEnd(text: string, at: number): number {
  const i = text.indexOf('\n', at);
  return i < 0 ? text.length : i + 1;
}

class Planner {
  readonly splices: Splice[] = [];
  /** Set when some change cannot be written as a splice. */
  fallback = false;

  constructor(
    private readonly text: string,
    private readonly doc: Document,
  ) {}

  change(before: unknown, after: unknown, path: Path): void {
    if (same(before, after)) return;
    const node = this.doc.getIn(path, true);
    if (isPlain(before) && isPlain(after) && isMap(node)) {
      for (const k of Object.keys(after)) this.change(before[k], after[k], [...path, k]);
      for (const k of Object.keys(before)) if (!(k in after) && this.doc.hasIn([...path, k])) this.fallback = true;
      return;
    }
    const scalar = typeof after === 'string' || typeof after === 'number' || typeof after === 'boolean';
    if (isScalar(node) && scalar && node.range && (typeof node.value !== 'string' || !node.type?.startsWith('BLOCK'))) {
      const rendered = render(after, '');
      if (!rendered.startsWith('\n')) {
        this.splices.push({ from: node.range[0], to: node.range[1], text: rendered });
        return;
      }
    }
    if (node === undefined && after !== undefined) return this.add(path, after);
    this.fallback = true;
  }

  /** A new key: below the last key of its section, at that section's indentation. */
  private add(path: Path, value: unknown): void {
    const key = String(path[path.length - 1]);
    const parent = path.length > 1 ? this.doc.getIn(path.slice(0, -1), true) : this.doc.contents;
    if (!isMap(parent) || parent.flow || !parent.items.length || !parent.range) return void (this.fallback = true);
    const first = parent.items[0].key as { range?: [number, number, number] } | null;
    if (!first?.range) return void (this.fallback = true);
    const indent = ' '.repeat(first.range[0] - lineStart(this.text, first.range[0]));
    // The section ends where its last value's node ends (its trailing comment included).
    const last = parent.items[parent.items.length - 1];
    const end = (last.value as { range?: [number, number, number] } | null)?.range?.[2] ?? parent.range[2];
    const at = path.length > 1 ? lineEnd(this.text, Math.max(end - 1, 0)) : this.text.length;
    const sep = at > 0 && this.text[at - 1] !== '\n' ? '\n' : '';
    this.splices.push({
      from: at,
      to: at,
      text: `${sep}${indent}${key}:${render(value, indent).replace(/^(?!\n)/, ' ')}\n`,
    });
  }
}

/**
 * The new text of a YAML file whose data goes from `before` (what the file said, as read) to
 * `after`: the original text with only the changes spliced in, or (for a change a splice cannot
 * make) the Document API's rendering of the file with the changes set.
 */
export function rewriteYaml(text: string, before: Plain | undefined, after: Plain): string {
  const doc = parseDocument(text);
  if (before && isMap(doc.contents)) {
    const plan = new Planner(text, doc);
    for (const k of Object.keys(after)) plan.change(before[k], after[k], [k]);
    for (const k of Object.keys(before)) if (!(k in after) && doc.has(k)) plan.fallback = true;
    if (!plan.fallback) {
      let out = text;
      // From the end, so earlier offsets stay valid.
      for (const s of plan.splices.sort((a, b) => b.from - a.from))
        out = out.slice(0, s.from) + s.text + out.slice(s.to);
      return out;
    }
  }
  applyChanges(doc, before, after);
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

/** Sets in `doc` what differs between `before` and `after`, value by value (comments and order stay). */
export function applyChanges(doc: Document, before: unknown, after: Plain): void {
  for (const k of Object.keys(after)) change(doc, isPlain(before) ? before[k] : undefined, after[k], [k]);
  if (isPlain(before)) for (const k of Object.keys(before)) if (!(k in after)) doc.deleteIn([k]);
}

function change(doc: Document, before: unknown, after: unknown, path: Path): void {
  if (same(before, after)) return;
  const node = doc.getIn(path, true);
  if (after === undefined) {
    if (node !== undefined) doc.deleteIn(path);
    return;
  }
  if (isPlain(before) && isPlain(after) && isMap(node)) {
    for (const k of Object.keys(after)) change(doc, before[k], after[k], [...path, k]);
    for (const k of Object.keys(before)) if (!(k in after) && doc.hasIn([...path, k])) doc.deleteIn([...path, k]);
    return;
  }
  if (isScalar(node) && (typeof after === 'string' || typeof after === 'number' || typeof after === 'boolean')) {
    node.value = after; // the node keeps its comment and style
    return;
  }
  const created = doc.createNode(after);
  // A list written inline ([a, b]) stays inline.
  if (isCollection(node) && node.flow && isCollection(created)) created.flow = true;
  doc.setIn(path, created);
}
