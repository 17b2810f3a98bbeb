/**
 * runResearch: seed 000's plan-and-execute loop over a case folder, as the sequence of its phases
 * (src/engine/phases/, one module each; docs/architecture.md lists them).
 *
 *   cycle (seed 002): choose a strategy → Lead plans → up to N steps → outputs → cycle record
 *   step (Z PlanAndExecuteLoop): LeadSelectTask ; (ScoutSearchSource ∨ AnalystGenerateHypotheses) ;
 *                                CensorValidateOutput (every write) ; LeadUpdateState ; LeadCheckTermination
 *
 * The session is persisted after every step (hypotheses.json), so a killed run resumes where it
 * stopped. Each step, each cycle's start and end are one transaction of the store (write-ahead
 * journal): a killed step left nothing and runs again, a committed one is replayed on open, and an
 * open cycle is continued, not planned again, so a resumed run ends as the uninterrupted one does.
 * An abort signal stops the loop after the current step.
 */
import type { RunResult } from './events';
import { Cancelled, type CycleState, type Research, type RunContext, type RunOptions } from './phases/context';
import { cycle } from './phases/cycle';
import { InvariantViolationError } from './invariants';
import { closeSession, openSession, type RunStatus } from './phases/session';
import { createContext, setup } from './phases/setup';
import { changedSources, failedSources, heldBackSources, queueVerifications } from './phases/verify-source';
import { verifiedNow } from './phases/verify';
import { changedConflicts, queueResolutions } from './phases/resolve-conflict';
import { supersede, unfinishedSupersessions } from './phases/supersede';
import { writeDirty } from './phases/validate-output';

export type { EngineEvent, RunResult } from './events';
export type { RunOptions } from './phases/context';

export async function runResearch(opts: RunOptions): Promise<RunResult> {
  const ctx = createContext(opts);
  // Write-ahead (CaseWriter.commit): the start, each step and each cycle's end land whole or not at all.
  ctx.store.begin?.();
  const { mode, research, open } = await setup(ctx).catch(async (e: unknown) => {
    await ctx.store.commit?.();
    throw e;
  });
  const { engine } = research;
  ctx.log.stampWith(() => ({ sessionId: engine.sessionId, cycle: engine.cycle }));
  // Supersessions an earlier run left unfinished or did not know of (src/engine/phases/supersede.ts).
  if (await supersede(ctx, research, unfinishedSupersessions(ctx, research.graph)))
    await writeDirty(ctx, { graph: research.graph, merges: [] });
  // A captured source whose file no longer matches its capture, that facts are held back for, or
  // that the checkpoint cannot confirm a citation in (a person file edited since), is re-read and
  // checked first.
  queueVerifications(
    ctx,
    research,
    [
      ...changedSources(ctx),
      ...heldBackSources(research.graph.persons.values()),
      ...failedSources(verifiedNow(ctx, research.graph)),
    ],
    'captured source file(s) changed on disk since capture, held back, or not confirming a citation',
  );
  // A conflict whose competing evidence changed since its file was written is weighed again.
  queueResolutions(
    ctx,
    research,
    changedConflicts(research.conflicts.values(), research.graph),
    "conflict(s) whose persons' evidence changed since they were written",
  );
  await openSession(ctx, research, open, mode);
  // The loop's own state: the cycle in progress (a resumed run continues it) and the last checkpoint.
  const cycles: CycleState = {
    open,
    strategy: 'explore',
    plannerStop: undefined,
    verification: undefined,
    invariants: { checks: 0, ms: 0 },
  };
  const status = await researchUntilDone(ctx, research, cycles);
  return closeSession(ctx, research, cycles, status);
}

/** Cycles until the Lead decides to stop, the user cancels, or an error stops the run (logged, resumable). */
async function researchUntilDone(ctx: RunContext, research: Research, cycles: CycleState): Promise<RunStatus> {
  let status: RunStatus = 'completed';
  try {
    // A run killed after a step decided the end, before its cycle's end was written, ends that cycle.
    while (!research.engine.terminated || cycles.open) {
      if (ctx.opts.signal?.aborted) throw new Cancelled();
      await cycle(ctx, research, cycles);
    }
  } catch (e) {
    // A broken invariant: the step was discarded; nothing more is written from the state in memory.
    if (e instanceof InvariantViolationError) cycles.unsafe = true;
    if (e instanceof Cancelled || (ctx.opts.signal?.aborted && !cycles.unsafe)) status = 'cancelled';
    else {
      status = 'failed';
      ctx.log.add({
        agent: 'Lead',
        actionType: 'error',
        message: e instanceof Error ? e.message : String(e),
        rationale: cycles.unsafe
          ? 'a Z invariant broke: the step was discarded and nothing else was written; the case is as after the last good step'
          : 'the run stopped on an unexpected error; the session is saved and can be resumed',
        context: e instanceof Error ? (e.stack ?? '').slice(0, 2000) : '',
      });
    }
  }
  return status;
}
