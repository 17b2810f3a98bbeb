import { strict as assert } from 'node:assert';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { initCase } from '../../../src/case';
import { CaseConfig } from '../../../src/model';
import { loadConnectors, sourceCredentialKeys } from '../../../src/sources';
import { tempDir } from '../../helpers/paths';
import { recorded, ReplayServer } from '../../helpers/replay-server';

const config = (over: Record<string, unknown> = {}) =>
  CaseConfig.parse({
    question: 'Who were the parents of Samuel Clemens?',
    subject: { name: 'Samuel Clemens', born: '1835' },
    ...over,
  });

describe('loadConnectors', () => {
  it('gives Tier 0 connectors first, Tier 1 only with tiers.tier1 and a credential, never Tier 2', async () => {
    const store = await initCase(join(tempDir(), 'case'), config());
    const none = await loadConnectors({ config: config(), env: {}, store, offline: false });
    assert.deepEqual(
      none.connectors.map((c) => [c.id, c.tier]),
      [
        ['wikitree', 0],
        ['wikidata', 0],
        ['loc', 0],
        ['openarchives', 0],
        ['internetarchive', 0],
      ],
    );

    const noCred = await loadConnectors({ config: config({ tiers: { tier1: true } }), env: {}, store, offline: false });
    assert.equal(
      noCred.connectors.some((c) => c.tier === 1),
      false,
      'Tier 1 needs the user credential',
    );

    const secrets = { get: async (k: string) => (k === 'familysearch.accessToken' ? 'tok' : undefined) };
    const withCred = await loadConnectors({
      config: config({ tiers: { tier1: true } }),
      env: { NARA_API_KEY: 'k' },
      store,
      secrets,
      offline: false,
    });
    assert.deepEqual(
      withCred.connectors.map((c) => c.id),
      ['wikitree', 'wikidata', 'loc', 'openarchives', 'internetarchive', 'familysearch', 'nara'],
    );

    const notOptedIn = await loadConnectors({
      config: config(),
      env: { NARA_API_KEY: 'k' },
      store,
      secrets,
      offline: false,
    });
    assert.equal(
      notOptedIn.connectors.some((c) => c.tier === 1),
      false,
      'Tier 1 needs tiers.tier1 in case.yaml',
    );
  });

  it('turns the network off with --offline but still offers the deferred links', async () => {
    const store = await initCase(join(tempDir(), 'case'), config());
    const off = await loadConnectors({ config: config(), env: {}, store, offline: true });
    assert.deepEqual(off.connectors, []);
    assert.equal(off.deferred({ given: 'Samuel', surname: 'Clemens' }).length, 4);
    const offByCase = await loadConnectors({
      config: config({ sources: { offline: true } }),
      env: {},
      store,
      offline: false,
    });
    assert.deepEqual(offByCase.connectors, []);
  });

  it('honours sources.enabled', async () => {
    const store = await initCase(join(tempDir(), 'case'), config());
    const only = await loadConnectors({
      config: config({ sources: { enabled: ['wikidata', 'findagrave'] } }),
      env: {},
      store,
      offline: false,
    });
    assert.deepEqual(
      only.connectors.map((c) => c.id),
      ['wikidata'],
    );
    assert.deepEqual(
      only.deferred({ surname: 'Clemens' }).map((d) => d.source),
      ['findagrave'],
    );
  });

  it('points a source at a mirror by env, sends the contact User-Agent and caches in .ancestry/http-cache', async () => {
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
      const root = join(tempDir(), 'case');
      const cfg = config({ sources: { userAgentContact: 'mailto:researcher@example.org' } });
      const store = await initCase(root, cfg);
      const { connectors } = await loadConnectors({
        config: cfg,
        env: { ANCESTRY_SOURCE_WIKITREE_URL: server.url, ANCESTRY_WIKITREE_APPID: 'my-app' },
        store,
        offline: false,
      });
      const wikitree = connectors.find((c) => c.id === 'wikitree')!;
      const out = await wikitree.search({ given: 'Samuel', surname: 'Clemens', birthYear: 1835 }, { log: () => {} });
      assert.equal(out.records.length, 9);
      const req = server.hits('/api.php')[0];
      assert.equal(req.query.get('appId'), 'my-app');
      assert.match(
        String(req.headers['user-agent']),
        /^AncestryEngine\/\d+\.\d+\.\d+ \(\+https:\/\/github\.com\/.*; mailto:researcher@example\.org\)$/,
      );
      const dir = join(root, '.ancestry/http-cache/wikitree');
      assert.ok(existsSync(dir));
      assert.equal(readdirSync(dir).length, 2, 'searchPerson and getRelatives responses');
      const again = await wikitree.search({ given: 'Samuel', surname: 'Clemens', birthYear: 1835 }, { log: () => {} });
      assert.equal(again.cached, true);
      assert.equal(server.hits('/api.php').length, 2, 'served from the cache');
    } finally {
      await server.close();
    }
  });
});

describe('sourceCredentialKeys', () => {
  it('lists the SecretStorage keys and env variables of credentialed sources', () => {
    const keys = sourceCredentialKeys({});
    assert.deepEqual(
      keys.map((k) => [k.source, k.secretKey, k.env]),
      [
        ['wikitree', 'wikitree.appId', 'ANCESTRY_WIKITREE_APPID'],
        ['familysearch', 'familysearch.accessToken', 'FAMILYSEARCH_TOKEN'],
        ['nara', 'nara.apiKey', 'NARA_API_KEY'],
      ],
    );
  });
});
