/** Open Archives contract: the operator-published v1.1 examples (search, show) replayed over HTTP. */
import { strict as assert } from 'node:assert';
import { OpenArchivesConnector, recordTypeOf, roleOf } from '../../../src/sources/connectors/openarchives';
import { recorded } from '../../helpers/replay-server';
import { harness, type Harness } from './harness';

describe('Open Archives connector (contract, recorded responses over 127.0.0.1)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness('openarchives');
    h.server.route({ path: '/records/search.json' }, { json: recorded('openarchives-records-search.json') });
    h.server.route({ path: '/records/show.json' }, { json: recorded('openarchives-records-show.json') });
  });
  afterEach(() => h.server.close());

  it('searches by name and period and reads the A2A record of each hit', async () => {
    const c = new OpenArchivesConnector(h.plugin, h.http);
    const out = await c.search({ surname: 'Coret', given: 'Maria', birthYear: 1830 }, h.ctx);
    const q = h.server.hits('/records/search.json')[0].query;
    assert.equal(q.get('name'), 'Maria Coret 1828-1921');
    assert.equal(q.get('lang'), 'en');
    const show = h.server.hits('/records/show.json')[0].query;
    assert.equal(show.get('archive'), 'bhi');
    assert.equal(show.get('identifier'), '6b396b55-ffe0-5ccf-a1e0-8330f78157b5');

    assert.equal(out.records.length, 1);
    const r = out.records[0];
    assert.equal(r.title, "Marriage, 2 Coret, 's-Hertogenbosch, 3 NOV 1855 (Civil registration marriages)");
    assert.equal(r.recordType, 'marriage');
    assert.equal(r.date, '3 NOV 1855');
    assert.equal(r.place, "'s-Hertogenbosch");
    assert.equal(r.repository, 'Brabant Historical Information Centre');
    assert.equal(r.url, 'https://www.openarchieven.nl/bhi:6b396b55-ffe0-5ccf-a1e0-8330f78157b5/en');
    assert.equal(r.sourceType, 'derivative');
    assert.equal(r.informationType, 'primary');
    // The show example (abridged by its author) names the groom of a 1904 Amsterdam marriage.
    assert.deepEqual(r.persons, [
      {
        name: 'Christianus Johannes Jacobus /Elling/',
        role: 'principal',
        age: '23',
        birthPlace: 'Amsterdam',
        occupation: 'kleermaker',
        relationship: 'Bruidegom',
        externalId: 'Person2650847486',
      },
    ]);
    assert.match(r.text, /"PersonNameLastName": "Elling"/);
  });

  it('keeps the search hit as the persona when the record cannot be read', async () => {
    h.server.route({ path: '/records/show.json' }, { status: 404, text: 'no' });
    const c = new OpenArchivesConnector(h.plugin, h.http);
    const out = await c.search({ surname: 'Coret' }, h.ctx);
    assert.deepEqual(out.records[0].persons, [
      {
        name: '2 Coret',
        role: 'principal',
        relationship: 'Bride',
        externalId: 'Person:d930055c-462d-11e3-a747-d206bceb4d38',
      },
    ]);
  });

  it('maps A2A roles and event types in English and Dutch', () => {
    assert.deepEqual(roleOf('Father of the bride'), { role: 'father', relationship: 'father' });
    assert.deepEqual(roleOf('Moeder bruid'), { role: 'mother', relationship: 'mother' });
    assert.deepEqual(roleOf('Getuige'), { role: 'witness', relationship: 'witness' });
    assert.deepEqual(roleOf('Overledene'), { role: 'principal', relationship: 'Overledene' });
    assert.equal(recordTypeOf('Doop'), 'baptism');
    assert.equal(recordTypeOf(undefined, 'Civil registration deaths'), 'death');
  });
});
