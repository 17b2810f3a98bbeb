/**
 * An immigrant renamed in the new country (Mosche Lewkowicz → Morris Lefkowitz): the given name no
 * longer matches, so the resolver alone finds the ship's list unlike him. A genealogist ties them by
 * the arrival his papers state (a naturalization petition's "arrived at New York on 14 June 1900"):
 * a passenger list of that very day, naming a man of a surname alike in sound (Daitch–Mokotoff) and
 * of his age, is his arrival, whatever his given name was then.
 */
import { displayName } from '../../../model';
import { foldName, namesAlike, nameTokens, surnameSoundex } from '../../../model/names';
import type { KnowledgeGraph } from '../graph';
import type { DateFeature } from '../resolve';
import { birthsAgree } from './family-context';

/** Two surnames alike in spelling or in sound (one Daitch–Mokotoff code in common). */
export function surnamesSoundAlike(a: string, b: string): boolean {
  const x = nameTokens(a);
  const y = nameTokens(b);
  return x.some((s) => y.some((t) => namesAlike(s, t) || surnameSoundex(s).some((k) => surnameSoundex(t).includes(k))));
}

/** A date written to the day ("14 JUN 1900"), upper-cased; undefined for a year or a range. */
function exactDay(date: string | undefined): string | undefined {
  const d = date?.trim().toUpperCase();
  return d && /^\d{1,2} [A-Z]{3} \d{3,4}$/.test(d) ? d : undefined;
}

/**
 * The one candidate whose stated arrival is this passenger list's day, with a surname alike in sound
 * and a birth within two years of the passenger's age; undefined when none or several.
 */
export function sameArrival(
  g: KnowledgeGraph,
  candidates: readonly string[],
  passenger: { surname: string; birth?: DateFeature },
  arrival: string | undefined,
): { id: string; why: string } | undefined {
  const day = exactDay(arrival);
  if (!day || !passenger.surname) return undefined;
  const hits = candidates.filter((id) => {
    const p = g.get(id);
    if (!p) return false;
    const arrived = p.assertions.some(
      (a) => a.field === 'immigration.date' && a.status !== 'rejected' && exactDay(a.value) === day,
    );
    return (
      arrived &&
      p.names.some((n) => surnamesSoundAlike(n.surname, passenger.surname)) &&
      birthsAgree(passenger.birth, g.features(id)?.birth)
    );
  });
  if (hits.length !== 1) return undefined;
  const p = g.get(hits[0])!;
  const surname = p.names.find((n) => surnamesSoundAlike(n.surname, passenger.surname))?.surname ?? '';
  return {
    id: p.id,
    why: `Same arrival: ${displayName(p)} is recorded arriving on ${day}, the date of this list; "${foldName(passenger.surname)}" sounds as "${foldName(surname)}" and the ages agree, so the passenger is he under the name he then bore.`,
  };
}
