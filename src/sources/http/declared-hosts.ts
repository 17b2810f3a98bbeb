/**
 * The hosts a plugin declares: its base URL, its endpoints' absolute URLs and `http.redirect_domains`.
 * A redirect is followed only to one of them, so a hostile or hijacked server cannot send the
 * client (and its credentials, and the log's credit) elsewhere.
 */
import { endpointUrl, type SourcePlugin } from '../plugin';

const cache = new WeakMap<SourcePlugin, { hosts: Set<string>; domains: string[] }>();

function declared(plugin: SourcePlugin): { hosts: Set<string>; domains: string[] } {
  let d = cache.get(plugin);
  if (!d) {
    const hosts = new Set<string>([new URL(plugin.base_url).host]);
    const endpoints = [plugin.search.endpoint, ...Object.values(plugin.record)];
    for (const e of endpoints) if (e) hosts.add(endpointUrl(plugin, e).host);
    // Over an overridden base URL (a mirror, a test replay) only that host is declared.
    const domains = plugin.overridden ? [] : plugin.http.redirect_domains.map((x) => x.toLowerCase());
    cache.set(plugin, (d = { hosts, domains }));
  }
  return d;
}

/** Why `to` may not be followed from `from`, or undefined when it may. */
export function refuseRedirect(plugin: SourcePlugin, to: URL, from: URL): string | undefined {
  if (to.protocol !== 'https:' && to.protocol !== 'http:') return `scheme ${to.protocol} is not HTTP`;
  if (from.protocol === 'https:' && to.protocol === 'http:') return 'a downgrade from HTTPS to HTTP';
  const { hosts, domains } = declared(plugin);
  if (hosts.has(to.host)) return undefined;
  const name = to.hostname.toLowerCase();
  const defaultPort = to.port === '';
  if (defaultPort && domains.some((d) => name === d || name.endsWith(`.${d}`))) return undefined;
  return `${to.host} is not a domain the plugin ${plugin.plugin_id} declares`;
}
