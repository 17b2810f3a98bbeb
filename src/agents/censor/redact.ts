import type { Assertion, Person, Persona, RawRecord } from '../../model';
import { approximateDecade, parseGDate, yearRange } from '../../model/gdate';
import { dateIdentifies, reducePlaceLevels, widenDate } from './fields';
import { type CensorContext, DEATH_RECORDS, generalizePlace, isLiving, isLivingPersona } from './living';
import { livingInRecord, redactSourceBody } from './source-body';
import { personaWithEvents, redactEvents } from './record-events';
import { replacePii } from './pii';
import { redactText } from './redact-text';
import type { Redaction } from './redaction';

export type { CensorContext } from './living';

/** What a living person's structured value becomes when nothing of it can be kept. */
export const DATE_WITHHELD = 'date withheld';
export const PLACE_WITHHELD = 'place withheld';

function decadeOf(value: string): string {
  return approximateDecade(parseGDate(value)) ?? 'date withheld';
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

/** The roles of the person whose death a death record (DEATH_RECORDS, living.ts) tells. */
const DECEASED_ROLES = new Set(['principal', 'deceased', 'testator']);
/** A marriage's date and place are the couple's. */
const COUPLE_ROLES = new Set(['principal', 'spouse', 'bride', 'groom']);

/**
 * Whether the record's own date and place are a living person's event. A census or a birth is every
 * listed person's; a death, burial, obituary or will is the deceased's, and a marriage the couple's:
 * a living informant, witness or survivor named in it does not make the date of a dead man's death
 * theirs (an Irish death registration of 1948 lost its date to the decade for the son who reported it).
 */
function eventOfLiving(record: RawRecord, living: readonly boolean[]): boolean {
  if (!living.some(Boolean)) return false;
  const roles = DEATH_RECORDS.has(record.recordType)
    ? DECEASED_ROLES
    : record.recordType === 'marriage'
      ? COUPLE_ROLES
      : undefined;
  const owners = roles ? record.persons.flatMap((p, i) => (p.role && roles.has(p.role) ? [i] : [])) : [];
  // Without a role that names whose event it is, every listed person may own it.
  if (!owners.length) return true;
  return owners.some((i) => living[i]);
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
  if (eventOfLiving(record, living)) {
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
