import { resolve } from 'node:path';
import { CaseFileError, openCase } from '../../case';
import { checkSourceAccess } from '../../agents/censor/tos';
import type { CaseConfig } from '../../model';
import { yearRange } from '../../model/gdate';
import {
  deferredLinks,
  findPluginDir,
  hasConnector,
  loadPlugins,
  overrideEnvName,
  type SourcePlugin,
} from '../../sources';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';

const usage = 'ancestry sources [<dir>] [--json]';

/** Why a source is or is not used in a research run of this case (mirrors loadConnectors). */
function status(p: SourcePlugin, config: CaseConfig | undefined, env: NodeJS.ProcessEnv): string {
  if (config?.sources.offline) return 'off (case is offline)';
  if (config?.sources.enabled && !config.sources.enabled.includes(p.plugin_id)) return 'off (not in sources.enabled)';
  if (p.tier === 2) return checkSourceAccess(p, 'link_out').allowed ? 'link-out only (never fetched)' : 'off (ToS)';
  if (!checkSourceAccess(p, 'search').allowed) return 'off (ToS)';
  if (!hasConnector(p)) return 'off (no connector: give the plugin extraction_rules)';
  if (p.tier === 1 && config && !config.tiers.tier1) return 'off (tiers.tier1 is false)';
  const credential = p.auth.env ? env[p.auth.env] : undefined;
  if (p.auth.required && !credential)
    return `needs ${p.auth.env ?? 'a credential'} or SecretStorage ${p.auth.secret ?? ''}`.trim();
  return 'on';
}

export const sourcesCommand: CliCommand = {
  name: 'sources',
  usage: usage.slice('ancestry '.length),
  summary:
    'the genealogical sources, their tier, limits and terms, whether a run of the case uses them, and Tier 2 search links',
  async run(args, io) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' } }, usage);
    const env = process.env;
    const store = positionals[0]
      ? await openCase(resolve(positionals[0])).catch((e: unknown) => {
          if (e instanceof CaseFileError) throw new UsageError(e.message);
          throw e;
        })
      : undefined;
    const config = store?.config();
    const plugins = loadPlugins(findPluginDir(env), env);
    const rows = plugins.map((p) => ({
      id: p.plugin_id,
      name: p.display_name,
      tier: p.tier,
      status: status(p, config, env),
      baseUrl: p.base_url,
      overriddenBy: p.overridden ? overrideEnvName(p.plugin_id) : undefined,
      ratePerMinute: p.compliance.rate_limit_requests_per_minute,
      robotsTxt: p.compliance.robots_txt,
      terms: p.compliance.tos_summary,
      evidence: `${p.reliability.source_class}/${p.reliability.information}`,
    }));
    let links: { source: string; url: string }[] = [];
    if (config) {
      const [given, ...rest] = config.subject.name.replace(/\//g, ' ').trim().split(/\s+/);
      const surname = rest.pop();
      const range = config.subject.born ? yearRange(config.subject.born) : {};
      const birthYear =
        range.min !== undefined && range.max !== undefined ? Math.round((range.min + range.max) / 2) : undefined;
      links = deferredLinks(plugins, {
        given: [given, ...rest].join(' ') || undefined,
        surname,
        birthYear,
        place: config.subject.place,
      });
    }
    if (values.json) {
      io.out(JSON.stringify({ sources: rows, deferred: links }, null, 2));
      return 0;
    }
    for (const r of rows) {
      io.out(`${r.id.padEnd(16)} Tier ${r.tier}  ${r.status}`);
      io.out(
        `${''.padEnd(16)} ${r.name} — ${r.baseUrl}${r.overriddenBy ? ` (from ${r.overriddenBy})` : ''}; ≤ ${r.ratePerMinute}/min${r.robotsTxt ? ', robots.txt' : ''}; evidence ${r.evidence}`,
      );
      if (r.terms) io.out(`${''.padEnd(16)} terms: ${r.terms}`);
    }
    if (links.length) {
      io.out(`\nSearch these by hand for ${config!.subject.name} (never accessed automatically):`);
      for (const l of links) io.out(`  ${l.source.padEnd(12)} ${l.url}`);
    }
    return 0;
  },
};
