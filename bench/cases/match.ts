/**
 * Comparing values the way a reader of the case would: names (as written vs as filed), GEDCOM-like
 * dates (a dual-dated day is one day of the later year; a coarser output value is not the preferred
 * precise one) and places (the same place written with more or fewer jurisdictions).
 */
import { latinLetters } from '../../src/model/names/fold';

const TITLES = new Set([
  'mr',
  'mrs',
  'miss',
  'ms',
  'dr',
  'rev',
  'revd',
  'sr',
  'jr',
  'the',
  'late',
  'and',
  'mister',
  'madam',
  'widow',
  'wid',
  'herr',
  'frau',
  'pani',
  'pan',
]);

/** Lower case, no diacritics, no punctuation, letters like ł and ß spelt out, Cyrillic and Greek in Latin letters. */
export function fold(s: string): string {
  return latinLetters(s)
    .replace(/[łŁ]/g, 'l')
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/[æÆ]/g, 'ae')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface SplitName {
  given: string[];
  surname: string;
}

/** "Given /Surname/", "Given Surname" or "Surname, Given" → folded tokens; titles dropped. */
export function splitName(written: string): SplitName {
  const slash = /^(.*?)\/(.*?)\/(.*)$/.exec(written);
  if (slash) return { given: tokens(slash[1]), surname: fold(slash[2]) };
  const comma = /^([^,]+),(.+)$/.exec(written);
  if (comma) return { given: tokens(comma[2]), surname: fold(comma[1]) };
  const t = tokens(written);
  if (t.length < 2) return { given: t, surname: '' };
  // Surname particles belong to the surname: "Jan de Vries", "Ludwig van der Berg". An initial is
  // not one: the "O." of "Ole O. Haugen" is his father's name, not the O' of O'Sullivan.
  const initials = new Set(
    written
      .replace(/\(([^)]*)\)/g, ' $1 ')
      .split(/\s+/)
      .filter((w) => /^\p{L}\.$/u.test(w))
      .map((w) => fold(w)),
  );
  let i = t.length - 1;
  while (i > 1 && PARTICLES.has(t[i - 1]) && !initials.has(t[i - 1])) i -= 1;
  return { given: t.slice(0, i), surname: t.slice(i).join(' ') };
}

const PARTICLES = new Set([
  // Irish O' ("Timothy O'Sullivan", folded "o sullivan") and d' ("d'Arcy") are part of the surname.
  'o',
  'd',
  'de',
  'van',
  'der',
  'den',
  'von',
  'ter',
  'ten',
  'te',
  'la',
  'le',
  'du',
  'di',
  'da',
  'del',
  'dos',
  'zu',
]);

function tokens(s: string): string[] {
  return fold(s.replace(/\(([^)]*)\)/g, ' $1 '))
    .split(' ')
    .filter((t) => t && !TITLES.has(t));
}

/** True when a name is no identity at all: a title alone, or a given name without a surname. */
export function isJunkName(given: string, surname: string): boolean {
  const g = tokens(given);
  const s = fold(surname)
    .split(' ')
    .filter((t) => t && !TITLES.has(t));
  return s.length === 0 || (g.length === 0 && s.length === 0);
}

function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  }
  return d[a.length][b.length];
}

/**
 * How well a name filed in a person file reads as a persona's written name: 3 the same name, 2 the
 * same surname and first given name, 1 the same surname and compatible given names (an initial or
 * abbreviation), 0 not this persona. Surnames may differ by a letter or two (Owen/Owens, Mróz/Mroz).
 */
export function nameScore(written: string, given: string, surname: string): number {
  const a = splitName(written);
  // "Manuel Domínguez Fernández" written without slashes: a Spanish or Portuguese name's two surnames
  // are read as the surname too, and the better reading counts.
  if (!/\//.test(written) && a.given.length >= 2 && a.surname && !a.surname.includes(' ')) {
    const first = a.given[a.given.length - 1];
    const two = { given: a.given.slice(0, -1), surname: `${first} ${a.surname}` };
    // A file under the first surname alone ("Manuel Domínguez") is the same name, written shorter.
    const short = Math.min(2, scoreSplit({ given: two.given, surname: first }, given, surname));
    return Math.max(scoreSplit(a, given, surname), scoreSplit(two, given, surname), short);
  }
  return scoreSplit(a, given, surname);
}

