/**
 * Ages as records write them ("67", "abt 40", "aged 3 months", "in his 80th year", "67y 3m 2d", a US
 * census's "10/12"),
 * read into completed years with the reading spelled out, and a birth date calculated from them.
 * "In his 80th year" is 79 completed years: the 80th year begins on the 79th birthday.
 */
import { parseGDate } from './gdate';

export interface StatedAge {
  /** The age as the record has it. */
  written: string;
  /** Completed years the age can mean: min = max for an exact age; an open bound is undefined. */
  min: number;
  max?: number;
  /** Parts of the age when it was written with months or days (an infant's age). */
  years?: number;
  months?: number;
  days?: number;
  /** Written as about ("abt 40", "c. 40", "40?"). */
  approximate: boolean;
  /** How it was read, for the log and the proof argument: "in his 80th year: 79 completed years". */
  how: string;
}

const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

function num(s: string): number | undefined {
  const w = WORD_NUMBERS[s.toLowerCase()];
  if (w !== undefined) return w;
  const n = Number(s.replace(/(st|nd|rd|th)$/i, ''));
  return Number.isFinite(n) ? n : undefined;
}

const APPROX =
  /^(?:abt\.?|about|c\.?|ca\.?|circa|approx\.?|approximately|~|etwa|ungefähr|environ|omtrent|ongeveer)\s*/i;
const LEAD = /^(?:aged?|age|at\s+age|agé(?:e)?\s+de|alt|im\s+alter\s+von|oud|ålder)\s*[:.]?\s*/i;

