/**
 * Retry-After (RFC 9110 §10.2.3) is either delay-seconds or an HTTP-date. Returns the wait in ms,
 * or undefined when the header is absent or unparseable (then the client backs off exponentially).
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

/** Exponential backoff with full jitter: base·2^attempt, randomised so clients do not stampede. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const cap = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(cap / 2 + (random() * cap) / 2);
}