function scoreSplit(a: SplitName, given: string, surname: string): number {
  const b = { given: tokens(given), surname: fold(surname) };
  // A persona the record writes by its given name only ("Children: Susan 10, Peter 7"): the person
  // files citing the record are told apart by the given name alone, a file named as written first
  // (before, such a persona could never be placed, whatever surname the output filed it under).
  if (!a.surname) {
    if (!a.given.length || a.given.join(' ') !== b.given.join(' ')) return 0;
    return b.surname ? 1 : 2;
  }
  if (!b.surname) return 0;
  const sameSurname = a.surname === b.surname;
  if (!sameSurname && (Math.min(a.surname.length, b.surname.length) < 4 || editDistance(a.surname, b.surname) > 1))
    return 0;
  if (sameSurname && a.given.join(' ') === b.given.join(' ')) return 3;
  if (!a.given.length || !b.given.length) return 0;
  // "Peter J. Penner" is not a file named "Peter H. Penner": second given names or initials that differ.
  if (a.given.length > 1 && b.given.length > 1 && a.given[1][0] !== b.given[1][0]) return 0;
  if (a.given[0] === b.given[0]) return 2;
  const compatible = (x: string, y: string) =>
    x.length > 0 &&
    y.length > 0 &&
    (x.startsWith(y) || y.startsWith(x) || (x[0] === y[0] && (x.length <= 3 || y.length <= 3)));
  return compatible(a.given[0], b.given[0]) ? 1 : 0;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export interface DayParts {
  year?: number;
  month?: number;
  day?: number;
}

/** The first date in a GEDCOM-like phrase; "3 MAR 1712/13" is 3 March 1713. Qualifiers are ignored. */
export function parseDate(s: string): DayParts {
  const t = s.toUpperCase();
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const m = /(?:(\d{1,2})\s+)?(?:([A-Z]{3})[A-Z]*\.?\s+)?(\d{3,4})(?:\/(\d{1,2}))?/.exec(t);
  if (!m) return {};
  let year = Number(m[3]);
  if (m[4]) {
    const tail = Number(m[4]);
    const century = Math.floor(year / 100) * 100;
    const later = century + tail + (tail < year % 100 ? 100 : 0);
    if (later > year) year = later;
  }
  const month = m[2] ? MONTHS.indexOf(m[2].slice(0, 3)) + 1 || undefined : undefined;
  return { year, month, day: m[1] && month ? Number(m[1]) : undefined };
}

/** The output date carries the expected day, month and year (at least at the expected precision). */
export function sameDate(expected: string, got: string): boolean {
  const e = parseDate(expected);
  const g = parseDate(got);
  if (e.year === undefined || g.year !== e.year) return false;
  if (e.month !== undefined && g.month !== e.month) return false;
  if (e.day !== undefined && g.day !== e.day) return false;
  return true;
}

/** The same place written with more or fewer jurisdictions: same locality, no contradicting part. */
export function samePlace(expected: string, got: string): boolean {
  const parts = (s: string) => s.split(',').map(fold).filter(Boolean);
  const e = parts(expected);
  const g = parts(got);
  if (!e.length || !g.length || e[0] !== g[0]) return false;
  const [short, long] = e.length <= g.length ? [e, g] : [g, e];
  return short.every((p) => long.includes(p));
}

export function sameValue(field: string, expected: string, got: string): boolean {
  if (field.endsWith('.date')) return sameDate(expected, got);
  if (field.endsWith('.place')) return samePlace(expected, got);
  return fold(expected) === fold(got);
}

/** A regular expression finding a bait string in text, case-insensitive; for digits, any separators. */
export function baitPattern(text: string, digits: boolean): RegExp {
  if (digits) {
    const d = text.replace(/\D/g, '').split('');
    return new RegExp(`(?<![0-9A-Za-z])${d.join('[\\s().-]{0,2}')}(?![0-9A-Za-z])`);
  }
  const esc = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(esc, 'i');
}
