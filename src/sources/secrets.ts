/**
 * Credentials for Tier 1 sources: VS Code SecretStorage first (the extension passes an adapter),
 * then environment variables. Values stay in memory; they are never written, logged or prompted.
 */
import type { SourcePlugin } from './plugin';
import type { Credential } from './connector';

export interface SecretSource {
  get(key: string): Promise<string | undefined>;
}

export async function resolveCredential(
  plugin: SourcePlugin,
  env: NodeJS.ProcessEnv,
  secrets?: SecretSource,
): Promise<Credential | undefined> {
  const auth = plugin.auth;
  if (auth.type === 'none') return undefined;
  const fromSecrets = auth.secret && secrets ? (await secrets.get(auth.secret))?.trim() : undefined;
  const fromEnv = auth.env ? env[auth.env]?.trim() : undefined;
  const value = fromSecrets || fromEnv || auth.default;
  return value ? { value } : undefined;
}
