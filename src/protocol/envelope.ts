/**
 * Shared by the extension host and the webviews (no `vscode`, no Node imports): every message that
 * crosses the webview boundary is validated with zod on the receiving side, in both directions.
 */
import type { z } from 'zod';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Validates one incoming message; the error names the offending field so it can be logged. */
export function parseMessage<S extends z.ZodType>(schema: S, data: unknown): ParseResult<z.infer<S>> {
  const r = schema.safeParse(data);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  const where = issue && issue.path.length ? issue.path.join('.') : 'message';
  return { ok: false, error: `invalid webview message at ${where}: ${issue?.message ?? 'unknown error'}` };
}
