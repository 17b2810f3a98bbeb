/**
 * User decisions applied to the case through its one writer (src/case): conflict resolutions and
 * edits of the hypothesis queue. Loaded lazily by the panels and commands that need them.
 */
import { applyUserResolution } from '../agents/analyst/conflicts';
import { newId, openCase, withCaseLock } from '../case';
import type { Conflict } from '../model';

/**
 * Records the user's resolution (the Analyst's applyUserResolution): the chosen value is accepted,
 * every alternative stays in the person file as disputed, and the user's reason is kept.
 */
export function resolveConflict(root: string, conflictId: string, value: string, reason: string): Promise<Conflict> {
  // A short edit waits a moment for a running writer (a research run) instead of failing at once.
  return withCaseLock(
    root,
    'conflict resolve (VS Code)',
    () => resolveConflictLocked(root, conflictId, value, reason),
    { waitMs: 5000 },
  );
}

async function resolveConflictLocked(
  root: string,
  conflictId: string,
  value: string,
  reason: string,
): Promise<Conflict> {
  const store = await openCase(root);
  const conflict = store.conflicts().find((c) => c.id === conflictId);
  if (!conflict) throw new Error(`conflict ${conflictId} is not in conflicts/`);
  const person = store.person(conflict.person);
  if (!person) throw new Error(`conflict ${conflictId} concerns ${conflict.person}, who is not in the case`);
  const why = reason.trim();
  const r = applyUserResolution(person, conflict, value, store.clock.now(), () => newId('A'));
  const resolved: Conflict = {
    ...r.conflict,
    rationale: `Resolved by the user: "${value}" because ${why}. Engine rationale was: ${conflict.rationale}`,
  };
  await store.writePerson(r.person);
  await store.writeConflict(resolved);
  await store.appendLog([
    {
      agent: 'Analyst',
      actionType: 'conflict_resolution',
      conflictId,
      field: conflict.field,
      options: conflict.competing.map((c) => ({ value: c.value, weight: c.weight })),
      chosen: value,
      rationale: `Resolved by the user: ${why}`,
      context: `${conflict.person}; accepted ${r.accepted.join(', ') || r.created?.id}; disputed ${r.disputed.join(', ') || 'none'}`,
    },
  ]);
  return resolved;
}

function editHypothesis(
  root: string,
  id: string,
  edit: (h: { status: string; priority: number }) => void,
  what: string,
): Promise<void> {
  return withCaseLock(root, 'hypothesis edit (VS Code)', () => editHypothesisLocked(root, id, edit, what), {
    waitMs: 5000,
  });
}

async function editHypothesisLocked(
  root: string,
  id: string,
  edit: (h: { status: string; priority: number }) => void,
  what: string,
): Promise<void> {
  const store = await openCase(root);
  const session = store.session();
  const h = session?.hypotheses.find((x) => x.id === id);
  if (!session || !h) throw new Error(`hypothesis ${id} is not in hypotheses.json`);
  const copy = { ...h };
  edit(copy);
  await store.writeSession({ ...session, hypotheses: session.hypotheses.map((x) => (x.id === id ? copy : x)) });
  await store.appendLog([
    {
      agent: 'Lead',
      actionType: 'decision',
      decisionType: 'user_queue_edit',
      optionsConsidered: [h.priority, copy.priority],
      chosenOption: what,
      confidence: copy.priority,
      rationale: `User ${what} hypothesis ${id}`,
      context: h.statement,
    },
  ]);
}

export function dismissHypothesis(root: string, id: string): Promise<void> {
  return editHypothesis(root, id, (h) => (h.status = 'dismissed'), 'dismissed');
}

export function reprioritiseHypothesis(root: string, id: string, priority: number): Promise<void> {
  if (!(priority >= 0 && priority <= 1)) return Promise.reject(new Error('a priority is a number from 0 to 1'));
  return editHypothesis(root, id, (h) => (h.priority = priority), `reprioritised to ${priority}`);
}
