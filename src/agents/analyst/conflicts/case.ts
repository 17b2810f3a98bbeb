/**
 * Conflicts of a whole case: the stored conflict files (which carry the user's decisions) overlaid
 * with a fresh detection over every person. A resolved conflict stays resolved while its competing
 * assertions are the same; new evidence reopens it.
 */
import { newId } from '../../../case/ids';
import type { CaseStore } from '../../../engine/ports';
import type { Conflict } from '../../../model';
import { detectConflicts } from './detect';
import { applyUserResolution } from './resolve-user';

function competingKey(c: Conflict): string {
  return c.competing
    .map((x) => `${x.assertion ?? ''}=${x.value}`)
    .sort()
    .join('|');
}

export function caseConflicts(store: Pick<CaseStore, 'persons' | 'conflicts'>): Conflict[] {
  const stored = new Map(store.conflicts().map((c) => [c.id, c]));
  const out = new Map<string, Conflict>();
  for (const p of store.persons()) {
    for (const c of detectConflicts(p)) {
      const s = stored.get(c.id);
      out.set(c.id, s && s.status === 'resolved' && competingKey(s) === competingKey(c) ? s : c);
    }
  }
  for (const [id, s] of stored) if (!out.has(id)) out.set(id, s);
  return [...out.values()].sort((a, b) => a.id.localeCompare(b.id));
}

export class ConflictError extends Error {}

/** `ancestry conflict resolve <id> --value …`: the person's assertions, the conflict file and the log. */
export async function resolveConflictByUser(store: CaseStore, id: string, value: string, now: Date, reason?: string) {
  const conflict = caseConflicts(store).find((c) => c.id === id);
  if (!conflict)
    throw new ConflictError(`no conflict "${id}" in this case (run "ancestry conflicts <case>" to list them)`);
  const person = store.person(conflict.person);
  if (!person) throw new ConflictError(`${id}: person ${conflict.person} is no longer in the case`);
  const r = applyUserResolution(person, conflict, value, now, () => newId('A'));
  const why = reason?.trim();
  const resolved = why
    ? {
        ...r.conflict,
        rationale: `Resolved by the user: "${value}" because ${why}. Engine rationale was: ${conflict.rationale}`,
      }
    : r.conflict;
  await store.writePerson(r.person);
  await store.writeConflict(resolved);
  await store.appendLog([
    {
      // The user's decision, in the user's name (the Analyst only applied it).
      agent: 'User',
      actionType: 'conflict_resolution',
      conflictId: id,
      field: conflict.field,
      options: conflict.competing.map((c) => ({ value: c.value, weight: c.weight })),
      chosen: value,
      rationale: `${why ? `${why}; ` : 'no reason given; '}accepted ${r.accepted.length ? r.accepted.join(', ') : `new assertion ${r.created?.id}`}, kept as disputed ${r.disputed.join(', ') || 'none'}`,
      context: `${conflict.person} ${conflict.field}`,
    },
  ]);
  return { ...r, conflict: resolved };
}
