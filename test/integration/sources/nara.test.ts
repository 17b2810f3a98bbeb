/**
 * NARA Catalog v2 contract. No real response was recorded (PROVENANCE.md: only the envelope
 * fragment on archives.gov). This response is CONSTRUCTED strictly from the documented shape in
 * sources.md §8: body.hits.hits[]._source.record with naId, title, levelOfDescription, ancestors,
 * productionDates / coverageStartDate. Values are invented for the test.
 */
import { strict as assert } from 'node:assert';
import { NaraConnector } from '../../../src/sources/connectors/nara';
import { harness, type Harness } from './harness';

const KEY = 'nara-key-0123456789';
const CONSTRUCTED = {
  body: {
    hits: {
      total: { value: 2, relation: 'eq' },
      max_score: null,
      hits: [
        {
          _index: 'nac-records0',
          _type: '_doc',
          _id: '100000001',
          _score: 25.4,
          _source: {
            record: {
              naId: 100000001,
              title: 'Pension File of Johann Schmidt, Private, Company B, 9th Illinois Infantry',
              levelOfDescription: 'fileUnit',
              coverageStartDate: { year: 1890, month: 6, day: 27 },
              ancestors: [{ title: 'Case Files of Approved Pension Applications', levelOfDescription: 'series' }],
            },
          },
        },
        {
          _index: 'nac-records0',
          _type: '_doc',
          _id: '100000002',
          _score: 12.1,
          _source: {
            record: {
              naId: '100000002',
              title: 'Passenger List of the SS Bremen arriving New York',
              levelOfDescription: 'item',
              productionDates: [{ year: 1854, logicalDate: '1854-01-01' }],
            },
          },
        },
      ],
    },
  },
};

describe('NARA connector (contract on a constructed response in the documented shape)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness('nara');
    h.server.route({ path: '/api/v2/records/search' }, { json: CONSTRUCTED });
  });
  afterEach(() => h.server.close());

  it('sends the key in x-api-key (never in the URL or the log) and parses record descriptions', async () => {
    const c = new NaraConnector(h.plugin, h.http, { value: KEY });
    const out = await c.search({ given: 'Johann', surname: 'Schmidt' }, h.ctx);
    const req = h.server.hits('/api/v2/records/search')[0];
    assert.equal(req.headers['x-api-key'], KEY);
    assert.equal(req.query.get('q'), '"Johann Schmidt"');
    assert.ok(!JSON.stringify(h.log).includes(KEY));
    assert.equal(out.records.length, 2);
    const [a, b] = out.records;
    assert.equal(a.title, 'Pension File of Johann Schmidt, Private, Company B, 9th Illinois Infantry');
    assert.equal(a.recordType, 'military');
    assert.equal(a.date, '27 JUN 1890');
    assert.equal(a.url, 'https://catalog.archives.gov/id/100000001');
    assert.equal(a.repository, 'National Archives and Records Administration');
    assert.equal(a.tier, 1);
    assert.equal(b.recordType, 'immigration');
    assert.equal(b.date, '1854');
    assert.equal(b.externalId, '100000002');
  });
});
