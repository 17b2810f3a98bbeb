/**
 * The Censor on a captured source's verbatim body (issue #21 item 5): the same living-person and
 * PII redaction as its front matter, applied structurally. A JSON answer is redacted per field,
 * judging each person object it holds (an explicit living flag, or a birth within the threshold
 * and no death), never by a regex over the serialised text; HTML per text node; plain text as the
 * Censor's free text. The body is re-serialised only when something was redacted.
 */
import { redactLocalPii } from './local-pii';
import type { Persona, RawRecord } from '../../model';
import { yearRange } from '../../model/gdate';
import { type CensorContext, DEATH_NOTICES, generalizePlace, isLivingPersona } from './living';
import { replacePii, type PiiKind } from './pii';
import { POSTAL_CODE, redactText } from './redact-text';
import { redactHousePostcodes } from './postcodes';
import type { Redaction } from './redaction';
import { redactDatesAfterNames, redactLivingBirthDates } from './birth-dates';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const LIVING_KEY = /^(?:is_?)?living$/i;
const BIRTH_KEY = /birth/i;
const END_KEY = /death|burial|cremation|deceased|died/i;
const PLACE_KEY = /location|place|residence|address|street|city|zip|postal/i;

/** A persona of the record who is living: the source's own flag, or the Censor's rule. */
export function livingInRecord(p: Persona, record: Pick<RawRecord, 'date'>, ctx: CensorContext): boolean {
  return p.living === true || isLivingPersona(p, record.date, ctx.now, ctx.thresholdYears);
}

function truthy(v: Json | undefined): boolean | undefined {
  if (v === true || v === 1 || v === '1' || v === 'true' || v === 'True') return true;
  if (v === false || v === 0 || v === '0' || v === 'false' || v === 'False') return false;
  return undefined;
}

/**
 * Whether a JSON object describes a living person: undefined when it says nothing about a person
 * (it then inherits its parent's verdict, e.g. a DataStatus block inside a profile).
 */
function objectIsLiving(
  o: { [k: string]: Json },
  ctx: CensorContext,
  livingIds: ReadonlySet<string>,
): boolean | undefined {
  let birthMax: number | undefined;
  let ended = false;
  for (const [k, v] of Object.entries(o)) {
    if (LIVING_KEY.test(k)) {
      const flag = truthy(v);
      if (flag !== undefined) return flag;
    }
    if (typeof v === 'string' && livingIds.has(v)) return true;
    if (v === null || v === '' || typeof v === 'object') continue;
    if (END_KEY.test(k) && !/status/i.test(k) && String(v).replace(/[-0.\s]/g, '') !== '') ended = true;
    if (BIRTH_KEY.test(k) && !PLACE_KEY.test(k)) {
      const max = yearRange(String(v)).max;
      if (max !== undefined && (birthMax === undefined || max > birthMax)) birthMax = max;
    }
  }
  if (ended) return false;
  if (birthMax !== undefined) return birthMax > ctx.now.getUTCFullYear() - ctx.thresholdYears;
  return undefined;
}

function redactString(key: string, value: string, living: boolean, ctx: CensorContext, out: Redaction[]): string {
  if (!living) {
    const r = redactText(value, ctx);
    out.push(...r.redactions);
    return r.text;
  }
  if (PLACE_KEY.test(key)) {
    const general = generalizePlace(replacePii(value).text);
    if (general !== value) out.push({ kind: 'living', what: `${key} generalised` });
    return general || 'place withheld';
  }
  const r = redactText(value, { ...ctx, aboutLiving: true });
  out.push(...r.redactions);
  return r.text;
}

function walk(
  v: Json,
  key: string,
  living: boolean,
  ctx: CensorContext,
  livingIds: ReadonlySet<string>,
  out: Redaction[],
): Json {
  if (typeof v === 'string') return redactString(key, v, living, ctx, out);
  if (Array.isArray(v)) return v.map((x) => walk(x, key, living, ctx, livingIds, out));
  if (v && typeof v === 'object') {
    const here = objectIsLiving(v, ctx, livingIds) ?? living;
    const copy: { [k: string]: Json } = {};
    for (const [k, x] of Object.entries(v)) copy[k] = walk(x, k, here, ctx, livingIds, out);
    return copy;
  }
  return v;
}

const TAG = /(<[^>]*>)/;

function redactHtml(html: string, ctx: CensorContext, out: Redaction[]): string {
  return html
    .split(TAG)
    .map((part) => {
      if (part.startsWith('<')) return part;
      const r = redactText(part, ctx);
      out.push(...r.redactions);
      return r.text;
    })
    .join('');
}

/** The JSON that opens the body (a connector may append a text section after a blank line). */
function leadingJson(text: string): { json: Json; rest: string } | undefined {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return { json: JSON.parse(text) as Json, rest: '' };
  } catch {
    // A JSON block followed by "\n\n== Section ==" text: try the blank lines, a handful at most.
    let at = text.indexOf('\n\n');
    for (let tries = 0; at !== -1 && tries < 16; tries++, at = text.indexOf('\n\n', at + 2)) {
      try {
        return { json: JSON.parse(text.slice(0, at)) as Json, rest: text.slice(at) };
      } catch {
        // not the end of the JSON yet
      }
    }
    return undefined;
  }
}

