/** Turns the case snapshot into the pedigree chart's family index (living persons redacted). */
import type { Generations, PedigreeView } from '../../protocol/pedigree';
import { buildPedigree, indexFamily, type FamilyMember } from '../../protocol/pedigree-tree';
import type { CaseSnapshot } from '../core/snapshot';
import { personLabel } from '../views/labels';

const cache = new WeakMap<CaseSnapshot, Map<string, FamilyMember>>();

export function familyIndex(snap: CaseSnapshot): Map<string, FamilyMember> {
  let index = cache.get(snap);
  if (index) return index;
  const now = new Date();
  const members: FamilyMember[] = [];
  for (const { person } of snap.persons.values()) {
    const label = personLabel(person, snap, now);
    // The chart draws conclusions: staged (unproven) relationships wait in the review views.
    const live = person.relationships.filter((r) => r.status === 'accepted');
    members.push({
      id: person.id,
      name: label.name,
      lifespan: label.lifespan,
      sex: person.sex,
      living: label.living,
      parents: live.filter((r) => r.type === 'parent').map((r) => r.person),
      children: live.filter((r) => r.type === 'child').map((r) => r.person),
    });
  }
  index = indexFamily(members);
  cache.set(snap, index);
  return index;
}

export function pedigreeFor(snap: CaseSnapshot, rootId: string, generations: Generations): PedigreeView | undefined {
  return buildPedigree(familyIndex(snap), rootId, generations);
}
