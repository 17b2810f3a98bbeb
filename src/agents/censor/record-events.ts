/**
 * Archive format v2 puts a person's birth and death in the record's `events` (by key) rather than
 * in the person entry. The Censor must see them to tell the living, and must generalise a living
 * person's events as it does their own fields: otherwise a 1990 birth written as an event would reach
 * `sources/` exactly.
 */
import type { Persona, RawRecord } from '../../model';
import { approximateDecade } from '../../model/gdate';
import { generalizePlace } from './living';
import { replacePii } from './pii';
import type { Redaction } from './redaction';

const BIRTH = /^(birth|baptism|christening)$/i;
const DEATH = /^(death|burial)$/i;

/** The persona with the dates of its own birth and death events filled in where it gives none. */
export function personaWithEvents(p: Persona, record: Pick<RawRecord, 'events'>): Persona {
  if (!p.key || !record.events?.length) return p;
  const own = record.events.filter((e) => e.date && e.persons.includes(p.key!));
  const birth = own.find((e) => BIRTH.test(e.type))?.date;
  const death = own.find((e) => DEATH.test(e.type))?.date;
  return {
    ...p,
    ...(birth && !p.birthDate ? { birthDate: birth } : {}),
    ...(death && !p.deathDate ? { deathDate: death } : {}),
  };
}

/** The record's events with those of living persons generalised (date to a decade, place to state/country). */
export function redactEvents(
  events: RawRecord['events'],
  livingKeys: ReadonlySet<string>,
  out: Redaction[],
): RawRecord['events'] {
  if (!events?.length || !livingKeys.size) return events;
  return events.map((e) => {
    if (!e.persons.some((k) => livingKeys.has(k))) return e;
    const copy = { ...e };
    if (copy.date) {
      copy.date = approximateDecade(copy.date) ?? '(living)';
      out.push({ kind: 'living', what: `a living person's ${e.type} date generalised to a decade` });
    }
    if (copy.place) copy.place = generalizePlace(replacePii(copy.place).text) || undefined;
    return copy;
  });
}
