/**
 * Source plugins (seed 001 §4): one YAML file per source in `plugins/`, listed by
 * `plugins/registry.yaml`. A plugin states how its owner allows it to be used (tier, auth, ToS
 * actions, rate limit, cache, robots.txt) and how much its evidence weighs. zod validates every
 * file; a bad file is reported with its path and the offending field.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { InformationClass, SourceClass, Tier } from '../model';
import { ExtractionRules, ResponseFormat, rulesProblems, selectorProblem } from './declarative/rules';

/** Plugin ids name env variables and cache folders: lower-case letters, digits and "_". */
export const PluginId = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'a plugin id is lower-case letters, digits and "_"');

/**
 * The ToS vocabulary the Censor gates on. `search` is what the Scout asks for; the finer actions
 * name the follow-up requests a connector makes (profile, relatives, full text).
 */
export const SourceAction = z.enum([
  'search',
  'read_record',
  'read_relatives',
  'read_ancestors',
  'read_full_text',
  'link_out',
  'scrape',
  'bulk_download',
  'automated_search',
  'store_credentials',
  'republish',
]);
export type SourceAction = z.infer<typeof SourceAction>;

/** A few MB: the recorded answers are tens of KB; a newspaper page's full text a few hundred. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

const Endpoint = z.object({
  path: z.string().min(1).describe('absolute URL, or a path joined to base_url'),
  method: z.enum(['GET', 'POST']).default('GET'),
  accept: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type Endpoint = z.infer<typeof Endpoint>;

export const PluginSpec = z
  .strictObject({
    plugin_id: PluginId,
    display_name: z.string().min(1),
    tier: Tier,
    base_url: z.url(),
    description: z.string().optional(),
    auth: z
      .strictObject({
        type: z.enum(['none', 'app_id', 'api_key', 'oauth_token']),
        /** SecretStorage key, then this env variable; never written to files or logs. */
        secret: z.string().optional(),
        env: z
          .string()
          .regex(/^[A-Z][A-Z0-9_]*$/)
          .optional(),
        /** How the credential travels: a query parameter or a header (Bearer for oauth_token). */
        param: z.string().optional(),
        header: z.string().optional(),
        /** Non-secret default (WikiTree's appId identifies the app, it is not a password). */
        default: z.string().optional(),
        required: z.boolean().default(false),
        instructions: z.string().optional(),
      })
      .prefault({ type: 'none' }),
    compliance: z.strictObject({
      robots_txt: z.boolean().describe('fetch and obey robots.txt before any request'),
      rate_limit_requests_per_minute: z.number().positive(),
      rate_limit_burst: z.number().int().positive().default(1),
      max_concurrent: z.number().int().positive().default(1),
      /** Requests per calendar month (UTC) the owner allows, counted in the case's .ancestry/. */
      monthly_quota: z.number().int().positive().optional(),
      cache_ttl_seconds: z.number().int().min(0),
      requires_auth: z.boolean().default(false),
      tos_url: z.url().optional(),
      tos_summary: z.string().optional(),
      allowed_actions: z.array(SourceAction).min(1),
      prohibited_actions: z.array(SourceAction).default([]),
    }),
    reliability: z.strictObject({
      evidence_type: z.enum(['primary', 'secondary', 'authored']),
      source_class: SourceClass,
      information: InformationClass.default('undetermined'),
      base_weight: z.number().min(0).max(1),
      user_contributed: z.boolean().default(false),
    }),
    search: z
      .strictObject({
        endpoint: Endpoint.optional(),
        /** Tier 2: a prefilled search page for the human; `{given}`, `{surname}`, `{name}`, `{birth_year}`, `{death_year}`, `{place}`. */
        link_template: z.string().optional(),
        /**
         * A plugin without code: what the search answers with, `json` (JSONPath selectors) or `html`
         * (a web page, CSS selectors; reading it is `scrape` as well as `search` for the Censor).
         */
        format: ResponseFormat.default('json'),
        /**
         * A plugin without code: where each result of the search answer is (JSONPath, or a CSS
         * selector for HTML), read by `extraction_rules`. The endpoint's params may then hold the
         * link template's placeholders.
         */
        result_selector: z.string().min(1).optional(),
        max_results: z.number().int().positive().default(10),
      })
      .prefault({}),
    record: z.record(z.string(), Endpoint).default({}),
    /** What the client accepts from the server (issue #21: a client that distrusts the server). */
    http: z
      .strictObject({
        /** Decompressed bytes of one answer; a larger one is cut and refused (never cached). */
        max_response_bytes: z.number().int().positive().default(DEFAULT_MAX_RESPONSE_BYTES),
        /** One request, every redirect, retry wait excluded, and its whole body. */
        request_timeout_seconds: z.number().positive().default(60),
        /** Further domains (and their subdomains) a redirect may lead to, beside the declared URLs' hosts. */
        redirect_domains: z.array(z.string().regex(/^[a-z0-9.-]+$/i, 'a domain name')).default([]),
      })
      .prefault({}),
    pagination: z
      .strictObject({
        type: z.enum(['none', 'offset', 'page_number', 'cursor']),
        param: z.string().optional(),
        page_size_param: z.string().optional(),
        max_pages: z.number().int().positive().default(1),
      })
      .prefault({ type: 'none' }),
    /** Seed 001 §4.1: how a result becomes a record and personas, for a plugin without code. */
    extraction_rules: ExtractionRules.optional(),
  })
  .superRefine((p, ctx) => {
    const format = p.search.format;
    if (p.search.result_selector) {
      const problem = selectorProblem(p.search.result_selector, format);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          path: ['search', 'result_selector'],
          message:
            format === 'json' && !p.search.result_selector.startsWith('$')
              ? `${problem}; a web page's CSS selectors need search.format: html`
              : problem,
        });
    }
    if (!p.extraction_rules) return;
    for (const { path, message } of rulesProblems(p.extraction_rules, format))
      ctx.addIssue({ code: 'custom', path: ['extraction_rules', ...path], message });
    if (!p.search.endpoint)
      ctx.addIssue({
        code: 'custom',
        path: ['search', 'endpoint'],
        message: 'extraction_rules need a search endpoint',
      });
    if (!p.search.result_selector)
      ctx.addIssue({
        code: 'custom',
        path: ['search', 'result_selector'],
        message: 'extraction_rules need search.result_selector (JSONPath, or CSS for HTML, to each result)',
      });
    if (p.pagination.type === 'cursor')
      ctx.addIssue({
        code: 'custom',
        path: ['pagination', 'type'],
        message: 'a plugin without code pages by offset or page_number',
      });
  });
