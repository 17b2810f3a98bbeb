/**
 * Seed 000's AncestryEngineState and its operations, as plain functions over one state object.
 * The engine (loop.ts) composes them; tests drive them directly and check the invariants after
 * every operation (invariants.ts).
 */
import type { Agent, ClueHypothesis, NewLogEntry, Person, Task, Tier } from '../model';
import { Task as TaskSchema } from '../model';
import type { SessionState } from './ports';
import { Frontier } from './frontier';
import { queryHash } from './query';
import { stableId } from './ids';
import { emptyMemory, type LeadMemory } from './lead/ucb';

export type SourcePermissions = Record<Tier, boolean>;

export interface EngineState {
  sessionId: string;
  /** knowledgeGraph : UUID ⇸ Person (mirrors the case's persons, kept in memory). */
  graph: Map<string, Person>;
  frontier: Frontier;
  completedTaskIds: Set<string>;
  /** The clue queue: every ClueHypothesis of the session (status tells which are open). */
  hypotheses: Map<string, ClueHypothesis>;
  /** Seed 001 RevisitQueue: re-query jobs waiting for the Lead to schedule them. */
  revisitQueue: Task[];
  /** Seed 001 NoveltyGuard: normalised query hashes already searched or queued. */
  novelty: Set<string>;
  sourcePermissions: SourcePermissions;
  activeAgent: Set<Agent>;
  terminated: boolean;
  terminationReason?: string;
  cycle: number;
  counters: Record<string, number>;
  subjectId?: string;
  /** Tasks left when a budget ended the session (Z invariant 3 empties the frontier). */
  parkedTasks: Task[];
  /** The Lead's targets: visits and rewards (UCB1), kept across cycles and sessions. */
  lead: LeadMemory;
}

export class PreconditionError extends Error {
  constructor(op: string, what: string) {
    super(`${op}: precondition failed: ${what}`);
    this.name = 'PreconditionError';
  }
}

/** sourcePermissions' = {Tier0 ↦ true, Tier1 ↦ ?, Tier2 ↦ ?}: Tier 0 cannot be switched off. */
export function permissionsFrom(tiers: { tier1: boolean; tier2: boolean }): SourcePermissions {
  return { 0: true, 1: tiers.tier1, 2: tiers.tier2 };
}

/** Z SourcePermissionGate: allowed! = sourcePermissions(tier?) and Tier 0 is always allowed. */
export function sourcePermissionGate(perms: SourcePermissions, tier: Tier): boolean {
  return tier === 0 ? true : perms[tier];
}

export function makeTask(
  fields: Omit<Task, 'completed' | 'retryCount' | 'sourceConstraint' | 'id' | 'assignedTo'> &
    Partial<Pick<Task, 'id' | 'sourceConstraint' | 'assignedTo' | 'retryCount'>>,
): Task {
  const assignedTo: Agent[] = fields.assignedTo ?? (fields.taskType === 'SearchTask' ? ['Scout'] : ['Analyst']);
  const hash = fields.query ? queryHash(fields.query) : fields.queryHash;
  const id =
    fields.id ??
    stableId(
      fields.taskType === 'SearchTask' ? 'T' : 'A',
      fields.taskType,
      hash,
      fields.revisitReason,
      (fields.records ?? []).join(','),
    );
  return TaskSchema.parse({
    ...fields,
    id,
    assignedTo,
    queryHash: hash,
    sourceConstraint: fields.sourceConstraint ?? [0],
    completed: false,
    retryCount: fields.retryCount ?? 0,
  });
}

/** Z InitAncestryEngine: the seed person in the graph, one initial task, nothing else. */
export function initAncestryEngine(input: {
  sessionId: string;
  seedPerson: Person;
  initialTask: Task;
  permissions: SourcePermissions;
  graph?: Map<string, Person>;
}): EngineState {
  const graph = input.graph ?? new Map<string, Person>();
  graph.set(input.seedPerson.id, input.seedPerson);
  const state: EngineState = {
    sessionId: input.sessionId,
    graph,
    frontier: new Frontier(),
    completedTaskIds: new Set(),
    hypotheses: new Map(),
    revisitQueue: [],
    novelty: new Set(),
    sourcePermissions: { ...input.permissions, 0: true },
    activeAgent: new Set(),
    terminated: false,
    cycle: 0,
    counters: {},
    subjectId: input.seedPerson.id,
    parkedTasks: [],
    lead: emptyMemory(),
  };
  addTasks(state, [input.initialTask]);
  return state;
}

