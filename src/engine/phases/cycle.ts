/**
 * A cycle (seed 002): planned once, then up to N steps, each with LeadUpdateState and
 * LeadCheckTermination, each one transaction of the store; the cycle ends with the verification
 * checkpoint, the outputs and the Winterfox cycle record.
 */
import { checkInvariants } from '../invariants';
import { openHypotheses } from '../state';
import type { Strategy } from '../strategy';
import { Cancelled, type OpenCycle, type RunContext, type RunState } from './context';
import { decide } from './decide';
import { planCycle } from './plan';
import { committed, persist } from './session';
import { step } from './step';
import { writeOutputs } from './summary';

const DEFAULT_STEPS_PER_CYCLE = 6;

export async function cycle(ctx: RunContext, run: RunState): Promise<void> {
  // A resumed run goes on with the cycle it was killed in (same plan, same step count), so it
  // ends where the uninterrupted run would have; only a new cycle is planned.
  if (!run.openCycle) await committed(ctx, () => planCycle(ctx, run));
  const open = run.openCycle!;
  run.strategy = open.strategy as Strategy;
  run.plannerStop = open.plannerStop;
  const steps = ctx.opts.stepsPerCycle ?? DEFAULT_STEPS_PER_CYCLE;
  while (!run.state.terminated && open.steps < steps && run.state.frontier.size > 0) {
    if (ctx.opts.signal?.aborted) break;
    await committed(ctx, async () => {
      await step(ctx, run);
      open.steps += 1;
      await decide(ctx, run, false);
      await ctx.log.flush();
      await persist(ctx, run);
    });
    if (ctx.opts.checkInvariants) assertInvariants(ctx, run);
  }
  await committed(ctx, () => endCycle(ctx, run, open));
  if (ctx.opts.signal?.aborted && !run.state.terminated) throw new Cancelled();
}

/** End of cycle: verification checkpoint, outputs, Winterfox cycle record; the cycle is closed. */
async function endCycle(ctx: RunContext, run: RunState, open: OpenCycle): Promise<void> {
  const before = open.before;
  if (!run.state.terminated && run.state.frontier.size === 0 && !ctx.opts.signal?.aborted) await decide(ctx, run, true);
  await writeOutputs(ctx, run);
  if (!run.state.terminated && !ctx.opts.signal?.aborted) await decide(ctx, run, true);
  const counts = {
    steps: open.steps,
    persons: run.graph.size,
    newPersons: run.graph.size - before.persons,
    sources: ctx.store.sources().length,
    newSources: ctx.store.sources().length - before.sources,
    conflicts: run.conflictsById.size,
    newConflicts: run.conflictsById.size - before.conflicts,
    frontier: run.state.frontier.size,
    openClues: openHypotheses(run.state).length,
    requests: run.state.counters.requests ?? 0,
  };
  ctx.log.add({
    agent: 'Lead',
    actionType: 'cycle',
    strategy: run.strategy,
    durationMs: Math.max(0, ctx.clock.now().getTime() - open.startedAt),
    counts,
    costUsd: ctx.opts.meter?.costUsd() ?? 0,
    rationale: `cycle ${run.state.cycle} (${run.strategy})`,
    context: '',
  });
  run.openCycle = undefined;
  await ctx.log.flush();
  await persist(ctx, run);
}

/** The Z invariants over the state and the entries of the step just done (RunOptions.checkInvariants). */
function assertInvariants(ctx: RunContext, run: RunState): void {
  const v = checkInvariants(run.state, ctx.log.takeStepEntries());
  if (v.length)
    throw new Error(`invariant violated after step: ${v.map((x) => `(${x.invariant}) ${x.message}`).join('; ')}`);
}
