/** Shared set-up for the LLM tests: a gateway over any LlmClient with a collected log. */
import { join } from 'node:path';
import { CostMeter } from '../../../src/llm/cost-meter';
import { LlmGateway } from '../../../src/llm/gateway';
import type { LlmClient } from '../../../src/llm/port';
import type { NewLogEntry } from '../../../src/model';
import { REPO_ROOT } from '../../helpers/paths';

export const LLM_FIXTURES = join(REPO_ROOT, 'test/fixtures/llm');
export const fixture = (name: string): string => join(LLM_FIXTURES, name);

export const NOW = new Date('2026-06-01T00:00:00Z');

export interface Harness {
  gateway: LlmGateway;
  meter: CostMeter;
  entries: NewLogEntry[];
}

export function harness(
  client: LlmClient,
  opts: { maxUsd?: number; maxTokens?: number; livingNames?: string[]; consent?: boolean; model?: string; outputTokens?: number } = {},
): Harness {
  const entries: NewLogEntry[] = [];
  const meter = new CostMeter({ maxUsd: opts.maxUsd ?? 2, maxTokens: opts.maxTokens ?? 400_000 });
  const gateway = new LlmGateway({
    client,
    meter,
    log: (e) => entries.push(e),
    model: opts.model ?? 'claude-haiku-4-5',
    maxTokens: opts.outputTokens ?? 1024,
    censor: () => ({ now: NOW, thresholdYears: 100, consent: opts.consent ?? false, livingNames: opts.livingNames ?? [] }),
  });
  return { gateway, meter, entries };
}

export function ofKind<K extends NewLogEntry['actionType']>(entries: NewLogEntry[], kind: K): Extract<NewLogEntry, { actionType: K }>[] {
  return entries.filter((e): e is Extract<NewLogEntry, { actionType: K }> => e.actionType === kind);
}