/** Z LeadSelectTask: head of the sorted frontier; the frontier becomes its tail. */
export function leadSelectTask(state: EngineState): { task: Task; entry: NewLogEntry } {
  if (state.terminated) throw new PreconditionError('LeadSelectTask', '¬terminated');
  const task = state.frontier.pop();
  if (!task) throw new PreconditionError('LeadSelectTask', 'frontierQueue ≠ ⟨⟩');
  state.activeAgent = new Set(task.assignedTo);
  const entry: NewLogEntry = {
    agent: 'Lead',
    actionType: 'task_selection',
    taskId: task.id,
    taskType: task.taskType,
    priority: task.priority,
    rationale: task.revisitReason
      ? `revisit: ${task.revisitReason}`
      : `highest priority (${task.priority.toFixed(3)}) of ${state.frontier.size + 1} queued tasks; ties go to the oldest`,
    context: task.query ? JSON.stringify(task.query) : (task.records ?? []).join(','),
    cycle: state.cycle,
  };
  return { task, entry };
}

/**
 * Adds tasks to the frontier through the novelty guard: a search whose normalised query was already
 * searched or queued is refused (revisits carry their reason in the hash and pass once).
 */
export function addTasks(state: EngineState, tasks: readonly Task[]): { added: Task[]; duplicates: Task[] } {
  const added: Task[] = [];
  const duplicates: Task[] = [];
  for (const t of tasks) {
    if (t.completed) throw new PreconditionError('addTasks', `task ${t.id} is already completed (invariant 4)`);
    const key = noveltyKey(t);
    if ((key && state.novelty.has(key)) || state.completedTaskIds.has(t.id) || state.frontier.has(t.id)) {
      duplicates.push(t);
      continue;
    }
    if (key) state.novelty.add(key);
    state.frontier.push(t);
    added.push(t);
  }
  return { added, duplicates };
}

export function noveltyKey(t: Task): string | undefined {
  if (t.taskType !== 'SearchTask' || !t.queryHash) return undefined;
  return t.revisitReason ? `${t.queryHash}|${t.revisitReason}` : t.queryHash;
}

/** Invariant 6: only the Analyst generates hypotheses. Returns the ones that are new. */
export function addHypotheses(state: EngineState, hs: readonly ClueHypothesis[]): ClueHypothesis[] {
  const fresh = newHypotheses(state.hypotheses, hs);
  for (const h of fresh) state.hypotheses.set(h.id, h);
  return fresh;
}

/** The clues of `hs` not among `known` (each once), checked as addHypotheses checks them; nothing changes. */
export function newHypotheses(
  known: ReadonlyMap<string, ClueHypothesis>,
  hs: readonly ClueHypothesis[],
): ClueHypothesis[] {
  const fresh = new Map<string, ClueHypothesis>();
  for (const h of hs) {
    if (h.generatedBy !== 'Analyst') throw new PreconditionError('AnalystGenerateHypotheses', 'generatedBy = Analyst');
    if (h.priority < 0 || h.priority > 1) throw new PreconditionError('AnalystGenerateHypotheses', '0 ≤ priority ≤ 1');
    if (!known.has(h.id) && !fresh.has(h.id)) fresh.set(h.id, h);
  }
  return [...fresh.values()];
}

/** LeadUpdateState for a finished task: completed, out of every queue, no agent active. */
export function completeTask(state: EngineState, task: Task): Task {
  const done = { ...task, completed: true };
  state.completedTaskIds.add(task.id);
  state.activeAgent = new Set();
  if (task.hypothesis) {
    const h = state.hypotheses.get(task.hypothesis);
    // hypothesesToTasks makes one task per hypothesis, so its task finishing settles it.
    if (h && (h.status === 'pending' || h.status === 'in_progress'))
      state.hypotheses.set(h.id, { ...h, status: 'completed' });
  }
  return done;
}

