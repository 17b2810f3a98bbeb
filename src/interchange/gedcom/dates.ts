/**
 * DATE payload conversion between GEDCOM 5.5.1 and 7.0 (calendar escapes, INT, phrases, BC, dual
 * years), and normalisation to each version's date grammar: the sloppy forms programs write
 * ("ABT. 1886", "BET. 1794 - 1796", "about March 1850") become the standard ones; a 7.0 value that
 * still does not fit the grammar is written as an empty DATE with the text as its PHRASE.
 */

export interface Date7 {
  date: string;
  phrase?: string;
}

const ESC_TO_7: Record<string, string> = {
  '@#DGREGORIAN@': 'GREGORIAN',
  '@#DJULIAN@': 'JULIAN',
  '@#DHEBREW@': 'HEBREW',
  '@#DFRENCH R@': 'FRENCH_R',
  '@#DROMAN@': '',
  '@#DUNKNOWN@': '',
};
const CAL_TO_5: Record<string, string> = {
  GREGORIAN: '@#DGREGORIAN@',
  JULIAN: '@#DJULIAN@',
  HEBREW: '@#DHEBREW@',
  FRENCH_R: '@#DFRENCH R@',
};

const MONTHS: Record<string, string[]> = {
  GREGORIAN: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  FRENCH_R: ['VEND', 'BRUM', 'FRIM', 'NIVO', 'PLUV', 'VENT', 'GERM', 'FLOR', 'PRAI', 'MESS', 'THER', 'FRUC', 'COMP'],
  HEBREW: ['TSH', 'CSH', 'KSL', 'TVT', 'SHV', 'ADR', 'ADS', 'NSN', 'IYR', 'SVN', 'TMZ', 'AAV', 'ELL'],
};
MONTHS.JULIAN = MONTHS.GREGORIAN!;

const LONG_MONTH: Record<string, string> = {
  JANUARY: 'JAN',
  FEBRUARY: 'FEB',
  MARCH: 'MAR',
  APRIL: 'APR',
  JUNE: 'JUN',
  JULY: 'JUL',
  AUGUST: 'AUG',
  SEPTEMBER: 'SEP',
  SEPT: 'SEP',
  OCTOBER: 'OCT',
  NOVEMBER: 'NOV',
  DECEMBER: 'DEC',
};
const WORDS: Record<string, string> = {
  ABOUT: 'ABT',
  CIRCA: 'ABT',
  CA: 'ABT',
  C: 'ABT',
  APPROX: 'ABT',
  APPROXIMATELY: 'ABT',
  BEFORE: 'BEF',
  AFTER: 'AFT',
  BETWEEN: 'BET',
  ESTIMATED: 'EST',
  CALCULATED: 'CAL',
};

/** Upper case, single spaces, qualifiers without their dot, long month and qualifier words shortened. */
function tidy(v: string): string {
  let s = v.trim().replace(/\s+/g, ' ').toUpperCase();
  s = s.replace(
    /\b(ABT|ABOUT|CIRCA|CA|C|APPROX|EST|CAL|BET|BEF|AFT|FROM|TO|AND|INT|JAN|FEB|MAR|APR|JUN|JUL|AUG|SEP|SEPT|OCT|NOV|DEC)\.(?=\s|\d|$)/g,
    '$1 ',
  );
  s = s.replace(/\s+/g, ' ').trim();
  s = s.replace(/\b[A-Z]+\b/g, (w) => LONG_MONTH[w] ?? WORDS[w] ?? w);
  // "BET 1794 - 1796", "BET 1794-1796": a range written with a dash.
  s = s.replace(/^BET (.+?) ?- ?(\d.*)$/, 'BET $1 AND $2');
  return s;
}

/** One date of the 7.0 grammar: [calendar] [[day] month] year [BCE], months of its calendar. */
function isDate7(s: string): boolean {
  const t = s.split(' ');
  let cal = 'GREGORIAN';
  if (t[0] && (MONTHS[t[0]] || /^_[A-Z0-9_]+$/.test(t[0]))) cal = t.shift()!;
  if (t[t.length - 1] === 'BCE') t.pop();
  const year = t.pop();
  if (!year || !/^\d+$/.test(year)) return false;
  if (!t.length) return true;
  const month = t.pop()!;
  if (!(MONTHS[cal] ?? []).includes(month) && !(cal.startsWith('_') && /^[A-Z_][A-Z0-9_]*$/.test(month))) return false;
  if (!t.length) return true;
  const day = t.pop()!;
  return !t.length && /^\d{1,2}$/.test(day) && Number(day) >= 1 && Number(day) <= 31;
}

