/**
 * Where a rule's selector looks. A JSON answer is read by JSONPath (jsonpath-plus, the maintained
 * implementation of Goessner's JSONPath; filters run in its own safe evaluator, never in `eval`); an
 * HTML page by CSS selectors (./html, loaded only when a plugin reads HTML). Selectors come from
 * plugin YAML, so they are checked when the plugin loads, not when the first answer arrives.
 */
import { JSONPath } from 'jsonpath-plus';
import { verbatim } from '../normalize';

/** What a plugin's search answers with (`search.format`). */
export type ResponseFormat = 'json' | 'html';

/** How selectors read one answer: JSON values, or the elements of one HTML page. */
export interface Selection {
  readonly format: ResponseFormat;
  /** The nodes `selector` picks within `node` (results, persons): JSON values, or HTML elements. */
  nodes(node: unknown, selector: string): unknown[];
  /** Every value `selector` picks within `node`: JSON values, or each element's text (or its `attr`). */
  all(node: unknown, selector: string, attr?: string): unknown[];
  /** A link as the absolute URL it stands for (an HTML page's relative links), or undefined. */
  link(value: string): string | undefined;
  /** A result as the source gave it: the transcription its evidence cites. */
  verbatim(node: unknown): string;
}

/** Why a path is not JSONPath, or undefined when it parses. */
export function pathProblem(path: string): string | undefined {
  if (!path.startsWith('$')) return `a JSONPath starts with "$" (got ${JSON.stringify(path)})`;
  // toPathArray is lenient ("$..[bad" passes), so unbalanced brackets are caught here.
  for (const [open, close] of [
    ['[', ']'],
    ['(', ')'],
  ] as const)
    if (path.split(open).length !== path.split(close).length) return `unbalanced "${open}${close}" in ${path}`;
  try {
    JSONPath.toPathArray(path);
    return undefined;
  } catch (e) {
    return `not a JSONPath: ${(e as Error).message}`;
  }
}

/** Every value the path selects in `json` (an empty list when none). */
export function selectAll(json: unknown, path: string): unknown[] {
  if (json === null || (typeof json !== 'object' && path !== '$')) return path === '$' ? [json] : [];
  const found: unknown = JSONPath({ path, json: json as object, wrap: true, eval: 'safe' });
  return Array.isArray(found) ? found : [];
}

/** The first value the path selects, or undefined. */
export function selectOne(json: unknown, path: string): unknown {
  return selectAll(json, path)[0];
}

/** A JSON answer: links are taken as written (only http(s) ones are kept), the hit is cited as JSON. */
export const jsonSelection: Selection = {
  format: 'json',
  nodes: (node, path) => selectAll(node, path),
  all: (node, path) => selectAll(node, path),
  link: (value) => value,
  verbatim: (node) => verbatim({ hit: node }),
};
