import assert from 'node:assert/strict';
import { agreedWords, compareReadings } from '../../../src/sources/documents/readings';
import { documentMayLeave, groundExtraction } from '../../../src/sources/documents/vision';

const ctx = (over: object = {}) => ({
  now: new Date('2026-06-01T00:00:00Z'),
  thresholdYears: 100,
  consent: false,
  ...over,
});

describe('document readings compared', () => {
  it('agrees words in order, ignoring case and punctuation', () => {
    assert.deepEqual(agreedWords(['Thomas', 'Owens,', 'died'], ['THOMAS', 'OWENS', 'died']), [true, true, true]);
    assert.deepEqual(agreedWords(['died', 'March', '3'], ['died', 'March', '8']), [true, true, false]);
    // Order matters: the same words elsewhere do not vouch for each other.
    assert.deepEqual(agreedWords(['a', 'b'], ['b', 'a']).filter(Boolean).length, 1);
  });

  it('marks what another reading lacks and what the reader bracketed; facts may rest only on the rest', () => {
    const c = compareReadings('IN MEMORY OF\nTHOMAS [Owens?]\nDIED MARCH 3 1871', [
      'in memory of thomas owens died march 8 1871',
    ]);
    assert.equal(c.text, 'IN MEMORY OF\nTHOMAS [Owens?]\nDIED MARCH [3?] 1871');
    assert.equal(c.uncertain, 2);
    assert.equal(c.agreement, 0.778);
    assert.doesNotMatch(c.certainText, /Owens|\b3\b/);
    const g = groundExtraction(
      {
        date: '3 MAR 1871',
        persons: [{ name: 'Thomas Owens' }, { name: 'Thomas', deathDate: '1871', role: 'deceased' }],
      },
      c.certainText,
    );
    assert.deepEqual(g.front.persons, [{ name: 'Thomas', deathDate: '1871', role: 'deceased' }]);
    assert.equal(g.front.date, undefined);
    assert.equal(g.rejected.length, 2);
  });

  it('keeps a document on the machine when its offline reading shows a living person, unless the user consented', () => {
    assert.equal(documentMayLeave('Died 3 March 1871', ctx()).allowed, true);
    assert.equal(documentMayLeave('', ctx()).allowed, true);
    assert.match(documentMayLeave('born 4 May 1990', ctx()).reason, /1990/);
    assert.equal(documentMayLeave('born 4 May 1990', ctx()).allowed, false);
    assert.equal(documentMayLeave('letter from Maria Lopez', ctx({ livingNames: ['Maria Lopez'] })).allowed, false);
    assert.equal(documentMayLeave('born 4 May 1990', ctx({ consent: true })).allowed, true);
  });
});
