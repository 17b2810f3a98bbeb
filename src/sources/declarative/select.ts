/**
 * JSONPath over a source's answer (jsonpath-plus, the maintained implementation of Goessner's
 * JSONPath; filters run in its own safe evaluator, never in `eval`). Paths come from plugin YAML,
 * so they are checked when the plugin loads, not when the first answer arrives.
 */
import { JSONPath } from 'jsonpath-plus';

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
