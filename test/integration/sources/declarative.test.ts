/**
 * Plugins without code (issue #23 item 6): a source that is one YAML file, replayed from recorded
 * real answers over 127.0.0.1. Its records equal what the hand-written connector reads from the same
 * answer, the Censor's ToS gate holds for it as for any plugin, and its personas reach a case.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { CaseConfig } from '../../../src/model';
import { createConnector, hasConnector, loadConnectors, overrideEnvName } from '../../../src/sources';
import { OpenArchivesConnector } from '../../../src/sources/connectors/openarchives';
import { DeclarativeConnector } from '../../../src/sources/declarative/connector';
import { loadPlugins, type SourcePlugin } from '../../../src/sources/plugin';
import { HttpClient } from '../../../src/sources/http/client';
import { runResearch } from '../../helpers/research';
import { REPO_ROOT, tempDir } from '../../helpers/paths';
import { recorded, ReplayServer } from '../../helpers/replay-server';
import { harness, UA } from './harness';

const DIR = join(REPO_ROOT, 'test/fixtures/plugins-declarative');

function yamlPlugin(id: string, url: string): SourcePlugin {
  const p = loadPlugins(DIR, { [overrideEnvName(id)]: url }).find((x) => x.plugin_id === id);
  if (!p) throw new Error(`no plugin ${id} in ${DIR}`);
  return p;
}

describe('a source declared in YAML alone (extraction_rules)', function () {
  this.timeout(120_000);
  let server: ReplayServer;
  const http = () => new HttpClient({ userAgent: UA, backoffBaseMs: 5, timeoutMs: 2000 });
  beforeEach(async () => {
    server = await ReplayServer.start();
    server.route({ path: '/records/search.json' }, { json: recorded('openarchives-records-search.json') });
    server.route({ path: '/records/show.json' }, { status: 404, text: 'no' });
    server.route(
      { path: '/api.php', query: { action: 'searchPerson' } },
      { json: recorded('wikitree-searchPerson.json') },
    );
  });
  afterEach(() => server.close());

  it('gets a connector from its rules, and none without them', () => {
    const plugin = yamlPlugin('openarchives_search', server.url);
    assert.ok(createConnector(plugin, http()) instanceof DeclarativeConnector);
    assert.ok(hasConnector(plugin));
    const { extraction_rules: _rules, ...bare } = plugin;
    const unknown = { ...bare, plugin_id: 'unknown_source' };
    assert.equal(createConnector(unknown, http()), undefined);
    assert.equal(hasConnector(unknown), false);
  });

  it('reads Open Archives search hits as the hand-written connector does', async () => {
    const log: unknown[] = [];
    const ctx = { log: (e: unknown) => void log.push(e) };
    const yaml = await createConnector(yamlPlugin('openarchives_search', server.url), http())!.search(
      { given: 'Maria', surname: 'Coret', place: "'s-Hertogenbosch" },
      ctx,
    );
    const q = server.hits('/records/search.json')[0].query;
    assert.equal(q.get('name'), 'Maria Coret');
    assert.equal(q.get('eventplace'), "'s-Hertogenbosch");
    assert.equal(q.get('number_show'), '10');

    const h = await harness('openarchives');
    h.server.route({ path: '/records/search.json' }, { json: recorded('openarchives-records-search.json') });
    h.server.route({ path: '/records/show.json' }, { status: 404, text: 'no' });
    const code = await new OpenArchivesConnector(h.plugin, h.http).search({ surname: 'Coret' }, h.ctx);
    await h.server.close();

    assert.equal(yaml.records.length, 1);
    assert.equal(code.records.length, 1);
    const [a, b] = [yaml.records[0], code.records[0]];
    assert.equal(a.title, "Marriage, 2 Coret, 's-Hertogenbosch (Civil registration marriages)");
    for (const key of [
      'recordType',
      'date',
      'place',
      'url',
      'externalId',
      'repository',
      'sourceType',
      'informationType',
    ] as const)
      assert.deepEqual(a[key], b[key], key);
    assert.equal(a.sourceId, 'openarchives_search');
    // The YAML maps "Bride" to the v2 role; the connector keeps the principal with the word as written.
    assert.deepEqual(a.persons, [{ name: '2 Coret', role: 'bride', externalId: b.persons[0].externalId }]);
    assert.match(a.text, /"relationtype": "Bride"/);
  });

  it('reads WikiTree search matches, skipping the privacy-limited one without an id', async () => {
    const log: { actionType?: string; message?: string }[] = [];
    const out = await createConnector(yamlPlugin('wikitree_search', server.url), http())!.search(
      { given: 'Samuel', surname: 'Clemens', birthYear: 1835 },
      { log: (e) => void log.push(e) },
    );
    const q = server.hits('/api.php')[0].query;
    assert.deepEqual([q.get('FirstName'), q.get('LastName'), q.get('BirthDate')], ['Samuel', 'Clemens', '1835']);
    assert.equal(out.records.length, 9);
    const twain = out.records.find((r) => r.externalId === 'Clemens-1');
    assert.deepEqual(twain?.persons, [
      { name: 'Samuel /Clemens/', role: 'principal', birthDate: '30 NOV 1835', externalId: 'Clemens-1' },
    ]);
    assert.equal(twain?.recordType, 'tree');
    assert.equal(twain?.sourceType, 'authored');
    assert.equal(twain?.url, 'https://www.wikitree.com/wiki/Clemens-1');
    assert.ok(
      log.some((e) => /without record\.external_id/.test(e.message ?? '')),
      JSON.stringify(log),
    );
  });

  it('is held to its terms: no search request when the plugin does not allow search', async () => {
    const plugin = yamlPlugin('wikitree_search', server.url);
    const denied: SourcePlugin = {
      ...plugin,
      compliance: { ...plugin.compliance, allowed_actions: ['link_out'] },
    };
    const log: { actionType?: string; allowed?: boolean }[] = [];
    await assert.rejects(
      createConnector(denied, http())!.search({ surname: 'Clemens' }, { log: (e) => void log.push(e) }),
      (e: { kind?: string }) => e.kind === 'tos',
    );
    assert.equal(server.hits('/api.php').length, 0);
    assert.ok(
      log.some((e) => e.actionType === 'compliance'),
      JSON.stringify(log),
    );
  });

  it('brings its personas into a research run: the profile becomes cited evidence of the subject', async () => {
    const root = join(tempDir(), 'clemens-yaml');
    const config = {
      question: 'Who was Samuel Clemens (b. 1835)?',
      subject: { name: 'Samuel Clemens', born: '30 NOV 1835' },
    };
    await initCase(root, config);
    const store = await openCase(root);
    const env = {
      [overrideEnvName('wikitree_search')]: server.url,
      [overrideEnvName('openarchives_search')]: server.url,
    };
    const { connectors } = await loadConnectors({
      config: CaseConfig.parse(config),
      env,
      store,
      offline: false,
      pluginDir: DIR,
    });
    assert.deepEqual(
      connectors.map((c) => c.id),
      ['openarchives_search', 'wikitree_search'],
    );
    const result = await runResearch({ store, connectors, maxCycles: 2 });
    assert.notEqual(result.status, 'failed', result.terminationReason);

    const reread = await openCase(root);
    const profile = reread.sources().find((s) => s.sourceId === 'wikitree_search' && s.externalId === 'Clemens-1');
    assert.ok(
      profile,
      reread
        .sources()
        .map((s) => `${s.sourceId}:${s.externalId}`)
        .join(', '),
    );
    const citing = reread
      .persons()
      .filter((p) => p.assertions.some((a) => a.evidence.some((e) => e.source === profile.id)));
    assert.ok(citing.length > 0, 'a person file cites the profile');
    assert.ok(citing.some((p) => p.assertions.some((a) => a.field === 'birth.date' && a.value === '30 NOV 1835')));
  });
});
