/**
 * The Scout's sources: plugins from `plugins/`, one shared HTTP client, a connector per plugin.
 * Tier 0 first; Tier 1 only with the user's credential and case.yaml `tiers.tier1`; Tier 2 never
 * automated (deferred links only). `--offline` (or case.yaml sources.offline) turns the network
 * off. The local archive connector (src/sources/archive) is added by the engine, not here.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CaseStore, Clock, SourceConnector } from '../engine/ports';
import { systemClock } from '../engine/ports';
import type { CaseConfig, SearchQuery } from '../model';
import pkg from '../../package.json';
import type { Credential, PluginConnector } from './connector';
import { FamilySearchConnector } from './connectors/familysearch';
import { InternetArchiveConnector } from './connectors/internetarchive';
import { LocNewspapersConnector } from './connectors/loc';
import { NaraConnector } from './connectors/nara';
import { OpenArchivesConnector } from './connectors/openarchives';
import { WikidataConnector } from './connectors/wikidata';
import { WikiTreeConnector } from './connectors/wikitree';
import { DeclarativeConnector } from './declarative/connector';
import { deferredLinks, type DeferredLink } from './deferred';
import { answerMayConcernLiving } from '../agents/censor/source-body';
import { HttpCache, MonthlyCounter, type DerivedWriter } from './http/cache';
import { HttpClient, type HttpClientOptions } from './http/client';
import { loadPlugins, type SourcePlugin } from './plugin';
import { resolveCredential, type SecretSource } from './secrets';

export { checkSourceAccess } from '../agents/censor/tos';
export { deferredLink, deferredLinks, type DeferredLink } from './deferred';
export { HttpClient, type HttpClientOptions } from './http/client';
export { SourceError, isSourceError } from './http/errors';
export { loadPlugins, overrideEnvName, type SourcePlugin } from './plugin';
export type { SecretSource } from './secrets';

type Factory = new (plugin: SourcePlugin, http: HttpClient, credential?: Credential) => PluginConnector;
const CONNECTORS: Record<string, Factory> = {
  wikitree: WikiTreeConnector,
  wikidata: WikidataConnector,
  loc: LocNewspapersConnector,
  openarchives: OpenArchivesConnector,
  internetarchive: InternetArchiveConnector,
  familysearch: FamilySearchConnector,
  nara: NaraConnector,
};

/** The code that reads a plugin's answers: its own connector, else its YAML extraction_rules, else none yet. */
function connectorClass(plugin: SourcePlugin): Factory | undefined {
  return CONNECTORS[plugin.plugin_id] ?? (plugin.extraction_rules ? DeclarativeConnector : undefined);
}

/** Whether a research run can query this plugin at all (the sources verb says why not). */
export function hasConnector(plugin: SourcePlugin): boolean {
  return connectorClass(plugin) !== undefined;
}

/** The connector for a plugin, or undefined when neither code nor extraction_rules exist for it. */
export function createConnector(
  plugin: SourcePlugin,
  http: HttpClient,
  credential?: Credential,
): PluginConnector | undefined {
  const Connector = connectorClass(plugin);
  return Connector ? new Connector(plugin, http, credential) : undefined;
}

/** plugins/ beside the sources (tsx), or beside the bundle (dist/), or ANCESTRY_PLUGIN_DIR. */
export function findPluginDir(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [
    env.ANCESTRY_PLUGIN_DIR,
    resolve(__dirname, '../../plugins'),
    resolve(__dirname, '../plugins'),
    resolve(__dirname, 'plugins'),
    resolve(process.cwd(), 'plugins'),
  ];
  for (const c of candidates) if (c && existsSync(join(c, 'registry.yaml'))) return c;
  throw new Error(
    `plugins/registry.yaml not found (looked in ${candidates.filter(Boolean).join(', ')}); set ANCESTRY_PLUGIN_DIR`,
  );
}

