/**
 * Exact dates in free text, in the forms records and obituaries write them across languages, and
 * the rule that a birth stated with an exact date within the living threshold, with no death stated
 * beside it, is a living person's (seed 000: born within the threshold, no death): the date becomes
 * its decade, as a living person's dates do everywhere else. A date before the threshold (a dead
 * person's historical date) is never touched, nor one with a death beside it.
 *
 * Forms: "3 Apr 1938", "3rd April 1938", "April 3, 1938", "3. April 1938", "3 avril 1938",
 * "1er avril 1938", "3 de abril de 1938", "3 kwietnia 1938", "3/4/1938", "03.04.1938", "3-4-1938",
 * "3. 4. 1938", "1938-04-03". Markers: born, b., birth, DOB, *, geb., geboren, né(e), nacido/a,
 * nato/a, nascido/a, född, født, ur., urodzony/a, syntynyt, rođen, narozen, and the like.
 */
import type { CensorContext } from './living';
import type { Redaction } from './redaction';

/** Month names and their usual abbreviations (lower case, accents kept and stripped). */
const MONTHS = new Set(
  [
    // English
    'january february march april may june july august september october november december',
    'jan feb mar apr jun jul aug sep sept oct nov dec',
    // German, Dutch, Scandinavian
    'januar jänner februar märz maerz mai juni juli oktober dezember jän mär okt dez',
    'januari februari maart mei augustus',
    'mars maj augusti marts',
    // French
    'janvier février fevrier avril juin juillet août aout septembre octobre novembre décembre decembre',
    'janv févr fevr avr juil déc',
    // Spanish, Portuguese, Italian
    'enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre',
    'janeiro fevereiro março marco maio junho julho setembro outubro dezembro',
    'gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre',
    // Polish (genitive, as dates write them), Czech
    'stycznia lutego marca kwietnia maja czerwca lipca sierpnia września wrzesnia października pazdziernika listopada grudnia',
    'ledna února března dubna května června července srpna září října listopadu prosince',
  ]
    .join(' ')
    .split(/\s+/),
);

const WORD = String.raw`\p{L}{3,12}`;
const SP = String.raw`[^\S\r\n]`;
/** Day, month name, year: "3 Apr 1938", "3rd April 1938", "3. April 1938", "1er avril 1938", "3 de abril de 1938". */
const DAY_MONTH_YEAR = String.raw`\d{1,2}(?:st|nd|rd|th|er|e|º|°|\.)?${SP}*(?:de${SP}+)?(${WORD})\.?,?${SP}+(?:de${SP}+)?\d{4}`;
/** Month name, day, year: "April 3, 1938", "Apr. 3rd 1938". */
const MONTH_DAY_YEAR = String.raw`(${WORD})\.?${SP}+\d{1,2}(?:st|nd|rd|th)?,?${SP}+\d{4}`;
/** All digits: "3/4/1938", "03.04.1938", "3-4-1938", "3. 4. 1938", "1938-04-03". */
const NUMERIC = String.raw`\d{1,2}${SP}?[./-]${SP}?\d{1,2}${SP}?[./-]${SP}?\d{4}|\d{4}-\d{1,2}-\d{1,2}`;

/** An exact date (day, month and year) on one line; groups 1 and 2 hold a month word to check. */
export const EXACT_DATE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${DAY_MONTH_YEAR}|${MONTH_DAY_YEAR}|${NUMERIC})(?![\p{L}\p{N}])`,
  'giu',
);

function isMonth(word: string | undefined): boolean {
  return word === undefined || MONTHS.has(word.toLowerCase());
}

/** The year of an exact date match, or undefined when its month word is not a month. */
export function exactDateYear(match: string, month1?: string, month2?: string): number | undefined {
  if (!isMonth(month1) || !isMonth(month2)) return undefined;
  const year = /\d{4}/.exec(match);
  return year ? Number(year[0]) : undefined;
}

export function decadeOfYear(year: number): string {
  return `${Math.floor(year / 10) * 10}s`;
}

/** A word or sign that says what follows is a birth. */
const BIRTH = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:born|b\.|birth|date${SP}+of${SP}+birth|d\.?o\.?b\.?|geb\.|geboren|geborene?|née?|nacid[oa]|nat[oa]|nascid[oa]|född|født|fødd|ur\.|urodzon[ya]|syntynyt|rođen[a]?|narozen[a]?|\*)`,
  'giu',
);
/** A word or sign that says someone died (a date beside it is not a living person's). */
const DEATH =
  /(?<![\p{L}\p{N}])(?:died|d\.(?!o\.?b)|dec(?:eased|\.)|death|buried|bur\.|passed\s+away|gest(?:orben|\.)|verst(?:orben|\.)|overl(?:eden|\.)|décédée?|decedee?|morte?|mort\s+le|död|død|fallecid[oa]|murió|morto|morta|zm\.|zmarł[a]?|kuollut|umro|zemřel[a]?|[†✝])/iu;

/** How far a birth marker may be from its date, and how far a death is looked for around it. */
const MARKER_TO_DATE = 40;
const DEATH_WINDOW = 80;

/**
 * Exact birth dates within the living threshold, with no death stated beside them (between the
 * neighbouring birth markers, at most DEATH_WINDOW characters either side, on the same line), become
 * their decade. Returns the text; redactions are pushed to `out`.
 */
export function redactLivingBirthDates(text: string, ctx: CensorContext, out: Redaction[]): string {
  if (ctx.consent || !/\d{4}/.test(text)) return text;
  const cutoff = ctx.now.getUTCFullYear() - ctx.thresholdYears;
  const markers = [...text.matchAll(BIRTH)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  if (!markers.length) return text;
  const spans: { start: number; end: number; year: number }[] = [];
  // Every search is bounded to a window around its marker: linear in the text's length.
  const date = new RegExp(EXACT_DATE.source, 'iu');
  markers.forEach((mk, i) => {
    const ahead = text.slice(mk.end, mk.end + MARKER_TO_DATE + 40).split('\n')[0];
    const m = date.exec(ahead);
    if (!m || m.index >= MARKER_TO_DATE) return;
    const year = exactDateYear(m[0], m[1], m[2]);
    if (year === undefined || year <= cutoff) return;
    const start = mk.end + m.index;
    const end = start + m[0].length;
    // A death stated before the marker counts only in its own clause, and not when another birth
    // came first ("John b. 1938 d. 2001, Mary b. 1940": John's death is not Mary's).
    const behind = text.slice(Math.max(0, mk.start - DEATH_WINDOW), mk.start);
    const clause = mk.start - behind.length + Math.max(behind.lastIndexOf('\n'), behind.lastIndexOf(';')) + 1;
    const from = i > 0 && markers[i - 1].end > clause ? mk.start : clause;
    const after = text.slice(end, Math.min(end + DEATH_WINDOW, markers[i + 1]?.start ?? text.length)).split('\n')[0];
    if (DEATH.test(text.slice(from, end) + after)) return;
    spans.push({ start, end, year });
  });
  if (!spans.length) return text;
  let result = '';
  let at = 0;
  for (const s of spans) {
    if (s.start < at) continue;
    result += text.slice(at, s.start) + decadeOfYear(s.year);
    at = s.end;
    out.push({ kind: 'living', what: 'exact modern birth date' });
  }
  return result + text.slice(at);
}
