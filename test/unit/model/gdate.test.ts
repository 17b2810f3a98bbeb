import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import {
  AFTER_SPAN_YEARS,
  APPROXIMATE_SPAN_YEARS,
  BEFORE_SPAN_YEARS,
  approximateDecade,
  compareGDate,
  formatGDate,
  isoRange,
  overlaps,
  parseGDate,
  yearRange,
  type GDate,
} from '../../../src/model/gdate';

/** kind, calendar and ISO span of a parse, in one comparable line. */
function summary(text: string): string {
  const d = parseGDate(text);
  const r = isoRange(d);
  return `${d.kind} ${d.calendar} ${r.earliest ?? '-'}..${r.latest ?? '-'}`;
}

describe('gdate: parseGDate', () => {
  it('exports the widening constants the brief fixes', () => {
    assert.equal(APPROXIMATE_SPAN_YEARS, 5);
    assert.equal(BEFORE_SPAN_YEARS, 100);
    assert.equal(AFTER_SPAN_YEARS, 100);
  });

  const cases: [string, string][] = [
    // exact, at each precision
    ['12 MAY 1890', 'exact gregorian 1890-05-12..1890-05-12'],
    ['MAY 1890', 'exact gregorian 1890-05..1890-05'],
    ['1890', 'exact gregorian 1890..1890'],
    ['04 APR 1996            ', 'exact gregorian 1996-04-04..1996-04-04'],
    ['AFT 90', 'after gregorian 0090..0190'],
    // approximations
    ['ABT 1850', 'about gregorian 1845..1855'],
    ['EST 1850', 'estimated gregorian 1845..1855'],
    ['CAL 3 MAR 1850', 'calculated gregorian 1849-03-03..1851-03-03'],
    ['ABT    1943', 'about gregorian 1938..1948'],
    // open ranges
    ['BEF 1900', 'before gregorian 1800..1900'],
    ['AFT 1850', 'after gregorian 1850..1950'],
    ['BEF 29 FEB 1600', 'before gregorian 1500-02-28..1600-02-29'],
    ['FROM 1900', 'from gregorian 1900..2000'],
    ['TO 1900', 'to gregorian 1800..1900'],
    // closed ranges
    ['BET 1861 AND 1865', 'between gregorian 1861..1865'],
    ['BET MAY 1979 AND AUG 1979', 'between gregorian 1979-05..1979-08'],
    ['FROM 1 JAN 1980 TO 1 FEB 1982', 'fromTo gregorian 1980-01-01..1982-02-01'],
    ['FROM APR 2000 TO 5 MAR 2001', 'fromTo gregorian 2000-04..2001-03-05'],
    ['BET 1950 AND 302', 'between gregorian 0302..1950'],
    ['from 1900 to 1905', 'fromTo gregorian 1900..1905'],
    // interpreted
    ['INT 31 DEC 1997 (a test)', 'interpreted gregorian 1997-12-31..1997-12-31'],
    // a dual date is one day of the new-style year (Jan–Mar); a year alone is that quarter
    ['1750/51', 'exact gregorian 1751-01-01..1751-03-24'],
    ['11 FEB 1750/51', 'exact gregorian 1751-02-11..1751-02-11'],
    ['3 MAR 1712/13', 'exact gregorian 1713-03-03..1713-03-03'],
    ['MAR 1712/13', 'exact gregorian 1713-03..1713-03'],
    ['27 OCT 1699/00', 'exact gregorian 1699-10-27..1700-10-27'],
    ['16 JAN 1606/7', 'exact gregorian 1607-01-16..1607-01-16'],
    ['12 MAR 1637/1638', 'exact gregorian 1638-03-12..1638-03-12'],
    ['12 MAR 1637/1639', 'exact gregorian 1637-03-12..1639-03-12'],
    ['28 Jan 1456-1457', 'exact gregorian 1456-01-28..1457-01-28'],
    // calendars
    ['@#DJULIAN@ 11 FEB 1750/51', 'exact julian 1751-02-11..1751-02-11'],
    ['JULIAN OCT 1401', 'exact julian 1401-10..1401-10'],
    ['@#DGREGORIAN@ 1 JAN 1900', 'exact gregorian 1900-01-01..1900-01-01'],
    ['GREGORIAN 12 AUG 1401', 'exact gregorian 1401-08-12..1401-08-12'],
    ['@#DHEBREW@ 2 TVT 5758', 'exact hebrew 1997..1998'],
    ['HEBREW 5758', 'exact hebrew 1997..1998'],
    ['HEBREW TSH 5758', 'exact hebrew 1997..1997'],
    ['HEBREW NSN 5758', 'exact hebrew 1998..1998'],
    ['@#DFRENCH R@ 5 VEND 0010', 'exact french 1801..1801'],
    ['FRENCH_R 27 THER 77', 'exact french 1869..1869'],
    ['FRENCH_R 2', 'exact french 1793..1794'],
    ['2 TVT 5758', 'exact hebrew 1997..1998'],
    ['BET JULIAN 1700 AND GREGORIAN 1720', 'between julian 1700..1720'],
    ['_UNKNOWN 87', 'exact unknown -..-'],
    // epochs (astronomical years: 1 BC is year 0)
    ['5 AUG 1100 B.C.', 'exact gregorian -1099-08-05..-1099-08-05'],
    ['EST 1230 BCE', 'estimated gregorian -1234..-1224'],
    ['44 BC', 'exact gregorian -0043..-0043'],
    ['1 BC', 'exact gregorian 0000..0000'],
    ['27 AD', 'exact gregorian 0027..0027'],
    // case and forgiving human forms
    ['12 may 1890', 'exact gregorian 1890-05-12..1890-05-12'],
    ['FROM Jan 1820 TO DEC 1825', 'fromTo gregorian 1820-01..1825-12'],
    ['1890-05-12', 'exact gregorian 1890-05-12..1890-05-12'],
    ['1890-05', 'exact gregorian 1890-05..1890-05'],
    ['May 12, 1890', 'exact gregorian 1890-05-12..1890-05-12'],
    ['12 May 1890', 'exact gregorian 1890-05-12..1890-05-12'],
    ['20 November 2007', 'exact gregorian 2007-11-20..2007-11-20'],
    ['c. 1850', 'about gregorian 1845..1855'],
    ['c1850', 'about gregorian 1845..1855'],
    ['about 1850', 'about gregorian 1845..1855'],
    ['circa 1850', 'about gregorian 1845..1855'],
    ['ABT. 1915', 'about gregorian 1910..1920'],
    ['1322?', 'about gregorian 1317..1327'],
    ['before 1900', 'before gregorian 1800..1900'],
    ['after 1850', 'after gregorian 1850..1950'],
    ['BET. 1924 - 1926', 'between gregorian 1924..1926'],
    ['between 1850 and 1860', 'between gregorian 1850..1860'],
    ['1850-1860', 'between gregorian 1850..1860'],
    ['1850s', 'between gregorian 1850..1859'],
    ["1850's", 'between gregorian 1850..1859'],
    // a day the month does not have keeps the month, not an invented day
    ['31 NOV 1900', 'exact gregorian 1900-11..1900-11'],
    ['29 FEB 1700', 'exact gregorian 1700-02..1700-02'],
    ['@#DJULIAN@ 29 FEB 1700', 'exact julian 1700-02-29..1700-02-29'],
    // text kept as phrase, without a span
    ['(No idea of the date)', 'phrase unknown -..-'],
    ['Deceased', 'phrase unknown -..-'],
    ['21 NOV 1952 IF', 'phrase unknown -..-'],
    ['BET 2 JUL 1959 AND MAR', 'phrase unknown -..-'],
    ['20 MAR', 'phrase unknown -..-'],
    ['1890-13-01', 'phrase unknown -..-'],
    ['', 'empty unknown -..-'],
    ['   ', 'empty unknown -..-'],
  ];
  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text)} → ${expected}`, () => {
      assert.equal(summary(text), expected);
      assert.equal(formatGDate(parseGDate(text)), text);
    });
  }

  it('keeps the free text of phrases and interpretations as written', () => {
    assert.equal(parseGDate('(No idea of the date)').phrase, 'No idea of the date');
    assert.equal(parseGDate('Machine operator, Ford Motor Co.').phrase, 'Machine operator, Ford Motor Co.');
    const int = parseGDate('INT 2 TVT 5758 (interpreted Hebrew date)');
    assert.equal(int.kind, 'interpreted');
    assert.equal(int.calendar, 'hebrew');
    assert.equal(int.phrase, 'interpreted Hebrew date');
  });

  it('records the dual year as written', () => {
    assert.equal(parseGDate('11 FEB 1750/51').dual, '51');
    assert.equal(parseGDate('BET 5 APR 1712/13 AND 28 SEP 1714/15').dual, '13');
    assert.equal(parseGDate('1750').dual, undefined);
  });

  it('never throws, whatever it is given', () => {
    for (const v of [
      undefined,
      null,
      42,
      {},
      '(',
      ')',
      '((x))',
      '@#D',
      'INT',
      'INT (x)',
      'BET AND',
      'FROM TO',
      '9'.repeat(500),
    ]) {
      const d = parseGDate(v as string);
      assert.ok(d.kind === 'phrase' || d.kind === 'empty' || d.earliest !== undefined, inspect(v));
    }
  });
});

describe('gdate: operations', () => {
  const g = (s: string): GDate => parseGDate(s);

  it('compareGDate orders by earliest, then latest, undated last', () => {
    const sorted = ['(unknown)', 'ABT 1850', '1850', 'BEF 1850', 'MAY 1850', '12 MAY 1850', '1851']
      .map(g)
      .sort(compareGDate)
      .map(formatGDate);
    assert.deepEqual(sorted, ['BEF 1850', 'ABT 1850', '1850', 'MAY 1850', '12 MAY 1850', '1851', '(unknown)']);
  });

  it('yearRange accepts a GDate or a string', () => {
    assert.deepEqual(yearRange('ABT 1850'), { min: 1845, max: 1855 });
    assert.deepEqual(yearRange(g('12 MAY 1890')), { min: 1890, max: 1890 });
    assert.deepEqual(yearRange('Deceased'), {});
  });

  it('overlaps compares spans, with slack, and treats undated as overlapping', () => {
    assert.equal(overlaps(g('1850'), g('ABT 1853')), true);
    assert.equal(overlaps(g('1850'), g('1860')), false);
    assert.equal(overlaps(g('1850'), g('1860'), 10), true);
    assert.equal(overlaps(g('1850'), g('1860'), 9), false);
    assert.equal(overlaps(g('12 MAY 1890'), g('MAY 1890')), true);
    assert.equal(overlaps(g('12 MAY 1890'), g('13 MAY 1890')), false);
    assert.equal(overlaps(g('Deceased'), g('1850')), true);
    assert.equal(overlaps(g('BEF 1900'), g('AFT 1900')), true);
  });

  it('isoRange gives YYYY, YYYY-MM or YYYY-MM-DD', () => {
    assert.deepEqual(isoRange(g('BET MAY 1979 AND 3 AUG 1980')), { earliest: '1979-05', latest: '1980-08-03' });
    assert.deepEqual(isoRange(g('(x)')), {});
  });

  it('approximateDecade names the decade a date centres in', () => {
    assert.equal(approximateDecade(g('12 MAY 1953')), '1950s');
    assert.equal(approximateDecade(g('ABT 1950')), '1950s');
    assert.equal(approximateDecade(g('BET 1948 AND 1951')), '1940s');
    assert.equal(approximateDecade(g('Deceased')), undefined);
    assert.equal(approximateDecade(g('44 BC')), undefined);
  });
});
