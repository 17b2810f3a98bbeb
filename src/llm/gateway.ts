/**
 * The one path from an agent to a model: Censor (preparePrompt) → budget check (CostMeter) → the
 * LlmClient → usage accounting and an `llm_call` log entry. The stable system prompt and the per-case
 * context are sent as separate system blocks marked for prompt caching, so repeated calls read them
 * from the cache instead of paying for them again.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { type CensorContext, redactText } from '../agents/censor';
import type { Agent, NewLogEntry } from '../model';
import type { CostMeter, LlmRole, MeteredCall } from './cost-meter';
import { type LlmClient, LlmError, type LlmMessage, type LlmRequest } from './port';
import { preparePrompt, type PreparedPrompt } from './prompt-gate';

export interface GatewayOptions {
  client: LlmClient;
  meter: CostMeter;
  log: (e: NewLogEntry) => void;
  /** Default model and output limit (case.yaml llm.model, llm.maxTokens). */
  model: string;
  maxTokens: number;
  /** Recomputed for every call: the case's living persons change as research goes on. */
  censor: () => CensorContext;
}

export interface ModelCall {
  purpose: string;
  role: LlmRole;
  agent: Agent;
  system: string;
  context?: string;
  user: string;
  model?: string;
  maxTokens?: number;
  tools?: Anthropic.ToolUnion[];
  toolChoice?: Anthropic.ToolChoice;
  /** Earlier turns to append after the first user message (tool loops, pause_turn continuation); text an agent adds here must pass `redact` first. */
  continuation?: Anthropic.MessageParam[];
  /** Upper bound of server-side web searches this call may run (priced into the budget check). */
  maxWebSearches?: number;
  /**
   * Images or PDFs sent before the text (vision, issue #17). The Censor cannot redact pixels: the
   * caller decides, before the call, whether the document may leave the machine at all.
   */
  attachments?: ModelAttachment[];
  /** The prompt concerns a possibly living person: modern exact dates and addresses are redacted outright. */
  aboutLiving?: boolean;
  signal?: AbortSignal;
}

export interface ModelAttachment {
  kind: 'image' | 'document';
  mediaType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'application/pdf';
  base64: string;
}

/** An image costs at most ~1,600 input tokens (it is scaled down to ~1.15 megapixels); a PDF page ~3,000. */
const ATTACHMENT_PROMPT_CHARS = { image: 1_600 * 4, document: 3_000 * 4 } as const;

function attachmentBlock(a: ModelAttachment): Anthropic.ContentBlockParam {
  return a.kind === 'image'
    ? { type: 'image', source: { type: 'base64', media_type: a.mediaType as 'image/png', data: a.base64 } }
    : { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: a.base64 } };
}

export interface ModelReply {
  message: LlmMessage;
  prompt: PreparedPrompt;
  cost: MeteredCall;
  attempts: number;
}

export class LlmGateway {
  constructor(readonly opts: GatewayOptions) {}

  get meter(): CostMeter {
    return this.opts.meter;
  }

  get log(): (e: NewLogEntry) => void {
    return this.opts.log;
  }

  /** Censors text an agent adds to a conversation itself (tool results), like the prompt. */
  redact(text: string, aboutLiving = false): string {
    return redactText(text, { ...this.opts.censor(), ...(aboutLiving ? { aboutLiving: true } : {}) }).text;
  }

