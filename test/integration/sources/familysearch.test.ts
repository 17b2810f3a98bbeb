/**
 * FamilySearch contract: the official SDK mock of tree search (FamilySearch/familysearch-javascript-sdk
 * @ 7d450d3) replayed over HTTP; the user's OAuth token is sent as a Bearer header and never logged.
 */
import { strict as assert } from 'node:assert';
import { FamilySearchConnector, Gedcomx, gedcomxPersonas } from '../../../src/sources/connectors/familysearch';
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
    assert.equal(h.server.requests.filter((r) => r.path === '/robots.txt').length, 0, 'an authenticated API, robots.txt not consulted');

    assert.equal(out.records.length, 2);
    const r = out.records[0];
    assert.equal(r.title, 'FamilySearch Family Tree 98765: Israel Heaton (1880–1936)');
    assert.equal(r.tier, 1);
    assert.equal(r.url, 'https://www.familysearch.org/tree/person/details/98765');
    assert.deepEqual(r.persons, [
      { name: 'Israel Heaton', role: 'principal', sex: 'M', birthDate: '30 January 1880', birthPlace: 'Orderville, UT', deathDate: '29 August 1936', deathPlace: 'Kanab, Kane, UT', externalId: '98765' },
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

  it('refuses to run without the user token', async () => {
    const c = new FamilySearchConnector(h.plugin, h.http);
    await assert.rejects(c.search({ given: 'Israel', surname: 'Heaton' }, h.ctx), (e: unknown) => e instanceof SourceError && e.kind === 'credentials');
    assert.equal(h.server.hits().length, 0);
  });

  it('stops on 401 without retrying', async () => {
    h.server.route({ path: '/platform/tree/search' }, { status: 401, text: 'expired' });
    const c = new FamilySearchConnector(h.plugin, h.http, { value: TOKEN });
    await assert.rejects(c.search({ given: 'Israel', surname: 'Heaton' }, h.ctx), (e: unknown) => e instanceof SourceError && e.status === 401);
    assert.equal(h.server.hits().length, 1);
  });
});
