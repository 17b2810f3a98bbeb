/**
 * Library of Congress contract: the recorded loc.gov Chronicling America search (LoC staff
 * notebook, 2024) replayed over HTTP. The page resource JSON was not recorded: its `full_text`
 * field is constructed from the documented shape (sources.md §3).
 */
import { strict as assert } from 'node:assert';
import { lifetimeRange, LocNewspapersConnector } from '../../../src/sources/connectors/loc';
import { recorded } from '../../helpers/replay-server';
import { accesses, harness, type Harness } from './harness';

describe('LoC Chronicling America connector (contract, recorded responses over 127.0.0.1)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness('loc');
    h.server.route(
      { path: '/collections/chronicling-america/' },
      { json: recorded('loc-chronicling-america-search.json') },
    );
  });
  afterEach(() => h.server.close());

  it('searches pages by phrase within the lifetime and returns OCR pages as free-text records', async () => {
    h.server.route(
      { path: '/resource/sn92070146/1924-11-20/ed-1/' },
      { json: { full_text: 'FULL OCR TEXT of page 6 … Clara Bow, ingenue film actress …' } },
    );
    const c = new LocNewspapersConnector(h.plugin, h.http);
    const out = await c.search({ given: 'Clara', surname: 'Bow', birthYear: 1905, deathYear: 1965 }, h.ctx);
    const q = h.server.hits('/collections/chronicling-america/')[0].query;
    assert.equal(q.get('qs'), 'Clara Bow');
    assert.equal(q.get('ops'), 'PHRASE');
    assert.equal(q.get('dl'), 'page');
    assert.equal(q.get('fo'), 'json');
    assert.equal(q.get('start_date'), '1905-01-01');
    assert.equal(q.get('end_date'), '1963-12-31', 'clamped to the collection');
    const page = h.server.hits('/resource/sn92070146/1924-11-20/ed-1/')[0].query;
    assert.equal(page.get('sp'), '6');
    assert.equal(page.get('fo'), 'json');

    assert.equal(out.records.length, 1);
    const r = out.records[0];
    assert.equal(r.title, 'Image 6 of Imperial Valley press (El Centro, Calif.), November 20, 1924');
    assert.equal(r.recordType, 'newspaper');
    assert.equal(r.date, '20 NOV 1924');
    assert.equal(r.place, 'El Centro, California');
    assert.equal(r.url, 'https://www.loc.gov/resource/sn92070146/1924-11-20/ed-1/?sp=6&q=clara+bow');
    assert.equal(r.externalId, 'sn92070146-1924-11-20-ed-1-1270');
    assert.equal(r.sourceType, 'original');
    assert.deepEqual(r.persons, [], 'free text: the Analyst extracts the personas');
    assert.equal(r.text, 'FULL OCR TEXT of page 6 … Clara Bow, ingenue film actress …');
    assert.equal(accesses(h.log).filter((a) => a.success).length, 3, 'robots.txt, search, page');
  });

  it('keeps the OCR excerpt of the search result when the page cannot be read', async () => {
    const c = new LocNewspapersConnector(h.plugin, h.http);
    const out = await c.search({ given: 'Clara', surname: 'Bow', birthYear: 1905 }, h.ctx);
    assert.match(out.records[0].text, /^6 PURPORTED LOVE AFFAIRS OF WOODROW WILSON/);
  });

  it('obeys loc.gov robots.txt', async () => {
    h.server.robots('User-agent: *\nDisallow: /collections/\n');
    const c = new LocNewspapersConnector(h.plugin, h.http);
    await assert.rejects(c.search({ given: 'Clara', surname: 'Bow' }, h.ctx), /robots\.txt disallows/);
    assert.equal(h.server.hits('/collections/chronicling-america/').length, 0);
    assert.ok(h.log.some((e) => e.actionType === 'compliance' && e.check === 'robots' && !e.allowed));
  });

  it('skips people who lived outside 1756–1963', () => {
    assert.deepEqual(lifetimeRange({ birthYear: 1600, deathYear: 1650 }), { start: 'none', end: 'none' });
    assert.deepEqual(lifetimeRange({ deathYear: 1900 }), { start: '1810-01-01', end: '1902-12-31' });
  });
});