/** A descriptive User-Agent with a contact (Wikimedia blocks anonymous clients). */
export function userAgent(config: CaseConfig, env: NodeJS.ProcessEnv): string {
  const contact = config.sources.userAgentContact ?? env.ANCESTRY_CONTACT;
  return `AncestryEngine/${pkg.version} (+https://github.com/ancestry-engine/ancestry-engine${contact ? `; ${contact}` : ''})`;
}

function derivedWriter(store: CaseStore): DerivedWriter | undefined {
  const candidate = store as CaseStore & Partial<DerivedWriter>;
  return typeof candidate.writeDerived === 'function'
    ? { writeDerived: (rel, content) => candidate.writeDerived!(rel, content) }
    : undefined;
}

export interface LoadConnectorsOptions {
  config: CaseConfig;
  env: NodeJS.ProcessEnv;
  store: CaseStore;
  secrets?: SecretSource;
  clock?: Clock;
  offline: boolean;
  /** Defaults to findPluginDir(env). */
  pluginDir?: string;
  /** Tuning for tests and benchmarks (timeouts, backoff). */
  http?: Partial<HttpClientOptions>;
}

export async function loadConnectors(
  opts: LoadConnectorsOptions,
): Promise<{ connectors: SourceConnector[]; deferred: (q: SearchQuery) => DeferredLink[] }> {
  const plugins = loadPlugins(opts.pluginDir ?? findPluginDir(opts.env), opts.env);
  const enabled = opts.config.sources.enabled;
  const chosen = plugins.filter((p) => !enabled || enabled.includes(p.plugin_id));
  const tier2 = chosen.filter((p) => p.tier === 2);
  const deferred = (q: SearchQuery) => deferredLinks(tier2, q);
  if (opts.offline || opts.config.sources.offline) return { connectors: [], deferred };

  const clock = opts.clock ?? systemClock;
  const http = new HttpClient({
    userAgent: userAgent(opts.config, opts.env),
    clock,
    cache: new HttpCache(
      clock,
      opts.store.root,
      derivedWriter(opts.store),
      (body) =>
        !answerMayConcernLiving(body, {
          now: clock.now(),
          thresholdYears: opts.config.privacy.livingThresholdYears,
          consent: opts.config.privacy.consent,
        }),
    ),
    quota: new MonthlyCounter(clock, opts.store.root, derivedWriter(opts.store)),
    ...opts.http,
  });
  const connectors: SourceConnector[] = [];
  // Tier 0 first, then Tier 1; registry order within a tier.
  for (const tier of [0, 1] as const) {
    for (const plugin of chosen.filter((p) => p.tier === tier)) {
      const Connector = connectorClass(plugin);
      if (!Connector) continue; // neither code nor extraction_rules: listed, not used
      if (tier === 1 && !opts.config.tiers.tier1) continue;
      const credential = await resolveCredential(plugin, opts.env, opts.secrets);
      if (plugin.auth.required && !credential) continue;
      connectors.push(new Connector(plugin, http, credential));
    }
  }
  return { connectors, deferred };
}

/** The plugin behind a connector (for the Censor's ToS gate in the loop); undefined for the local archive. */
export function pluginOf(connector: SourceConnector): SourcePlugin | undefined {
  const candidate = connector as SourceConnector & { plugin?: SourcePlugin };
  return candidate.plugin && typeof candidate.plugin.plugin_id === 'string' ? candidate.plugin : undefined;
}

/**
 * The credentials sources can use, for a host's "set source credential" command: the SecretStorage
 * key to store under, the environment variable that also works, and how the user obtains it.
 */
export function sourceCredentialKeys(
  env: NodeJS.ProcessEnv = process.env,
  pluginDir?: string,
): {
  source: string;
  displayName: string;
  tier: number;
  type: string;
  secretKey?: string;
  env?: string;
  instructions?: string;
}[] {
  return loadPlugins(pluginDir ?? findPluginDir(env), {})
    .filter((p) => p.auth.type !== 'none')
    .map((p) => ({
      source: p.plugin_id,
      displayName: p.display_name,
      tier: p.tier,
      type: p.auth.type,
      secretKey: p.auth.secret,
      env: p.auth.env,
      instructions: p.auth.instructions,
    }));
}
