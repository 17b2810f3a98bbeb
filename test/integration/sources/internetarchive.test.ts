/** Internet Archive contract: the recorded advancedsearch response (IA Python client test data). */
import { strict as assert } from 'node:assert';
import { iaQuery, InternetArchiveConnector } from '../../../src/sources/connectors/internetarchive';
import { recorded } from '../../helpers/replay-server';
import { harness, type Harness } from './harness';

describe('Internet Archive connector (contract, recorded responses over 127.0.0.1)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness('internetarchive');
    h.server.route({ path: '/advancedsearch.php' }, { json: recorded('internetarchive-advancedsearch.json') });
  });
  afterEach(() => h.server.close());

  it('searches texts for the name and returns each item as a free-text record', async () => {
    const c = new InternetArchiveConnector(h.plugin, h.http);
    const out = await c.search({ given: 'Johann', surname: 'Schmidt', place: 'Springfield' }, h.ctx);
    const q = h.server.hits('/advancedsearch.php')[0].query;
    assert.equal(q.get('q'), 'mediatype:texts AND "Johann Schmidt" AND ("Springfield" OR "Schmidt")');
    assert.deepEqual(q.getAll('fl[]'), [
      'identifier',
      'title',
      'creator',
      'date',
      'year',
      'description',
      'subject',
      'mediatype',
      'collection',
    ]);
    assert.equal(q.get('output'), 'json');

    assert.equal(out.records.length, 3);
    const [a, b] = out.records;
    assert.equal(a.title, 'Red rover Goes To Mars-Student Astronaut B-Roll Compilation');
    assert.equal(a.url, 'https://archive.org/details/1redRoverGoesToMars-studentAstronautB-rollCompilation');
    assert.equal(a.date, '2004');
    assert.equal(a.sourceType, 'authored');
    assert.deepEqual(a.persons, []);
    assert.equal(
      a.text,
      [
        'Title: Red rover Goes To Mars-Student Astronaut B-Roll Compilation',
        'Creator: NASA/JPL-Caltech',
        'Date: 2004',
        'Media type: movies',
        'Collection: nasa',
        '\nA brief compilation of b-roll of Student Astronauts Courtney Dressing and Rafael Morozowski working with the Spirit rover team. Master: DVCProHD.',
      ].join('\n'),
    );
    assert.equal(b.externalId, 'A-11464');
    assert.match(b.text, /Subject: Where -- Douglas/);
  });

  it('escapes quotes in the Lucene phrase', () => {
    assert.equal(iaQuery({ name: 'John "Jack" Smith' }), 'mediatype:texts AND "John  Jack  Smith"');
  });
});
