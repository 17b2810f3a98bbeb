/**
 * The one place the extension drives the engine (loaded lazily, on the first research run): opens
 * the case, loads the connectors the case and settings permit, uses Claude agents when a key is in
 * SecretStorage (deterministic ones otherwise, or when offline), and runs the loop — the same
 * wiring as the CLI's `ancestry research`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { transcribeNewDocuments } from '../sources/documents/research-hook';
import { DeterministicExtractor } from '../agents/analyst/extract';
import { newId, openCase, withCaseLock } from '../case';
import { DeterministicPlanner } from '../engine/lead-planner';
import { runResearch, type EngineEvent } from '../engine/run';
import { createLlmAgents, providerKeysFromSecrets, providerSecretKey, withCostReport } from '../llm';
import { CaseConfig } from '../model';
import { loadConnectors, sourceCredentialKeys, type SecretSource } from '../sources';
import { withCaseArchive } from '../sources/archive';
import type { RunResult } from '../engine/events';
import type { AncestrySettings } from './settings';

export interface EngineRunRequest {
  root: string;
  /** Person id or description; undefined researches the case subject. */
  person?: string;
  maxCycles: number;
  settings: AncestrySettings;
  apiKey?: string;
  /** VS Code SecretStorage (context.secrets): source credentials stored by "Set Source Credential…". */
  secrets?: SecretStore;
  /** The extension's own folder: plugins/ ships inside the .vsix. */
  extensionPath: string;
  signal: AbortSignal;
  onEvent(e: EngineEvent): void;
  log(line: string): void;
}

/**
 * The case's config with the user's settings applied where they may only narrow what the case
 * allows (tiers, budget) or fill what it leaves open (model, contact). Privacy is never loosened.
 */
export function effectiveConfig(config: CaseConfig, s: AncestrySettings): CaseConfig {
  return {
    ...config,
    budget: {
      ...config.budget,
      maxUsd: Math.min(config.budget.maxUsd, s.maxUsd),
      maxRequests: Math.min(config.budget.maxRequests, s.maxRequests),
      maxMinutes: Math.min(config.budget.maxMinutes, s.maxMinutes),
    },
    tiers: { tier1: config.tiers.tier1 && s.tier1, tier2: config.tiers.tier2 && s.tier2 },
    privacy: {
      livingThresholdYears: Math.max(config.privacy.livingThresholdYears, s.livingThresholdYears),
      consent: config.privacy.consent && s.consent,
    },
    sources: {
      ...config.sources,
      offline: config.sources.offline || s.offline,
      userAgentContact: config.sources.userAgentContact ?? (s.userAgentContact || undefined),
    },
    llm: { ...config.llm, model: s.modelExplicit && s.model ? s.model : config.llm.model },
  };
}

/** What vscode.SecretStorage offers for reading (a Thenable, not a Promise). */
export interface SecretStore {
  get(key: string): PromiseLike<string | undefined>;
}

/**
 * The secrets loadConnectors reads: every key from SecretStorage (source credentials under their
 * plugin's secret name), and the Anthropic key the request already holds.
 */
export function secretsAdapter(storage: SecretStore | undefined, apiKey?: string): SecretSource {
  return {
    get: async (key: string) => {
      if (key === 'ANTHROPIC_API_KEY' && apiKey) return apiKey;
      const value = await storage?.get(key);
      return value?.trim() ? value : undefined;
    },
  };
}

/**
 * The credentials the bundled plugins can use, and the keys of the model providers the case's
 * case.yaml names under llm.providers (for "Ancestry: Set Source Credential…").
 */
export function sourceCredentialChoices(
  extensionPath: string,
  caseRoot?: string,
): (ReturnType<typeof sourceCredentialKeys>[number] & { kind?: 'source' | 'model' })[] {
  const sources = sourceCredentialKeys(process.env, join(extensionPath, 'plugins')).filter((c) => c.secretKey);
  return [...sources, ...modelProviderChoices(caseRoot)];
}

function modelProviderChoices(caseRoot: string | undefined) {
  if (!caseRoot) return [];
  let config: CaseConfig;
  try {
    const parsed = CaseConfig.safeParse(parseYaml(readFileSync(join(caseRoot, 'case.yaml'), 'utf8')));
    if (!parsed.success) return [];
    config = parsed.data;
  } catch {
    return []; // an unreadable case.yaml is reported where the case is opened, not in this pick list
  }
  return Object.entries(config.llm.providers ?? {}).map(([name, p]) => ({
    kind: 'model' as const,
    source: `llm:${name}`,
    displayName: `Model provider "${name}"`,
    tier: 0,
    type: 'api_key',
    secretKey: providerSecretKey(config, name),
    env: p.keyEnv,
    instructions: `The API key of ${p.baseURL} (case.yaml llm.providers.${name}).`,
  }));
}

/** A research run from VS Code holds the case's write lock like the CLI's: one writer per case. */
export function runEngine(req: EngineRunRequest): Promise<RunResult> {
  return withCaseLock(req.root, 'research (VS Code)', () => runEngineLocked(req));
}

async function runEngineLocked(req: EngineRunRequest): Promise<RunResult> {
  const store = await openCase(req.root, { sessionId: newId('R') });
  const config = effectiveConfig(store.config(), req.settings);
  const offline = config.sources.offline;
  // Tier 1 credentials come from SecretStorage under the plugin's secret name, else the environment.
  const secrets = secretsAdapter(req.secrets, req.apiKey);
  const { connectors, deferred } = await loadConnectors({
    config,
    env: process.env,
    store,
    secrets,
    offline,
    pluginDir: join(req.extensionPath, 'plugins'),
  });
  // Model keys: Anthropic's from the request (SecretStorage or settings), other providers' from
  // SecretStorage, then their env variable (case.yaml llm.providers).
  const providerKeys = offline
    ? {}
    : { ...(await providerKeysFromSecrets(config, req.secrets, process.env)), anthropic: req.apiKey };
  const llm = offline
    ? undefined
    : createLlmAgents({
        providerKeys,
        config,
        log: (e) => void store.appendLog([e]),
        fallback: { planner: new DeterministicPlanner(), extractor: new DeterministicExtractor() },
        persons: () => store.persons(),
        knownSources: () => [...store.sources().map((s) => s.id), ...connectors.map((c) => c.id), 'archive'],
      });
  req.log(
    `[research] ${offline ? 'offline: local archive only' : `sources: archive, ${connectors.map((c) => `${c.id} (tier ${c.tier})`).join(', ') || 'none online'}`}; ${llm ? `Claude agents (${config.llm.model})` : 'deterministic agents'}`,
  );
  // With Claude: summary.md carries the model cost section, and Claude's web search is a source.
  // Tier 2 sources appear as prefilled links (never requested) only when the case allows Tier 2.
  const runStore = llm ? withCostReport(store, llm.meter) : store;
  const sources = llm?.webSearch ? [...connectors, llm.webSearch] : connectors;
  // Images and PDFs added to archive/ are read into sidecars before the archive is (issue #17).
  await transcribeNewDocuments(store, {
    env: { ANTHROPIC_API_KEY: req.apiKey },
    offline,
    gateway: llm?.gateway,
    signal: req.signal,
    say: (l) => req.log(`[transcribe] ${l.trim()}`),
  });
  return runResearch({
    store: runStore,
    connectors: withCaseArchive(store.root, sources),
    agents: llm,
    meter: llm?.meter,
    deferred: config.tiers.tier2 ? deferred : undefined,
    signal: req.signal,
    maxCycles: req.maxCycles,
    person: req.person,
    onEvent: (e) => req.onEvent(e),
  });
}
