/**
 * FamilySearch contract: the official SDK mock of tree search (FamilySearch/familysearch-javascript-sdk
 * @ 7d450d3) replayed over HTTP; the user's OAuth token is sent as a Bearer header and never logged.
 */
import { strict as assert } from 'node:assert';
import {
  ahnentafelRelation,
  FamilySearchConnector,
  Gedcomx,
  gedcomxPersonas,
} from '../../../src/sources/connectors/familysearch';
import { SourceError } from '../../../src/sources/http/errors';
import { recorded } from '../../helpers/replay-server';
import { harness, type Harness } from './harness';

const TOKEN = 'fs-user-token-abc123';

describe('FamilySearch connector (contract, recorded responses over 127.0.0.1)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness('familysearch');
    const feed = recorded('familysearch-tree-search.json') as Record<string, unknown>;
    delete feed.headers; // injected by the SDK test harness, not part of the API body (PROVENANCE.md)
    h.server.route({ path: '/platform/tree/search' }, { json: feed, contentType: 'application/x-gedcomx-atom+json' });
  });
  afterEach(() => h.server.close());

  it('searches the tree with the Bearer token and maps GEDCOM X relationships to roles', async () => {
    const c = new FamilySearchConnector(h.plugin, h.http, { value: TOKEN });
    const out = await c.search({ given: 'Israel', surname: 'Heaton', birthYear: 1880 }, h.ctx);
    const req = h.server.hits('/platform/tree/search')[0];
    assert.equal(req.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(req.headers.accept, 'application/x-gedcomx-atom+json');
    assert.equal(req.query.get('q.givenName'), 'Israel');
    assert.equal(req.query.get('q.surname'), 'Heaton');
    assert.equal(req.query.get('q.birthLikeDate'), '+1880');
    assert.equal(
      h.server.requests.filter((r) => r.path === '/robots.txt').length,
      0,
      'an authenticated API, robots.txt not consulted',
    );

    assert.equal(out.records.length, 2);
    const r = out.records[0];
    assert.equal(r.title, 'FamilySearch Family Tree 98765: Israel Heaton (1880–1936)');
    assert.equal(r.tier, 1);
    assert.equal(r.url, 'https://www.familysearch.org/tree/person/details/98765');
    assert.deepEqual(r.persons, [
      {
        name: 'Israel Heaton',
        role: 'principal',
        sex: 'M',
        birthDate: '30 January 1880',
        birthPlace: 'Orderville, UT',
        deathDate: '29 August 1936',
        deathPlace: 'Kanab, Kane, UT',
        externalId: '98765',
      },
      { name: 'Jonathan Heaton', role: 'father', sex: 'M', relationship: 'father', externalId: '87654' },
      { name: 'Clarissa Hoyt', role: 'mother', sex: 'F', relationship: 'mother', externalId: '76543' },
      { name: 'Charlotte Cox', role: 'spouse', sex: 'F', relationship: 'spouse', externalId: '65432' },
      { name: 'Alma Heaton', role: 'child', sex: 'M', relationship: 'child', externalId: '54321' },
    ]);
    assert.ok(!JSON.stringify(h.log).includes(TOKEN), 'the token never reaches the log');
  });

  it('reads a person document (official mock of /platform/tree/persons)', () => {
    const doc = Gedcomx.parse(recorded('familysearch-tree-person.json'));
    const [p] = gedcomxPersonas(doc, 'PPPJ-MYZ');
    assert.equal(p.name, 'Alex /Aleksandrova/');
    assert.equal(p.birthDate, '3 Apr 1836');
    assert.equal(p.birthPlace, 'Moscow, Russia');
    assert.equal(p.living, true, 'flagged so the Censor redacts it');
  });

  it('reads a person id with the person and ancestry resources (official mocks)', async () => {
    h.server.route({ path: '/platform/tree/persons/PPPJ-MYZ' }, { json: recorded('familysearch-tree-person.json') });
    h.server.route({ path: '/platform/tree/ancestry' }, { json: recorded('familysearch-tree-ancestry.json') });
    const c = new FamilySearchConnector(h.plugin, h.http, { value: TOKEN });
    const out = await c.search({ text: 'familysearch:PPPJ-MYZ' }, h.ctx);
    const anc = h.server.hits('/platform/tree/ancestry')[0];
    assert.equal(anc.query.get('person'), 'PPPJ-MYZ');
    assert.equal(anc.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(h.server.hits('/platform/tree/persons/PPPJ-MYZ')[0].headers.accept, 'application/x-gedcomx-v1+json');
    const r = out.records[0];
    assert.equal(r.title, 'FamilySearch Family Tree PPPJ-MYZ: Alex Aleksandrova');
    // The SDK mock's ancestry numbers 2–15 (its own ids): father, mother, grandparents, great-grandparents.
    const rel = Object.fromEntries(r.persons.slice(1).map((p) => [p.name, p.relationship]));
    assert.equal(rel['Daniel Earl Bishop'], 'father');
    assert.equal(rel['Maude Langston'], 'mother');
    assert.equal(rel['Heber Lafayette Bishop'], 'grandfather');
    assert.equal(rel['Alice Maude Hall'], 'grandmother');
    assert.equal(rel['Keziah DeGrey'], 'great-grandmother');
    assert.equal(r.persons.length, 1 + 14);
    assert.deepEqual(
      r.persons.find((p) => p.name === 'Daniel Earl Bishop'),
      { name: 'Daniel Earl Bishop', role: 'father', sex: 'M', relationship: 'father', externalId: '12345' },
    );
    assert.equal(ahnentafelRelation(1), undefined);
    assert.equal(ahnentafelRelation(16), 'great-great-grandfather');
  });

  it('refuses to run without the user token', async () => {
    const c = new FamilySearchConnector(h.plugin, h.http);
    await assert.rejects(
      c.search({ given: 'Israel', surname: 'Heaton' }, h.ctx),
      (e: unknown) => e instanceof SourceError && e.kind === 'credentials',
    );
    assert.equal(h.server.hits().length, 0);
  });

  it('stops on 401 without retrying', async () => {
    h.server.route({ path: '/platform/tree/search' }, { status: 401, text: 'expired' });
    const c = new FamilySearchConnector(h.plugin, h.http, { value: TOKEN });
    await assert.rejects(
      c.search({ given: 'Israel', surname: 'Heaton' }, h.ctx),
      (e: unknown) => e instanceof SourceError && e.status === 401,
    );
    assert.equal(h.server.hits().length, 1);
  });
});
