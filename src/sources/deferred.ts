/**
 * Tier 2 sources (Ancestry, MyHeritage, Find a Grave, FreeBMD) are never accessed automatically:
 * the Scout gives the user a prefilled search link instead, which the loop logs as a deferred task.
 * Only plugins whose ToS rules permit `link_out` produce one.
 */
import { checkSourceAccess } from '../agents/censor/tos';
import type { SearchQuery } from '../model';
import { queryName } from '../model/names';
import type { SourcePlugin } from './plugin';
import { fillTemplate, queryValues } from './query-template';

export interface DeferredLink {
  source: string;
  tier: 2;
  url: string;
}

export function deferredLink(plugin: SourcePlugin, q: SearchQuery): DeferredLink | undefined {
  const template = plugin.search.link_template;
  if (plugin.tier !== 2 || !template || !checkSourceAccess(plugin, 'link_out').allowed) return undefined;
  const { given, surname } = queryName(q);
  if (!surname && !given) return undefined;
  const values = queryValues(q);
  const [base, query = ''] = template.split('?', 2);
  const params = new URLSearchParams();
  for (const pair of query.split('&').filter(Boolean)) {
    const [k, v = ''] = pair.split('=', 2);
    // Placeholders are filled (URLSearchParams encodes them); a value whose placeholders are all
    // empty is dropped, so the site's form does not receive "birth=" or "ln.".
    const filled = fillTemplate(decodeURIComponent(v.replace(/\+/g, ' ')), values);
    if (filled === undefined) continue;
    params.set(k, filled.replace(/^_+|_+$/g, '').trim());
  }
  const qs = params.toString();
  return { source: plugin.plugin_id, tier: 2, url: qs ? `${base}?${qs}` : base };
}

export function deferredLinks(plugins: readonly SourcePlugin[], q: SearchQuery): DeferredLink[] {
  return plugins.flatMap((p) => {
    const link = deferredLink(p, q);
    return link ? [link] : [];
  });
}
