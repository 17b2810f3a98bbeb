/**
 * WikiTree contract: the official example responses (wikitree/wikitree-api @ 396760e, in
 * ../shared/data/sources) replayed over HTTP; personas checked field by field.
 */
import { strict as assert } from 'node:assert';
import { WikiTreeConnector } from '../../../src/sources/connectors/wikitree';
import { SourceError } from '../../../src/sources/http/errors';
import { recorded } from '../../helpers/replay-server';
import { accesses, harness, type Harness } from './harness';

describe('WikiTree connector (contract, recorded responses over 127.0.0.1)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness('wikitree');
    h.server.route(
      { path: '/api.php', query: { action: 'searchPerson' } },
      { json: recorded('wikitree-searchPerson.json') },
    );
    h.server.route(
      { path: '/api.php', query: { action: 'getRelatives' } },
      { json: recorded('wikitree-getRelatives.json') },
    );
    h.server.route(
      { path: '/api.php', query: { action: 'getProfile' } },
      { json: recorded('wikitree-getProfile.json') },
    );
    h.server.route(
      { path: '/api.php', query: { action: 'getAncestors' } },
      { json: recorded('wikitree-getAncestors.json') },
    );
    h.server.route({ path: '/api.php', query: { action: 'getBio' } }, { json: recorded('wikitree-getBio.json') });
  });
  afterEach(() => h.server.close());

  it('searches by name and year, sends appId, and parses each public match with the relatives of the best', async () => {
    const c = new WikiTreeConnector(h.plugin, h.http, { value: 'ae-test-app' });
    const out = await c.search({ given: 'Samuel', surname: 'Clemens', birthYear: 1835 }, h.ctx);
    const search = h.server.hits('/api.php').find((r) => r.query.get('action') === 'searchPerson')!;
    assert.equal(search.query.get('FirstName'), 'Samuel');
    assert.equal(search.query.get('LastName'), 'Clemens');
    assert.equal(search.query.get('BirthDate'), '1835-01-01');
    for (const r of h.server.hits('/api.php')) assert.equal(r.query.get('appId'), 'ae-test-app');
    const rel = h.server.hits('/api.php').find((r) => r.query.get('action') === 'getRelatives')!;
    assert.equal(rel.query.get('keys')!.split(',')[0], 'Clemens-1', 'the 1835 Samuel is the best match');

    // 10 matches, the first privacy-limited (Id only): 9 records.
    assert.equal(out.records.length, 9);
    const twain = out.records[0];
    assert.equal(twain.externalId, 'Clemens-1');
    assert.equal(twain.sourceId, 'wikitree');
    assert.equal(twain.tier, 0);
    assert.equal(twain.recordType, 'tree');
    assert.equal(twain.repository, 'WikiTree');
    assert.equal(twain.sourceType, 'authored');
    assert.equal(twain.informationType, 'undetermined');
    assert.equal(twain.url, 'https://www.wikitree.com/wiki/Clemens-1');
    assert.equal(twain.title, 'WikiTree profile Clemens-1: Samuel Clemens (1835–)');
    assert.deepEqual(twain.persons[0], {
      name: 'Samuel /Clemens/',
      role: 'principal',
      birthDate: '30 NOV 1835',
      externalId: 'Clemens-1',
    });
    const byId = Object.fromEntries(twain.persons.map((p) => [p.externalId!, p] as const));
    assert.deepEqual(byId['Clemens-2'], {
      name: '/Clemens/',
      role: 'father',
      relationship: 'father',
      externalId: 'Clemens-2',
    });
    assert.deepEqual(byId['Lampton-1'], {
      name: '/Lampton/',
      role: 'mother',
      relationship: 'mother',
      externalId: 'Lampton-1',
    });
    assert.deepEqual(byId['Langdon-1'], {
      name: '/Langdon/',
      role: 'spouse',
      relationship: 'spouse',
      externalId: 'Langdon-1',
      marriageDate: '2 FEB 1870',
      marriagePlace: 'Elmira, New York, USA',
    });
    assert.deepEqual(
      ['Clemens-12', 'Clemens-13', 'Clemens-14', 'Clemens-15'].map((k) => byId[k]?.role),
      ['child', 'child', 'child', 'child'],
    );
    assert.equal(byId['Clemens-3'].relationship, 'sibling');
    assert.equal(twain.persons.length, 1 + 2 + 1 + 4 + 6);
    assert.match(twain.text, /"BirthDate": "1835-11-30"/, 'the verbatim response is the evidence text');

    const katherine = out.records.find((r) => r.externalId === 'Clemens-2686')!;
    assert.deepEqual(katherine.persons, [
      { name: 'Samuel /Clemens/', role: 'principal', birthDate: '1853', externalId: 'Clemens-2686' },
    ]);
    const pickens = out.records.find((r) => r.externalId === 'Clemens-1357')!;
    assert.equal(pickens.persons[0].birthDate, 'APR 1857');

    // searchPerson, getRelatives — each a SOURCE_ACCESS entry (the API does not consult robots.txt).
    const acc = accesses(h.log);
    assert.deepEqual(
      acc.map((a) => a.url!.split('?')[0].replace(h.server.url, '')),
      ['/api.php', '/api.php'],
    );
    assert.ok(acc.every((a) => a.success && a.responseTimeMs >= 0 && a.url!.includes('appId=ae-test-app')));
    assert.equal(
      acc.reduce((s, a) => s + a.recordCount, 0),
      9,
    );
    assert.ok(
      h.log.some(
        (e) => e.actionType === 'compliance' && e.check === 'tos' && e.allowed && e.subject === 'wikitree:search',
      ),
    );
  });

  it('reads a WikiTree ID with getProfile, getRelatives, getAncestors and getBio', async () => {
    const c = new WikiTreeConnector(h.plugin, h.http, { value: 'ae-test-app' });
    const out = await c.search({ text: 'Clemens-1' }, h.ctx);
    assert.equal(out.records.length, 1);
    const r = out.records[0];
    assert.deepEqual(r.persons[0], {
      name: 'Samuel /Clemens/',
      role: 'principal',
      birthDate: '30 NOV 1835',
      deathDate: '21 APR 1910',
      externalId: 'Clemens-1',
    });
    assert.equal(r.title, 'WikiTree profile Clemens-1: Samuel Clemens (1835–1910)');
    const actions = h.server.hits('/api.php').map((q) => q.query.get('action'));
    assert.deepEqual(actions, ['getProfile', 'getRelatives', 'getAncestors', 'getBio']);
    assert.equal(h.server.hits('/api.php')[2].query.get('key'), 'Clemens-1');
    assert.equal(h.server.hits('/api.php')[3].query.get('bioFormat'), 'wiki');
    assert.match(r.text, /== Biography \(WikiTree getBio, wiki text\) ==\n\[\[Category: American Heroes\]\]/);
    assert.match(r.text, /Samuel was born Nov 30 1835 in Missouri\./);
  });

  it('names ancestors by walking Father/Mother ids (recorded getAncestors)', async () => {
    h.server.route(
      { path: '/api.php', query: { action: 'getProfile' } },
      {
        json: [
          {
            page_name: 'Adams-35',
            profile: {
              Id: 3636,
              Name: 'Adams-35',
              FirstName: 'John',
              LastNameAtBirth: 'Adams',
              Father: 3640,
              Mother: 3641,
            },
            status: 0,
          },
        ],
      },
    );
    h.server.route({ path: '/api.php', query: { action: 'getRelatives' } }, { status: 404, text: 'gone' });
    const c = new WikiTreeConnector(h.plugin, h.http, { value: 'x' });
    const out = await c.search({ text: 'Adams-35' }, h.ctx);
    const rels = Object.fromEntries(out.records[0].persons.map((p) => [p.externalId!, p.relationship] as const));
    // Recorded getAncestors: Adams-35 → father Adams-38 (3640), mother Bass-1 (3641); their parents are not in the example.
    assert.deepEqual(rels, { 'Adams-35': undefined, 'Adams-38': 'father', 'Bass-1': 'mother' });
    assert.ok(
      accesses(h.log).some((a) => !a.success),
      'the failed getRelatives is logged, the record kept',
    );
  });

  it('reads the older captured getProfile with numbers as strings', async () => {
    h.server.route(
      { path: '/api.php', query: { action: 'getProfile' } },
      { json: recorded('wikitree-getProfile-defaultfields.json') },
    );
    const c = new WikiTreeConnector(h.plugin, h.http, { value: 'x' });
    const out = await c.search({ text: 'Clark-21849' }, h.ctx);
    assert.deepEqual(out.records[0].persons[0], {
      name: 'Allan Paul /Clark/',
      role: 'principal',
      sex: 'M',
      birthDate: '6 OCT 1923',
      birthPlace: 'Salt Lake City, Salt Lake, Utah, United States',
      deathDate: '9 MAR 2007',
      deathPlace: 'Lovell, Big Horn, Wyoming, United States',
      externalId: 'Clark-21849',
    });
  });

  it('broadens a narrow query once and logs the revisit', async () => {
    h.server.route(
      { path: '/api.php', query: { action: 'searchPerson', BirthLocation: 'Atlantis' } },
      { json: [{ status: 0, matches: [], total: 0 }] },
    );
    const c = new WikiTreeConnector(h.plugin, h.http, { value: 'x' });
    const out = await c.search({ given: 'Samuel', surname: 'Clemens', birthYear: 1835, place: 'Atlantis' }, h.ctx);
    assert.equal(out.records.length, 9);
    const revisit = h.log.find((e) => e.actionType === 'revisit');
    assert.ok(
      revisit &&
        revisit.actionType === 'revisit' &&
        revisit.revisitReason[0] === 'Previous search parameters too narrow',
    );
  });

  it('keeps the profile when follow-up requests fail and the circuit opens', async () => {
    h.server.route({ path: '/api.php', query: { action: 'getRelatives' } }, { status: 500, text: 'down' });
    const c = new WikiTreeConnector(h.plugin, h.http, { value: 'x' });
    const out = await c.search({ text: 'Clemens-1' }, h.ctx);
    assert.equal(out.records.length, 1);
    assert.equal(out.records[0].persons.length, 1);
    assert.equal(h.http.circuit('wikitree'), 'open');
    assert.equal(
      h.server.hits('/api.php').filter((r) => r.query.get('action') === 'getAncestors').length,
      0,
      'no request while the circuit is open',
    );
    assert.ok(h.log.some((e) => e.actionType === 'error' && /marked unavailable/.test(e.message)));
  });

  it('fails with a malformed body, logged, without crashing', async () => {
    h.server.fault({ path: '/api.php' }, { kind: 'malformed' });
    const c = new WikiTreeConnector(h.plugin, h.http, { value: 'x' });
    await assert.rejects(
      c.search({ given: 'Samuel', surname: 'Clemens' }, h.ctx),
      (e: unknown) => e instanceof SourceError && e.kind === 'malformed',
    );
    const acc = accesses(h.log);
    assert.equal(acc.at(-1)!.success, false);
  });
});
