/**
 * Model calls that end in a forced output tool: a single call (askTool), or a bounded tool loop
 * (askWithTools) where the model may first use helper tools the agent runs locally, and the last
 * turn forces the output tool (seed 004: bounded loops and tool-call limits). Plus zod validation
 * and the logging of firewall rejections.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { Agent, NewLogEntry } from '../../model';
import type { Rejection } from '../firewall';
import type { LlmGateway, ModelCall, ModelReply } from '../gateway';
import { LlmError, toolUses } from '../port';
import type { OutputTool } from '../schemas';

export interface ToolAnswer<T> {
  output: T;
  reply: ModelReply;
  /** Everything the model was shown (censored), for grounding its answer. */
  seen: string;
}

export async function askTool<T>(
  gateway: LlmGateway,
  call: Omit<ModelCall, 'tools' | 'toolChoice'>,
  tool: OutputTool<T>,
): Promise<ToolAnswer<T>> {
  const reply = await gateway.call({ ...call, tools: [tool.tool], toolChoice: { type: 'tool', name: tool.name } });
  const use = toolUses(reply.message).find((u) => u.name === tool.name);
  if (!use)
    throw new LlmError(
      'invalid_response',
      `the model did not call ${tool.name} (stop reason ${reply.message.stop_reason ?? 'none'})`,
    );
  const parsed = tool.schema.safeParse(use.input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LlmError(
      'invalid_response',
      `${tool.name} input invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return { output: parsed.data, reply, seen: [reply.prompt.context ?? '', reply.prompt.user].join('\n') };
}

export interface HelperTool {
  tool: Anthropic.Tool;
  /** Runs locally; the result goes back to the model (censored by the caller's gateway). */
  run(input: unknown): string;
}

/** Turns in which the model may use helper tools before the output tool is forced. */
export const MAX_HELPER_TURNS = 2;

export async function askWithTools<T>(
  gateway: LlmGateway,
  call: Omit<ModelCall, 'tools' | 'toolChoice' | 'continuation'>,
  tool: OutputTool<T>,
  helpers: HelperTool[],
  maxHelperTurns = MAX_HELPER_TURNS,
): Promise<ToolAnswer<T> & { turns: number; helperCalls: number }> {
  const continuation: Anthropic.MessageParam[] = [];
  const tools = [...helpers.map((h) => h.tool), tool.tool];
  let helperCalls = 0;
  for (let turn = 0; ; turn++) {
    const last = turn >= maxHelperTurns;
    const reply = await gateway.call({
      ...call,
      tools,
      toolChoice: last ? { type: 'tool', name: tool.name } : { type: 'any' },
      continuation: [...continuation],
    });
    const uses = toolUses(reply.message);
    const final = uses.find((u) => u.name === tool.name);
    if (final || last) {
      if (!final)
        throw new LlmError(
          'invalid_response',
          `the model did not call ${tool.name} (stop reason ${reply.message.stop_reason ?? 'none'})`,
        );
      const parsed = tool.schema.safeParse(final.input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new LlmError(
          'invalid_response',
          `${tool.name} input invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
        );
      }
      return {
        output: parsed.data,
        reply,
        seen: [reply.prompt.context ?? '', reply.prompt.user].join('\n'),
        turns: turn + 1,
        helperCalls,
      };
    }
    const results: Anthropic.ToolResultBlockParam[] = uses.map((u) => {
      const helper = helpers.find((h) => h.tool.name === u.name);
      helperCalls += helper ? 1 : 0;
      const content = helper ? gateway.redact(helper.run(u.input), call.aboutLiving) : `unknown tool ${u.name}`;
      return { type: 'tool_result', tool_use_id: u.id, content, ...(helper ? {} : { is_error: true }) };
    });
    continuation.push({ role: 'assistant', content: reply.message.content as Anthropic.ContentBlockParam[] });
    continuation.push(
      results.length ? { role: 'user', content: results } : { role: 'user', content: `Now call ${tool.name}.` },
    );
  }
}

export function logRejections(
  log: (e: NewLogEntry) => void,
  agent: Agent,
  rejections: Rejection[],
  context: string,
  cycle?: number,
): void {
  for (const r of rejections) {
    if (r.check)
      log({
        actionType: 'firewall_rejection',
        agent,
        check: r.check,
        reason: r.reason,
        rationale: 'model output rejected by the hallucination firewall',
        context,
        ...(cycle !== undefined ? { cycle } : {}),
      });
    else
      log({
        actionType: 'error',
        agent,
        message: `model output dropped: ${r.reason}`,
        rationale: 'not a valid output item',
        context,
        ...(cycle !== undefined ? { cycle } : {}),
      });
  }
}

/** Model failures that should make an agent fall back rather than fail the run. */
export function isRecoverable(err: unknown): err is LlmError {
  return err instanceof LlmError && err.kind !== 'aborted';
}
