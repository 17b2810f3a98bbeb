/**
 * A cycle (seed 002), the composer of the loop's phases: planned once (plan), then up to N steps
 * (step: select → search ∨ extract → resolve → weigh → hypothesise → validate output), each followed
 * by LeadUpdateState and LeadCheckTermination (decide) in one transaction of the store; the cycle
 * ends with the verification checkpoint (verify), the outputs (summary) and the Winterfox cycle
 * record. The cycle owns CycleState; what the phases produce for the research is recorded through
 * research.ts.
 */
import { checkInvariants, InvariantViolationError } from '../invariants';
import { openHypotheses, type TerminationConditions } from '../state';
import type { Strategy } from '../strategy';
import { plannerStopOverruled } from '../planner-stop';
import { Cancelled, type CycleState, type OpenCycle, type Research, type RunContext } from './context';
import { decide } from './decide';
import { logPlan, planCycle } from './plan';
import { chooseTarget, knownAbout, rewardTarget, TARGET_PRIORITY } from './lead-target';
import { writeResearchState } from './research-state';
import {
  nextCycle,
  queue,
  raiseClue,
  recordPlannerMerges,
  scheduleRevisits,
  takePendingMerges,
  terminateIf,
} from './research';
import { committed, persist } from './session';
import { step } from './step';
import { archiveSweepTasks } from './archive-sweep';
import { writeOutputs } from './summary';
import { failedSources, queueVerifications } from './verify-source';
import { validateStaged } from './validate';

const DEFAULT_STEPS_PER_CYCLE = 6;

export async function cycle(ctx: RunContext, research: Research, state: CycleState): Promise<void> {
  const { engine } = research;
  // A resumed run goes on with the cycle it was killed in (same plan, same step count), so it
  // ends where the uninterrupted run would have; only a new cycle is planned.
  if (!state.open) await committed(ctx, () => beginCycle(ctx, research, state));
  const open = state.open!;
  state.strategy = open.strategy as Strategy;
  state.plannerStop = open.plannerStop;
  const steps = ctx.opts.stepsPerCycle ?? DEFAULT_STEPS_PER_CYCLE;
  while (!engine.terminated && open.steps < steps && engine.frontier.size > 0) {
    if (ctx.opts.signal?.aborted) break;
    await committed(ctx, async () => {
      await step(ctx, research, open);
      open.steps += 1;
      decideNow(ctx, research, state, false);
      // Before anything of the step is written: a broken invariant discards the step (committed()).
      assertInvariants(ctx, research, state, `after step ${open.steps} of cycle ${engine.cycle}`);
      await ctx.log.flush();
      await persist(ctx, engine, open);
    });
  }
  await committed(ctx, () => endCycle(ctx, research, state, open));
  if (ctx.opts.signal?.aborted && !engine.terminated) throw new Cancelled();
}

/** A new cycle: the Lead's target and strategy, due revisits, its plan queued; persisted with the cycle marked open. */
async function beginCycle(ctx: RunContext, research: Research, state: CycleState): Promise<void> {
  const { engine, graph, conflicts } = research;
  const startedAt = ctx.clock.now().getTime();
  const n = nextCycle(research);
  const lead = chooseTarget(ctx, { engine, graph, conflicts });
  scheduleRevisits(research);
  const plan = await planCycle(ctx, { engine, graph, conflicts, recent: research.recent, lead });
  state.strategy = plan.choice.strategy;
  if (plan.raise) raiseClue(research, plan.raise, TARGET_PRIORITY);
  const { added } = queue(research, plan.tasks);
  recordPlannerMerges(research, plan.merges);
  logPlan(ctx, plan, { cycle: n, strategy: state.strategy, added, queued: engine.frontier.size });
  state.plannerStop = plan.plannerStop;
  state.open = {
    steps: 0,
    strategy: state.strategy,
    plannerStop: state.plannerStop,
    startedAt,
    before: { persons: graph.size, sources: ctx.store.sources().length, conflicts: conflicts.size },
    ...(plan.choice.target
      ? {
          target: plan.choice.target.id,
          known: { person: plan.choice.target.person, ...knownAbout(graph, conflicts, plan.choice.target.person) },
        }
      : {}),
  };
  if (engine.frontier.size === 0) decideNow(ctx, research, state, true);
  else if (state.plannerStop) decideNow(ctx, research, state, false);
  // The planner's stop stands only where the loop's own rules end the run (the deterministic floor).
  if (plan.decision.shouldStop && !engine.terminated)
    ctx.log.add(
      plannerStopOverruled(ctx.agents.planner.kind, plan.decision.stopReason, {
        frontier: engine.frontier.size,
        clues: openHypotheses(engine).length,
        cycle: n,
      }),
    );
  await ctx.log.flush();
  await persist(ctx, engine, state.open);
}

