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
      agent: 'User',
      actionType: 'conflict_resolution',
      conflictId,
      field: conflict.field,
      options: conflict.competing.map((c) => ({ value: c.value, weight: c.weight })),
      chosen: value,
      rationale: why || 'no reason given',
      context: `${conflict.person}; accepted ${r.accepted.join(', ') || r.created?.id}; disputed ${r.disputed.join(', ') || 'none'}`,
    },
  ]);
  return resolved;
}

/** What the user did to a hypothesis, and why (their words go into the research log). */
interface QueueEdit {
  what: string;
  reason?: string;
}

function editHypothesis(
  root: string,
  id: string,
  edit: (h: { status: string; priority: number }) => void,
  e: QueueEdit,
): Promise<void> {
  return withCaseLock(root, 'hypothesis edit (VS Code)', () => editHypothesisLocked(root, id, edit, e), {
    waitMs: 5000,
  });
}

async function editHypothesisLocked(
  root: string,
  id: string,
  edit: (h: { status: string; priority: number }) => void,
  e: QueueEdit,
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
      // The user's decision in the user's name, not the Lead's (issue #19 item 6).
      agent: 'User',
      actionType: 'decision',
      decisionType: 'user_queue_edit',
      optionsConsidered: [`${h.status} at ${h.priority}`, `${copy.status} at ${copy.priority}`],
      chosenOption: e.what,
      confidence: copy.priority,
      rationale: e.reason?.trim() || 'no reason given',
      context: `hypothesis ${id}: ${h.statement}`,
    },
  ]);
}

const CLOSED = new Set(['completed', 'rejected', 'dismissed']);

export function dismissHypothesis(root: string, id: string, reason?: string): Promise<void> {
  return editHypothesis(root, id, (h) => (h.status = 'dismissed'), { what: 'dismissed', reason });
}

/** A closed hypothesis (completed, rejected or dismissed by a run or by the user) goes back in the queue. */
export function reopenHypothesis(root: string, id: string, reason?: string): Promise<void> {
  return editHypothesis(
    root,
    id,
    (h) => {
      if (!CLOSED.has(h.status)) throw new Error(`hypothesis ${id} is ${h.status}, not closed`);
      h.status = 'pending';
    },
    { what: 'reopened', reason },
  );
}

export function reprioritiseHypothesis(root: string, id: string, priority: number, reason?: string): Promise<void> {
  if (!(priority >= 0 && priority <= 1)) return Promise.reject(new Error('a priority is a number from 0 to 1'));
  return editHypothesis(root, id, (h) => (h.priority = priority), { what: `reprioritised to ${priority}`, reason });
}
