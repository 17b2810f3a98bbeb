/** Why a source request failed. The client logs it; the run goes on without that source. */
export type SourceErrorKind =
  | 'tos' // the Censor's ToS gate denied the action
  | 'robots' // robots.txt disallows the path
  | 'circuit_open' // the source failed repeatedly and is marked unavailable
  | 'timeout'
  | 'network' // refused, reset, DNS, truncated body
  | 'http' // a status the client does not retry (4xx) or retries exhausted (5xx, 429)
  | 'rate_limited' // Retry-After longer than the client will wait
  | 'malformed' // the body is not what the source documents
  | 'too_large' // the body passed the source's size limit (counted decompressed) and was cut
  | 'redirect' // a redirect to a host the plugin does not declare, or too many
  | 'credentials'; // a Tier 1 source without its credential

export class SourceError extends Error {
  constructor(
    readonly source: string,
    readonly kind: SourceErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(`${source}: ${message}`);
    this.name = 'SourceError';
  }
}

export function isSourceError(e: unknown): e is SourceError {
  return e instanceof SourceError;
}
