/**
 * Wikidata contract: the recorded wbsearchentities response (2016 capture) and the recorded WDQS
 * SPARQL JSON (wikibase-sdk docs: ?author ?authorLabel ?birth) replayed over HTTP; plus a
 * kinship result constructed strictly in the documented application/sparql-results+json shape.
 */
import { strict as assert } from 'node:assert';
import { parseSparql, SparqlResults, WikidataConnector } from '../../../src/sources/connectors/wikidata';
import { recorded } from '../../helpers/replay-server';
import { accesses, harness, type Harness } from './harness';

const uri = (q: string) => ({ type: 'uri', value: `http://www.wikidata.org/entity/${q}` });
const lit = (value: string) => ({ type: 'literal', value, 'xml:lang': 'en' });
const dt = (value: string) => ({ type: 'literal', value, datatype: 'http://www.w3.org/2001/XMLSchema#dateTime' });
const int = (value: string) => ({ type: 'literal', value, datatype: 'http://www.w3.org/2001/XMLSchema#integer' });

/** Constructed (not recorded): Q42 with parents and spouses, shaped like any WDQS JSON result. */
const KINSHIP = {
  head: {
    vars: [
      'item',
      'itemLabel',
      'itemDescription',
      'sex',
      'birth',
      'birthPrecision',
      'death',
      'deathPrecision',
      'birthPlaceLabel',
      'deathPlaceLabel',
      'father',
      'fatherLabel',
      'mother',
      'motherLabel',
      'spouse',
      'spouseLabel',
      'child',
      'childLabel',
    ],
  },
  results: {
    bindings: [
      {
        item: uri('Q42'),
        itemLabel: lit('Douglas Adams'),
        itemDescription: lit('English writer and humorist'),
        sex: uri('Q6581097'),
        birth: dt('1952-03-11T00:00:00Z'),
        birthPrecision: int('11'),
        death: dt('2001-05-11T00:00:00Z'),
        deathPrecision: int('11'),
        birthPlaceLabel: lit('Cambridge'),
        deathPlaceLabel: lit('Santa Barbara'),
        father: uri('Q14623675'),
        fatherLabel: lit('Christopher Douglas Adams'),
        mother: uri('Q14623678'),
        motherLabel: lit('Janet Adams'),
        spouse: uri('Q14623681'),
        spouseLabel: lit('Jane Belson'),
      },
      {
        item: uri('Q42'),
        itemLabel: lit('Douglas Adams'),
        father: uri('Q14623675'),
        fatherLabel: lit('Christopher Douglas Adams'),
        mother: uri('Q14623678'),
        motherLabel: lit('Janet Adams'),
        child: uri('Q99999999'),
        childLabel: lit('Q99999999'),
      },
    ],
  },
};