/** Reads an age as written; undefined when the text is not an age. */
export function parseAge(input: number | string | undefined): StatedAge | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0 || input > 150) return undefined;
    const years = Math.floor(input);
    return {
      written: String(input),
      min: years,
      max: years,
      approximate: false,
      how: `${input}: ${years} completed years`,
    };
  }
  const written = input.trim();
  if (!written) return undefined;
  let s = written.replace(/\s+/g, ' ');
  let approximate = false;
  if (/\?$/.test(s)) {
    approximate = true;
    s = s.replace(/\s*\?$/, '');
  }
  s = s.replace(LEAD, '');
  if (APPROX.test(s)) {
    approximate = true;
    s = s.replace(APPROX, '');
  }
  s = s.replace(LEAD, '');
  const say = (
    min: number,
    max: number | undefined,
    how: string,
    parts: Partial<Pick<StatedAge, 'years' | 'months' | 'days'>> = {},
  ): StatedAge => ({
    written,
    min,
    ...(max !== undefined ? { max } : {}),
    ...parts,
    approximate,
    how: `${written}: ${how}${approximate ? ' (about)' : ''}`,
  });
  let m: RegExpExecArray | null;
  // "in his 80th year", "in the 80th year of her age", "im 80. Lebensjahr", "in zijn 80ste jaar"
  if (
    (m = /^in\s+(?:his|her|the|their|zijn|haar)\s+(\d{1,3})(?:st|nd|rd|th|ste|de|e)?\s+year\b/i.exec(s)) ||
    (m = /^im\s+(\d{1,3})\.?\s+(?:lebens)?jahre?\b/i.exec(s))
  ) {
    const nth = Number(m[1]);
    if (nth >= 1 && nth <= 151)
      return say(nth - 1, nth - 1, `in the ${nth}th year of life = ${nth - 1} completed years`);
  }
  // Full age and minority: legal ages, bounds only.
  if (/^(?:of\s+)?full\s+age$|^majeur|^volljährig|^meerderjarig/i.test(s))
    return say(21, undefined, '"of full age": 21 or more');
  if (/^(?:a\s+)?minor$|^under\s+age$|^minderjährig|^minderjarig|^mineur/i.test(s))
    return say(0, 20, 'a minor: under 21');
  if ((m = /^(?:over|above|upwards\s+of)\s+(\d{1,3})$/i.exec(s)) || (m = /^(\d{1,3})\s*\+$/.exec(s)))
    return say(Number(m[1]), undefined, `over ${m[1]}`);
  if (/^(?:infant|newborn|new-born|stillborn|still-born|an infant)$/i.test(s))
    return say(0, 0, 'an infant: under one year', { years: 0 });
  // The US censuses of 1850–1880 write an infant's age in twelfths of a year: "10/12" is ten months.
  if ((m = /^(?:(\d{1,2})\s+)?(\d{1,2})\/12$/.exec(s)) && Number(m[2]) < 12) {
    const y = m[1] === undefined ? 0 : Number(m[1]);
    const mo = Number(m[2]);
    return say(y, y, `${y} completed years (${y ? `${y} y ` : ''}${mo} m: months written as twelfths)`, {
      ...(m[1] === undefined ? {} : { years: y }),
      months: mo,
    });
  }
  // "67", "67 years", "67y 3m 2d", "3 months", "10 days", "1 year 6 months", "two weeks"
  const unit =
    /(\d{1,3}(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*(years?|yrs?\.?|y\.?|jahre?|jaar|ans?|år|months?|mos?\.?|m\.?|monate?|maanden|mois|weeks?|wks?\.?|w\.?|days?|d\.?|tage?|dagen|jours?)?/gi;
  const rest = s
    .replace(/\b(?:old|of age|alt|oud)\b\.?/gi, '')
    .replace(/[,;]|\band\b|\bund\b|\ben\b|\bet\b/gi, ' ')
    .trim();
  let years: number | undefined;
  let months: number | undefined;
  let days: number | undefined;
  for (const u of rest.matchAll(unit)) {
    const n = num(u[1].replace(',', '.'));
    if (n === undefined) return undefined;
    const word = (u[2] ?? 'y').toLowerCase();
    const key = /^jour/.test(word) ? 'd' : word[0];
    if (key === 'y' || key === 'j' || key === 'a' || key === 'å') years = (years ?? 0) + n;
    else if (key === 'm') months = (months ?? 0) + n;
    else if (key === 'w') days = (days ?? 0) + n * 7;
    else if (key === 'd' || key === 't') days = (days ?? 0) + n;
  }
  if (years === undefined && months === undefined && days === undefined) return undefined;
  // Anything left that is not a unit means this is not an age we can read ("at the age of reason").
  if (rest.replace(unit, '').replace(/\s+/g, '').length) return undefined;
  const whole = Math.floor(years ?? 0) + Math.floor((months ?? 0) / 12);
  const parts: Partial<Pick<StatedAge, 'years' | 'months' | 'days'>> = {};
  if (years !== undefined) parts.years = years;
  if (months !== undefined) parts.months = months;
  if (days !== undefined) parts.days = days;
  const detail = months !== undefined || days !== undefined || !Number.isInteger(years ?? 0);
  return say(
    whole,
    whole,
    detail
      ? `${whole} completed years (${[years !== undefined ? `${years} y` : '', months !== undefined ? `${months} m` : '', days !== undefined ? `${days} d` : ''].filter(Boolean).join(' ')})`
      : `${whole} completed years`,
    detail ? parts : {},
  );
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The places the 1841 census of Great Britain, the Isle of Man and the Channel Islands counted. */
const BRITISH_1841 =
  /(?:^|,)\s*(?:england|wales|scotland|isle of man|jersey|guernsey|alderney|sark|channel islands|great britain|uk|united kingdom)\s*$/i;

/**
 * Years a census age may run above what is written because the census itself rounded it: the 1841
 * census of Great Britain told enumerators to round the ages of persons 15 and over down to a
 * multiple of 5, so its "25" is 25 to 29 completed years (4); 0 for every other record and age.
 */
export function censusRounding(
  completedYears: number,
  record: { recordType?: string; date?: string; place?: string },
): number {
  if (record.recordType !== 'census' || !record.date || !/\b1841\b/.test(record.date)) return 0;
  if (!record.place || !BRITISH_1841.test(record.place)) return 0;
  return completedYears >= 15 && completedYears % 5 === 0 ? 4 : 0;
}

/**
 * The birth date an age implies at an event's date, as a GEDCOM phrase ("CAL 1634", "ABT 1860",
 * "CAL DEC 1712", "BET 1840 AND 1845"), or undefined when the age is open-ended or the date has no year.
 * Whole years: the event's year minus the age (as before v2, so existing cases keep their dates);
 * months or days: counted back from the event's month.
 */
export function birthFromAge(age: StatedAge, eventDate: string | undefined): { date: string; how: string } | undefined {
  if (!eventDate || age.max === undefined) return undefined;
  const g = parseGDate(eventDate);
  if (!g.latest || !g.earliest) return undefined;
  const y = g.latest.year;
  const month = g.earliest.year === g.latest.year && g.earliest.month === g.latest.month ? g.latest.month : undefined;
  const at = `at ${eventDate}`;
  // A range wider than a few years ("a minor") says too little to calculate a birth from.
  if (age.max - age.min > 3) return undefined;
  if (age.min !== age.max) return { date: `BET ${y - age.max - 1} AND ${y - age.min}`, how: `${age.how}, ${at}` };
  const q = age.approximate ? 'ABT' : 'CAL';
  if ((age.months !== undefined || age.days !== undefined) && month !== undefined) {
    const back = Math.round((age.years ?? 0) * 12 + (age.months ?? 0) + (age.days ?? 0) / 30.44);
    const idx = y * 12 + (month - 1) - back;
    const by = Math.floor(idx / 12);
    const bm = idx - by * 12;
    return { date: age.min < 2 ? `${q} ${MONTHS[bm]} ${by}` : `${q} ${by}`, how: `${age.how}, ${at}` };
  }
  return { date: `${q} ${y - age.min}`, how: `${age.how}, ${at}` };
}

/**
 * Roles only an adult holds on the record's date: a baptismal sponsor or godparent answers for the
 * child's faith, a witness attests the act, an officiant performs it, a bride and groom marry. A
 * child born after the record, or a few years before it, cannot hold them: the sponsor Mary Sullivan
 * of 1846 is not the daughter Mary born about 1880.
 */
export const ADULT_ROLES: ReadonlySet<string> = new Set([
  'sponsor',
  'godparent',
  'witness',
  'officiant',
  'groom',
  'bride',
]);
/** The youngest a sponsor or witness is taken to be (canon law asked fourteen of a sponsor; a margin below). */
export const MIN_ADULT_AGE = 12;