function indentOf(text: string): number | undefined {
  const m = /^[[{]\n( +)/.exec(text);
  return m ? m[1].length : undefined;
}

/**
 * A source body redacted for the files: JSON per field, HTML per text node, text as free text.
 * `ctx.livingNames` should already hold the record's living personas' names.
 */
export function redactSourceBody(
  text: string,
  record: Pick<RawRecord, 'persons' | 'date'> & Partial<Pick<RawRecord, 'recordType'>>,
  ctx: CensorContext,
): { text: string; redactions: Redaction[] } {
  if (ctx.consent || !text) return { text, redactions: [] };
  const out: Redaction[] = [];
  const living = record.persons.filter((p) => livingInRecord(p, record, ctx));
  const principalLiving = living.some((p) => p.role === 'principal');
  // Text that is the profile of a living person is about that person throughout.
  const textCtx: CensorContext = principalLiving ? { ...ctx, aboutLiving: true } : ctx;
  const lead = leadingJson(text);
  if (lead) {
    const ids = new Set(living.map((p) => p.externalId).filter((x): x is string => !!x));
    const before = out.length;
    const json = walk(lead.json, '', principalLiving, ctx, ids, out);
    const rest = lead.rest ? redactPlain(lead.rest, textCtx, out) : '';
    if (out.length === before && rest === lead.rest) return { text, redactions: [] };
    const head =
      out.length === before
        ? text.slice(0, text.length - lead.rest.length)
        : JSON.stringify(json, null, indentOf(text));
    return { text: head + rest, redactions: out };
  }
  const deathRecord = DEATH_NOTICES.has(record.recordType ?? '');
  return { text: redactPlain(text, textCtx, out, isModern(record, ctx), deathRecord), redactions: out };
}

function redactPlain(text: string, ctx: CensorContext, out: Redaction[], modern = false, deathRecord = false): string {
  // "b. 3 Apr 1938", "* 03.04.1938", "geb. 3. April 1938": an exact birth within the threshold, no death beside it.
  text = redactLivingBirthDates(text, ctx, out, { deathRecord });
  if (/<\/?[a-z][a-z0-9]*[\s>/]/i.test(text)) return redactHtml(text, ctx, out);
  // "Sarah 03-22-1956" in a 1995 directory: a modern record's date after a name is a birth (birth-dates.ts).
  if (modern) text = redactDatesAfterNames(text, ctx, out);
  const plain = modern && !ctx.aboutLiving ? unnamedLiving(text, ctx, out, deathRecord) : text;
  // Addresses and phones as written outside North America, in any modern record's text (local-pii.ts).
  const r = redactText(modern ? redactLocalPii(plain, out) : plain, ctx);
  out.push(...r.redactions);
  return r.text;
}

const BORN = /\bborn\b/i;
const DIED = /\b(?:died|death|deceased|buried|burial|passed away)\b/i;

/**
 * Free text of a record dated within the living threshold speaks of people no persona names (a
 * reunion notice's host, an obituary's survivors): a sentence that says someone was born on an
 * exact date within the threshold, and says nothing of a death, is about a living person; street
 * addresses, postal codes and phone numbers in such a record are redacted whoever they locate.
 */
function unnamedLiving(text: string, ctx: CensorContext, out: Redaction[], deathRecord = false): string {
  const about = { ...ctx, aboutLiving: true };
  const sentences = text.split(/(?<=[.!?])(\s+)/);
  const redacted = sentences.map((sentence) => {
    if (!BORN.test(sentence) || DIED.test(sentence)) return sentence;
    // "He was born …" in a death notice is its deceased subject's birth (birth-dates.ts).
    if (deathRecord && /^(?:He|She)\s+(?:was\s+)?born\b/u.test(sentence)) return sentence;
    const r = redactText(sentence, about);
    out.push(...r.redactions);
    return r.text;
  });
  const body = redacted.join('');
  const pii = replacePii(body, STREETS, { prose: true });
  if (pii.redactions.length) out.push(...pii.redactions.map((m) => ({ kind: 'pii' as const, what: m.kind })));
  // A local number after a phone word ("call 555-0172") is redacted with every modern record's text (local-pii.ts).
  const noZip = pii.text.replace(
    POSTAL_CODE,
    (_m, state: string) => (out.push({ kind: 'pii', what: 'postal code' }), state),
  );
  return redactHousePostcodes(noZip, out);
}

const STREETS: ReadonlySet<PiiKind> = new Set<PiiKind>(['street_address', 'phone']);

/** Whether the record is dated within the living threshold (its people may be living). */
function isModern(record: Pick<RawRecord, 'date'>, ctx: CensorContext): boolean {
  const max = record.date ? yearRange(record.date).max : undefined;
  return max !== undefined && max > ctx.now.getUTCFullYear() - ctx.thresholdYears;
}

/**
 * Whether a raw answer may concern a living person, for the HTTP cache: without consent such an
 * answer is kept in memory for the run, never written to disk. JSON is judged per person object;
 * any other body by whether it holds an exact date within the threshold (conservative).
 */
export function answerMayConcernLiving(body: string, ctx: CensorContext): boolean {
  if (ctx.consent) return false;
  const lead = leadingJson(body);
  if (!lead) {
    const cutoff = ctx.now.getUTCFullYear() - ctx.thresholdYears;
    for (const m of body.matchAll(/\b(1[89]\d\d|20\d\d)\b/g)) if (Number(m[1]) > cutoff) return true;
    return false;
  }
  let found = false;
  const visit = (v: Json): void => {
    if (found || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach(visit);
    if (objectIsLiving(v, ctx, new Set()) === true) {
      found = true;
      return;
    }
    for (const x of Object.values(v)) visit(x);
  };
  visit(lead.json);
  return found;
}
