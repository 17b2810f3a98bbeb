import type { GCalendar, SimpleDate } from './types';

/** Gregorian/Julian month names: GEDCOM codes plus the spellings people type. */
const GREGORIAN_MONTHS: Record<string, number> = {};
[
  ['JAN', 'JANUARY'],
  ['FEB', 'FEBRUARY'],
  ['MAR', 'MARCH'],
  ['APR', 'APRIL'],
  ['MAY'],
  ['JUN', 'JUNE'],
  ['JUL', 'JULY'],
  ['AUG', 'AUGUST'],
  ['SEP', 'SEPT', 'SEPTEMBER'],
  ['OCT', 'OCTOBER'],
  ['NOV', 'NOVEMBER'],
  ['DEC', 'DECEMBER'],
].forEach((names, i) => names.forEach((n) => (GREGORIAN_MONTHS[n] = i + 1)));

const HEBREW_MONTHS = ['TSH', 'CSH', 'KSL', 'TVT', 'SHV', 'ADR', 'ADS', 'NSN', 'IYR', 'SVN', 'TMZ', 'AAV', 'ELL'];
const FRENCH_MONTHS = [
  'VEND',
  'BRUM',
  'FRIM',
  'NIVO',
  'PLUV',
  'VENT',
  'GERM',
  'FLOR',
  'PRAI',
  'MESS',
  'THER',
  'FRUC',
  'COMP',
];

/** What a month token says: its number and the calendar(s) it belongs to; 0 = extension month (_MONTH). */
export interface MonthToken {
  month: number;
  calendars: GCalendar[];
}

export function monthToken(token: string): MonthToken | undefined {
  const t = token.replace(/\.$/, '');
  const g = GREGORIAN_MONTHS[t];
  if (g !== undefined) return { month: g, calendars: ['gregorian', 'julian'] };
  const h = HEBREW_MONTHS.indexOf(t);
  if (h >= 0) return { month: h + 1, calendars: ['hebrew'] };
  const f = FRENCH_MONTHS.indexOf(t);
  if (f >= 0) return { month: f + 1, calendars: ['french'] };
  if (/^_[A-Z0-9_]+$/.test(t)) return { month: 0, calendars: ['gregorian', 'julian', 'hebrew', 'french', 'unknown'] };
  return undefined;
}

