/**
 * LlmClient over an OpenAI-compatible Chat Completions endpoint (OpenAI, Azure's compatible
 * route, Mistral, a local llama.cpp or vLLM server …), so a role can run on a second provider and
 * one model can challenge another (seeds 002/003). The agents keep speaking the Messages API shape:
 * requests are translated here (system blocks → a system message, tools → functions, tool_use /
 * tool_result → tool_calls / tool messages) and the answer is zod-validated, then returned as a
 * Messages API message. Retries on 429/5xx honour Retry-After; every failure is an LlmError.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { type LlmClient, LlmError, type LlmMessage, type LlmRequest, type LlmResult, parseMessage } from './port';

export interface OpenAiClientOptions {
  apiKey: string;
  /** The API root, e.g. https://api.openai.com/v1 (…/chat/completions is appended). */
  baseURL: string;
  maxRetries?: number;
  timeoutMs?: number;
  /** Waits between retries (tests shorten them). */
  backoffBaseMs?: number;
  fetch?: typeof fetch;
}

const ToolCall = z.looseObject({
  id: z.string(),
  type: z.literal('function').optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});
const ChatCompletion = z.looseObject({
  id: z.string(),
  model: z.string(),
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({
          role: z.literal('assistant'),
          content: z.string().nullable().optional(),
          tool_calls: z.array(ToolCall).nullable().optional(),
        }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: z
    .looseObject({ prompt_tokens: z.number().int().min(0), completion_tokens: z.number().int().min(0) })
    .optional(),
});

type ChatMessage =
  | { role: 'system' | 'user'; content: string | ChatPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };
type ChatPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };
interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

const STOP: Record<string, string> = { stop: 'end_turn', tool_calls: 'tool_use', length: 'max_tokens' };

function textOfBlocks(content: string | readonly { type: string; text?: string }[]): string {
  return typeof content === 'string'
    ? content
    : content.flatMap((b) => (b.type === 'text' && typeof b.text === 'string' ? [b.text] : [])).join('\n\n');
}

function userParts(content: Anthropic.MessageParam['content']): ChatMessage[] {
  if (typeof content === 'string') return [{ role: 'user', content }];
  const out: ChatMessage[] = [];
  const parts: ChatPart[] = [];
  for (const b of content) {
    if (b.type === 'text') parts.push({ type: 'text', text: b.text });
    else if (b.type === 'image' && b.source.type === 'base64')
      parts.push({ type: 'image_url', image_url: { url: `data:${b.source.media_type};base64,${b.source.data}` } });
    else if (b.type === 'tool_result')
      out.push({
        role: 'tool',
        tool_call_id: b.tool_use_id,
        content: typeof b.content === 'string' ? b.content : textOfBlocks(b.content ?? []),
      });
    else throw new LlmError('invalid_request', `an OpenAI-compatible model cannot take a "${b.type}" block`);
  }
  if (parts.length)
    out.push({ role: 'user', content: parts.every((p) => p.type === 'text') ? textOfBlocks(parts) : parts });
  return out;
}

function assistantTurn(content: Anthropic.MessageParam['content']): ChatMessage {
  if (typeof content === 'string') return { role: 'assistant', content };
  const calls: ChatToolCall[] = content.flatMap((b) =>
    b.type === 'tool_use'
      ? [{ id: b.id, type: 'function' as const, function: { name: b.name, arguments: JSON.stringify(b.input) } }]
      : [],
  );
  const text = textOfBlocks(content);
  return { role: 'assistant', content: text || null, ...(calls.length ? { tool_calls: calls } : {}) };
}

/** The Messages API request as a Chat Completions body. Server tools (web search) have no counterpart. */
export function toChatRequest(request: LlmRequest): Record<string, unknown> {
  const messages: ChatMessage[] = [];
  if (request.system) messages.push({ role: 'system', content: textOfBlocks(request.system) });
  for (const m of request.messages) {
    if (m.role === 'user') messages.push(...userParts(m.content));
    else messages.push(assistantTurn(m.content));
  }
  const tools = (request.tools ?? []).map((t) => {
    if (!('input_schema' in t))
      throw new LlmError('invalid_request', `an OpenAI-compatible model has no server tool (${t.type ?? 'unknown'})`);
    return {
      type: 'function',
      function: { name: t.name, description: t.description ?? '', parameters: t.input_schema },
    };
  });
  const choice = request.tool_choice;
  const toolChoice =
    choice?.type === 'tool'
      ? { type: 'function', function: { name: choice.name } }
      : choice?.type === 'any'
        ? 'required'
        : choice?.type === 'none'
          ? 'none'
          : choice
            ? 'auto'
            : undefined;
  return {
    model: request.model,
    max_tokens: request.max_tokens,
    messages,
    ...(tools.length ? { tools } : {}),
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
  };
}

