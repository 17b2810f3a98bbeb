import type { Person } from '../../model';
import { yearRange } from '../../model/gdate';

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

const DEATH_EVENTS = ['death', 'burial', 'cremation', 'probate', 'will'];
const BIRTH_EVENTS = ['birth', 'baptism', 'christening'];

function fieldEvent(field: string): string {
  return field.split('.')[0] ?? field;
}

/**
 * Seed 000 CensorValidateOutput: isLiving ⇔ a birth date whose latest year is within the threshold
 * and no death date; seed 001 §8.1 adds the explicit flag (wins) and "any death evidence ⇒ not
 * living". Rejected assertions do not count.
 */
export function isLiving(person: Pick<Person, 'assertions' | 'living'>, now: Date, thresholdYears = 100): boolean {
  if (person.living !== undefined) return person.living;
  const live = person.assertions.filter((a) => a.status !== 'rejected');
  if (live.some((a) => DEATH_EVENTS.includes(fieldEvent(a.field)))) return false;
  const births = live.filter((a) => BIRTH_EVENTS.includes(fieldEvent(a.field)) && a.field.endsWith('.date'));
  const latest = Math.max(...births.map((a) => yearRange(a.value).max ?? -Infinity));
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
    const age = typeof persona.age === 'number' ? persona.age : Number.parseInt(String(persona.age), 10);
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
  // Postal codes ("Illinois 62702", "D-97199") narrow a place to a street: they go too.
  const parts = place
    .split(',')
    .map((p) => p.replace(/\s*\b(?:[A-Z]{1,2}-)?\d{4,5}(?:-\d{4})?\b/g, '').trim())
    .filter(Boolean);
  return parts.length <= 2 ? parts.filter((p) => !/\d/.test(p)).join(', ') : parts.slice(-2).join(', ');
}
