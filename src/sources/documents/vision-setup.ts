/**
 * Whether Claude may read this case's documents: only with an Anthropic key and when case.yaml
 * allows it (`llm.vision: true`); the key alone never sends an image off the machine. A research
 * run passes its own gateway, so the run's cost meter and budget count the vision calls.
 */
import type { FileCaseStore } from '../../case';
import { AnthropicLlmClient } from '../../llm/anthropic-client';
import { CostMeter } from '../../llm/cost-meter';
import { LlmGateway } from '../../llm/gateway';
import type { VisionReader } from './transcribe';
import { ClaudeVisionReader } from './vision';

export interface VisionSetup {
  reader?: VisionReader;
  why: string;
}

export function visionFromEnv(
  env: NodeJS.ProcessEnv,
  store: FileCaseStore,
  opts: { gateway?: LlmGateway } = {},
): VisionSetup {
  const config = store.config();
  const key = env.ANTHROPIC_API_KEY?.trim();
  if (!key && !opts.gateway) return { why: 'Claude vision needs ANTHROPIC_API_KEY' };
  if (!config.llm.vision) return { why: 'Claude vision is off for this case: set llm.vision: true in case.yaml' };
  const log = (e: Parameters<LlmGateway['log']>[0]) => void store.appendLog([e]);
  const gateway =
    opts.gateway ??
    new LlmGateway({
      client: new AnthropicLlmClient({ apiKey: key!, baseURL: env.ANTHROPIC_BASE_URL?.trim() || undefined }),
      meter: new CostMeter({ maxUsd: config.budget.maxUsd, maxTokens: config.budget.maxTokens }),
      log,
      model: config.llm.model,
      maxTokens: config.llm.maxTokens,
      censor: () => store.censorContext(),
    });
  const second = config.llm.consensusModels?.find((m) => m !== config.llm.model);
  return {
    reader: new ClaudeVisionReader({
      gateway,
      censor: () => store.censorContext(),
      log,
      ...(second ? { secondModel: second } : {}),
    }),
    why: '',
  };
}