/** A Chat Completions answer as a Messages API message; tool arguments that are not JSON are an invalid response. */
export function fromChatResponse(body: unknown, origin: string): LlmMessage {
  const parsed = ChatCompletion.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LlmError(
      'invalid_response',
      `${origin}: malformed Chat Completions response at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const c = parsed.data;
  const choice = c.choices[0];
  const content: unknown[] = [];
  if (choice.message.content) content.push({ type: 'text', text: choice.message.content });
  for (const call of choice.message.tool_calls ?? []) {
    let input: unknown;
    try {
      input = JSON.parse(call.function.arguments);
    } catch {
      throw new LlmError('invalid_response', `${origin}: arguments of ${call.function.name} are not JSON`);
    }
    content.push({ type: 'tool_use', id: call.id, name: call.function.name, input });
  }
  return parseMessage(
    {
      id: c.id,
      type: 'message',
      role: 'assistant',
      model: c.model,
      content,
      stop_reason: STOP[choice.finish_reason ?? ''] ?? choice.finish_reason ?? null,
      usage: { input_tokens: c.usage?.prompt_tokens ?? 0, output_tokens: c.usage?.completion_tokens ?? 0 },
    },
    origin,
  );
}

const RETRYABLE = new Set([408, 409, 429, 500, 502, 503, 504]);

export class OpenAiCompatibleClient implements LlmClient {
  readonly name = 'openai-compatible';
  private readonly url: string;

  constructor(private readonly opts: OpenAiClientOptions) {
    if (!opts.apiKey) throw new LlmError('auth', `an API key is required for ${opts.baseURL}`);
    this.url = `${opts.baseURL.replace(/\/+$/, '')}/chat/completions`;
  }

  async create(request: LlmRequest, signal?: AbortSignal): Promise<LlmResult> {
    const body = JSON.stringify(toChatRequest(request));
    const maxRetries = this.opts.maxRetries ?? 4;
    const doFetch = this.opts.fetch ?? fetch;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw new LlmError('aborted', 'the model call was cancelled', undefined, attempt - 1);
      const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? 120_000);
      let res: Response;
      try {
        res = await doFetch(this.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${this.opts.apiKey}` },
          body,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (err) {
        if (signal?.aborted) throw new LlmError('aborted', 'the model call was cancelled', undefined, attempt);
        if (attempt <= maxRetries) {
          await this.wait(attempt, undefined, signal);
          continue;
        }
        const why = err instanceof Error ? err.message : String(err);
        throw new LlmError('connection', `cannot reach ${this.url}: ${why}`, undefined, attempt);
      }
      const text = await res.text();
      if (res.ok) {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw new LlmError('invalid_response', `${this.url}: the answer is not JSON`, res.status, attempt);
        }
        return { message: fromChatResponse(json, this.url), attempts: attempt };
      }
      if (RETRYABLE.has(res.status) && attempt <= maxRetries) {
        await this.wait(attempt, res.headers.get('retry-after'), signal);
        continue;
      }
      // The body may echo the request; only its first line and never the key reaches a message.
      const detail = `${res.status} ${text.split('\n')[0].slice(0, 200)}`.replaceAll(this.opts.apiKey, '[REDACTED]');
      if (res.status === 429)
        throw new LlmError('rate_limit', `rate limit after ${attempt} attempt(s): ${detail}`, 429, attempt);
      if (res.status === 401 || res.status === 403)
        throw new LlmError('auth', `${this.url} refused the key: ${detail}`, res.status, attempt);
      if (res.status >= 500)
        throw new LlmError('server', `model API error after ${attempt} attempt(s): ${detail}`, res.status, attempt);
      throw new LlmError('invalid_request', `model API rejected the request: ${detail}`, res.status, attempt);
    }
  }

  /** Retry-After in seconds when given (at most a minute), else exponential backoff with jitter. */
  private async wait(attempt: number, retryAfter: string | null | undefined, signal?: AbortSignal): Promise<void> {
    const base = this.opts.backoffBaseMs ?? 500;
    const seconds = retryAfter ? Number(retryAfter) : NaN;
    const ms = Number.isFinite(seconds)
      ? Math.min(60, seconds) * 1000
      : base * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
    });
  }
}
