/**
 * A family named alike: a merge proposal the resolver left for review is confirmed when the two
 * persons' relatives bear the names of one family, though no record joined those relatives yet.
 * "Juho, son of Matti and Liisa" in a Finnish communion book and "John Koivisto, son of Matt Makela
 * and Lisa Hendrickson" on a Michigan death certificate: the parents' surnames were written in two
 * countries' ways, their given names are one. Two relatives named alike by their given names
 * confirm (both parents, or a wife and a child), or one named alike in full (a wife "Mary A.
 * Goicoechea" and the wife "Maria Ascensio" of José Miguel Goicoechea: her husband is one man).
 * Nothing may say "another person" (another-person.ts): one Mary for a wife is common, so a single
 * relative named alike by the given name alone is not enough.
 */
import type { MergeCluster, Person } from '../../../model';
import type { NameFeature } from '../resolve/feature-types';
import {
  datesAgree,
  featureMemo,
  givenAlike,
  known,
  nameAlike,
  openPairProposal,
  recordedBeforeBirth,
  recordsOf,
  relativesOf,
  relativesSayOther,
  SAME_NAME,
  type Kind,
} from './another-person';
import type { Confirmation } from './family-confirmed';

const KINDS: readonly Kind[] = ['parent', 'spouse', 'child'];

/** Both written without a surname (a single name, as indenture lists write them). */
const surnameless = (a: readonly NameFeature[], b: readonly NameFeature[]) =>
  a.every((n) => !n.surnames.length) && b.every((n) => !n.surnames.length);

export function namedFamily(
  candidates: readonly MergeCluster[],
  person: (id: string) => Person | undefined,
  source: (id: string) => { date?: string; place?: string } | undefined,
): Confirmation[] {
  const featuresOf = featureMemo();
  const names = (p: Person) => featuresOf(p).names;
  const out: Confirmation[] = [];
  for (const c of candidates) {
    if (!openPairProposal(c) || (c.features?.givenName?.score ?? 0) < SAME_NAME || !datesAgree(c)) continue;
    const [a, b] = c.memberIds.map(person);
    if (!a || !b || (known(a.sex) && known(b.sex) && a.sex !== b.sex)) continue;
    const byGiven: string[] = [];
    const inFull: string[] = [];
    for (const kind of KINDS)
      for (const x of relativesOf(a, kind, person))
        for (const y of relativesOf(b, kind, person)) {
          if (x.id === y.id || !known(x.sex) || x.sex !== y.sex || !givenAlike(names(x), names(y))) continue;
          const said = `${kind} ${featuresOf(x).label} ~ ${featuresOf(y).label}`;
          byGiven.push(said);
          if (nameAlike(names(x), names(y)) || surnameless(names(x), names(y))) inFull.push(said);
        }
    if (byGiven.length < 2 && !inFull.length) continue;
    const fa = featuresOf(a);
    const fb = featuresOf(b);
    if (recordedBeforeBirth(recordsOf(a, source), fb) || recordedBeforeBirth(recordsOf(b, source), fa)) continue;
    if (relativesSayOther({ person: a, features: fa }, { person: b, features: fb }, person, featuresOf)) continue;
    out.push({
      cluster: c,
      reasons: [`their families are named alike: ${(inFull.length ? inFull : byGiven).join('; ')}`],
    });
  }
  return out;
}
