import assert from 'node:assert/strict';
import fc from 'fast-check';
import { birthFromAge, parseAge } from '../../../src/model/age';
import { overlaps, parseGDate, yearRange } from '../../../src/model/gdate';
import { compatibleValues } from '../../../src/agents/analyst/conflicts';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

describe('ages as written', () => {
  const cases: [number | string, number, number | undefined, boolean][] = [
    [67, 67, 67, false],
    ['67', 67, 67, false],
    ['aged 67 years', 67, 67, false],
    ['abt 40', 40, 40, true],
    ['c. 40', 40, 40, true],
    ['40?', 40, 40, true],
    ['in his 80th year', 79, 79, false],
    ['in her 67th year', 66, 66, false],
    ['in the 80th year of his age', 79, 79, false],
    ['im 80. Lebensjahr', 79, 79, false],
    ['aged 3 months', 0, 0, false],
    ['10 days', 0, 0, false],
    ['67y 3m 2d', 67, 67, false],
    ['1 year 6 months', 1, 1, false],
    ['infant', 0, 0, false],
    ['of full age', 21, undefined, false],
    ['minor', 0, 20, false],
    ['10/12', 0, 0, false],
    ['1 3/12', 1, 1, false],
  ];
  for (const [written, min, max, approx] of cases) {
    it(`${JSON.stringify(written)} → ${min}${max === min ? '' : `..${max ?? ''}`} completed years`, () => {
      const a = parseAge(written)!;
      assert.ok(a, String(written));
      assert.equal(a.min, min);
      assert.equal(a.max, max);
      assert.equal(a.approximate, approx);
      assert.ok(a.how.startsWith(String(written)), a.how);
    });
  }

  it('is not an age: words that are not one', () => {
    for (const s of ['at the age of reason', 'unknown', '', 'widow', '13/12', '3/4'])
      assert.equal(parseAge(s), undefined, s);
  });

  it('a US census infant’s "10/12" on 8 June 1880 was born about August 1879', () => {
    assert.equal(birthFromAge(parseAge('10/12')!, '8 JUN 1880')?.date, 'CAL AUG 1879');
  });

  it('a birth calculated from an age at a dual date uses the new-style year', () => {
    assert.equal(birthFromAge(parseAge('in his 80th year')!, '3 MAR 1712/13')?.date, 'CAL 1634');
    assert.equal(birthFromAge(parseAge(67)!, '1880')?.date, 'CAL 1813');
    assert.equal(birthFromAge(parseAge('abt 40')!, '1850')?.date, 'ABT 1810');
    assert.equal(birthFromAge(parseAge('aged 3 months')!, '3 MAR 1712/13')?.date, 'CAL DEC 1712');
    assert.equal(birthFromAge(parseAge('of full age')!, '1850'), undefined, 'open-ended: no birth');
    assert.equal(birthFromAge(parseAge('minor')!, '1850'), undefined, 'too wide to calculate');
  });

  it('property: "in his Nth year" is N − 1 completed years and the birth year is the event year − (N − 1)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 110 }),
        fc.integer({ min: 1600, max: 1750 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 28 }),
        (n, y, m, d) => {
          const a = parseAge(`in his ${n}th year`)!;
          assert.equal(a.min, n - 1);
          assert.equal(
            birthFromAge(a, `${d} ${MONTHS[m - 1]} ${y}/${String((y + 1) % 100).padStart(2, '0')}`)?.date,
            `CAL ${y + 1 - (n - 1)}`,
          );
        },
      ),
    );
  });
});

describe('dual dates are one day', () => {
  it('3 MAR 1712/13 is 3 March 1713, agrees with itself written plainly, not with 1713/14', () => {
    const g = parseGDate('3 MAR 1712/13');
    assert.deepEqual(
      [g.earliest, g.latest],
      [
        { year: 1713, month: 3, day: 3 },
        { year: 1713, month: 3, day: 3 },
      ],
    );
    assert.equal(g.dual, '13');
    assert.equal(g.original, '3 MAR 1712/13', 'kept as written');
    assert.ok(overlaps('3 MAR 1712/13', '3 MAR 1713'));
    assert.ok(!overlaps('3 MAR 1712/13', '3 MAR 1713/14'), 'a different day of 1713/14 does not agree');
    assert.ok(!overlaps('3 MAR 1712/13', '5 MAR 1713'));
    assert.ok(!overlaps('3 MAR 1712/13', '3 MAR 1712'), 'the old-style reading is not a second candidate');
    assert.deepEqual(yearRange('3 MAR 1712/13'), { min: 1713, max: 1713 });
    assert.equal(parseGDate('@#DJULIAN@ 14 FEB 1730/31').calendar, 'julian', 'a Julian date keeps its calendar');
  });

  it('the conflict view: a dual day agrees with the same day written plainly, competes with another day of 1713/14', () => {
    assert.ok(compatibleValues('baptism.date', '3 MAR 1712/13', '3 MAR 1713'));
    assert.ok(compatibleValues('baptism.date', '3 MAR 1712/13', 'MAR 1713'));
    assert.ok(compatibleValues('baptism.date', '3 MAR 1712/13', '1713'));
    assert.ok(!compatibleValues('baptism.date', '3 MAR 1712/13', '5 MAR 1713/14'));
    assert.ok(!compatibleValues('baptism.date', '3 MAR 1712/13', '3 MAR 1713/14'));
    assert.ok(!compatibleValues('baptism.date', '3 MAR 1712/13', '1714'));
  });

  it('property: a dual day of Jan–Mar overlaps only the same day of the later year', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1582, max: 1751 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: -400, max: 400 }),
        (y, m, d, shift) => {
          const dual = `${d} ${MONTHS[m - 1]} ${y}/${String((y + 1) % 100).padStart(2, '0')}`;
          assert.ok(overlaps(dual, `${d} ${MONTHS[m - 1]} ${y + 1}`), dual);
          const other = new Date(Date.UTC(y + 1, m - 1, d + (shift || 1)));
          const text = `${other.getUTCDate()} ${MONTHS[other.getUTCMonth()]} ${other.getUTCFullYear()}`;
          assert.ok(!overlaps(dual, text), `${dual} vs ${text}`);
          assert.deepEqual(yearRange(dual), { min: y + 1, max: y + 1 });
        },
      ),
      { numRuns: 500 },
    );
  });
});
