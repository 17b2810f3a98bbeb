import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compareGDate, overlaps, parseGDate } from '../../../src/model/gdate';
import { daysInMonth, endKey, startKey } from '../../../src/model/gdate/calendar';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A valid single Gregorian/Julian date: [calendar] [[day] month] year[/dual] [epoch]. */
const singleDate = fc
  .record({
    calendar: fc.constantFrom('', '@#DGREGORIAN@ ', 'GREGORIAN ', '@#DJULIAN@ ', 'JULIAN '),
    year: fc.integer({ min: 1, max: 2100 }),
    month: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
    day: fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }),
    dual: fc.boolean(),
    bc: fc.constantFrom('', ' B.C.', ' BCE'),
  })
  .map(({ calendar, year, month, day, dual, bc }) => {
    const julian = calendar.includes('JULIAN');
    const d =
      month !== undefined && day !== undefined
        ? Math.min(day, daysInMonth(year, month, julian ? 'julian' : 'gregorian'))
        : undefined;
    const dualText = dual && !julian && bc === '' ? `/${String((year + 1) % 100).padStart(2, '0')}` : '';
    const parts = [
      month !== undefined && d !== undefined ? String(d) : '',
      month !== undefined ? MONTHS[month - 1] : '',
      `${year}${dualText}${bc}`,
    ];
    return calendar + parts.filter(Boolean).join(' ');
  });

const dateValue = fc.oneof(
  singleDate,
  fc.tuple(fc.constantFrom('ABT', 'EST', 'CAL', 'BEF', 'AFT', 'FROM', 'TO'), singleDate).map(([q, d]) => `${q} ${d}`),
  fc.tuple(singleDate, singleDate).map(([a, b]) => `BET ${a} AND ${b}`),
  fc.tuple(singleDate, singleDate).map(([a, b]) => `FROM ${a} TO ${b}`),
  singleDate.map((d) => `INT ${d} (as read)`),
);

const anyText = fc.oneof(dateValue, fc.string(), fc.constantFrom('(unknown)', 'Deceased', ''));

describe('gdate: properties', () => {
  it('valid dates parse to a span with earliest ≤ latest', () => {
    fc.assert(
      fc.property(dateValue, (v) => {
        const d = parseGDate(v);
        assert.notEqual(d.kind, 'phrase', v);
        assert.ok(d.earliest && d.latest, v);
        assert.ok(startKey(d.earliest) <= endKey(d.latest), v);
      }),
      { numRuns: 2000 },
    );
  });

  it('a qualifier only ever widens the span of the bare date', () => {
    fc.assert(
      fc.property(singleDate, fc.constantFrom('ABT', 'EST', 'CAL', 'BEF', 'AFT', 'FROM', 'TO'), (v, q) => {
        const bare = parseGDate(v);
        const wide = parseGDate(`${q} ${v}`);
        assert.ok(startKey(wide.earliest!) <= startKey(bare.earliest!), `${q} ${v}`);
        assert.ok(endKey(wide.latest!) >= endKey(bare.latest!), `${q} ${v}`);
      }),
    );
  });

  it('overlaps is symmetric', () => {
    fc.assert(
      fc.property(anyText, anyText, fc.integer({ min: 0, max: 20 }), (a, b, slack) => {
        assert.equal(overlaps(parseGDate(a), parseGDate(b), slack), overlaps(parseGDate(b), parseGDate(a), slack));
      }),
      { numRuns: 2000 },
    );
  });

  it('a date overlaps itself', () => {
    fc.assert(fc.property(anyText, (a) => assert.ok(overlaps(parseGDate(a), parseGDate(a)))));
  });

  it('compareGDate is antisymmetric and consistent with itself', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        const x = parseGDate(a);
        const y = parseGDate(b);
        assert.equal(Math.sign(compareGDate(x, y)) + Math.sign(compareGDate(y, x)), 0, `${a} vs ${b}`);
        assert.equal(compareGDate(x, x), 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('parseGDate never throws and always prints back its input', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.string({ unit: 'binary' })), (s) => {
        assert.equal(parseGDate(s).original, s);
      }),
      { numRuns: 2000 },
    );
  });
});