export type PluginSpec = z.infer<typeof PluginSpec>;

export const Registry = z.strictObject({
  sources: z
    .array(
      z.strictObject({
        id: PluginId,
        tier: Tier,
        config: z.string().min(1),
        requires_credentials: z.boolean().default(false),
        enabled: z.boolean().default(true),
      }),
    )
    .min(1),
});
export type Registry = z.infer<typeof Registry>;

/** A loaded plugin: the spec plus the effective base URL (after any env override). */
export interface SourcePlugin extends PluginSpec {
  /** Where the plugin came from, for error messages. */
  file: string;
  /** True when ANCESTRY_SOURCE_<ID>_URL replaced the base URL (mirror or test replay). */
  overridden: boolean;
}

export class PluginError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'PluginError';
  }
}

/** `ANCESTRY_SOURCE_WIKITREE_URL` for plugin `wikitree`. */
export function overrideEnvName(pluginId: string): string {
  return `ANCESTRY_SOURCE_${pluginId.toUpperCase()}_URL`;
}

function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`).join('; ');
}

function readYaml(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new PluginError(file, `cannot read (${(e as Error).message})`);
  }
  try {
    return parseYaml(text, { prettyErrors: true });
  } catch (e) {
    throw new PluginError(file, `invalid YAML: ${(e as Error).message}`);
  }
}

/** Parses one plugin file; `env` supplies the base URL override. */
export function loadPluginFile(file: string, env: NodeJS.ProcessEnv = {}): SourcePlugin {
  const parsed = PluginSpec.safeParse(readYaml(file));
  if (!parsed.success) throw new PluginError(file, issuesText(parsed.error));
  return applyOverride({ ...parsed.data, file, overridden: false }, env);
}

export function applyOverride(plugin: SourcePlugin, env: NodeJS.ProcessEnv): SourcePlugin {
  const name = overrideEnvName(plugin.plugin_id);
  const value = env[name];
  if (!value) return plugin;
  const url = z.url().safeParse(value);
  if (!url.success) throw new PluginError(plugin.file, `${name} is not a URL: ${JSON.stringify(value)}`);
  return { ...plugin, base_url: value, overridden: true };
}

export const DEFAULT_PLUGIN_DIR = resolve(__dirname, '../../plugins');

/** Loads `registry.yaml` and every plugin it lists, checking ids and tiers agree. */
export function loadPlugins(dir: string = DEFAULT_PLUGIN_DIR, env: NodeJS.ProcessEnv = {}): SourcePlugin[] {
  const registryFile = join(dir, 'registry.yaml');
  const registry = Registry.safeParse(readYaml(registryFile));
  if (!registry.success) throw new PluginError(registryFile, issuesText(registry.error));
  const seen = new Set<string>();
  return registry.data.sources
    .filter((entry) => entry.enabled)
    .map((entry, i) => {
      if (seen.has(entry.id)) throw new PluginError(registryFile, `sources.${i}.id: duplicate id "${entry.id}"`);
      seen.add(entry.id);
      const file = isAbsolute(entry.config) ? entry.config : resolve(dirname(registryFile), entry.config);
      const plugin = loadPluginFile(file, env);
      if (plugin.plugin_id !== entry.id)
        throw new PluginError(file, `plugin_id "${plugin.plugin_id}" differs from registry id "${entry.id}"`);
      if (plugin.tier !== entry.tier)
        throw new PluginError(file, `tier ${plugin.tier} differs from registry tier ${entry.tier} for "${entry.id}"`);
      return plugin;
    });
}

/**
 * The URL of an endpoint. Relative paths join the base URL; absolute ones (Wikidata's SPARQL host)
 * are re-rooted onto an overridden base URL so one mirror or replay serves every endpoint.
 */
export function endpointUrl(plugin: SourcePlugin, endpoint: Pick<Endpoint, 'path'>): URL {
  const base = plugin.base_url.endsWith('/') ? plugin.base_url : `${plugin.base_url}/`;
  if (/^https?:\/\//.test(endpoint.path)) {
    if (!plugin.overridden) return new URL(endpoint.path);
    const abs = new URL(endpoint.path);
    return new URL(`${abs.pathname.replace(/^\//, '')}${abs.search}`, base);
  }
  return new URL(endpoint.path.replace(/^\//, ''), base);
}
