/**
 * A research run over every Tier 0 connector at once, each replaying its recorded responses from
 * one 127.0.0.1 server: tree profiles, Wikidata items, newspaper OCR pages, indexed records and
 * book metadata all flow through capture and analysis without crashing the run.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { runResearch } from '../../helpers/research';
import { createConnector, HttpClient, loadPlugins, overrideEnvName } from '../../../src/sources';
import type { SourceConnector } from '../../../src/engine/ports';
import { REPO_ROOT, tempDir } from '../../helpers/paths';
import { recorded, ReplayServer } from '../../helpers/replay-server';
import { UA } from './harness';

describe('research run over all Tier 0 sources (recorded responses)', function () {
  this.timeout(120_000);

  it('captures records from every source and completes', async () => {
    const server = await ReplayServer.start();
    try {
      server.route(
        { path: '/api.php', query: { action: 'searchPerson' } },
        { json: recorded('wikitree-searchPerson.json') },
      );
      server.route(
        { path: '/api.php', query: { action: 'getRelatives' } },
        { json: recorded('wikitree-getRelatives.json') },
      );
      server.route(
        { path: '/w/api.php', query: { action: 'wbsearchentities' } },
        { json: recorded('wikidata-wbsearchentities.json') },
      );
      server.route({ path: '/sparql' }, { json: recorded('wikidata-sparql.json') });
      server.route(
        { path: '/collections/chronicling-america/' },
        { json: recorded('loc-chronicling-america-search.json') },
      );
      server.route({ path: '/records/search.json' }, { json: recorded('openarchives-records-search.json') });
      server.route({ path: '/records/show.json' }, { json: recorded('openarchives-records-show.json') });
      server.route({ path: '/advancedsearch.php' }, { json: recorded('internetarchive-advancedsearch.json') });

      const env = Object.fromEntries(
        ['wikitree', 'wikidata', 'loc', 'openarchives', 'internetarchive'].map((id) => [
          overrideEnvName(id),
          server.url,
        ]),
      );
      // Generous rates: this test is about the records, not the spacing (tested elsewhere).
      const plugins = loadPlugins(join(REPO_ROOT, 'plugins'), env)
        .filter((p) => p.tier === 0)
        .map((p) => ({
          ...p,
          compliance: { ...p.compliance, rate_limit_requests_per_minute: 60_000, rate_limit_burst: 50 },
        }));
      const http = new HttpClient({ userAgent: UA, backoffBaseMs: 5 });
      const connectors = plugins
        .map((p) => createConnector(p, http, p.plugin_id === 'wikitree' ? { value: 'ae-test' } : undefined))
        .filter((c): c is NonNullable<typeof c> => !!c) as SourceConnector[];
      assert.equal(connectors.length, 5);

      const root = join(tempDir(), 'case');
      await initCase(root, {
        question: 'Who were the parents of Samuel Clemens?',
        subject: { name: 'Samuel Clemens', born: '1835' },
      });
      const store = await openCase(root);
      const result = await runResearch({ store, connectors, maxCycles: 2 });
      assert.equal(result.status, 'completed', result.terminationReason);

      const reread = await openCase(root);
      const bySource = new Map<string, number>();
      for (const s of reread.sources()) bySource.set(s.sourceId, (bySource.get(s.sourceId) ?? 0) + 1);
      for (const id of ['wikitree', 'wikidata', 'loc', 'openarchives', 'internetarchive'])
        assert.ok(bySource.get(id), `${id}: ${JSON.stringify([...bySource])}`);
      const newspaper = reread.sources().find((s) => s.sourceId === 'loc')!;
      assert.equal(newspaper.recordType, 'newspaper');
      assert.match(newspaper.text, /WOODROW WILSON/);
      assert.ok(!reread.log().some((e) => e.actionType === 'error' && /skipped an item/.test(e.message)));
    } finally {
      await server.close();
    }
  });
});
