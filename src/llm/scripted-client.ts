/**
 * A scripted LlmClient for tests: replays a recorded transcript (or asks a responder function) and
 * records every request, so tests can assert what left the machine. Error exchanges follow the SDK's
 * retry policy (429/529/5xx are retried up to maxRetries) without sleeping.
 */
import { type LlmClient, LlmError, type LlmMessage, type LlmRequest, type LlmResult, parseMessage } from './port';
import { expectationMismatch, loadTranscript, RETRYABLE_STATUS, type Transcript } from './transcript';

export type Responder = (request: LlmRequest, index: number) => unknown;

export class ScriptedLlmClient implements LlmClient {
  readonly name = 'scripted';
  readonly requests: LlmRequest[] = [];
  private next = 0;

  constructor(
    private readonly script: Transcript | Responder,
    private readonly opts: { maxRetries?: number; origin?: string } = {},
  ) {}

  static fromFile(path: string, opts: { maxRetries?: number } = {}): ScriptedLlmClient {
    return new ScriptedLlmClient(loadTranscript(path), { ...opts, origin: path });
  }

  /** Exchanges not yet replayed (a test can assert the transcript was used up). */
  get remaining(): number {
    return typeof this.script === 'function' ? 0 : this.script.exchanges.length - this.next;
  }

  /** Every prompt sent, as one string per request (system + messages), for privacy assertions. */
  promptTexts(): string[] {
    return this.requests.map((r) => JSON.stringify({ system: r.system, messages: r.messages, tools: r.tools }));
  }

  async create(request: LlmRequest, signal?: AbortSignal): Promise<LlmResult> {
    if (signal?.aborted) throw new LlmError('aborted', 'the model call was cancelled');
    this.requests.push(structuredClone(request));
    const origin = this.opts.origin ?? 'scripted transcript';
    if (typeof this.script === 'function') {
      const message: LlmMessage = parseMessage(this.script(request, this.next++), origin);
      return { message, attempts: 1 };
    }
    const body = JSON.stringify(request);
    const maxRetries = this.opts.maxRetries ?? 4;
    for (let attempts = 1; ; attempts++) {
      const exchange = this.script.exchanges[this.next];
      if (!exchange)
        throw new Error(
          `${origin}: transcript exhausted after ${this.next} exchange(s); request forced tool ${JSON.stringify(request.tool_choice)}`,
        );
      const mismatch = expectationMismatch(exchange, request, body);
      if (mismatch) throw new Error(`${origin}: exchange ${this.next}: ${mismatch}`);
      this.next++;
      if (exchange.status === 200)
        return { message: parseMessage(exchange.body, `${origin} exchange ${this.next - 1}`), attempts };
      const errType = (exchange.body as { error?: { type?: string } } | undefined)?.error?.type ?? '';
      if (RETRYABLE_STATUS(exchange.status) && attempts <= maxRetries) continue;
      const kind =
        exchange.status === 529 || errType === 'overloaded_error'
          ? 'overloaded'
          : exchange.status === 429
            ? 'rate_limit'
            : exchange.status >= 500
              ? 'server'
              : 'invalid_request';
      throw new LlmError(
        kind,
        `${origin}: ${exchange.status} ${errType} after ${attempts} attempt(s)`,
        exchange.status,
        attempts,
      );
    }
  }
}
