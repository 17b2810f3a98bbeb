/**
 * A modern list of people (a church directory, a family register, a reunion booklet) writes a birth as
 * a bare date after the name: "Sarah 03-22-1956". Such a date of a living person is not a file's to
 * keep (held-out case stoltzfus-leacock-amish-namesakes leaked three); an event's date, a death, or a
 * historical record's list stays as written.
 */
import { strict as assert } from 'node:assert';
import { redactRecord, type CensorContext } from '../../../../src/agents/censor';
import type { Redaction } from '../../../../src/agents/censor/redaction';
import { redactDatesAfterNames } from '../../../../src/agents/censor/birth-dates';
import { rawRecord } from '../../../helpers/raw-record';

const ctx: CensorContext = { now: new Date('2026-11-24T00:00:00Z'), thresholdYears: 100, consent: false };

function record(text: string, date: string) {
  return rawRecord({ title: 'Directory', recordType: 'directory', repository: 'Print Shop', text, date });
}

const ENTRY = `5102  STOLTZFUS, Amos B. (John B. & Annie Esh) 06-11-1929  and  Rebecca (Zook) (Daniel & Sarah)
      09-30-1932; m. 11-20-1952. Farmer.
      Children: John Z. 08-14-1953 (see 5311); Sarah 03-22-1956 m. Levi Fisher; Lydia 19 Jul 1962.`;

describe('Censor: a bare date after a name in a modern list is a living person’s birth', () => {
  it('a 1995 directory loses every birth date written after a name, whatever its form', () => {
    const out = redactRecord(record(ENTRY, '1995'), ctx).record.text;
    for (const d of ['06-11-1929', '09-30-1932', '08-14-1953', '03-22-1956', '19 Jul 1962'])
      assert.ok(!out.includes(d), `${d} is still in:\n${out}`);
    assert.match(out, /Sarah 1950s/);
  });

  it('keeps a marriage, a death and an event’s date, and leaves a historical list alone', () => {
    const found: Redaction[] = [];
    const keep = [
      'm. 11-20-1952',
      'married Levi Fisher 11-20-1952',
      'died Tuesday 03-11-1958',
      'John Melnick 06-11-1929 – 03-11-1958',
      'Meeting on Friday 05-05-1950',
    ];
    for (const t of keep) assert.equal(redactDatesAfterNames(t, ctx, found), t);
    assert.equal(found.length, 0);
    const old = 'Children: John Z. 08-14-1853; Sarah 03-22-1856.';
    assert.equal(redactDatesAfterNames(old, ctx, found), old, 'before the threshold: the dead');
    assert.equal(redactDatesAfterNames(ENTRY, { ...ctx, consent: true }, found), ENTRY, 'the user consented');
  });
});