export function openHypotheses(state: EngineState): ClueHypothesis[] {
  return [...state.hypotheses.values()].filter((h) => h.status === 'pending' || h.status === 'in_progress');
}

export interface TerminationConditions {
  goalAchieved: boolean;
  exhausted: boolean;
  budgetExceeded: boolean;
  gpsSatisfied: boolean;
  diminishingReturns: boolean;
  userCancelled: boolean;
  /** The Lead planner decided to stop (PlanDecision.shouldStop): queued work is parked, as for a budget. */
  plannerStop?: boolean;
  reason: string;
}

/**
 * Z LeadCheckTermination. A user cancel stops the loop without terminating the session (it resumes
 * later); any other condition terminates it, and Z invariant 3 empties the frontier — the tasks a
 * budget cut short are parked so a later run can pick them up again.
 */
export function leadCheckTermination(state: EngineState, c: TerminationConditions): NewLogEntry | undefined {
  const terminate =
    c.goalAchieved || c.exhausted || c.budgetExceeded || c.gpsSatisfied || c.diminishingReturns || c.plannerStop;
  if (!terminate) return undefined;
  state.terminated = true;
  state.terminationReason = c.reason;
  const left = state.frontier.drain();
  // Work cut short (budget, or the planner's stop with tasks still queued) is parked for a later run.
  const park =
    c.budgetExceeded ||
    (c.plannerStop === true && !(c.goalAchieved || c.exhausted || c.gpsSatisfied || c.diminishingReturns));
  // Searches a source outage left undone stay parked whatever the reason to stop (source-outage.ts).
  state.parkedTasks = [...state.parkedTasks, ...(park ? [...left, ...state.revisitQueue] : [])];
  state.revisitQueue = [];
  for (const h of openHypotheses(state)) state.hypotheses.set(h.id, { ...h, status: park ? 'pending' : 'dismissed' });
  return {
    agent: 'Lead',
    actionType: 'termination',
    goalAchieved: c.goalAchieved,
    exhausted: c.exhausted,
    budgetExceeded: c.budgetExceeded,
    gpsSatisfied: c.gpsSatisfied,
    diminishingReturns: c.diminishingReturns,
    userCancelled: c.userCancelled,
    reason: c.reason,
    rationale: c.reason,
    context: `${left.length} queued task(s) ${park ? 'parked for a later run' : 'dropped'}`,
    cycle: state.cycle,
  };
}

/** The persisted form (hypotheses.json). */
export function toSession(state: EngineState): SessionState {
  return {
    version: 1,
    sessionId: state.sessionId,
    cycle: state.cycle,
    frontier: state.frontier.sorted(),
    completedTaskIds: [...state.completedTaskIds],
    hypotheses: [...state.hypotheses.values()],
    revisitQueue: state.revisitQueue,
    noveltyHashes: [...state.novelty],
    terminated: state.terminated,
    terminationReason: state.terminationReason,
    counters: { ...state.counters },
    subjectId: state.subjectId,
    parkedTasks: state.parkedTasks.length ? state.parkedTasks : undefined,
    lead: state.lead.cycles ? state.lead : undefined,
  };
}

export function fromSession(s: SessionState, graph: Map<string, Person>, permissions: SourcePermissions): EngineState {
  return {
    sessionId: s.sessionId,
    graph,
    frontier: new Frontier(s.frontier),
    completedTaskIds: new Set(s.completedTaskIds),
    hypotheses: new Map(s.hypotheses.map((h) => [h.id, h])),
    revisitQueue: [...s.revisitQueue],
    novelty: new Set(s.noveltyHashes),
    sourcePermissions: { ...permissions, 0: true },
    activeAgent: new Set(),
    terminated: s.terminated,
    terminationReason: s.terminationReason,
    cycle: s.cycle,
    counters: { ...s.counters },
    subjectId: s.subjectId,
    parkedTasks: s.parkedTasks ?? [],
    lead: s.lead ?? emptyMemory(),
  };
}

export function bump(state: EngineState, counter: string, n = 1): number {
  state.counters[counter] = (state.counters[counter] ?? 0) + n;
  return state.counters[counter];
}
