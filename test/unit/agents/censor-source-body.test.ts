/** The Censor on captured source bodies (issue #21 item 5): structural for JSON, sentence-aware for free text. */
import { strict as assert } from 'node:assert';
import { redactRecord } from '../../../src/agents/censor';
import { RawRecord } from '../../../src/model';

const ctx = { now: new Date('2026-11-24T00:00:00Z'), thresholdYears: 100, consent: false };
const NOTICE = `Hosts this year are Mr. and Mrs. Dale Ross. Mrs. Ross, the former Janet Hoffman, daughter of the late Robert
Hoffman, was born April 3, 1938, and is the oldest grandchild. Bring a covered dish. For details
write to the Rosses at 1411 Fairfield Ave., Fort Wayne 46807, or call 555-0172 after 5 p.m.`;

function record(text: string, date: string, persons: RawRecord['persons'] = []): RawRecord {
  return RawRecord.parse({
    title: 'Notice',
    repository: 'Journal',
    recordType: 'newspaper',
    date,
    sourceId: 'archive',
    tier: 0,
    text,
    persons,
  });
}

describe('Censor on a source body (issue #21)', () => {
  it('a modern free-text notice: the exact birth date, street, postal code and phone of a person no persona names are redacted', () => {
    const { record: out, redactions } = redactRecord(record(NOTICE, '17 JUL 1994'), ctx);
    for (const leak of ['April 3, 1938', '1411 Fairfield', '46807', '555-0172'])
      assert.ok(!out.text.includes(leak), `${leak} in ${out.text}`);
    assert.match(out.text, /daughter of the late Robert/);
    assert.ok(redactions.length >= 4);
  });

  it('the same words in a record of 1894 are evidence about the dead and stay', () => {
    const old = NOTICE.replace('1938', '1838');
    const { record: out } = redactRecord(record(old, '17 JUL 1894'), ctx);
    assert.equal(out.text, old);
  });

  it('a modern note: a British street (Crescent, Close) and an address wrapped over two lines are redacted; a blank line ends an address', () => {
    const text = `Notes by Fiona MacLeod, born 23 August 1961, 14 Kirkland Crescent, Dalry KA24 5AB.
Her brother lives at 3 Glebe Close. Write to Karen at 9
Meetinghouse Lane, Winchester, or call 540-555-0121.

The farm was lot 12

Lane's End was its name.`;
    const { record: out } = redactRecord(record(text, '2022'), ctx);
    for (const leak of ['14 Kirkland', '3 Glebe Close', 'Meetinghouse Lane', '555-0121'])
      assert.ok(!out.text.includes(leak), `${leak} in ${out.text}`);
    // Across a paragraph break it is not an address: "lot 12" and "Lane's End" stay.
    assert.match(out.text, /The farm was lot 12\n\nLane's End/);
  });

  it('a death date in a modern death certificate stays (the sentence speaks of a death)', () => {
    const text = 'Anna Miller died 2 February 1950 at Chicago. She was born 4 March 1871.';
    const { record: out } = redactRecord(record(text, '1950'), ctx);
    assert.match(out.text, /died 2 February 1950/);
  });

  it('a JSON answer is redacted per field: the living person generalised, the dead parent kept', () => {
    const body = JSON.stringify(
      {
        profile: {
          Name: 'Doe-1',
          BirthDate: '1990-05-17',
          BirthLocation: '42 Maple Street, Springfield, Illinois 62704, USA',
          IsLiving: 1,
          Parents: {
            2: {
              Name: 'Doe-2',
              BirthDate: '1890-01-02',
              DeathDate: '1960-03-04',
              BirthLocation: '1 Elm Street, Springfield, Illinois',
            },
          },
        },
      },
      null,
      2,
    );
    const { record: out } = redactRecord(
      record(body, '2024', [
        { name: 'Jane /Doe/', role: 'principal', birthDate: '17 MAY 1990', living: true, externalId: 'Doe-1' },
      ]),
      ctx,
    );
    assert.ok(!out.text.includes('1990-05-17') && !out.text.includes('Maple') && !out.text.includes('62704'), out.text);
    assert.match(out.text, /"DeathDate": "1960-03-04"/);
    assert.match(out.text, /1 Elm Street/, 'the dead parent’s place is evidence');
    assert.doesNotThrow(() => JSON.parse(out.text));
  });
});