/** Whether a value fits GEDCOM 7.0's DateValue grammar (empty included). */
export function isDateValue7(v: string): boolean {
  if (v === '') return true;
  let m: RegExpExecArray | null;
  if ((m = /^FROM (.+?)(?: TO (.+))?$/.exec(v))) return isDate7(m[1]) && (m[2] === undefined || isDate7(m[2]));
  if ((m = /^BET (.+) AND (.+)$/.exec(v))) return isDate7(m[1]) && isDate7(m[2]);
  if ((m = /^(?:TO|AFT|BEF|ABT|CAL|EST) (.+)$/.exec(v))) return isDate7(m[1]);
  return isDate7(v);
}

/**
 * A decade as the Censor's free-text pass wrote it into a date ("1950s", and in cases written
 * before the date rule knew vague dates that name a day, "EST 1960s"): GEDCOM has no decade form,
 * so it is said as the range it means ("BET 1960 AND 1969"; AFT/BEF keep their side). Other values
 * are returned as they are.
 */
export function censorDecadeAsRange(v: string): string {
  const m = /^(?:(ABT|EST|CAL|AFT|BEF) )?(\d{3})0s$/.exec(v.trim().replace(/\s+/g, ' '));
  if (!m) return v;
  if (m[1] === 'AFT') return `AFT ${m[2]}0`;
  if (m[1] === 'BEF') return `BEF ${m[2]}9`;
  return `BET ${m[2]}0 AND ${m[2]}9`;
}

/** A 5.5.1 date value → a 7.0 DATE payload (and PHRASE when 7.0 cannot say it). */
export function dateTo7(v: string): Date7 {
  let s = v.trim().replace(/\s+/g, ' ');
  const paren = /^(?:INT\s+)?(.*?)\s*\((.*)\)\s*$/i.exec(s);
  let phrase: string | undefined;
  if (paren) {
    s = paren[1].trim();
    phrase = paren[2].trim();
  }
  let dual = false;
  s = s.replace(/@#D[A-Z ]+@/gi, (m) => {
    const c = ESC_TO_7[m.toUpperCase()];
    return c === undefined ? '' : c;
  });
  s = s.replace(/\b(\d{3,4})\/(\d{2})\b/g, (_m, y: string) => {
    dual = true;
    return y;
  });
  s = s
    .replace(/\s*B\.?\s*C\.?(E\.?)?$/i, ' BCE')
    .replace(/\s+/g, ' ')
    .trim();
  s = tidy(s);
  if (dual && !phrase) phrase = v.trim();
  if (isDateValue7(s)) return { date: s, ...(phrase ? { phrase } : {}) };
  // A decade as written ("1960S"): the range it means, the words kept as its phrase.
  const decade = /^(\d{3})0'?S$/.exec(s);
  if (decade) return { date: `BET ${decade[1]}0 AND ${decade[1]}9`, phrase: phrase ?? v.trim() };
  // Not a 7.0 date: the text goes to PHRASE, the DATE stays empty (what the grammar allows).
  return { date: '', phrase: phrase ?? v.trim() };
}

/** A 7.0 DATE payload (+ PHRASE) → a 5.5.1 date value, sloppy forms normalised when the result is standard. */
export function dateTo5(v: string, phrase?: string): string {
  let s = v
    .trim()
    .replace(/\b(GREGORIAN|JULIAN|HEBREW|FRENCH_R)\b\s*/g, (_m, c: string) => `${CAL_TO_5[c]} `)
    .replace(/\bBCE\b/g, 'B.C.')
    .trim();
  s = normalise5(s);
  if (phrase) s = s ? `INT ${s} (${phrase})` : `(${phrase})`;
  return s;
}

/**
 * A 5.5.1 value in its standard form when tidying gives one ("ABT. 1886" → "ABT 1886",
 * "BET. 1794 - 1796" → "BET 1794 AND 1796"); otherwise as written (5.5.1 readers keep unknown
 * text as a text date, which is what the original file gave them too).
 */
export function normalise5(v: string): string {
  if (!v || /[()@/]/.test(v) || /B\.C\./.test(v)) return v;
  const t = tidy(v);
  return isDateValue7(t) ? t : v;
}
