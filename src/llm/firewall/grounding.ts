/**
 * Text grounding for the hallucination firewall: does a snippet occur verbatim in a source, and do
 * the names, places, dates and URLs of a model's output occur in what the model was given?
 */
import { unaccented } from '../../model/names';

/** Typographic variants models reproduce inconsistently; not content, so compared as one. */
function unifyTypography(s: string): string {
  return s
    .normalize('NFC')
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u00A0/g, ' ');
}

/**
 * Verbatim containment. Only whitespace runs (OCR line breaks, indentation) and typographic quote
 * and dash variants are treated as equal; letters, case, digits and punctuation must match exactly.
 */
export function containsVerbatim(source: string, snippet: string): boolean {
  const norm = (s: string) => unifyTypography(s).replace(/\s+/g, ' ').trim();
  const needle = norm(snippet);
  return needle.length > 0 && norm(source).includes(needle);
}

/** Case- and accent-insensitive word form, for names and places. */
export function foldWord(s: string): string {
  return unaccented(unifyTypography(s));
}

export function wordSet(text: string): Set<string> {
  return new Set(
    foldWord(text)
      .split(/[^a-z0-9']+/)
      .filter(Boolean),
  );
}

/** Words of a name or place worth checking: initials and particles shorter than two letters are skipped. */
function significantWords(value: string): string[] {
  return foldWord(value)
    .split(/[^a-z0-9']+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w.length >= 2);
}

/** Whether the value has any word worth checking ("'0", "J." have none: nothing to ground). */
export function hasSignificantWord(value: string): boolean {
  return significantWords(value).length > 0;
}

/** The words of `value` missing from `corpus` (empty = grounded). */
export function missingWords(value: string, corpus: Set<string>): string[] {
  return significantWords(value).filter((w) => !corpus.has(w));
}

const MONTH_WORDS: Record<string, number> = Object.fromEntries(
  [
    ['jan', 'january'],
    ['feb', 'february'],
    ['mar', 'march'],
    ['apr', 'april'],
    ['may'],
    ['jun', 'june'],
    ['jul', 'july'],
    ['aug', 'august'],
    ['sep', 'sept', 'september'],
    ['oct', 'october'],
    ['nov', 'november'],
    ['dec', 'december'],
  ].flatMap((forms, i) => forms.map((f) => [f, i + 1] as const)),
);

function monthOf(word: string): number | undefined {
  return MONTH_WORDS[word.replace(/\.$/, '')];
}

interface DateParts {
  years: number[];
  months: number[];
  numbers: number[];
}

function datePartsOf(text: string): DateParts {
  const t = foldWord(text);
  const iso = [...t.matchAll(/\b(\d{4})-(\d{2})(?:-(\d{2}))?\b/g)];
  const numbers = [...t.matchAll(/\d+/g)].map((m) => Number.parseInt(m[0], 10));
  const years = numbers.filter((n) => n >= 1000 && n <= 2999);
  const months = t
    .split(/[^a-z.]+/)
    .map(monthOf)
    .filter((m): m is number => m !== undefined);
  for (const m of iso) months.push(Number.parseInt(m[2], 10));
  return { years, months, numbers };
}

/**
 * Check 3: every year, month and day of a date value occurs in the snippet that cites it (months by
 * name, abbreviation or number). "1890-05-12" is grounded by "born May 12, 1890"; "1849" is not
 * grounded by "aged 30 in 1880" — an age-derived year is an inference, i.e. a hypothesis.
 */
export function dateGrounded(value: string, snippet: string): { ok: boolean; why?: string } {
  const v = datePartsOf(value);
  if (!v.years.length && !v.months.length && !v.numbers.length) return { ok: false, why: `"${value}" holds no date` };
  const s = datePartsOf(snippet);
  const snippetMonths = new Set([...s.months, ...s.numbers.filter((n) => n >= 1 && n <= 12)]);
  const missingYear = v.years.find((y) => !s.years.includes(y));
  if (missingYear !== undefined) return { ok: false, why: `year ${missingYear} does not occur in the cited text` };
  const missingMonth = v.months.find((m) => !snippetMonths.has(m));
  if (missingMonth !== undefined) return { ok: false, why: `month ${missingMonth} does not occur in the cited text` };
  const dayLike = v.numbers.filter((n) => n < 1000 && !(v.months.includes(n) && /\d{4}-\d{2}/.test(value)));
  const missingDay = dayLike.find((d) => !s.numbers.includes(d));
  if (missingDay !== undefined) return { ok: false, why: `number ${missingDay} does not occur in the cited text` };
  return { ok: true };
}

/** Years (1000–2999) mentioned in free text. */
export function yearsIn(text: string): number[] {
  return [...text.matchAll(/\b(1\d{3}|2\d{3})\b/g)].map((m) => Number.parseInt(m[1], 10));
}

/** URLs mentioned anywhere in a text, without trailing punctuation. */
export function urlsIn(text: string): string[] {
  return [...text.matchAll(/\bhttps?:\/\/[^\s"'<>\][)(}{\\]+/gi)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
}

/** Every string inside a JSON-like value, for whole-output scans (URLs, years). */
export function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

export const KINSHIP_TERMS = [
  'son',
  'daughter',
  'dau',
  'wife',
  'husband',
  'widow',
  'widower',
  'relict',
  'father',
  'mother',
  'parent',
  'parents',
  'child',
  'children',
  'brother',
  'sister',
  'sibling',
  'grandson',
  'granddaughter',
  'grandchild',
  'grandchildren',
  'grandfather',
  'grandmother',
  'nephew',
  'niece',
  'uncle',
  'aunt',
  'cousin',
  'spouse',
  'married',
  'marriage',
  'nee',
  'née',
  'head',
  'boarder',
  'servant',
  'informant',
  'witness',
  'survived',
  'born',
  'in-law',
  'stepson',
  'stepdaughter',
  'stepfather',
  'stepmother',
];

export function mentionsKinship(snippet: string, value: string): boolean {
  const words = wordSet(snippet);
  if (KINSHIP_TERMS.some((t) => words.has(foldWord(t)))) return true;
  const v = significantWords(value);
  return v.length > 0 && v.every((w) => words.has(w));
}

const LEADING_FILLERS = new Set([
  'the',
  'a',
  'an',
  'in',
  'on',
  'at',
  'of',
  'his',
  'her',
  'their',
  'both',
  'this',
  'that',
  'and',
  'but',
  'mr',
  'mrs',
  'miss',
  'dr',
]);

/**
 * Checks 4/5 for free-text reasoning (rationales written into conflict files and merge proposals):
 * a run of two or more capitalised words — the shape of a person's or place's name — none of whose
 * words occurs in the input, is an invented name. Single capitalised words ("German", "Census") and
 * runs that share a word with the input ("Sangamon County") pass, to avoid rejecting plain prose.
 */
export function inventedProperNames(texts: string[], corpus: Set<string>): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(/\b[A-Z\u00C0-\u024F][\p{L}'’-]*(?:\s+[A-Z\u00C0-\u024F][\p{L}'’-]*)+/gu)) {
      const parts = m[0].split(/\s+/).filter((w) => !LEADING_FILLERS.has(foldWord(w)));
      if (parts.length < 2) continue;
      if (parts.every((w) => !corpus.has(foldWord(w).replace(/['’-]+$/, '')))) found.add(parts.join(' '));
    }
  }
  return [...found];
}
