/**
 * One HTTP exchange with a server we do not trust: redirects are followed by hand and only to the
 * plugin's declared hosts, the body is read chunk by chunk and cut as soon as the decompressed
 * bytes pass the source's limit (a gzip bomb stops after a few MB, an endless body likewise), and
 * the whole exchange, redirects and body included, shares one deadline (a trickling body is cut).
 */
import { decodeBody } from './decode-body';
import { SourceError } from './errors';

export interface BoundedFetchLimits {
  /** Decompressed bytes of the body, counted as they arrive. */
  maxBytes: number;
  /** Wall-clock ms for the whole exchange (every redirect hop and the body). */
  timeoutMs: number;
  maxRedirects: number;
  /** Why a redirect target is refused, or undefined when it may be followed. */
  refuseRedirect: (to: URL, from: URL) => string | undefined;
}

export interface BoundedAnswer {
  status: number;
  body: string;
  contentType?: string;
  retryAfter?: string;
  /** The URL whose answer this is, after redirects. */
  finalUrl: URL;
  /** Decompressed body bytes read (the answer's, or those read before it was cut). */
  bytes: number;
  /** Redirect hops followed, in order. */
  redirects: URL[];
}

/** A refused or oversized answer, with what was read before it was cut. */
export class BoundedFetchError extends SourceError {
  constructor(
    source: string,
    kind: 'too_large' | 'redirect' | 'timeout',
    message: string,
    readonly bytes: number,
    readonly finalUrl: URL,
    status?: number,
  ) {
    super(source, kind, message, status);
  }
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

async function readCapped(
  res: Response,
  maxBytes: number,
  progress: { bytes: number },
  onTooLarge: (read: number) => never,
): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  // Content-Length is the encoded size: a larger one is refused before a byte is read; a smaller
  // one proves nothing for a compressed body, so the count below still runs.
  if (Number.isFinite(declared) && declared > maxBytes && !res.headers.get('content-encoding')) {
    await res.body?.cancel().catch(() => undefined);
    onTooLarge(0);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    progress.bytes += value.byteLength;
    if (progress.bytes > maxBytes) {
      // Cancelling the reader closes the connection: the rest is neither downloaded nor inflated.
      await reader.cancel().catch(() => undefined);
      onTooLarge(progress.bytes);
    }
    chunks.push(value);
  }
  // In the charset the answer declares (decode-body.ts), UTF-8 when it declares none.
  return decodeBody(Buffer.concat(chunks), res.headers.get('content-type') ?? undefined);
}

/**
 * Throws BoundedFetchError (too_large, redirect, timeout) or lets fetch's own errors through
 * (network failures, or the caller's abort).
 */
export async function boundedFetch(
  fetchImpl: typeof fetch,
  url: URL,
  init: RequestInit,
  signal: AbortSignal | undefined,
  source: string,
  limits: BoundedFetchLimits,
): Promise<BoundedAnswer> {
  const deadline = AbortSignal.timeout(Math.max(1, limits.timeoutMs));
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const redirects: URL[] = [];
  let current = url;
  let request: RequestInit = init;
  const progress = { bytes: 0 };
  try {
    for (;;) {
      const res = await fetchImpl(current, { ...request, signal: combined, redirect: 'manual' });
      const location = res.headers.get('location');
      if (REDIRECT.has(res.status) && location) {
        await res.body?.cancel().catch(() => undefined);
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          throw new BoundedFetchError(
            source,
            'redirect',
            `HTTP ${res.status} redirect to an invalid URL`,
            0,
            current,
            res.status,
          );
        }
        const refused =
          redirects.length >= limits.maxRedirects
            ? `more than ${limits.maxRedirects} redirects`
            : limits.refuseRedirect(next, current);
        if (refused)
          throw new BoundedFetchError(
            source,
            'redirect',
            `HTTP ${res.status} redirect to ${next.origin} refused: ${refused}`,
            0,
            next,
            res.status,
          );
        redirects.push(next);
        // 303, and 301/302 after a POST, become a GET without a body (as browsers do); 307/308 keep both.
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && request.method === 'POST')) {
          const headers = { ...(request.headers as Record<string, string> | undefined) };
          delete headers['Content-Type'];
          request = { ...request, method: 'GET', body: undefined, headers };
        }
        current = next;
        continue;
      }
      const finalUrl = current;
      const body = await readCapped(res, limits.maxBytes, progress, (n) => {
        throw new BoundedFetchError(
          source,
          'too_large',
          `response larger than the source's limit of ${limits.maxBytes} bytes (cut after ${n})`,
          n,
          finalUrl,
          res.status,
        );
      });
      return {
        status: res.status,
        body,
        contentType: res.headers.get('content-type') ?? undefined,
        retryAfter: res.headers.get('retry-after') ?? undefined,
        finalUrl,
        bytes: progress.bytes,
        redirects,
      };
    }
  } catch (e) {
    if (e instanceof BoundedFetchError || signal?.aborted) throw e;
    if (deadline.aborted)
      throw new BoundedFetchError(
        source,
        'timeout',
        `no complete response within ${limits.timeoutMs} ms`,
        progress.bytes,
        current,
      );
    throw e;
  }
}
