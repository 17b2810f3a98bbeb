/**
 * Markdown with YAML front matter, read so that errors point at a line and written so that what
 * nobody changed stays byte-identical. The `yaml` package (not gray-matter) because it keeps the
 * document's own formatting, comments and key order, and maps every node to its source range.
 */
import { Document, isMap, LineCounter, parseDocument, type Node } from 'yaml';
import type { z } from 'zod';
import { safeParseBounded } from '../model/field-bound';
import type { CaseProblem } from './problems';

export interface FrontMatterFile {
  doc: Document;
  lineCounter: LineCounter;
  /** Line (1-based) in the file where the YAML starts. */
  yamlStartLine: number;
  body: string;
  /** Exact text of the file's head (fence + YAML + fence), for unchanged round trips. */
  head: string;
  /** The YAML between the fences, exactly as read. */
  yamlText: string;
  openFence: string;
  closeFence: string;
}

const FENCE = /^---[ \t]*\r?\n/;

export function splitFrontMatter(text: string, file: string): FrontMatterFile | CaseProblem {
  const src = text.replace(/^\uFEFF/, '');
  if (!FENCE.test(src))
    return {
      file,
      line: 1,
      column: 1,
      message: 'missing YAML front matter (the file must start with a line "---")',
      severity: 'error',
    };
  const open = src.match(FENCE)![0].length;
  const close = /^---[ \t]*(\r?\n|$)/m;
  const rest = src.slice(open);
  const m = close.exec(rest);
  if (!m) return { file, line: 1, column: 1, message: 'front matter is not closed by a line "---"', severity: 'error' };
  const yamlText = rest.slice(0, m.index);
  const headEnd = open + m.index + m[0].length;
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, keepSourceTokens: false, prettyErrors: false, uniqueKeys: true });
  const err = doc.errors[0];
  if (err) {
    const pos = lineCounter.linePos(err.pos[0]);
    return {
      file,
      line: pos.line + 1,
      column: pos.col,
      message: `YAML: ${err.message.split('\n')[0]}`,
      severity: 'error',
    };
  }
  return {
    doc,
    lineCounter,
    yamlStartLine: 2,
    body: src.slice(headEnd),
    head: src.slice(0, headEnd),
    yamlText,
    openFence: src.slice(0, open),
    closeFence: m[0].endsWith('\n') ? m[0] : `${m[0]}\n`,
  };
}

/** Where a zod issue path points in the YAML (the deepest node that exists). */
export function locate(
  fm: Pick<FrontMatterFile, 'doc' | 'lineCounter' | 'yamlStartLine'>,
  path: readonly PropertyKey[],
): { line: number; column: number } {
  let keys = path.map((k) => (typeof k === 'symbol' ? String(k) : k));
  while (keys.length) {
    const node = fm.doc.getIn(keys, true) as Node | undefined;
    const range = node && typeof node === 'object' && 'range' in node ? node.range : undefined;
    if (range) {
      const pos = fm.lineCounter.linePos(range[0]);
      return { line: pos.line + fm.yamlStartLine - 1, column: pos.col };
    }
    keys = keys.slice(0, -1);
  }
  return { line: fm.yamlStartLine, column: 1 };
}

export function zodProblems(file: string, fm: FrontMatterFile, error: z.ZodError): CaseProblem[] {
  return error.issues.map((issue) => {
    const { line, column } = locate(fm, issue.path);
    return {
      file,
      line,
      column,
      field: issue.path.join('.') || undefined,
      message: issue.message,
      severity: 'error' as const,
    };
  });
}

/** Parse the front matter with a schema (each field bounded: MAX_FIELD_BYTES); problems carry file, line and field. */
export function readFrontMatter<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
): { ok: true; value: z.infer<S>; fm: FrontMatterFile } | { ok: false; problems: CaseProblem[] } {
  const fm = splitFrontMatter(text, file);
  if ('message' in fm) return { ok: false, problems: [fm] };
  if (!isMap(fm.doc.contents)) {
    return {
      ok: false,
      problems: [
        { file, line: fm.yamlStartLine, column: 1, message: 'front matter must be a YAML mapping', severity: 'error' },
      ],
    };
  }
  const parsed = safeParseBounded(schema, fm.doc.toJS());
  if (!parsed.success) return { ok: false, problems: zodProblems(file, fm, parsed.error) };
  return { ok: true, value: parsed.data, fm };
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function renderPair(key: string, value: unknown): string {
  return new Document({ [key]: value }).toString({ lineWidth: 0 });
}

/** Start of the line holding `pos`, moved up over the comment lines that introduce it. */
function segmentStart(text: string, pos: number): number {
  let start = text.lastIndexOf('\n', pos - 1) + 1;
  while (start > 0) {
    const prevStart = text.lastIndexOf('\n', start - 2) + 1;
    if (!/^\s*#/.test(text.slice(prevStart, start - 1))) break;
    start = prevStart;
  }
  return start;
}

/**
 * Writes `value` as front matter. With the previous file, each top-level key whose value changed
 * has its own text replaced and nothing else is touched: unknown keys, comments and formatting
 * users wrote stay byte-identical.
 */
export function renderFrontMatter(
  value: Record<string, unknown>,
  body: string,
  previous?: FrontMatterFile,
  parsedPrevious?: Record<string, unknown>,
): string {
  if (previous && isMap(previous.doc.contents)) {
    // Compare with the previous file as the schema read it, so defaults the schema filled in do not
    // count as changes.
    const before = parsedPrevious ?? (previous.doc.toJS() as Record<string, unknown>);
    const changed = new Set(Object.keys(value).filter((k) => !deepEqual(before[k], value[k])));
    const removed = new Set(Object.keys(previous.doc.toJS() as Record<string, unknown>).filter((k) => !(k in value)));
    if (!changed.size && !removed.size) return previous.head + body;
    const text = previous.yamlText;
    const items = previous.doc.contents.items;
    const starts = items.map((pair) => segmentStart(text, (pair.key as Node).range?.[0] ?? 0));
    let yaml = text.slice(0, starts[0] ?? text.length);
    items.forEach((pair, i) => {
      const key = String((pair.key as { value?: unknown }).value ?? pair.key);
      const segment = text.slice(starts[i], starts[i + 1] ?? text.length);
      if (removed.has(key)) return;
      if (changed.has(key)) {
        changed.delete(key);
        // Keep the comment lines that introduce this key; replace only the key and its value.
        const keyPos = (pair.key as Node).range?.[0] ?? 0;
        yaml += text.slice(starts[i], text.lastIndexOf('\n', keyPos - 1) + 1) + renderPair(key, value[key]);
      } else {
        yaml += segment.endsWith('\n') || i < items.length - 1 ? segment : `${segment}\n`;
      }
    });
    for (const key of changed) yaml += renderPair(key, value[key]);
    return `${previous.openFence}${yaml}${previous.closeFence}${body}`;
  }
  return `---\n${new Document(value).toString({ lineWidth: 0 })}---\n${body}`;
}
