/**
 * Recorded model transcripts (test/fixtures/llm/*.json): the HTTP exchanges of a session with the
 * Messages API, in order. The scripted client replays them in-process; the integration tests serve
 * them from 127.0.0.1 to the real SDK client. Error exchanges (429, 529 …) inject faults.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const TranscriptExchange = z.object({
  /** Checks on the request this exchange answers; a mismatch fails loudly instead of replaying out of order. */
  expect: z
    .object({
      tool: z.string().optional().describe('the tool the request forces (tool_choice.name)'),
      contains: z.array(z.string()).optional().describe('substrings the request body must contain'),
    })
    .optional(),
  status: z.number().int().min(100).max(599).default(200),
  headers: z.record(z.string(), z.string()).default({}),
  body: z.unknown(),
});
export type TranscriptExchange = z.infer<typeof TranscriptExchange>;

export const Transcript = z.object({
  description: z.string(),
  exchanges: z.array(TranscriptExchange).min(1),
});
export type Transcript = z.infer<typeof Transcript>;

export function loadTranscript(path: string): Transcript {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path}: not a JSON transcript (${err instanceof Error ? err.message : String(err)})`, {
      cause: err,
    });
  }
  const parsed = Transcript.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${path}: invalid transcript at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

/** The tool a request forces, if any. */
export function forcedTool(request: { tool_choice?: unknown }): string | undefined {
  const choice = request.tool_choice as { type?: string; name?: string } | undefined;
  return choice?.type === 'tool' ? choice.name : undefined;
}

/** Why a request does not match what the exchange expects, or undefined when it does. */
export function expectationMismatch(
  exchange: TranscriptExchange,
  request: { tool_choice?: unknown },
  body: string,
): string | undefined {
  const want = exchange.expect;
  if (!want) return undefined;
  if (want.tool && forcedTool(request) !== want.tool)
    return `expected a request forcing tool "${want.tool}", got "${forcedTool(request) ?? '(none)'}"`;
  for (const s of want.contains ?? [])
    if (!body.includes(s)) return `expected the request to contain ${JSON.stringify(s)}`;
  return undefined;
}

export const RETRYABLE_STATUS = (status: number): boolean =>
  status === 408 || status === 409 || status === 429 || status >= 500;
