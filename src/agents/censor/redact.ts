import type { Assertion, Person, Persona, RawRecord } from '../../model';
import { approximateDecade, parseGDate, yearRange } from '../../model/gdate';
import { dateIdentifies, reducePlaceLevels, widenDate } from './fields';
import { type CensorContext, generalizePlace, isLiving, isLivingPersona } from './living';
import { replacePii, type PiiKind, type PiiMatch } from './pii';
import { livingInRecord, redactSourceBody } from './source-body';
import { personaWithEvents, redactEvents } from './record-events';
import { decadeOfYear, EXACT_DATE, exactDateYear } from './birth-dates';

const ALWAYS: ReadonlySet<PiiKind> = new Set<PiiKind>(['ssn', 'phone', 'email']);
const WHITE_SPACE = /\s/;
const FOUR_DIGITS = /\d{4}/;
/** A state or region, then a postal code (on one line: patterns never cross a line end). */
export const POSTAL_CODE = /\b(\p{Lu}[\p{L}.]*(?:[^\S\r\n]\p{Lu}[\p{L}.]*)?),?[^\S\r\n]+\d{5}(?:-\d{4})?\b/gu;

export type { CensorContext } from './living';

/** What a living person's structured value becomes when nothing of it can be kept. */
export const DATE_WITHHELD = 'date withheld';
export const PLACE_WITHHELD = 'place withheld';

export interface Redaction {
  kind: 'living' | 'pii';
  what: string;
}

/** A full modern date of the kind that identifies a living person, found in free text (on one line). */
export const FULL_DATE =
  /\b(?:\d{1,2}[^\S\r\n]+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?[^\S\r\n]+\d{4}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?[^\S\r\n]+\d{1,2}(?:st|nd|rd|th)?,?[^\S\r\n]+\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4})\b/gi;

function decadeOf(value: string): string {
  return approximateDecade(parseGDate(value)) ?? 'date withheld';
}

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
  if (!/[\d@]/.test(text)) return { text, redactions: [] };
  const living = mentionsLiving(text, ctx);
  // Exact pre-checks, for the ids and short values of a living person's data: a street address
  // and a postal code need white space, and every full-date form has four digits in a row.
  const pii = replacePii(text, living && WHITE_SPACE.test(text) ? undefined : ALWAYS);
  const redactions: Redaction[] = pii.redactions.map((m: PiiMatch) => ({ kind: 'pii', what: m.kind }));
  if (!living) return { text: pii.text, redactions };
  const cutoff = ctx.now.getUTCFullYear() - ctx.thresholdYears;
  // A postal code after a state ("Illinois 62702", "IL 62702") locates a living person's street.
  const withoutZip = !WHITE_SPACE.test(pii.text)
    ? pii.text
    : pii.text.replace(POSTAL_CODE, (_m, state: string) => {
        redactions.push({ kind: 'pii', what: 'postal code' });
        return state;
      });
  if (!FOUR_DIGITS.test(withoutZip)) return { text: withoutZip, redactions };
  // Every exact-date form (FULL_DATE's and the other languages' and numeric ones): birth-dates.ts.
  const out = withoutZip.replace(EXACT_DATE, (m: string, month1?: string, month2?: string) => {
    const year = exactDateYear(m, month1, month2);
    if (year === undefined || year <= cutoff) return m;
    redactions.push({ kind: 'living', what: 'exact modern date' });
    return decadeOfYear(year);
  });
  return { text: out, redactions };
}

/** `about`: ctx with aboutLiving set (built once per person, not per assertion). */
function redactAssertion(a: Assertion, about: CensorContext, out: Redaction[]): Assertion {
  let value = a.value;
  // Marked, so that no one reads a decade or a country as the value recorded (the resolver).
  let generalised = false;
  if (a.field.endsWith('.date')) {
    // A range of whole decades that still holds the original, in a form GEDCOM reads ("BET 1970 AND 1989").
    if (dateIdentifies(value)) {
      value = widenDate(value) ?? DATE_WITHHELD;
      generalised = true;
      out.push({
        kind: 'living',
        what: value === DATE_WITHHELD ? `${a.field} withheld` : `${a.field} widened to whole decades`,
      });
    }
  } else if (a.field.endsWith('.place') || a.field.startsWith('residence.')) {
    const general = reducePlaceLevels(value);
    if (general !== value) {
      out.push({ kind: 'living', what: `${a.field} reduced to region and country` });
      generalised = true;
    }
    value = general || PLACE_WITHHELD;
  }
  // A claim is copied only when its snippet changes (most do not).
  let evidence = a.evidence;
  for (let i = 0; i < a.evidence.length; i++) {
    const e = a.evidence[i];
    const snippet = redactText(e.snippet, about).text || '[redacted]';
    if (snippet !== e.snippet)
      (evidence === a.evidence ? (evidence = [...a.evidence]) : evidence)[i] = { ...e, snippet };
  }
  return generalised ? { ...a, value, evidence, generalised: true } : { ...a, value, evidence };
}

