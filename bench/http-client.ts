/**
 * The source HTTP client's overhead against a bare fetch of the same local replay (127.0.0.1),
 * measured in one run: ratio ours/bare, the cache's speed-up, and growth ×10 requests → ×? time.
 * Rate limits are lifted so only the client's own work (limiter, breaker, robots, zod, logging
 * trace) is measured.
 */
import { HttpCache } from '../src/sources/http/cache';
import { HttpClient } from '../src/sources/http/client';
import { WikiTreeConnector } from '../src/sources/connectors/wikitree';
import { PluginSpec, type SourcePlugin } from '../src/sources/plugin';
import { loadPlugins, overrideEnvName } from '../src/sources/plugin';
import { recorded, ReplayServer } from '../test/helpers/replay-server';
import { join } from 'node:path';
import Bottleneck from 'bottleneck';
import { systemClock } from '../src/engine/ports';

const UA = 'AncestryEngine/bench (+https://github.com/ancestry-engine/ancestry-engine)';

function plugin(base: string, cacheTtl: number): SourcePlugin {
  return {
    ...PluginSpec.parse({
      plugin_id: 'bench',
      display_name: 'Bench',
      tier: 0,
      base_url: base,
      compliance: {
        robots_txt: true,
        rate_limit_requests_per_minute: 6_000_000,
        rate_limit_burst: 100_000,
        max_concurrent: 1,
        cache_ttl_seconds: cacheTtl,
        allowed_actions: ['search'],
      },
      reliability: { evidence_type: 'secondary', source_class: 'derivative', base_weight: 0.5 },
    }),
    file: 'bench',
    overridden: true,
  };
}

async function time(fn: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function main(): Promise<void> {
  const server = await ReplayServer.start();
  server.route(
    { path: '/api.php', query: { action: 'searchPerson' } },
    { json: recorded('wikitree-searchPerson.json') },
  );
  server.route(
    { path: '/api.php', query: { action: 'getRelatives' } },
    { json: recorded('wikitree-getRelatives.json') },
  );
  const url = (i: number) => new URL(`${server.url}/api.php?action=searchPerson&i=${i}`);
  try {
    const rows: string[] = [];
    for (const n of [50, 500]) {
      const bare = await time(async () => {
        for (let i = 0; i < n; i++) await (await fetch(url(i), { headers: { 'User-Agent': UA } })).json();
      });
      const client = new HttpClient({ userAgent: UA });
      const p = plugin(server.url, 0);
      const ours = await time(async () => {
        for (let i = 0; i < n; i++) await client.json(p, url(i), { trace: [] });
      });
      const cachedClient = new HttpClient({ userAgent: UA, cache: new HttpCache(systemClock) });
      const pc = plugin(server.url, 3600);
      await cachedClient.json(pc, url(0), { trace: [] });
      const cached = await time(async () => {
        for (let i = 0; i < n; i++) await cachedClient.json(pc, url(0), { trace: [] });
      });
      rows.push(
        `${n} requests: bare fetch ${bare.toFixed(0)} ms, client ${ours.toFixed(0)} ms (×${(ours / bare).toFixed(2)} of bare), cache hits ${cached.toFixed(1)} ms (×${(cached / bare).toFixed(3)} of bare)`,
      );
      (globalThis as { __last?: number[] }).__last = [...((globalThis as { __last?: number[] }).__last ?? []), ours];
    }
    const [small, big] = (globalThis as { __last?: number[] }).__last!;
    rows.push(`growth: ×10 requests → ×${(big / small).toFixed(1)} time`);
    // Where the overhead comes from: bottleneck schedules each job through timers.
    const limiter = new Bottleneck({ maxConcurrent: 1 });
    const bn = await time(async () => {
      for (let i = 0; i < 500; i++) await limiter.schedule(async () => i);
    });
    rows.push(
      `bottleneck alone: ${(bn / 500).toFixed(2)} ms per empty job (negligible beside real sources' ≥ 250 ms spacing)`,
    );

    // A whole WikiTree search (searchPerson + getRelatives, zod parsing, personas) vs the two bare fetches.
    const wt = loadPlugins(join(__dirname, '../plugins'), { [overrideEnvName('wikitree')]: server.url }).find(
      (x) => x.plugin_id === 'wikitree',
    )!;
    const fast = {
      ...wt,
      compliance: {
        ...wt.compliance,
        rate_limit_requests_per_minute: 6_000_000,
        rate_limit_burst: 100_000,
        cache_ttl_seconds: 0,
      },
    };
    const connector = new WikiTreeConnector(fast, new HttpClient({ userAgent: UA }), { value: 'bench' });
    const m = 100;
    const bare2 = await time(async () => {
      for (let i = 0; i < m; i++) {
        await (await fetch(`${server.url}/api.php?action=searchPerson&FirstName=Samuel&i=${i}`)).json();
        await (await fetch(`${server.url}/api.php?action=getRelatives&keys=Clemens-1&i=${i}`)).json();
      }
    });
    const full = await time(async () => {
      for (let i = 0; i < m; i++)
        await connector.search({ given: 'Samuel', surname: 'Clemens', birthYear: 1835 + (i % 2) }, { log: () => {} });
    });
    rows.push(
      `${m} WikiTree searches: bare fetches ${bare2.toFixed(0)} ms, connector ${full.toFixed(0)} ms (×${(full / bare2).toFixed(2)} of bare)`,
    );
    console.log(rows.join('\n'));
  } finally {
    await server.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
