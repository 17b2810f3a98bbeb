/**
 * A record's own date and place are generalised to a decade when they are a living person's event.
 * A death, an obituary or a will is the deceased's and a marriage the couple's: the living son who
 * reported a death in 1948 does not take the date of his father's death with him (a fresh held-out
 * case lost "2 DEC 1948" to "1940s" that way).
 */
import { strict as assert } from 'node:assert';
import { redactRecord, type CensorContext } from '../../../../src/agents/censor';
import type { Persona, RawRecord } from '../../../../src/model';
import { rawRecord } from '../../../helpers/raw-record';

const ctx: CensorContext = { now: new Date('2026-11-24T00:00:00Z'), thresholdYears: 100, consent: false };

function record(recordType: RawRecord['recordType'], date: string, persons: Persona[]): RawRecord {
  return rawRecord({
    recordType,
    repository: 'General Register Office',
    sourceType: 'original',
    persons,
    date,
    place: 'Inch, Kilmaley, County Clare, Ireland',
  });
}

const deceased: Persona = { name: 'Patrick /Considine/', role: 'deceased', sex: 'M', age: 84 };
const son: Persona = { name: 'Michael /Considine/', role: 'informant', sex: 'M', relationship: 'son' };

describe('Censor: whose event a record’s date is (issue #14)', () => {
  it('a death registered by a living son keeps its date and place', () => {
    const out = redactRecord(record('death', '2 DEC 1948', [deceased, son]), ctx).record;
    assert.equal(out.date, '2 DEC 1948');
    assert.equal(out.place, 'Inch, Kilmaley, County Clare, Ireland');
  });

  it('an obituary naming living survivors keeps its date; a will with a living heir too', () => {
    const survivor: Persona = { name: 'Mary /Kelly/', role: 'child', sex: 'F' };
    const obit: Persona = { name: 'Patrick /Considine/', role: 'principal', deathDate: '1 DEC 1990' };
    assert.equal(redactRecord(record('obituary', '4 DEC 1990', [obit, survivor]), ctx).record.date, '4 DEC 1990');
    const testator: Persona = { name: 'Patrick /Considine/', role: 'testator', deathDate: '1990' };
    const heir: Persona = { name: 'Mary /Kelly/', role: 'heir' };
    assert.equal(redactRecord(record('will', '4 DEC 1990', [testator, heir]), ctx).record.date, '4 DEC 1990');
  });

  it('a marriage of a living couple, a birth or a census with a living member is generalised as before', () => {
    const groom: Persona = { name: 'Declan /Kelly/', role: 'groom', age: 25 };
    const bride: Persona = { name: 'Aoife /Ryan/', role: 'bride', age: 24 };
    const m = redactRecord(record('marriage', '3 JUN 1985', [groom, bride]), ctx).record;
    assert.equal(m.date, '1980s');
    assert.equal(m.place, 'County Clare, Ireland');
    const census = redactRecord(
      record('census', '2 APR 1951', [
        { name: 'Patrick /Considine/', role: 'head', age: 84 },
        { name: 'Maura /Considine/', role: 'child', age: 25 },
      ]),
      ctx,
    ).record;
    assert.equal(census.date, '1950s');
  });

  it('a death whose deceased is the one of unknown dates (no role) stays generalised', () => {
    const out = redactRecord(
      record('death', '2 DEC 1948', [{ name: 'Michael /Considine/', role: 'other', relationship: 'son' }]),
      ctx,
    ).record;
    assert.equal(out.date, '1940s');
  });
});
