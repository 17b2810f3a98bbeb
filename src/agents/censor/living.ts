import type { Assertion } from '../../model';
import { yearRange } from '../../model/gdate';
import { HOUSE_POSTCODE } from './postcodes';

export interface CensorContext {
  now: Date;
  /** Z: living ⇔ born less than this many years ago with no death recorded (configurable per case). */
  thresholdYears: number;
  /** The user consented to unredacted living-person data (case.yaml privacy.consent). */
  consent: boolean;
  /** Names of persons known to be living, so their details are found in free text too. */
  livingNames?: string[];
  /** The text at hand is known to concern a living person. */
  aboutLiving?: boolean;
}

const DEATH_EVENTS = new Set(['death', 'burial', 'cremation', 'probate', 'will']);

/** Record types that tell one person's death in prose: their "He was born …" is the deceased's birth. */
export const DEATH_NOTICES: ReadonlySet<string> = new Set(['death', 'burial', 'obituary']);
/** Those, and the documents proved after a death: the record's date and place are the deceased's event. */
export const DEATH_RECORDS: ReadonlySet<string> = new Set([...DEATH_NOTICES, 'probate', 'will']);
const BIRTH_EVENTS = new Set(['birth', 'baptism', 'christening']);

/** The event of a field ("birth.date" → "birth"), memoised: a tree has few distinct fields and
 * the Censor asks this of every assertion of every person. */
const EVENT_OF = new Map<string, string>();
function fieldEvent(field: string): string {
  let ev = EVENT_OF.get(field);
  if (ev === undefined) {
    const dot = field.indexOf('.');
    ev = dot < 0 ? field : field.slice(0, dot);
    if (EVENT_OF.size < 10_000) EVENT_OF.set(field, ev);
  }
  return ev;
}

/**
 * Seed 000 CensorValidateOutput: isLiving ⇔ a birth date whose latest year is within the threshold
 * and no death date; seed 001 §8.1 adds the explicit flag (wins) and "any death evidence ⇒ not
 * living". Rejected assertions do not count.
 */
export function isLiving(
  person: { living?: boolean; assertions: readonly Pick<Assertion, 'status' | 'field' | 'value'>[] },
  now: Date,
  thresholdYears = 100,
): boolean {
  if (person.living !== undefined) return person.living;
  // One pass, no intermediate arrays: the Censor runs this for every person of a 100k-person import.
  let latest = -Infinity;
  for (const a of person.assertions) {
    if (a.status === 'rejected') continue;
    const ev = fieldEvent(a.field);
    if (DEATH_EVENTS.has(ev)) return false;
    if (BIRTH_EVENTS.has(ev) && a.field.endsWith('.date')) {
      const max = yearRange(a.value).max;
      if (max !== undefined && max > latest) latest = max;
    }
  }
  return Number.isFinite(latest) && latest > now.getUTCFullYear() - thresholdYears;
}

/** Persona-level check for records (age + record date when no birth date is given). */
export function isLivingPersona(
  persona: { birthDate?: string; deathDate?: string; burialDate?: string; age?: number | string },
  recordDate: string | undefined,
  now: Date,
  thresholdYears = 100,
): boolean {
  if (persona.deathDate || persona.burialDate) return false;
  let latest = persona.birthDate ? yearRange(persona.birthDate).max : undefined;
  if (latest === undefined && persona.age !== undefined && recordDate) {
    const recordYear = yearRange(recordDate).max;
    const age = typeof persona.age === 'number' ? persona.age : Number.parseInt(persona.age, 10);
    if (recordYear !== undefined && Number.isFinite(age)) latest = recordYear - age + 1;
  }
  if (latest === undefined && recordDate) {
    // A modern record naming someone with no dates: conservatively living if the record is recent.
    const recordYear = yearRange(recordDate).max;
    if (recordYear !== undefined && recordYear > now.getUTCFullYear() - thresholdYears + 18) return true;
  }
  return latest !== undefined && latest > now.getUTCFullYear() - thresholdYears;
}

/** Seed 001 §8.2: birth_place → state_country (drop the city/county and anything finer). */
export function generalizePlace(place: string): string {
  // Postal codes ("Illinois 62702", "D-97199", "ON L2N 4P6", "LS17 6AQ") narrow a place to a street:
  // they go too, and so does what an earlier step left as "[address redacted]".
  const parts = place
    .split(',')
    .map((p) =>
      p
        .replace(HOUSE_POSTCODE, '')
        .replace(/\[[^\]]*redacted\]/g, '')
        .replace(/\s*\b(?:[A-Z]{1,2}-)?\d{4,5}(?:-\d{4})?\b/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  return parts.length <= 2 ? parts.filter((p) => !/\d/.test(p)).join(', ') : parts.slice(-2).join(', ');
}
