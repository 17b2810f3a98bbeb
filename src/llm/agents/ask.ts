/** One forced-tool model call, its zod validation, and the logging of firewall rejections. */
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

export async function askTool<T>(gateway: LlmGateway, call: Omit<ModelCall, 'tools' | 'toolChoice'>, tool: OutputTool<T>): Promise<ToolAnswer<T>> {
  const reply = await gateway.call({ ...call, tools: [tool.tool], toolChoice: { type: 'tool', name: tool.name } });
  const use = toolUses(reply.message).find((u) => u.name === tool.name);
  if (!use) throw new LlmError('invalid_response', `the model did not call ${tool.name} (stop reason ${reply.message.stop_reason ?? 'none'})`);
  const parsed = tool.schema.safeParse(use.input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LlmError('invalid_response', `${tool.name} input invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
  }
  return { output: parsed.data, reply, seen: [reply.prompt.context ?? '', reply.prompt.user].join('\n') };
}

export function logRejections(log: (e: NewLogEntry) => void, agent: Agent, rejections: Rejection[], context: string, cycle?: number): void {
  for (const r of rejections) {
    if (r.check) log({ actionType: 'firewall_rejection', agent, check: r.check, reason: r.reason, rationale: 'model output rejected by the hallucination firewall', context, ...(cycle !== undefined ? { cycle } : {}) });
    else log({ actionType: 'error', agent, message: `model output dropped: ${r.reason}`, rationale: 'not a valid output item', context, ...(cycle !== undefined ? { cycle } : {}) });
  }
}

/** Model failures that should make an agent fall back rather than fail the run. */
export function isRecoverable(err: unknown): err is LlmError {
  return err instanceof LlmError && err.kind !== 'aborted';
}
