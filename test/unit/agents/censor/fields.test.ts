import { strict as assert } from 'node:assert';
import {
  dateIdentifies,
  placeText,
  redactPerson,
  reducePlaceLevels,
  scanPii,
  widenDate,
} from '../../../../src/agents/censor';
import { yearRange } from '../../../../src/model/gdate';

describe('Censor: structured values of the living keep their format and meaning', () => {
  it('a date becomes a range of whole decades that still holds the original', () => {
    assert.equal(widenDate('12 MAY 1990'), 'BET 1990 AND 1999');
    assert.equal(widenDate('BET. 1979 - 1984'), 'BET 1970 AND 1989');
    assert.equal(widenDate('BET 1979 AND 1984'), 'BET 1970 AND 1989');
    assert.equal(widenDate('1990s'), 'BET 1990 AND 1999');
    assert.equal(widenDate('BET 1990 AND 1999'), 'BET 1990 AND 1999', 'idempotent');
    assert.equal(widenDate('ABT 1985'), 'ABT 1985', 'already vaguer than a decade');
    assert.equal(widenDate('somewhere in spring'), undefined, 'nothing to widen from: withheld');
    // A vague date that names a day still identifies: the day and month go, the date stays valid
    // (gramps/sample.ged's living "EST 24 MAY 1961" was written "EST 1960s", a DATE no reader takes).
    assert.equal(widenDate('EST 24 MAY 1961'), 'EST 1961');
    // A calculated year spans three years (an age at a dated event), narrower than a decade: widened.
    assert.equal(widenDate('CAL 1 JAN 1985'), 'BET 1980 AND 1989');
    assert.equal(widenDate('AFT 12 MAY 1990'), 'AFT 1990');
    assert.equal(widenDate('FROM 3 MAR 1980 TO 1990'), 'FROM 1980 TO 1990');
    for (const v of ['EST 24 MAY 1961', 'AFT 12 MAY 1990', 'BEF 1 JAN 1990']) assert.ok(dateIdentifies(v), v);
    assert.ok(!dateIdentifies('ABT 1985'));
    for (const v of ['3 MAR 1941', 'BET 1948 AND 1951', 'MAR 1960', 'FROM 1999 TO 2001', '1975']) {
      const o = yearRange(v);
      const w = yearRange(widenDate(v)!);
      assert.ok(w.min! <= o.min! && w.max! >= o.max!, `${v} → ${widenDate(v)}`);
      assert.match(widenDate(v)!, /^BET \d{4} AND \d{4}$/);
    }
  });

  it('a living person written to a case holds no decade text in a date (the free-text pass finds no exact day)', () => {
    const { person } = redactPerson(
      {
        id: 'P-1',
        names: [{ given: 'Edwin', surname: 'Smith', type: 'birth' }],
        sex: 'M',
        relationships: [],
        externalIds: {},
        assertions: ['EST 24 MAY 1961', 'CAL 1 JAN 1985', 'AFT 12 MAY 1990', '3 MAR 1961'].map((value, i) => ({
          id: `A-${i}`,
          field: i ? `residence${i}.date` : 'birth.date',
          value,
          status: 'accepted' as const,
          confidence: 0.5,
          evidence: [],
        })),
      },
      { now: new Date('2026-01-01T00:00:00Z'), thresholdYears: 100, consent: false },
    );
    assert.deepEqual(
      person.assertions.map((a) => [a.value, a.generalised]),
      [
        ['EST 1961', true],
        ['BET 1980 AND 1989', true],
        ['AFT 1990', true],
        ['BET 1960 AND 1969', true],
      ],
    );
  });

  it('a place keeps its jurisdiction levels, finer ones emptied', () => {
    assert.equal(reducePlaceLevels('Glamis Castle,,Angus,Scotland'), ',,Angus,Scotland');
    assert.equal(reducePlaceLevels('Buckingham,Palace,Music Room,England'), ',,Music Room,England');
    assert.equal(reducePlaceLevels('Springfield, Sangamon, Illinois, USA'), ', , Illinois, USA');
    assert.equal(reducePlaceLevels('12 Main Street, Springfield'), ', Springfield');
    assert.equal(reducePlaceLevels('England'), 'England');
    assert.equal(reducePlaceLevels('1423 Elm Street'), '');
    assert.equal(placeText(',,Angus,Scotland'), 'Angus, Scotland');
  });

  it('PII patterns never reach across a line end', () => {
    // The old pattern read "1931⏎2 PLAC Portman Square" as one street address.
    for (const m of scanPii('2 DATE 4 JAN 1931\n2 PLAC Portman Square,London,England'))
      assert.doesNotMatch(m.match, /\n|1931/);
    assert.deepEqual(scanPii('call 555\n123-4567'), []);
    assert.equal(scanPii('lives at 12 Portman Square, London')[0]?.kind, 'street_address');
    assert.equal(scanPii('call 555 123-4567')[0]?.kind, 'phone');
  });
});
