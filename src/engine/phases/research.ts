/**
 * The named updates of the research state (context.ts Research): what the composers (cycle.ts,
 * step.ts, analyse.ts) do with a phase's output. Together with the Z operations of engine/state.ts
 * they are the only writers of the state that lives across steps and cycles, so a reader finds here
 * every way a phase's result changes the run.
 */
import type { MergeCluster, Task } from '../../model';
import { addHypotheses, addTasks, bump, leadCheckTermination, type TerminationConditions } from '../state';
import type { Research } from './context';
import type { Hypothesised } from './hypothesise';
import type { Resolved } from './resolve';
import type { Searched } from './search';
import { analysedKey } from './tasks';
import type { Weighed } from './weigh';

/** A new cycle's number. */
export function nextCycle(research: Research): number {
  research.engine.cycle += 1;
  return research.engine.cycle;
}

/** Due revisits move from the revisit queue to the frontier (seed 001 RQ → crawler). */
export function scheduleRevisits(research: Research): void {
  const { engine } = research;
  if (!engine.revisitQueue.length) return;
  addTasks(engine, engine.revisitQueue);
  engine.revisitQueue = [];
}

/** The Lead's target is a clue: its queued search goes first (lead-target.ts). */
export function raiseClue(research: Research, clue: string, priority: number): void {
  research.engine.frontier.raise((t) => t.hypothesis === clue, priority);
}

/** Tasks onto the frontier through the novelty guard. */
export function queue(research: Research, tasks: readonly Task[]): { added: Task[]; duplicates: Task[] } {
  return addTasks(research.engine, tasks);
}

/** The archive's fingerprint at the session's start (a change later means new records). */
export function noteArchive(research: Research, fingerprint: number): void {
  research.engine.counters.archiveFingerprint = fingerprint;
}

/** ScoutSearchSource's effects on the state: counters, novelty guard, the analysis, revisits, parked work. */
export function recordSearch(research: Research, out: Searched): void {
  const { engine } = research;
  for (const key of out.remembered) engine.novelty.add(key);
  if (!out.searched) return;
  if (out.parked && !engine.parkedTasks.some((t) => t.id === out.parked!.id)) engine.parkedTasks.push(out.parked);
  bump(engine, 'searches');
  if (out.analyse) {
    bump(engine, 'discoveries');
    engine.counters.queriesSinceDiscovery = 0;
    // The novelty guard also remembers which captured sources are queued or analysed, so a record
    // found again by another search is not analysed twice (it persists with the session).
    for (const id of out.analyse.records ?? []) engine.novelty.add(analysedKey(id));
    addTasks(engine, [out.analyse]);
  } else bump(engine, 'queriesSinceDiscovery');
  if (out.wider) engine.revisitQueue.push(out.wider);
}

/** A record whose analysis added persons is a discovery (diminishing returns count from it). */
export function recordDiscovery(research: Research): void {
  research.engine.counters.queriesSinceDiscovery = 0;
}

/** Conflicts weighed on a record: kept, reported to the planner, corroboration queued. */
export function recordWeighed(research: Research, out: Weighed): void {
  for (const c of out.conflicts) research.conflicts.set(c.id, c);
  research.recent.push(...out.recent);
  research.engine.revisitQueue.push(...out.revisits);
}

/** Identities resolved on a record: discoveries, searches under new names, merge proposals to write. */
export function recordResolved(research: Research, out: Resolved): void {
  research.recent.push(...out.recent);
  research.engine.revisitQueue.push(...out.revisits);
  research.pendingMerges.push(...out.merges);
}

/** The Lead planner's merge proposals, written with the next step's output (never merged by the engine). */
export function recordPlannerMerges(research: Research, merges: readonly MergeCluster[]): void {
  research.pendingMerges.push(...merges);
}

/** The merge proposals waiting to be written, taken once. */
export function takePendingMerges(research: Research): MergeCluster[] {
  return research.pendingMerges.splice(0);
}

/**
 * New clues join the session's hypotheses and their searches the frontier (Z: frontierQueue' =
 * frontierQueue ⁀ hypothesesToTasks(newHypotheses!)); a clue whose search is already queued is dismissed.
 */
export function recordHypotheses(research: Research, out: Hypothesised): void {
  const { engine } = research;
  addHypotheses(engine, out.hypotheses);
  const { duplicates } = addTasks(engine, out.tasks);
  for (const d of duplicates) {
    const h = d.hypothesis ? engine.hypotheses.get(d.hypothesis) : undefined;
    if (h) engine.hypotheses.set(h.id, { ...h, status: 'dismissed' });
  }
  for (const h of out.hypotheses) {
    const cur = engine.hypotheses.get(h.id);
    if (cur && cur.status === 'pending') engine.hypotheses.set(h.id, { ...cur, status: 'in_progress' });
  }
}

/** Z LeadCheckTermination applied: the session ends when a condition holds (the entry to log). */
export function terminateIf(research: Research, c: TerminationConditions): ReturnType<typeof leadCheckTermination> {
  return leadCheckTermination(research.engine, c);
}

/** A step cut short is not done: its task goes back to the frontier and runs again next time. */
export function requeue(research: Research, task: Task): void {
  research.engine.frontier.push(task);
  research.engine.activeAgent = new Set();
}

/** CensorValidateOutput: from here on every write of the step passes the case writer's Censor. */
export function censorActive(research: Research): void {
  research.engine.activeAgent = new Set(['Censor']);
}