describe('Wikidata connector (contract, recorded responses over 127.0.0.1)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness('wikidata');
    h.server.route(
      { path: '/w/api.php', query: { action: 'wbsearchentities' } },
      { json: recorded('wikidata-wbsearchentities.json') },
    );
    h.server.route(
      { path: '/sparql' },
      { json: recorded('wikidata-sparql.json'), contentType: 'application/sparql-results+json' },
    );
  });
  afterEach(() => h.server.close());

  it('searches entities by name, then one SPARQL query for the humans among them', async () => {
    const c = new WikidataConnector(h.plugin, h.http);
    const out = await c.search({ name: 'Attila the Hun' }, h.ctx);
    const search = h.server.hits('/w/api.php')[0];
    assert.equal(search.query.get('search'), 'Attila the Hun');
    const sparql = h.server.hits('/sparql')[0];
    assert.equal(sparql.headers.accept, 'application/sparql-results+json');
    const q = sparql.query.get('query')!;
    for (const id of ['Q36724', 'Q17987270', 'Q4818461', 'Q4818464', 'Q4818462']) assert.ok(q.includes(`wd:${id}`), id);
    for (const p of ['P22', 'P25', 'P26', 'P40', 'P569', 'P570', 'P19', 'P20']) assert.ok(q.includes(p), p);
    assert.match(String(sparql.headers['user-agent']), /^AncestryEngine\/.*contact/);

    // The recorded SPARQL result is about Gilles Deleuze (variables ?author ?authorLabel ?birth).
    assert.equal(out.records.length, 1);
    const r = out.records[0];
    assert.equal(r.title, 'Wikidata Q184226: Gilles Deleuze — French philosopher');
    assert.equal(r.url, 'https://www.wikidata.org/wiki/Q184226');
    assert.equal(r.sourceType, 'derivative');
    assert.deepEqual(r.persons, [
      { name: 'Gilles Deleuze', role: 'principal', externalId: 'Q184226', birthDate: '18 JAN 1925' },
    ]);
    assert.match(r.text, /1925-01-18T00:00:00Z/);
    assert.equal(accesses(h.log).length, 2);
  });

  it('never sends two requests at once (WDQS: no parallel queries)', async () => {
    h.server.route(
      { path: '/w/api.php', query: { action: 'wbsearchentities' } },
      { json: recorded('wikidata-wbsearchentities.json'), delayMs: 60 },
    );
    h.server.route({ path: '/sparql' }, { json: recorded('wikidata-sparql.json'), delayMs: 60 });
    assert.equal(h.plugin.compliance.max_concurrent, 1);
    // A generous rate so only the concurrency limit is under test.
    const fast = {
      ...h.plugin,
      compliance: { ...h.plugin.compliance, rate_limit_requests_per_minute: 60_000, rate_limit_burst: 10 },
    };
    const c = new WikidataConnector(fast, h.http);
    await Promise.all([
      c.search({ name: 'A B' }, h.ctx),
      c.search({ name: 'C D' }, h.ctx),
      c.search({ text: 'Q42' }, h.ctx),
    ]);
    assert.equal(h.server.hits().length, 5);
    assert.equal(h.server.maxInFlight, 1, 'the server never answered two requests at once');
  });

  it('parses kinship, dates with precision and places (constructed documented shape)', () => {
    const [e] = parseSparql(SparqlResults.parse(KINSHIP));
    assert.equal(e.id, 'Q42');
    assert.equal(e.birth, '11 MAR 1952');
    assert.equal(e.death, '11 MAY 2001');
    assert.equal(e.birthPlace, 'Cambridge');
    assert.equal(e.sex, 'M');
    assert.deepEqual(
      [...e.relatives.values()].map((r) => [r.rel, r.id, r.label]),
      [
        ['father', 'Q14623675', 'Christopher Douglas Adams'],
        ['mother', 'Q14623678', 'Janet Adams'],
        ['spouse', 'Q14623681', 'Jane Belson'],
      ],
      'a relative without a label (the service echoed its Q-id) is left out',
    );
  });

  it('turns kinship into personas with roles', async () => {
    h.server.route({ path: '/sparql' }, { json: KINSHIP });
    const c = new WikidataConnector(h.plugin, h.http);
    const out = await c.search({ text: 'Q42', birthYear: 1952 }, h.ctx);
    assert.equal(h.server.hits('/w/api.php').length, 0, 'a Q-id skips the name search');
    assert.deepEqual(out.records[0].persons, [
      {
        name: 'Douglas Adams',
        role: 'principal',
        externalId: 'Q42',
        sex: 'M',
        birthDate: '11 MAR 1952',
        birthPlace: 'Cambridge',
        deathDate: '11 MAY 2001',
        deathPlace: 'Santa Barbara',
      },
      { name: 'Christopher Douglas Adams', role: 'father', relationship: 'father', externalId: 'Q14623675' },
      { name: 'Janet Adams', role: 'mother', relationship: 'mother', externalId: 'Q14623678' },
      { name: 'Jane Belson', role: 'spouse', relationship: 'spouse', externalId: 'Q14623681' },
    ]);
  });

  it('drops entities born far from the queried year', async () => {
    h.server.route({ path: '/sparql' }, { json: KINSHIP });
    const c = new WikidataConnector(h.plugin, h.http);
    const out = await c.search({ text: 'Q42', birthYear: 1850 }, h.ctx);
    assert.equal(out.records.length, 0);
  });

  it('falls back to wbgetentities when SPARQL fails (recorded Q42 entity)', async () => {
    h.server.fault({ path: '/sparql' }, { kind: 'malformed' });
    h.server.route(
      { path: '/w/api.php', query: { action: 'wbgetentities', props: 'labels|descriptions|claims' } },
      { json: recorded('wikidata-wbgetentities.json') },
    );
    // Labels of the referenced items: constructed in the same documented shape as the recorded labels.
    const label = (id: string, value: string): [string, unknown] => [
      id,
      { type: 'item', id, labels: { en: { language: 'en', value } } },
    ];
    h.server.route(
      { path: '/w/api.php', query: { action: 'wbgetentities', props: 'labels' } },
      {
        json: {
          entities: Object.fromEntries([
            label('Q350', 'Cambridge'),
            label('Q159288', 'Santa Barbara'),
            label('Q14623675', 'Christopher Douglas Adams'),
            label('Q14623678', 'Janet Adams'),
            label('Q14623681', 'Jane Belson'),
            label('Q14623683', 'Polly Adams'),
          ]),
        },
      },
    );
    const c = new WikidataConnector(h.plugin, h.http);
    const out = await c.search({ text: 'Q42' }, h.ctx);
    const get = h.server.hits('/w/api.php').filter((r) => r.query.get('action') === 'wbgetentities');
    assert.equal(get[0].query.get('ids'), 'Q42');
    assert.deepEqual(get[1].query.get('ids')!.split('|').sort(), [
      'Q14623675',
      'Q14623678',
      'Q14623681',
      'Q14623683',
      'Q159288',
      'Q350',
    ]);
    assert.ok(h.log.some((e) => e.actionType === 'decision' && e.decisionType === 'source_fallback'));
    assert.equal(out.records.length, 1);
    const r = out.records[0];
    assert.equal(r.title, 'Wikidata Q42: Douglas Adams — English writer and humorist');
    assert.deepEqual(r.persons, [
      {
        name: 'Douglas Adams',
        role: 'principal',
        externalId: 'Q42',
        sex: 'M',
        birthDate: '11 MAR 1952',
        birthPlace: 'Cambridge',
        deathDate: '11 MAY 2001',
        deathPlace: 'Santa Barbara',
      },
      { name: 'Christopher Douglas Adams', role: 'father', relationship: 'father', externalId: 'Q14623675' },
      { name: 'Janet Adams', role: 'mother', relationship: 'mother', externalId: 'Q14623678' },
      { name: 'Jane Belson', role: 'spouse', relationship: 'spouse', externalId: 'Q14623681' },
      { name: 'Polly Adams', role: 'child', relationship: 'child', externalId: 'Q14623683' },
    ]);
    assert.match(r.text, /"time": "\+1952-03-11T00:00:00Z"/);
  });

  it('keeps the facts when the labels request fails', async () => {
    h.server.fault({ path: '/sparql' }, { kind: 'malformed' });
    h.server.route(
      { path: '/w/api.php', query: { action: 'wbgetentities', props: 'labels|descriptions|claims' } },
      { json: recorded('wikidata-wbgetentities.json') },
    );
    const c = new WikidataConnector(h.plugin, h.http);
    const out = await c.search({ text: 'Q42' }, h.ctx);
    assert.deepEqual(out.records[0].persons, [
      {
        name: 'Douglas Adams',
        role: 'principal',
        externalId: 'Q42',
        sex: 'M',
        birthDate: '11 MAR 1952',
        deathDate: '11 MAY 2001',
      },
    ]);
  });
});