/** LeadCheckTermination: decide, and end the session when a condition holds. */
function decideNow(ctx: RunContext, research: Research, state: CycleState, cycleEnd: boolean): void {
  const d = decide(ctx, {
    cycleEnd,
    engine: research.engine,
    graph: research.graph,
    verification: state.verification,
  });
  if (!d) return;
  if (d.verification) state.verification = d.verification;
  if (sweptInstead(ctx, research, d.conditions)) return;
  const entry = terminateIf(research, d.conditions);
  if (entry) {
    ctx.log.add(entry);
    ctx.log.emit('step', `Stopping: ${d.conditions.reason}`);
  }
}

/**
 * A research about to end on its own rules reads the archive records no search reached first
 * (archive-sweep.ts); a budget or the user ends it as it stands.
 */
function sweptInstead(ctx: RunContext, research: Research, c: TerminationConditions): boolean {
  const ending = c.goalAchieved || c.exhausted || c.gpsSatisfied || c.diminishingReturns;
  if (!ending || c.budgetExceeded || c.userCancelled) return false;
  const tasks = archiveSweepTasks(ctx, research);
  const { added } = queue(research, tasks);
  if (!added.length) return false;
  const records = added.reduce((n, t) => n + (t.query?.records?.length ?? 0), 0);
  ctx.log.add({
    agent: 'Lead',
    actionType: 'decision',
    decisionType: 'archive_sweep',
    optionsConsidered: ['end the research', 'read the archive records no search reached'],
    chosenOption: 'read the archive records no search reached',
    rationale: `${records} record(s) of the case's archive were reached by no search; the research was about to end (${c.reason}) and reads them first, as a genealogist reads every paper in the case file`,
    context: `cycle ${research.engine.cycle}`,
    cycle: research.engine.cycle,
  });
  ctx.log.emit('step', `Reading the ${records} archive record(s) no search reached`);
  return true;
}

/** End of cycle: verification checkpoint, outputs, Winterfox cycle record; the cycle is closed. */
async function endCycle(ctx: RunContext, research: Research, state: CycleState, open: OpenCycle): Promise<void> {
  const { engine, graph, conflicts } = research;
  const before = open.before;
  // The Validator's round (seed 004): what it did not pass goes back for more evidence or to a person.
  if (!ctx.opts.signal?.aborted) await validateStaged(ctx, research);
  if (!engine.terminated && engine.frontier.size === 0 && !ctx.opts.signal?.aborted)
    decideNow(ctx, research, state, true);
  state.verification = await writeOutputs(ctx, {
    engine,
    graph,
    conflicts,
    merges: takePendingMerges(research),
    strategy: state.strategy,
    identityNotes: research.identityNotes,
    skipped: research.skipped,
  });
  // A source the checkpoint could not confirm a citation in is re-read and checked (VerifyTask).
  if (!engine.terminated && !ctx.opts.signal?.aborted)
    queueVerifications(ctx, research, failedSources(state.verification), 'the verification checkpoint failed');
  if (!engine.terminated && !ctx.opts.signal?.aborted) decideNow(ctx, research, state, true);
  assertInvariants(ctx, research, state, `at the end of cycle ${engine.cycle}`);
  const counts = {
    steps: open.steps,
    persons: graph.size,
    newPersons: graph.size - before.persons,
    sources: ctx.store.sources().length,
    newSources: ctx.store.sources().length - before.sources,
    conflicts: conflicts.size,
    newConflicts: conflicts.size - before.conflicts,
    frontier: engine.frontier.size,
    openClues: openHypotheses(engine).length,
    requests: engine.counters.requests ?? 0,
  };
  // What the cycle learnt about its target's person is the target's reward (UCB1's mean).
  const reward =
    open.target && open.known
      ? rewardTarget(engine, open.target, open.known, knownAbout(graph, conflicts, open.known.person))
      : undefined;
  ctx.log.add({
    agent: 'Lead',
    actionType: 'cycle',
    strategy: state.strategy,
    durationMs: Math.max(0, ctx.clock.now().getTime() - open.startedAt),
    counts,
    costUsd: ctx.opts.meter?.costUsd() ?? 0,
    rationale: `cycle ${engine.cycle} (${state.strategy})${open.target ? `; target ${open.target}${reward === undefined ? '' : `, reward ${reward.toFixed(3)}`}` : ''}`,
    context: '',
  });
  state.open = undefined;
  await ctx.log.flush();
  await writeResearchState(ctx, research, state);
  await persist(ctx, engine, state.open);
}

/**
 * The Z invariants over the state and the entries logged since the last check, in every run (issue
 * #23 item 4). A violation throws before the transaction commits: committed() drops what the step
 * held, and the run fails with the invariant named. The time spent is kept for RunResult.invariants.
 */
function assertInvariants(ctx: RunContext, research: Research, state: CycleState, where: string): void {
  const started = performance.now();
  const v = checkInvariants(research.engine, ctx.log.takeStepEntries());
  state.invariants.checks += 1;
  state.invariants.ms += performance.now() - started;
  if (v.length) throw new InvariantViolationError(v, where);
}
