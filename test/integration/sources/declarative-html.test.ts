/**
 * Plugins without code reading web pages (issue #23 item 6, search.format: html): a source that is
 * one YAML file of CSS selectors, served a recorded real Open Archives record page over 127.0.0.1.
 * Its record and personas are read from the page, the Censor's ToS gate asks for `scrape` as well
 * as `search`, an answer that is not HTML is refused, and its personas reach a case.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { CaseConfig, type NewLogEntry } from '../../../src/model';
import { createConnector, loadConnectors, overrideEnvName } from '../../../src/sources';
import { DeclarativeConnector } from '../../../src/sources/declarative/connector';
import { HttpClient } from '../../../src/sources/http/client';
import { loadPlugins, type SourcePlugin } from '../../../src/sources/plugin';
import { REPO_ROOT, tempDir } from '../../helpers/paths';
import { recordedPage, ReplayServer } from '../../helpers/replay-server';
import { runResearch } from '../../helpers/research';
import { UA } from './harness';

const DIR = join(REPO_ROOT, 'test/fixtures/plugins-declarative-html');
const IDENTIFIER = '7a9488e8-91bf-4961-b328-bb30915b9069';
/** The address the page was recorded from (PROVENANCE.md). */
const RECORDED = { path: '/show.php', query: { archive: 'rzh', identifier: IDENTIFIER, lang: 'en' } };

function yamlPlugin(url: string): SourcePlugin {
  const p = loadPlugins(DIR, { [overrideEnvName('openarch_page')]: url }).find((x) => x.plugin_id === 'openarch_page');
  if (!p) throw new Error(`no plugin openarch_page in ${DIR}`);
  return p;
}

