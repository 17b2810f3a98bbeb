/**
 * Tier 2 sources (Ancestry, MyHeritage, Find a Grave, FreeBMD) are never accessed automatically:
 * the Scout gives the user a prefilled search link instead, which the loop logs as a deferred task.
 * Only plugins whose ToS rules permit `link_out` produce one.
 */
import { checkSourceAccess } from '../agents/censor/tos';
import type { SearchQuery } from '../model';
import { queryName } from '../model/names';
import type { SourcePlugin } from './plugin';

export interface DeferredLink {
  source: string;
  tier: 2;
  url: string;
}

export function deferredLink(plugin: SourcePlugin, q: SearchQuery): DeferredLink | undefined {
  const template = plugin.search.link_template;
  if (plugin.tier !== 2 || !template || !checkSourceAccess(plugin, 'link_out').allowed) return undefined;
  const { given, surname, full } = queryName(q);
  if (!surname && !given) return undefined;
  const values: Record<string, string> = {
    given: given ?? '',
    surname: surname ?? '',
    name: full ?? '',
    birth_year: q.birthYear ? String(q.birthYear) : '',
    death_year: q.deathYear ? String(q.deathYear) : '',
    place: q.place ?? '',
  };
  const [base, query = ''] = template.split('?', 2);
  const params = new URLSearchParams();
  for (const pair of query.split('&').filter(Boolean)) {
    const [k, v = ''] = pair.split('=', 2);
    // Placeholders are filled (URLSearchParams encodes them); a value whose placeholders are all
    // empty is dropped, so the site's form does not receive "birth=" or "ln.".
    const names = [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (names.length && names.every((n) => !values[n])) continue;
    const filled = decodeURIComponent(v.replace(/\+/g, ' ')).replace(
      /\{(\w+)\}/g,
      (_, name: string) => values[name] ?? '',
    );
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
