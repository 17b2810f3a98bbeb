/**
 * Sole bearers of a name: a merge proposal the resolver left for review is confirmed when its two
 * persons are the only two persons of the case who bear that name, and nothing says "another
 * person" (another-person.ts). A witness "Isaac Sharples" at a marriage and "Isaac Sharples" of a
 * deed, the case's only two, are one man read twice, as a genealogist reads a parish; where a third
 * bearer exists the records do not say which two are one, and the proposal stays for review. Given
 * names of another length do not count as one name here ("Marie Louise" and "Marie": in a register
 * where every girl is Marie something, the first name alone does not say which).
 */
import type { MergeCluster, Person } from '../../../model';
import {
  datesAgree,
  featureMemo,
  known,
  nameAlike,
  namesAloneTooFar,
  openPairProposal,
  recordedBeforeBirth,
  recordsOf,
  relativesSayOther,
  SAME_NAME,
} from './another-person';
import type { Confirmation } from './family-confirmed';

/**
 * The open two-person proposals of `candidates` (the run's own, not the Lead's) whose persons are
 * the case's only two bearers of their name and whose relatives agree; `persons` is every person of
 * the case (read only when a candidate is left to check).
 */
export function soleBearers(
  candidates: readonly MergeCluster[],
  persons: () => Iterable<Person>,
  person: (id: string) => Person | undefined,
  source: (id: string) => { date?: string; place?: string } | undefined,
): Confirmation[] {
  const open = candidates.filter(
    (c) =>
      openPairProposal(c) &&
      (c.features?.givenName?.score ?? 0) >= SAME_NAME &&
      (c.features?.surname?.score ?? 0) >= SAME_NAME &&
      datesAgree(c),
  );
  if (!open.length) return [];
  const featuresOf = featureMemo();
  const everyone = [...persons()];
  const out: Confirmation[] = [];
  for (const c of open) {
    const [a, b] = c.memberIds.map(person);
    if (!a || !b) continue;
    if (known(a.sex) && known(b.sex) && a.sex !== b.sex) continue;
    const fa = featuresOf(a);
    const fb = featuresOf(b);
    if (!nameAlike(fa.names, fb.names, true)) continue;
    // Every other person named like either: one is enough to leave the choice to the user.
    const third = everyone.find(
      (p) =>
        p.id !== a.id &&
        p.id !== b.id &&
        !(known(p.sex) && known(a.sex) && p.sex !== a.sex) &&
        (nameAlike(featuresOf(p).names, fa.names) || nameAlike(featuresOf(p).names, fb.names)),
    );
    if (third) continue;
    const ma = recordsOf(a, source);
    const mb = recordsOf(b, source);
    if (recordedBeforeBirth(ma, fb) || recordedBeforeBirth(mb, fa) || namesAloneTooFar(c, ma, mb)) continue;
    const veto = relativesSayOther({ person: a, features: fa }, { person: b, features: fb }, person, featuresOf);
    if (veto) continue;
    out.push({ cluster: c, reasons: [`the case's only two persons named ${fa.label} and ${fb.label}`] });
  }
  return out;
}
