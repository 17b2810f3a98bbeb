/**
 * A persona's own dates from the events its record states (archive v2 `events`): a register page
 * gives each child's birth, and each burial, as an event naming the persona's key, not as the
 * persona's own fields. Identity must see them as a genealogist reads the page: the Lydia born in
 * 1820 is not the Lydia aged 8 in 1850, the infant John buried in 1711 is not the John buried in 1779.
 */
import type { DateFeature, PersonFeatures } from '../resolve';
import { dateFeature } from '../resolve/features';

/** Years before a baptism (christening) the birth may lie, as the features of a person allow. */
const BAPTISM_BEFORE_BIRTH = 2;

function widened(f: DateFeature | undefined, before: number, after: number): DateFeature | undefined {
  if (!f || f.min === undefined || f.max === undefined) return undefined;
  return { text: f.text, min: f.min - before, max: f.max + after, stated: false };
}

/**
 * Fills each persona's birth and death features from the record's events naming its key, where the
 * persona's own fields gave none (a birth date written on the persona wins). A birth event gives the
 * birth, a baptism the birth up to two years before it; a death event the death, a burial the death
 * up to a year before it.
 */
export function withEventDates(
  feats: PersonFeatures[],
  keys: readonly (string | undefined)[],
  events: readonly { type: string; date?: string; persons: readonly string[] }[] | undefined,
): void {
  const births: (DateFeature | undefined)[] = feats.map(() => undefined);
  const deaths: (DateFeature | undefined)[] = feats.map(() => undefined);
  for (const ev of events ?? []) {
    if (!ev.date) continue;
    const type = ev.type.toLowerCase();
    const stated = dateFeature(ev.date);
    for (const k of ev.persons) {
      const i = keys.indexOf(k);
      if (i < 0) continue;
      if (type === 'birth') births[i] = stated;
      else if ((type === 'baptism' || type === 'christening') && !births[i])
        births[i] = widened(stated, BAPTISM_BEFORE_BIRTH, 0);
      else if (type === 'death') deaths[i] = stated;
      else if (type === 'burial' && !deaths[i]) deaths[i] = widened(stated, 1, 0);
    }
  }
  feats.forEach((f, i) => {
    if (!f.birth && births[i]) f.birth = births[i];
    if (!f.death && deaths[i]) f.death = deaths[i];
  });
}
