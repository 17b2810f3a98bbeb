/**
 * Which client and model each role runs on (case.yaml llm.lead / llm.research / llm.challenger,
 * seeds 002/003): Anthropic by default, or a named OpenAI-compatible provider under llm.providers.
 * A role whose provider has no key is left without a model, and its deterministic agent runs.
 */
import type { CaseConfig, RoleModel } from '../model';
import { AnthropicLlmClient } from './anthropic-client';
import { OpenAiCompatibleClient } from './openai-client';
import type { LlmClient } from './port';

export type ModelRole = 'lead' | 'research' | 'validator' | 'challenger';

/** Keys by provider name ("anthropic" and the names under llm.providers). */
export type ProviderKeys = Readonly<Record<string, string | undefined>>;

export interface RoleBinding {
  provider: string;
  model: string;
  client: LlmClient;
}

export interface BindOptions {
  keys: ProviderKeys;
  /** Used for the anthropic provider instead of the SDK client (tests: the scripted client). */
  anthropicClient?: LlmClient;
  anthropicBaseURL?: string;
  maxRetries?: number;
}

/** The SecretStorage key of a provider's API key. */
export function providerSecretKey(config: CaseConfig, name: string): string {
  return config.llm.providers?.[name]?.secret ?? `ancestry.llm.${name}`;
}

/** Keys from the environment: ANTHROPIC_API_KEY, and each provider's keyEnv. */
export function providerKeysFromEnv(config: CaseConfig, env: NodeJS.ProcessEnv): ProviderKeys {
  const keys: Record<string, string | undefined> = { anthropic: env.ANTHROPIC_API_KEY?.trim() || undefined };
  for (const [name, p] of Object.entries(config.llm.providers ?? {})) keys[name] = env[p.keyEnv]?.trim() || undefined;
  return keys;
}

/** Keys from a secret store first (VS Code SecretStorage), then the environment. */
export async function providerKeysFromSecrets(
  config: CaseConfig,
  secrets: { get(key: string): PromiseLike<string | undefined> } | undefined,
  env: NodeJS.ProcessEnv,
  anthropicKey?: string,
): Promise<ProviderKeys> {
  const keys: Record<string, string | undefined> = { ...providerKeysFromEnv(config, env) };
  if (anthropicKey) keys.anthropic = anthropicKey;
  for (const name of Object.keys(config.llm.providers ?? {})) {
    const stored = (await secrets?.get(providerSecretKey(config, name)))?.trim();
    if (stored) keys[name] = stored;
  }
  return keys;
}

export function roleModel(config: CaseConfig, role: ModelRole): RoleModel | undefined {
  const set = config.llm[role];
  if (set) return set;
  // The Validator runs on the research agents' model unless case.yaml names its own.
  if (role === 'validator') return roleModel(config, 'research');
  return role === 'challenger' ? undefined : { provider: 'anthropic', model: config.llm.model };
}

/** Each role's client and model; a role absent when its provider has no key (or, for the challenger, none is set). */
export function bindRoles(config: CaseConfig, opts: BindOptions): Partial<Record<ModelRole, RoleBinding>> {
  const clients = new Map<string, LlmClient | undefined>();
  const clientOf = (provider: string): LlmClient | undefined => {
    if (clients.has(provider)) return clients.get(provider);
    let client: LlmClient | undefined;
    if (provider === 'anthropic') {
      const apiKey = opts.keys.anthropic;
      client =
        opts.anthropicClient ??
        (apiKey
          ? new AnthropicLlmClient({ apiKey, baseURL: opts.anthropicBaseURL, maxRetries: opts.maxRetries })
          : undefined);
    } else {
      const p = config.llm.providers?.[provider];
      const apiKey = opts.keys[provider];
      client =
        p && apiKey
          ? new OpenAiCompatibleClient({ apiKey, baseURL: p.baseURL, maxRetries: opts.maxRetries })
          : undefined;
    }
    clients.set(provider, client);
    return client;
  };
  const out: Partial<Record<ModelRole, RoleBinding>> = {};
  for (const role of ['lead', 'research', 'validator', 'challenger'] as const) {
    const m = roleModel(config, role);
    const client = m && clientOf(m.provider);
    if (m && client) out[role] = { provider: m.provider, model: m.model, client };
  }
  return out;
}
