/**
 * LlmClient over the official `@anthropic-ai/sdk`. Retries (429 rate limit, 529 overloaded, 5xx,
 * connection errors) are the SDK's own: exponential backoff with jitter that honours `retry-after`
 * and `retry-after-ms`; a per-request middleware counts the HTTP attempts so the log shows them.
 */
import Anthropic from '@anthropic-ai/sdk';
import { type LlmClient, LlmError, type LlmRequest, type LlmResult, parseMessage } from './port';

export interface AnthropicClientOptions {
  apiKey: string;
  /** Defaults to ANTHROPIC_BASE_URL (the SDK reads it), else https://api.anthropic.com. */
  baseURL?: string;
  /** Retries after the first attempt on 429/529/5xx/connection errors. */
  maxRetries?: number;
  timeoutMs?: number;
}

export const DEFAULT_MAX_RETRIES = 4;

function classify(err: unknown, attempts: number): LlmError {
  if (err instanceof LlmError) return err;
  if (err instanceof Anthropic.APIUserAbortError)
    return new LlmError('aborted', 'the model call was cancelled', undefined, attempts);
  if (err instanceof Anthropic.APIConnectionError)
    return new LlmError('connection', `cannot reach the model API: ${err.message}`, undefined, attempts);
  if (err instanceof Anthropic.APIError) {
    const status = err.status as number | undefined;
    const type = (err.error as { error?: { type?: string } } | undefined)?.error?.type;
    const detail = `${status ?? ''} ${type ?? ''} ${err.message}`.trim();
    if (status === 529 || type === 'overloaded_error')
      return new LlmError(
        'overloaded',
        `model API overloaded after ${attempts} attempt(s): ${detail}`,
        status,
        attempts,
      );
    if (status === 429)
      return new LlmError(
        'rate_limit',
        `model API rate limit after ${attempts} attempt(s): ${detail}`,
        status,
        attempts,
      );
    if (status === 401 || status === 403)
      return new LlmError('auth', `model API refused the key: ${detail}`, status, attempts);
    if (status !== undefined && status >= 500)
      return new LlmError('server', `model API error after ${attempts} attempt(s): ${detail}`, status, attempts);
    return new LlmError('invalid_request', `model API rejected the request: ${detail}`, status, attempts);
  }
  return new LlmError('connection', err instanceof Error ? err.message : String(err), undefined, attempts);
}

export class AnthropicLlmClient implements LlmClient {
  readonly name = 'anthropic';
  private readonly sdk: Anthropic;

  constructor(opts: AnthropicClientOptions) {
    if (!opts.apiKey)
      throw new LlmError('auth', 'an Anthropic API key is required (VS Code secret or ANTHROPIC_API_KEY)');
    this.sdk = new Anthropic({
      apiKey: opts.apiKey,
      ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
      maxRetries: opts.maxRetries ?? DEFAULT_MAX_RETRIES,
      timeout: opts.timeoutMs ?? 120_000,
      logLevel: 'off',
    });
  }

  get baseURL(): string {
    return this.sdk.baseURL;
  }

  async create(request: LlmRequest, signal?: AbortSignal): Promise<LlmResult> {
    let attempts = 0;
    try {
      const message = await this.sdk.messages.create(request, {
        signal,
        middleware: [
          async (req, next) => {
            attempts += 1;
            return next(req);
          },
        ],
      });
      return { message: parseMessage(message, `${this.sdk.baseURL}/v1/messages`), attempts };
    } catch (err) {
      throw classify(err, attempts);
    }
  }
}