/**
 * Seed 000 redactLivingPII, extended to every dated/placed fact and to the evidence snippets.
 * `living`: the caller's own isLiving verdict for this person at ctx.now (a tree import has just
 * computed it), so the rule is not evaluated twice.
 */
export function redactPerson(
  person: Person,
  ctx: CensorContext,
  living?: boolean,
): { person: Person; redactions: Redaction[] } {
  if (ctx.consent || !(living ?? isLiving(person, ctx.now, ctx.thresholdYears))) return { person, redactions: [] };
  const redactions: Redaction[] = [];
  const about = ctx.aboutLiving ? ctx : { ...ctx, aboutLiving: true };
  const assertions = person.assertions.map((a) => redactAssertion(a, about, redactions));
  return { person: { ...person, assertions }, redactions };
}

function redactPersona(
  p: Persona,
  recordDate: string | undefined,
  ctx: CensorContext,
  out: Redaction[],
  living?: boolean,
): Persona {
  if (!(living ?? isLivingPersona(p, recordDate, ctx.now, ctx.thresholdYears))) return p;
  const copy: Persona = { ...p };
  if (copy.birthDate) {
    copy.birthDate = decadeOf(copy.birthDate);
    out.push({ kind: 'living', what: 'persona birth date generalised to a decade' });
  }
  if (copy.birthPlace) copy.birthPlace = generalizePlace(copy.birthPlace) || undefined;
  if (copy.residence) {
    copy.residence = generalizePlace(replacePii(copy.residence).text) || undefined;
    out.push({ kind: 'living', what: 'persona residence generalised' });
  }
  return copy;
}

/** "Given /Surname/" → the forms free text uses: full name and surname-first. */
function nameForms(name: string): string[] {
  const clean = name.replace(/\//g, ' ').replace(/\s+/g, ' ').trim();
  const parts = clean.split(' ');
  return parts.length > 1 ? [clean, `${parts[parts.length - 1]}, ${parts.slice(0, -1).join(' ')}`] : [clean];
}

/** A record before capture: living personas generalised, text scanned (PII and modern exact dates). */
export function redactRecord(record: RawRecord, ctx: CensorContext): { record: RawRecord; redactions: Redaction[] } {
  if (ctx.consent) return { record, redactions: [] };
  const redactions: Redaction[] = [];
  // Archive v2: a person's birth and death may be events of the record rather than fields of the person.
  const living = record.persons.map((p) => livingInRecord(personaWithEvents(p, record), record, ctx));
  const livingNames = record.persons.filter((_, i) => living[i]).flatMap((p) => nameForms(p.name));
  const persons = record.persons.map((p, i) => redactPersona(p, record.date, ctx, redactions, living[i]));
  const livingKeys = new Set(record.persons.filter((p, i) => living[i] && p.key).map((p) => p.key!));
  // Keep the caller's name list (and its cached index) unless this record adds living names.
  const textCtx = livingNames.length ? { ...ctx, livingNames: [...(ctx.livingNames ?? []), ...livingNames] } : ctx;
  // The verbatim body structurally (per JSON field, per HTML text node): see source-body.ts.
  const text = redactSourceBody(record.text, record, textCtx);
  const title = redactText(record.title, textCtx);
  const out: RawRecord = { ...record, persons, text: text.text, title: title.text || record.title };
  if (record.events) out.events = redactEvents(record.events, livingKeys, redactions);
  if (record.translation) {
    // A translation is the body in other words: the same pass (exact births of the living, modern addresses).
    const t = redactSourceBody(record.translation, record, textCtx);
    out.translation = t.text;
    redactions.push(...t.redactions);
  }
  if (livingNames.length) {
    // The record's own date and place are a living person's event (a birth record, a census).
    const cutoff = ctx.now.getUTCFullYear() - ctx.thresholdYears;
    if (record.date && (yearRange(record.date).max ?? 0) > cutoff) {
      out.date = decadeOf(record.date);
      redactions.push({ kind: 'living', what: 'record date generalised to a decade' });
    }
    if (record.place) out.place = generalizePlace(replacePii(record.place).text) || undefined;
  }
  return { record: out, redactions: [...redactions, ...text.redactions, ...title.redactions] };
}