describe('a web page read by a source declared in YAML alone (search.format: html)', function () {
  this.timeout(120_000);
  let server: ReplayServer;
  const http = () => new HttpClient({ userAgent: UA, backoffBaseMs: 5, timeoutMs: 2000 });
  beforeEach(async () => {
    server = await ReplayServer.start();
    server.route(RECORDED, {
      text: recordedPage('openarch-show-marriage-with-birth.html'),
      contentType: 'text/html; charset=UTF-8',
    });
  });
  afterEach(() => server.close());

  it('reads the record and its personas from the recorded page: names, roles, dates and places', async () => {
    const log: NewLogEntry[] = [];
    const connector = createConnector(yamlPlugin(server.url), http());
    assert.ok(connector instanceof DeclarativeConnector);
    const out = await connector.search({ given: 'Pieter Abraham', surname: 'Kropff' }, { log: (e) => log.push(e) });
    const [hit] = server.hits('/show.php');
    assert.equal(hit.query.get('identifier'), IDENTIFIER);
    assert.match(String(hit.headers.accept), /^text\/html/);

    assert.equal(out.records.length, 1);
    const [r] = out.records;
    assert.equal(r.sourceId, 'openarch_page');
    // From attributes (entities decoded), the heading's text, and the page's own absolute URL.
    assert.equal(
      r.title,
      'Marriage Pieter Abraham Kropff & Lisabeth Engelhard on March 14, 1822 in Leiden (Netherlands)',
    );
    assert.equal(r.recordType, 'marriage');
    assert.equal(r.date, '14 MAR 1822');
    assert.equal(r.place, 'Leiden');
    assert.equal(r.url, `https://www.openarch.nl/show.php?archive=rzh&identifier=${IDENTIFIER}&lang=en`);
    assert.equal(r.externalId, IDENTIFIER);
    assert.equal(r.repository, 'National Archives / Archives South Holland');
    assert.equal(r.sourceType, 'derivative');
    assert.deepEqual(r.persons, [
      { name: 'Johan Nicolaas /Kropf/', role: 'father', sex: 'M', relationship: 'father of groom' },
      { name: 'Catharina /van Elsen/', role: 'mother', sex: 'F', relationship: 'mother of groom' },
      {
        name: 'Pieter Abraham /Kropff/',
        role: 'groom',
        sex: 'M',
        age: 30,
        birthDate: '30 AUG 1791',
        birthPlace: 'Leiden',
      },
      {
        name: 'Lisabeth /Engelhard/',
        role: 'bride',
        sex: 'F',
        age: 30,
        birthDate: '1 MAR 1792',
        birthPlace: 'Leeuwarden',
      },
      { name: 'Hendrik /Engelhard/', role: 'father', sex: 'M', relationship: 'father of bride' },
      { name: 'Anna Catharina /Meerhooff/', role: 'mother', sex: 'F', relationship: 'mother of bride' },
    ]);
    // The evidence is the record's text as a reader sees it: no script, no markup, &nbsp; a space.
    assert.match(r.text, /^Pieter Abraham Kropff, born on August 30, 1791 in Leiden, 30 years old$/m);
    assert.match(r.text, /^Leiden, March 14, 1822, record number 47$/m);
    assert.doesNotMatch(r.text, /BreadcrumbList|@context|<[a-z]/);
    // Both actions were put to the Censor and logged.
    const tos = log.flatMap((e) => (e.actionType === 'compliance' && e.check === 'tos' ? [e.subject] : []));
    assert.deepEqual(tos, ['openarch_page:search', 'openarch_page:scrape']);
  });

  it('is held to its terms: no request for the page unless the plugin allows scrape, nor where robots.txt forbids', async () => {
    const plugin = yamlPlugin(server.url);
    const withActions = (allowed: SourcePlugin['compliance']['allowed_actions'], prohibited: typeof allowed = []) => ({
      ...plugin,
      compliance: { ...plugin.compliance, allowed_actions: allowed, prohibited_actions: prohibited },
    });
    for (const denied of [
      // Search allowed, reading pages not listed: denied by default.
      withActions(['search', 'read_record', 'link_out']),
      // Reading pages prohibited (WikiTree: "Scraping data from WikiTree is discouraged").
      withActions(['search', 'scrape', 'read_record'], ['scrape']),
    ]) {
      const log: NewLogEntry[] = [];
      await assert.rejects(
        createConnector(denied, http())!.search({ surname: 'Kropff' }, { log: (e) => log.push(e) }),
        (e: { kind?: string }) => e.kind === 'tos',
      );
      assert.ok(
        log.some((e) => e.actionType === 'compliance' && e.subject === 'openarch_page:scrape' && !e.allowed),
        JSON.stringify(log),
      );
    }
    assert.equal(server.hits('/show.php').length, 0);

    server.robots('User-agent: *\nDisallow: /show.php');
    await assert.rejects(
      createConnector(plugin, http())!.search({ surname: 'Kropff' }, { log: () => undefined }),
      (e: { kind?: string }) => e.kind === 'robots',
    );
    assert.equal(server.hits('/show.php').length, 0);
  });

  it('refuses an answer that says it is not a web page', async () => {
    server.route(RECORDED, { json: { response: { docs: [] } } });
    await assert.rejects(
      createConnector(yamlPlugin(server.url), http())!.search({ surname: 'Kropff' }, { log: () => undefined }),
      (e: { kind?: string; message?: string }) =>
        e.kind === 'malformed' && /application\/json, not an HTML page/.test(e.message ?? ''),
    );
  });

  it('brings its personas into a research run: the marriage becomes cited evidence of the groom', async () => {
    const root = join(tempDir(), 'kropff-html');
    const config = {
      question: 'Who was Pieter Abraham Kropff (b. 1791, Leiden)?',
      subject: { name: 'Pieter Abraham Kropff', born: '30 AUG 1791' },
    };
    await initCase(root, config);
    const store = await openCase(root);
    const { connectors } = await loadConnectors({
      config: CaseConfig.parse(config),
      env: { [overrideEnvName('openarch_page')]: server.url },
      store,
      offline: false,
      pluginDir: DIR,
    });
    assert.deepEqual(
      connectors.map((c) => c.id),
      ['openarch_page'],
    );
    const result = await runResearch({ store, connectors, maxCycles: 2 });
    assert.notEqual(result.status, 'failed', result.terminationReason);

    const reread = await openCase(root);
    const record = reread.sources().find((s) => s.sourceId === 'openarch_page' && s.externalId === IDENTIFIER);
    assert.ok(
      record,
      reread
        .sources()
        .map((s) => `${s.sourceId}:${s.externalId}`)
        .join(', '),
    );
    const citing = reread
      .persons()
      .filter((p) => p.assertions.some((a) => a.evidence.some((e) => e.source === record.id)));
    assert.ok(citing.length > 0, 'a person file cites the record page');
    assert.ok(
      citing.some((p) =>
        p.assertions.some(
          (a) =>
            a.field === 'birth.date' && a.value === '30 AUG 1791' && a.evidence.some((e) => e.source === record.id),
        ),
      ),
      JSON.stringify(citing.map((p) => p.assertions.map((a) => `${a.field}=${a.value}`))),
    );
  });
});
