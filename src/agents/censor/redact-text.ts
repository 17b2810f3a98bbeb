/**
 * The Censor on free text: PII always, and a living person's street address, postal code and exact
 * modern dates when the text is about them. Person, persona and record redaction build on it.
 */
import type { CensorContext } from './living';
import { replacePii, type PiiKind, type PiiMatch } from './pii';
import { redactHousePostcodes } from './postcodes';
import { decadeOfYear, EXACT_DATE, exactDateYear } from './birth-dates';
import type { Redaction } from './redaction';

const ALWAYS: ReadonlySet<PiiKind> = new Set<PiiKind>(['ssn', 'phone', 'email']);
const WHITE_SPACE = /\s/;
/** What every exact-date form holds: four digits in a row, or an East Asian year ("昭和60年"). */
const DATE_HINT = /\d{4}|[年년]/;
/** A state or region, then a postal code (on one line: patterns never cross a line end). */
export const POSTAL_CODE = /\b(\p{Lu}[\p{L}.]*(?:[^\S\r\n]\p{Lu}[\p{L}.]*)?),?[^\S\r\n]+\d{5}(?:-\d{4})?\b/gu;

/** A full modern date of the kind that identifies a living person, found in free text (on one line). */
export const FULL_DATE =
  /\b(?:\d{1,2}[^\S\r\n]+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?[^\S\r\n]+\d{4}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?[^\S\r\n]+\d{1,2}(?:st|nd|rd|th)?,?[^\S\r\n]+\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4})\b/gi;

/**
 * Living names indexed by their first word, then by length (built once per name list, which the
 * store keeps): a name occurs in a text only where its first word does, so each place the word
 * occurs is checked against one set per name length, not against every name with that first word.
 */
const WORD = /[\p{L}\p{N}'-]+/gu;
const nameIndexes = new WeakMap<readonly string[], Map<string, Map<number, Set<string>>>>();

function nameIndex(names: readonly string[]): Map<string, Map<number, Set<string>>> {
  let index = nameIndexes.get(names);
  if (!index) {
    index = new Map();
    for (const raw of names) {
      const name = raw.trim().toLowerCase();
      const first = name.split(/[^\p{L}\p{N}'-]+/u)[0];
      if (name.length <= 2 || !first) continue;
      let byLength = index.get(first);
      if (!byLength) index.set(first, (byLength = new Map<number, Set<string>>()));
      let set = byLength.get(name.length);
      if (!set) byLength.set(name.length, (set = new Set()));
      set.add(name);
    }
    nameIndexes.set(names, index);
  }
  return index;
}

/**
 * Whether the text names a living person: one look-up per word, not one scan per living name.
 * The same answer as `lower.includes(name)` for every living name whose first word is a word of
 * the text, in time linear in the text (a 100 MB merges.json names thousands of Johns).
 */
function mentionsLiving(text: string, ctx: CensorContext): boolean {
  if (ctx.aboutLiving) return true;
  if (!ctx.livingNames?.length) return false;
  const index = nameIndex(ctx.livingNames);
  const lower = text.toLowerCase();
  const seen = new Set<string>();
  // Words one at a time: an array of every word of a 100 MB text would be gigabytes.
  for (const [word] of lower.matchAll(WORD)) {
    if (seen.has(word)) continue;
    seen.add(word);
    const byLength = index.get(word);
    if (!byLength) continue;
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1))
      for (const [length, set] of byLength)
        if (at + length <= lower.length && set.has(lower.slice(at, at + length))) return true;
  }
  return false;
}

/**
 * Free text. SSNs, phone numbers and e-mail addresses are always removed (genealogy never needs
 * them). Street addresses and exact dates within the living threshold are removed when the text is
 * about a living person (ctx.aboutLiving, or one of ctx.livingNames occurs in it): an 1880 census
 * address of the dead is evidence, a grandchild's is not. Consent lifts all of it.
 */
export function redactText(text: string, ctx: CensorContext): { text: string; redactions: Redaction[] } {
  if (ctx.consent || !text) return { text, redactions: [] };
  // Every pattern below (PII, postal codes, exact dates) needs a digit, or an "@" for e-mail.
  if (!/[\d@０-９]/.test(text)) return { text, redactions: [] };
  const living = mentionsLiving(text, ctx);
  // Exact pre-checks, for the ids and short values of a living person's data: a street address
  // and a postal code need white space, and every full-date form has four digits or a 年.
  const pii = replacePii(text, living && WHITE_SPACE.test(text) ? undefined : ALWAYS);
  const redactions: Redaction[] = pii.redactions.map((m: PiiMatch) => ({ kind: 'pii', what: m.kind }));
  if (!living) return { text: pii.text, redactions };
  const cutoff = ctx.now.getUTCFullYear() - ctx.thresholdYears;
  const withoutPostcode = withoutPostalCodes(pii.text, redactions);
  if (!DATE_HINT.test(withoutPostcode)) return { text: withoutPostcode, redactions };
  // Every exact-date form (FULL_DATE's and the other languages' and numeric ones): birth-dates.ts.
  const out = withoutPostcode.replace(EXACT_DATE, (m: string, month1?: string, month2?: string, month3?: string) => {
    const year = exactDateYear(m, month1, month2, month3);
    if (year === undefined || year <= cutoff) return m;
    redactions.push({ kind: 'living', what: 'exact modern date' });
    return decadeOfYear(year);
  });
  return { text: out, redactions };
}

/**
 * The text without postal codes: a code after a state or province ("Illinois 62702", "IL 62702")
 * locates a street, a British, Irish or Canadian postcode the house itself (postcodes.ts). Text about
 * a living person loses them here; a research-log line loses them whoever it names (writer.ts): the
 * log is the engine's account, not evidence, and a query built from a living person's birthplace
 * names no one. Each code removed is listed in `out`.
 */
export function withoutPostalCodes(text: string, out: Redaction[] = []): string {
  if (!/\d/.test(text)) return text;
  const zipless = !WHITE_SPACE.test(text)
    ? text
    : text.replace(POSTAL_CODE, (_m, state: string) => {
        out.push({ kind: 'pii', what: 'postal code' });
        return state;
      });
  return redactHousePostcodes(zipless, out);
}
