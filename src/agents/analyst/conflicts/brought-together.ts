/**
 * The conflicts a merge brings together: where the merged persons' values disagree (a birth in 1868
 * in the baptism, 1869 on the death certificate) the conflict is weighed as the research weighs its
 * own, so the review lists it at once; one the case already holds as it is, or the user decided,
 * stays as it is.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Conflict, Person } from '../../../model';
import { detectConflicts } from './detect';

/**
 * The same conflict as known, its resolution time aside: compared as data, not as text, so one read
 * back from its file (keys in the file's order) is not "changed" and weighed again after a resume.
 */
export function sameConflict(a: Conflict, b: Conflict): boolean {
  const plain = (c: Conflict): unknown => JSON.parse(JSON.stringify({ ...c, resolvedAt: undefined }));
  return isDeepStrictEqual(plain(a), plain(b));
}

export function conflictsBroughtTogether(merged: Person, stored: readonly Conflict[], now: Date): Conflict[] {
  const byId = new Map(stored.map((c) => [c.id, c]));
  return detectConflicts(merged)
    .filter((c) => {
      const prior = byId.get(c.id);
      return !(prior?.resolvedBy === 'user' || (prior && sameConflict(prior, c)));
    })
    .map((c) => ({ ...c, resolvedAt: c.status === 'tentative' ? now.toISOString() : undefined }));
}