  async call(c: ModelCall): Promise<ModelReply> {
    const { meter, log } = this.opts;
    const model = c.model ?? this.opts.model;
    const prompt = preparePrompt(
      { system: c.system, context: c.context, user: c.user },
      { ...this.opts.censor(), ...(c.aboutLiving ? { aboutLiving: true } : {}) },
      c.purpose,
      log,
    );
    const toolChars = c.tools ? JSON.stringify(c.tools).length : 0;
    const attachmentChars = (c.attachments ?? []).reduce((n, a) => n + ATTACHMENT_PROMPT_CHARS[a.kind], 0);
    const continuationChars = (c.continuation ? JSON.stringify(c.continuation).length : 0) + attachmentChars;
    const maxTokens = meter.affordableOutputTokens(
      model,
      prompt.chars + toolChars + continuationChars,
      c.maxTokens ?? this.opts.maxTokens,
      c.maxWebSearches ?? 0,
    );
    if (maxTokens === 0) {
      const reason = meter.exhausted() ?? 'LLM budget exhausted';
      log({
        actionType: 'decision',
        agent: c.agent,
        decisionType: 'llm_budget',
        optionsConsidered: [c.purpose],
        chosenOption: 'skip model call',
        rationale: reason,
        context: '',
        cycle: meter.cycle,
      });
      throw new LlmError('budget', reason);
    }
    const cache = { type: 'ephemeral' } as const;
    const system: Anthropic.TextBlockParam[] = [{ type: 'text', text: prompt.system, cache_control: cache }];
    if (prompt.context) system.push({ type: 'text', text: prompt.context, cache_control: cache });
    const request: LlmRequest = {
      model,
      max_tokens: maxTokens,
      system,
      messages: [
        {
          role: 'user',
          content: c.attachments?.length
            ? [...c.attachments.map(attachmentBlock), { type: 'text', text: prompt.user }]
            : prompt.user,
        },
        ...(c.continuation ?? []),
      ],
      ...(c.tools ? { tools: c.tools } : {}),
      ...(c.toolChoice ? { tool_choice: c.toolChoice } : {}),
    };
    let result;
    try {
      result = await this.opts.client.create(request, c.signal);
    } catch (err) {
      const e =
        err instanceof LlmError ? err : new LlmError('connection', err instanceof Error ? err.message : String(err));
      log({
        actionType: 'error',
        agent: c.agent,
        message: `model call "${c.purpose}" failed (${e.kind}): ${e.message}`,
        rationale: '',
        context: model,
        cycle: meter.cycle,
      });
      throw e;
    }
    const u = result.message.usage;
    const cost = meter.record({
      model: result.message.model || model,
      role: c.role,
      purpose: c.purpose,
      inputTokens: u.input_tokens,
      outputTokens: u.output_tokens,
      cacheReadTokens: u.cache_read_input_tokens ?? 0,
      cacheWriteTokens: u.cache_creation_input_tokens ?? 0,
      webSearches: u.server_tool_use?.web_search_requests ?? 0,
      // An image's tokens are counted as its estimate in characters, so the meter's chars-per-token stays right.
      promptChars: prompt.chars + attachmentChars,
    });
    log({
      actionType: 'llm_call',
      agent: c.agent,
      model: cost.model,
      role: c.role,
      purpose: c.purpose,
      inputTokens: cost.inputTokens,
      outputTokens: cost.outputTokens,
      cacheReadTokens: cost.cacheReadTokens,
      cacheWriteTokens: cost.cacheWriteTokens,
      costUsd: cost.costUsd,
      promptChars: prompt.chars,
      output: rawAnswer(result.message),
      rationale: `attempts=${result.attempts}; stop=${result.message.stop_reason ?? 'none'}; web searches=${cost.webSearches}${meter.knownPrice(cost.model) ? '' : '; unknown model priced at the highest known rate'}`,
      context: `run total $${meter.costUsd().toFixed(4)}, ${meter.tokens()} tokens`,
      cycle: cost.cycle,
    });
    return { message: result.message, prompt, cost, attempts: result.attempts };
  }
}

/** The longest answer kept in the log: a tool answer is a few kilobytes; a runaway one is cut, and says so. */
const MAX_KEPT_ANSWER = 20_000;

/** The model's answer as text: its text blocks, and each tool call as its name and JSON input. */
function rawAnswer(message: LlmMessage): string {
  const parts = message.content.map((b) =>
    b.type === 'text' && 'text' in b
      ? String(b.text)
      : b.type === 'tool_use' && 'name' in b
        ? `[tool ${String(b.name)}] ${JSON.stringify('input' in b ? b.input : null)}`
        : `[${b.type}]`,
  );
  const text = parts.join('\n');
  return text.length > MAX_KEPT_ANSWER
    ? `${text.slice(0, MAX_KEPT_ANSWER)}\n[… ${text.length - MAX_KEPT_ANSWER} more characters not kept]`
    : text;
}
