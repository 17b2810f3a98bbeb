/**
 * Family-confirmed proposals: a merge proposal the resolver left for review is confirmed when the
 * two persons' families match as families, not only as names. Person A's relative X and person B's
 * relative Y stand in the same relation (parent, child, spouse) and X and Y are themselves proposed
 * as one person: "Bridget, daughter of Patrick and Mary" in one record and "Brigida, daughter of
 * Patritius and Maria" in another are one family read twice, which no single name shows. The
 * research reads records one at a time, so a census read before the baptism leaves such a family
 * as three review proposals; at the run's end the three confirm each other (measured on the
 * evaluation cases: every proposal this rule confirms is right, docs/decisions).
 *
 * Anything that says "another person" vetoes: the two persons related to each other, a relative
 * the one calls parent and the other child, different sexes, or parents that differ (a parent of
 * the same sex on both sides, neither the same person nor proposed as one).
 */
import type { MergeCluster, Person, Relationship } from '../../../model';
import { givenNamesDiffer, openPairProposal } from './another-person';

export interface Confirmation {
  cluster: MergeCluster;
  /** The matching relatives, written for the log ("parent Patrick Kearney ~ Patritius Kearney (M-…)"). */
  reasons: string[];
}

type Kind = Relationship['type'];
const FAMILY: readonly Kind[] = ['parent', 'child', 'spouse'];

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

function linked(p: Person, kind: Kind): string[] {
  return p.relationships.filter((r) => r.type === kind && r.status !== 'rejected').map((r) => r.person);
}

function label(p: Person | undefined, id: string): string {
  const n = p?.names[0];
  return n ? `${n.given} ${n.surname}`.trim() || id : id;
}

/**
 * The open two-person proposals of `candidates` (the run's own, not the Lead's) that family confirms.
 * `proposals` are every open proposal of the case: a relative pair may be proposed in any of them.
 */
export function familyConfirmed(
  candidates: readonly MergeCluster[],
  proposals: readonly MergeCluster[],
  person: (id: string) => Person | undefined,
): Confirmation[] {
  const open = new Map<string, MergeCluster>();
  for (const c of proposals)
    // A relative pair of two given names (Anna and Magdalena, both mothers of a John Kurio) confirms nothing.
    if (c.status === 'proposed' && c.memberIds.length === 2 && !givenNamesDiffer(c))
      open.set(pairKey(c.memberIds[0], c.memberIds[1]), c);
  const proposedAsOne = (x: string, y: string) => open.get(pairKey(x, y));
  const out: Confirmation[] = [];
  for (const c of candidates) {
    if (!openPairProposal(c) || givenNamesDiffer(c)) continue;
    const [a, b] = c.memberIds.map(person);
    if (!a || !b || contradicts(a, b, person, proposedAsOne)) continue;
    const reasons: string[] = [];
    for (const kind of FAMILY)
      for (const x of linked(a, kind))
        for (const y of linked(b, kind)) {
          const via = x !== y ? proposedAsOne(x, y) : undefined;
          if (via && via.id !== c.id)
            reasons.push(`${kind} ${label(person(x), x)} ~ ${label(person(y), y)} (${via.id})`);
        }
    if (reasons.length) out.push({ cluster: c, reasons });
  }
  return out;
}

const known = (s: Person['sex'] | undefined) => s === 'M' || s === 'F';

function contradicts(
  a: Person,
  b: Person,
  person: (id: string) => Person | undefined,
  proposedAsOne: (x: string, y: string) => MergeCluster | undefined,
): boolean {
  if (known(a.sex) && known(b.sex) && a.sex !== b.sex) return true;
  if (a.relationships.some((r) => r.person === b.id) || b.relationships.some((r) => r.person === a.id)) return true;
  // One relative in two different relations (A's parent is B's child): two generations, two persons.
  const kindOf = new Map(a.relationships.filter((r) => r.status !== 'rejected').map((r) => [r.person, r.type]));
  for (const r of b.relationships) {
    const k = kindOf.get(r.person);
    if (r.status !== 'rejected' && k !== undefined && k !== r.type) return true;
  }
  // A parent of one sex on both sides that is neither the same person nor proposed as one: other parents.
  for (const x of linked(a, 'parent'))
    for (const y of linked(b, 'parent')) {
      if (x === y || proposedAsOne(x, y)) continue;
      const sx = person(x)?.sex;
      if (known(sx) && sx === person(y)?.sex) {
        const bothMatched =
          linked(b, 'parent').some((z) => z === x || proposedAsOne(x, z)) &&
          linked(a, 'parent').some((z) => z === y || proposedAsOne(z, y));
        if (!bothMatched) return true;
      }
    }
  return false;
}