/** Calendar keywords: GEDCOM 7 words, 5.5.1 escapes, and extension calendars (no known conversion). */
export function calendarToken(token: string): GCalendar | undefined {
  const t = token
    .replace(/^@#D\s*/, '')
    .replace(/\s*@$/, '')
    .replace(/\s+/g, '_');
  const isEscape = token.startsWith('@#D') && token.endsWith('@');
  switch (t) {
    case 'GREGORIAN':
      return 'gregorian';
    case 'JULIAN':
      return 'julian';
    case 'HEBREW':
      return 'hebrew';
    case 'FRENCH_R':
      return 'french';
    case 'ROMAN':
    case 'UNKNOWN':
      return 'unknown';
  }
  if (isEscape || /^_[A-Z0-9_]+$/.test(t)) return 'unknown';
  return undefined;
}

function isLeap(year: number, calendar: GCalendar): boolean {
  if (calendar === 'julian') return year % 4 === 0;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number, calendar: GCalendar = 'gregorian'): number {
  if (month === 2) return isLeap(year, calendar) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A written date in some calendar, already validated by the parser. */
export interface WrittenDate {
  calendar: GCalendar;
  day?: number;
  month?: number; // 0 = extension month: known to exist, not convertible
  year: number; // as written (positive)
  bc: boolean;
  altYear?: number; // the other reading of a dual/alternative year, as written
  /** Written with a slash ("1712/13"): old-style/new-style dual dating, not an alternative ("1456-1457"). */
  dualSlash?: boolean;
}

/**
 * A dual date ("3 MAR 1712/13") is ONE day: the year began on 25 March in the old style, so a day
 * of 1 January–24 March written with both years falls in the later (new-style) year. Only a
 * genuine dual year (the second is the next year) in January–March is read so; a year alone
 * ("1712/13") is the first quarter of the new-style year. Anything else keeps both readings.
 */
function newStyleYear(d: WrittenDate): number | undefined {
  if (!d.dualSlash || d.altYear === undefined || d.bc || d.altYear !== d.year + 1) return undefined;
  if (d.month !== undefined && d.month > 3) return undefined;
  return d.altYear;
}

/** Astronomical year of a written year: 1 BC → 0. */
function astronomical(year: number, bc: boolean): number {
  return bc ? 1 - year : year;
}

/**
 * The Gregorian-ish span a written date covers. Gregorian and Julian dates keep their written
 * day and month (a Julian date is at most ~13 days off its Gregorian equivalent). A dual date
 * "11 FEB 1750/51" is one day of 1751 (see newStyleYear); an alternative "1456-1457" spans both.
 * Hebrew and French Republican dates are approximated by year: enough to compare and to block
 * candidates, without pulling in full calendar arithmetic. Extension calendars have no span.
 */
export function spanOf(d: WrittenDate): { earliest: SimpleDate; latest: SimpleDate } | undefined {
  const years = [d.year, ...(d.altYear !== undefined ? [d.altYear] : [])];
  switch (d.calendar) {
    case 'gregorian':
    case 'julian': {
      const ns = newStyleYear(d);
      if (ns !== undefined) {
        if (!d.month) return { earliest: simple(ns, 1, 1), latest: simple(ns, 3, 24) };
        const day = d.day ? d.day : undefined;
        return { earliest: simple(ns, d.month, day), latest: simple(ns, d.month, day) };
      }
      const astro = years.map((y) => astronomical(y, d.bc));
      const lo = Math.min(...astro);
      const hi = Math.max(...astro);
      const month = d.month ? d.month : undefined;
      const day = month && d.day ? d.day : undefined;
      return { earliest: simple(lo, month, day), latest: simple(hi, month, day) };
    }
    case 'hebrew': {
      // Hebrew year Y starts in the autumn of Gregorian year Y − 3761: Tishrei–Kislev fall in
      // Y − 3761, Tevet straddles the new year, Shevat–Elul fall in Y − 3760.
      const m = d.month ?? 0;
      const lo = Math.min(...years) - 3761 + (m >= 5 ? 1 : 0);
      const hi = Math.max(...years) - 3760 - (m >= 1 && m <= 3 ? 1 : 0);
      return { earliest: { year: lo }, latest: { year: hi } };
    }
    case 'french': {
      // Republican year Y runs 22 Sep (1791 + Y) to 21 Sep (1792 + Y): Vendémiaire–Frimaire in
      // the first Gregorian year, Nivôse straddles, Pluviôse–complementary days in the second.
      const m = d.month ?? 0;
      const lo = Math.min(...years) + 1791 + (m >= 5 ? 1 : 0);
      const hi = Math.max(...years) + 1792 - (m >= 1 && m <= 3 ? 1 : 0);
      return { earliest: { year: lo }, latest: { year: hi } };
    }
    default:
      return undefined;
  }
}

function simple(year: number, month?: number, day?: number): SimpleDate {
  const s: SimpleDate = { year };
  if (month !== undefined) s.month = month;
  if (day !== undefined) s.day = day;
  return s;
}

/** Move a date by whole years, keeping its precision (29 Feb clamps to 28 Feb in a common year). */
export function shiftYears(d: SimpleDate, years: number): SimpleDate {
  const out = simple(d.year + years, d.month, d.day);
  if (out.month !== undefined && out.day !== undefined) out.day = Math.min(out.day, daysInMonth(out.year, out.month));
  return out;
}

/** Sortable number for the first day a partial date can mean. */
export function startKey(d: SimpleDate): number {
  return d.year * 10000 + (d.month ?? 1) * 100 + (d.month !== undefined ? (d.day ?? 1) : 1);
}

/** Sortable number for the last day a partial date can mean. */
export function endKey(d: SimpleDate): number {
  return d.year * 10000 + (d.month ?? 12) * 100 + (d.month !== undefined ? (d.day ?? 31) : 31);
}
