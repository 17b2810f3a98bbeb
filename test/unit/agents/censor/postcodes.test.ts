/**
 * A British postcode, an Irish Eircode or a Canadian postal code locates one house or a few, as a
 * street address does. Held-out cases leaked three from modern records (a community paper's item,
 * a birthday notice, a blog post) into sources/ and the GEDCOM export.
 */
import { strict as assert } from 'node:assert';
import { redactRecord, redactText, type CensorContext } from '../../../../src/agents/censor';
import { HOUSE_POSTCODE, redactHousePostcodes } from '../../../../src/agents/censor/postcodes';
import { rawRecord } from '../../../helpers/raw-record';

const ctx: CensorContext = { now: new Date('2026-11-24T00:00:00Z'), thresholdYears: 100, consent: false };

function record(text: string, date: string) {
  return rawRecord({ title: 'Kilmaley notes', recordType: 'newspaper', repository: 'Clare Champion', text, date });
}

const found = (text: string) => [...text.matchAll(HOUSE_POSTCODE)].map((m) => m[0]);

describe('Censor: postcodes that locate a house (issue #14: nothing leaked)', () => {
  it('finds British, Irish and Canadian codes, with or without their space', () => {
    assert.deepEqual(found('Leeds LS17 6AQ; Paisley PA2 9BQ; London SW1A 1AA; M1 1AE and EH11AB'), [
      'LS17 6AQ',
      'PA2 9BQ',
      'SW1A 1AA',
      'M1 1AE',
      'EH11AB',
    ]);
    assert.deepEqual(found('Inch, Kilmaley, Co. Clare, V95 T6K2; Dublin D02 X285; D6W Y2P4'), [
      'V95 T6K2',
      'D02 X285',
      'D6W Y2P4',
    ]);
    assert.deepEqual(found('Ottawa, Ontario K1A 0B1'), ['K1A 0B1']);
  });

  it('leaves record references, years and film numbers alone', () => {
    const refs =
      'TNA RG11/1234 folio 56; HO107 1234; RG13 4321; FHL film 1 909 114; D12 1885; born 1926; No. 9 Belgrave St; A12 3456';
    assert.deepEqual(found(refs), []);
    const out: { kind: 'living' | 'pii'; what: string }[] = [];
    assert.equal(redactHousePostcodes(refs, out), refs);
    assert.equal(out.length, 0);
  });

  it('a modern record’s text loses the code, a historical one keeps its words', () => {
    const text = `Cards can be sent to Maura at Inch, Kilmaley, Co. Clare, V95 T6K2; her son asks visitors to ring ahead.`;
    const modern = redactRecord(record(text, '2016'), ctx).record.text;
    assert.ok(!modern.includes('V95 T6K2'), modern);
    assert.match(modern, /Co\. Clare, \[postcode redacted\];/);
    const leeds = redactRecord(record('Write to Brenda at 14 Primley Park View, Leeds LS17 6AQ.', '2018'), ctx).record
      .text;
    assert.ok(!leeds.includes('LS17 6AQ'), leeds);
  });

  it('text about a living person loses it; consent keeps it', () => {
    const about = { ...ctx, aboutLiving: true };
    assert.ok(!redactText('Paisley PA2 9BQ', about).text.includes('PA2 9BQ'));
    assert.equal(redactText('Paisley PA2 9BQ', { ...about, consent: true }).text, 'Paisley PA2 9BQ');
  });
});
