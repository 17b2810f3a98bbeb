/**
 * The issue's end-to-end check: a research run whose WikiTree URL points at a local replay finds
 * the person, honours Retry-After and sends appId, while every other source is unreachable and
 * fails fast without stopping the run. Real case folder, real HTTP on 127.0.0.1, the real loop.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { runResearch } from '../../helpers/research';
import { CaseConfig } from '../../../src/model';
import { loadConnectors, overrideEnvName } from '../../../src/sources';
import { tempDir } from '../../helpers/paths';
import { deadPort, recorded, ReplayServer } from '../../helpers/replay-server';

describe('research run with WikiTree at a local replay (every other source unreachable)', function () {
  this.timeout(120_000);
  let server: ReplayServer;
  before(async () => {
    server = await ReplayServer.start();
    server.route(
      { path: '/api.php', query: { action: 'searchPerson' } },
      { json: recorded('wikitree-searchPerson.json') },
    );
    server.route(
      { path: '/api.php', query: { action: 'getRelatives' } },
      { json: recorded('wikitree-getRelatives.json') },
    );
    server.route({ path: '/api.php', query: { action: 'getProfile' } }, { json: recorded('wikitree-getProfile.json') });
    server.route(
      { path: '/api.php', query: { action: 'getAncestors' } },
      { json: recorded('wikitree-getAncestors.json') },
    );
    // The first search is rate-limited: the client must wait the second WikiTree asks for.
    server.fault(
      { path: '/api.php', query: { action: 'searchPerson' } },
      { kind: 'status', status: 429, retryAfter: '1' },
    );
  });
  after(() => server.close());

  it('finds the person, honours Retry-After, sends appId and completes', async () => {
    const root = join(tempDir(), 'clemens');
    const config = {
      question: 'Who were the parents and spouse of Samuel Clemens (b. 1835)?',
      subject: { name: 'Samuel Clemens', born: '30 NOV 1835' },
    };
    await initCase(root, config);
    const store = await openCase(root);
    const dead = `http://127.0.0.1:${await deadPort()}`;
    const env: NodeJS.ProcessEnv = { ANCESTRY_WIKITREE_APPID: 'ancestry-engine-e2e' };
    for (const id of ['wikidata', 'loc', 'openarchives', 'internetarchive', 'familysearch', 'nara'])
      env[overrideEnvName(id)] = dead;
    env[overrideEnvName('wikitree')] = server.url;

    const { connectors } = await loadConnectors({ config: CaseConfig.parse(config), env, store, offline: false });
    assert.deepEqual(
      connectors.map((c) => c.id),
      ['wikitree', 'wikidata', 'loc', 'openarchives', 'internetarchive'],
    );
    const events: string[] = [];
    const result = await runResearch({
      store,
      connectors,
      maxCycles: 3,
      onEvent: (e) => events.push(`${e.type}: ${e.message}`),
    });

    assert.equal(result.status, 'completed', `${result.status}: ${result.terminationReason}\n${events.join('\n')}`);

    // Found: the WikiTree profile of Samuel Clemens was captured as evidence.
    const reread = await openCase(root);
    const wikitree = reread.sources().filter((s) => s.sourceId === 'wikitree');
    const twain = wikitree.find((s) => s.externalId === 'Clemens-1');
    assert.ok(
      twain,
      `captured sources: ${reread
        .sources()
        .map((s) => `${s.sourceId}:${s.externalId}`)
        .join(', ')}`,
    );
    assert.equal(twain.persons[0].birthDate, '30 NOV 1835');
    assert.ok(twain.persons.some((p) => p.externalId === 'Langdon-1' && p.role === 'spouse'));
    // ...and it reached a person file as cited evidence.
    const cited = reread
      .persons()
      .filter(
        (p) =>
          p.assertions.some((a) => a.evidence.some((e) => e.source === twain.id)) ||
          p.relationships.some((r) => r.evidence.some((e) => e.source === twain.id)),
      );
    assert.ok(
      cited.length > 0,
      `no person cites ${twain.id}; persons: ${reread
        .persons()
        .map((p) => p.names[0]?.given + ' ' + p.names[0]?.surname)
        .join(', ')}`,
    );

    // Retry-After honoured: the retry came at least one second after the 429.
    const searches = server.hits('/api.php').filter((r) => r.query.get('action') === 'searchPerson');
    assert.ok(searches.length >= 2);
    assert.ok(searches[1].at - searches[0].at >= 950, `retried after ${searches[1].at - searches[0].at} ms`);
    // appId on every WikiTree request.
    for (const r of server.hits('/api.php')) assert.equal(r.query.get('appId'), 'ancestry-engine-e2e');

    const log = reread.log();
    const access = log.flatMap((e) => (e.actionType === 'source_access' ? [e] : []));
    assert.ok(access.some((e) => e.source === 'wikitree' && e.success && e.recordCount > 0));
    assert.ok(
      log.some((e) => e.actionType === 'compliance' && e.check === 'rate_limit' && /Retry-After 1/.test(e.reason)),
    );
    // Every other source failed, was logged, and the run went on.
    for (const id of ['wikidata', 'loc', 'openarchives', 'internetarchive']) {
      assert.ok(
        access.some((e) => e.source === id && !e.success),
        `${id}: a failed access is logged`,
      );
      assert.equal(
        access.some((e) => e.source === id && e.success),
        false,
        `${id} never succeeded`,
      );
    }
    assert.ok(
      log.some((e) => e.actionType === 'error' && /marked unavailable|circuit open/.test(e.message)),
      'an unreachable source is marked unavailable',
    );
    assert.ok(
      !log.some((e) => !JSON.stringify(e).includes('REDACTED') && /access_token|api_key=/.test(JSON.stringify(e))),
    );
  });

  it('keeps what it found when WikiTree later answers malformed, truncated and hanging responses', async () => {
    const faulty = await ReplayServer.start();
    try {
      faulty.route(
        { path: '/api.php', query: { action: 'searchPerson' } },
        { json: recorded('wikitree-searchPerson.json') },
      );
      faulty.route(
        { path: '/api.php', query: { action: 'getRelatives' } },
        { json: recorded('wikitree-getRelatives.json') },
      );
      const search = { path: '/api.php', query: { action: 'searchPerson' } };
      // The first search succeeds; the next ones fail in three ways, until the circuit opens.
      faulty.fault(search, { kind: 'malformed' }, 1, 1);
      faulty.fault(search, { kind: 'truncate', json: recorded('wikitree-searchPerson.json') }, 1, 2);
      faulty.fault(search, { kind: 'hang' }, 5, 3);
      const root = join(tempDir(), 'clemens-faults');
      const config = {
        question: 'Who were the parents of Samuel Clemens?',
        subject: { name: 'Samuel Clemens', born: '1835' },
      };
      await initCase(root, config);
      const store = await openCase(root);
      const env: NodeJS.ProcessEnv = { [overrideEnvName('wikitree')]: faulty.url };
      const cfg = CaseConfig.parse({ ...config, sources: { enabled: ['wikitree'] } });
      const { connectors } = await loadConnectors({
        config: cfg,
        env,
        store,
        offline: false,
        http: { timeoutMs: 300, backoffBaseMs: 20 },
      });
      const result = await runResearch({ store, connectors, maxCycles: 3 });
      assert.equal(result.status, 'completed', result.terminationReason);

      const reread = await openCase(root);
      assert.ok(
        reread.sources().some((s) => s.sourceId === 'wikitree' && s.externalId === 'Clemens-1'),
        'the first finding is kept',
      );
      assert.ok(reread.persons().length > 1);
      const failures = reread
        .log()
        .flatMap((e) =>
          e.actionType === 'source_access' && e.source === 'wikitree' && !e.success ? [e.failureReason ?? ''] : [],
        );
      assert.ok(
        failures.some((f) => /malformed/.test(f)),
        failures.join(' | '),
      );
      assert.ok(
        failures.some((f) => /within 300 ms/.test(f)),
        failures.join(' | '),
      );
      assert.ok(
        failures.some((f) => /terminated|other side closed|socket|ECONNRESET/i.test(f)),
        failures.join(' | '),
      );
      assert.ok(
        reread
          .log()
          .some((e) => e.actionType === 'error' && /WikiTree \(127\.0\.0\.1:\d+\) marked unavailable/.test(e.message)),
      );
      const hung = faulty.hits('/api.php').filter((r) => r.query.get('action') === 'searchPerson').length;
      assert.ok(hung <= 6, `${hung} searchPerson requests: the open circuit stops further ones`);
    } finally {
      await faulty.close();
    }
  });
});
