/**
 * The LlmClient port (DESIGN.md "Ports"). The engine's Claude agents talk to a model only through
 * this interface: the real implementation wraps `@anthropic-ai/sdk` (anthropic-client.ts), tests use
 * a scripted client that replays recorded transcripts (scripted-client.ts). Requests use the
 * Messages API shape; responses are zod-validated before anything reads them, because a response
 * body is input from outside the machine like any other.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';

export type LlmRequest = Anthropic.MessageCreateParamsNonStreaming;

const Citation = z.looseObject({
  type: z.string(),
  cited_text: z.string().optional(),
  url: z.string().optional(),
  title: z.string().nullable().optional(),
});

const TextBlock = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  citations: z.array(Citation).nullable().optional(),
});
const ToolUseBlock = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});
const ServerToolUseBlock = z.looseObject({
  type: z.literal('server_tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});
const WebSearchResult = z.looseObject({
  type: z.literal('web_search_result'),
  url: z.string(),
  title: z.string(),
  page_age: z.string().nullable().optional(),
  encrypted_content: z.string().optional(),
});
const WebSearchToolResultBlock = z.looseObject({
  type: z.literal('web_search_tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.array(WebSearchResult), z.looseObject({ type: z.string(), error_code: z.string().optional() })]),
});
/** Blocks we do not read (thinking, code execution …) are kept but never interpreted. */
const OtherBlock = z.looseObject({ type: z.string() });

export const LlmContentBlock = z.union([
  TextBlock,
  ToolUseBlock,
  ServerToolUseBlock,
  WebSearchToolResultBlock,
  OtherBlock,
]);
export type LlmContentBlock = z.infer<typeof LlmContentBlock>;
export type LlmTextBlock = z.infer<typeof TextBlock>;
export type LlmToolUseBlock = z.infer<typeof ToolUseBlock>;
export type LlmWebSearchToolResultBlock = z.infer<typeof WebSearchToolResultBlock>;

export const LlmUsage = z.looseObject({
  input_tokens: z.number().int().min(0),
  output_tokens: z.number().int().min(0),
  cache_creation_input_tokens: z.number().int().min(0).nullable().optional(),
  cache_read_input_tokens: z.number().int().min(0).nullable().optional(),
  server_tool_use: z
    .looseObject({ web_search_requests: z.number().int().min(0).default(0) })
    .nullable()
    .optional(),
});
export type LlmUsage = z.infer<typeof LlmUsage>;

/** The subset of the Messages API `Message` the agents read. */
export const LlmMessage = z.looseObject({
  id: z.string(),
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.string(),
  content: z.array(LlmContentBlock),
  stop_reason: z.string().nullable(),
  usage: LlmUsage,
});
export type LlmMessage = z.infer<typeof LlmMessage>;

export interface LlmResult {
  message: LlmMessage;
  /** HTTP attempts the call took (1 = no retry). */
  attempts: number;
}

export interface LlmClient {
  readonly name: string;
  create(request: LlmRequest, signal?: AbortSignal): Promise<LlmResult>;
}

export type LlmErrorKind =
  | 'rate_limit'
  | 'overloaded'
  | 'server'
  | 'connection'
  | 'aborted'
  | 'invalid_request'
  | 'auth'
  | 'invalid_response'
  | 'budget';

/** Every failure of a model call, classified so agents can fall back without string matching. */
export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
    readonly attempts?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export function toolUses(message: LlmMessage): LlmToolUseBlock[] {
  return message.content.filter<LlmToolUseBlock>(
    (b): b is LlmToolUseBlock => b.type === 'tool_use' && 'input' in b && 'name' in b,
  );
}

export function textOf(message: LlmMessage): string {
  return message.content
    .filter((b): b is LlmTextBlock => b.type === 'text' && typeof (b as { text?: unknown }).text === 'string')
    .map((b) => b.text)
    .join('\n');
}

/** Parses a response body; a malformed body is an `invalid_response` error naming the first bad field. */
export function parseMessage(body: unknown, origin: string): LlmMessage {
  const parsed = LlmMessage.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LlmError(
      'invalid_response',
      `${origin}: malformed Messages API response at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}
