/**
 * Claude agents for the engine. With an API key (VS Code SecretStorage or ANTHROPIC_API_KEY) the
 * Lead plans, the Analyst extracts/verifies free text, adjudicates review pairs and analyses
 * conflicts on Claude; without one this returns undefined and the deterministic agents run. Every
 * output passes the hallucination firewall, every prompt the Censor, every call the cost meter.
 */
import type { EngineAgents } from '../engine/agents';
import type { SourceConnector } from '../engine/ports';
import type { CaseConfig, NewLogEntry, Person } from '../model';
import { LlmConflictAnalyst } from './agents/conflict-analyst';
import { LlmValidator } from './agents/validator';
import { LlmPairAdjudicator } from './agents/adjudicator';
import { LlmRecordExtractor } from './agents/extractor';
import { LlmLeadPlanner } from './agents/planner';
import { ConsensusExtractor } from './consensus';
import { ClaudeWebSearchConnector } from './web-search';
import { CostMeter } from './cost-meter';
import { LlmGateway } from './gateway';
import type { LlmClient } from './port';
import { livingNamesOf } from './prompt-gate';
import { ChallengedConflictAnalyst } from './agents/challenger';
import { bindRoles, providerKeysFromEnv, type ProviderKeys, type RoleBinding } from './providers';

export { AnthropicLlmClient } from './anthropic-client';
export { OpenAiCompatibleClient } from './openai-client';
export { providerKeysFromEnv, providerKeysFromSecrets, providerSecretKey, type ProviderKeys } from './providers';
export { ScriptedLlmClient } from './scripted-client';
export { CostMeter } from './cost-meter';
export { LlmGateway } from './gateway';
export { LlmError, type LlmClient } from './port';
export { compoundConfidence, consensusConfidence, ConsensusExtractor, SINGLE_SOURCE_DISCOUNT } from './consensus';
export { FIREWALL_CHECKS } from './firewall';
export { preparePrompt } from './prompt-gate';
export { buildPlanningContext, CONTEXT_BUDGET_CHARS } from './context';
export { ClaudeWebSearchConnector } from './web-search';
export { withCostReport } from './cost-report';

export interface LlmAgentOptions {
  apiKey?: string;
  baseURL?: string;
  config: CaseConfig;
  log: (e: NewLogEntry) => void;
  /** Shared with runResearch so the budget ends the run; created from case.yaml budget when absent. */
  meter?: CostMeter;
  /** A client to use instead of the SDK one (tests: the scripted client). */
  client?: LlmClient;
  /** Keys of the providers under case.yaml llm.providers, by name (and "anthropic"). */
  providerKeys?: ProviderKeys;
  /** Deterministic agents to fall back to when the model is unavailable or its answer is rejected. */
  fallback?: Partial<EngineAgents>;
  /** The case's persons, to find living ones whose details the Censor redacts from prompts. */
  persons?: () => readonly Person[];
  /** Captured source ids and plugin ids the planner may name in revisits. */
  knownSources?: () => string[];
  /** Two or more models: extraction runs on each in parallel and is synthesised (consensus); default case.yaml llm.consensusModels. */
  consensusModels?: string[];
  now?: () => Date;
  maxRetries?: number;
}

export type LlmAgents = Partial<EngineAgents> & {
  meter: CostMeter;
  gateway: LlmGateway;
  /** Claude's server-side web search as a Tier 0 connector, only when case.yaml llm.webSearch is on. */
  webSearch?: SourceConnector;
};

export function createLlmAgents(opts: LlmAgentOptions): LlmAgents | undefined {
  const { config } = opts;
  const roles = bindRoles(config, {
    keys: { ...opts.providerKeys, ...(opts.apiKey ? { anthropic: opts.apiKey } : {}) },
    anthropicClient: opts.client,
    anthropicBaseURL: opts.baseURL,
    maxRetries: opts.maxRetries,
  });
  if (!roles.lead && !roles.research) return undefined;
  const meter = opts.meter ?? new CostMeter({ maxUsd: config.budget.maxUsd, maxTokens: config.budget.maxTokens });
  const now = opts.now ?? (() => new Date());
  const threshold = config.privacy.livingThresholdYears;
  // Living names are recomputed only when the person count changes: cheap for 100k-person cases.
  let cache: { count: number; names: string[] } | undefined;
  const livingNames = () => {
    const persons = opts.persons?.() ?? [];
    if (!cache || cache.count !== persons.length)
      cache = { count: persons.length, names: livingNamesOf(persons, now(), threshold) };
    return cache.names;
  };
  // One gateway per role: each role's provider and model, one meter and one Censor for all.
  const gatewayOf = (b: RoleBinding) =>
    new LlmGateway({
      client: b.client,
      meter,
      log: opts.log,
      model: b.model,
      maxTokens: config.llm.maxTokens,
      censor: () => ({
        now: now(),
        thresholdYears: threshold,
        consent: config.privacy.consent,
        livingNames: livingNames(),
      }),
    });
  const lead = roles.lead && gatewayOf(roles.lead);
  const research = roles.research && gatewayOf(roles.research);
  const challenger = roles.challenger && gatewayOf(roles.challenger);
  const validator = roles.validator && gatewayOf(roles.validator);
  const fb = opts.fallback ?? {};
  const extractorFor = (gateway: LlmGateway) => (model?: string) =>
    new LlmRecordExtractor(gateway, { fallback: fb.extractor, model, now, thresholdYears: threshold });
  const models = opts.consensusModels ?? config.llm.consensusModels ?? [];
  const analyst = research && new LlmConflictAnalyst(research, { fallback: fb.conflictAnalyst });
  // Claude's web search and document reading are Anthropic features: they need a role that runs there.
  const anthropic =
    roles.lead?.provider === 'anthropic' ? lead : roles.research?.provider === 'anthropic' ? research : undefined;
  return {
    ...(lead
      ? { planner: new LlmLeadPlanner(lead, config, { fallback: fb.planner, knownSources: opts.knownSources }) }
      : {}),
    ...(research
      ? {
          extractor:
            models.length >= 2 ? new ConsensusExtractor(models.map(extractorFor(research))) : extractorFor(research)(),
          adjudicator: new LlmPairAdjudicator(research, { fallback: fb.adjudicator }),
          conflictAnalyst: challenger && analyst ? new ChallengedConflictAnalyst(analyst, challenger) : analyst,
        }
      : {}),
    ...(validator ? { validator: new LlmValidator(validator) } : {}),
    meter,
    gateway: anthropic ?? lead ?? research!,
    ...(config.llm.webSearch && anthropic ? { webSearch: new ClaudeWebSearchConnector(anthropic, config) } : {}),
  };
}

/** createLlmAgents with the keys and Anthropic base URL from the environment (CLI); undefined without any key. */
export function createAgentsFromEnv(
  env: NodeJS.ProcessEnv,
  opts: Omit<LlmAgentOptions, 'apiKey' | 'baseURL' | 'providerKeys'>,
): LlmAgents | undefined {
  return createLlmAgents({
    ...opts,
    providerKeys: providerKeysFromEnv(opts.config, env),
    baseURL: env.ANTHROPIC_BASE_URL?.trim() || undefined,
  });
}
