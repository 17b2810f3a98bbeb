/**
 * The session: opened with its start entries (and the files the run leaves out), persisted with the
 * open cycle after every step (hypotheses.json), and closed with the outputs, the end entry and the
 * run's result. Every write of a phase is one transaction of the store when it has them.
 */
import { join } from 'node:path';
import { displayName, type MergeCluster } from '../../model';
import { formatProblem } from '../../case/problems';
import type { RunResult } from '../events';
import type { CaseStore } from '../ports';
import { InvariantViolationError } from '../invariants';
import { toSession, type EngineState } from '../state';
import type { CycleState, OpenCycle, Research, RunContext, SessionMode } from './context';
import { noteArchive, takePendingMerges } from './research';
import { writeOutputs } from './summary';
import { writeResearchState } from './research-state';
import { citeNamedInText, consolidateFamilies, familyConfirmations, proposeAcrossCase } from './consolidate';

export type RunStatus = RunResult['status'];

/** The archive's fingerprint as a number (session counters are numbers): a change means new records. */
export function archiveFingerprint(ctx: RunContext): number {
  return ctx.archive ? Number.parseInt(ctx.archive.fingerprint.slice(0, 8), 16) : 0;
}

/** The session's start: its log entries, the files left out, Tier 0 permitted; persisted and committed. */
export async function openSession(
  ctx: RunContext,
  research: Research,
  open: OpenCycle | undefined,
  mode: SessionMode,
): Promise<void> {
  const { engine } = research;
  // The case writer's own compliance entries (Censor redactions) belong to this session too.
  const stamped = ctx.store as CaseStore & { sessionId?: unknown };
  if (typeof stamped.sessionId === 'string') stamped.sessionId = engine.sessionId;
  const subject = research.graph.get(engine.subjectId!)!;
  ctx.log.add({
    agent: 'Lead',
    actionType: 'session_start',
    query: ctx.config.question,
    seedPerson: {
      id: subject.id,
      name: displayName(subject),
      born: ctx.config.subject.born,
      place: ctx.config.subject.place,
    },
    rationale:
      mode === 'resumed'
        ? `resuming session ${engine.sessionId} at cycle ${engine.cycle} with ${engine.frontier.size} queued task(s)`
        : mode === 'continued'
          ? 'continuing a finished session: search history kept'
          : 'new session',
    context: `connectors: ${ctx.connectors.map((c) => `${c.id} (Tier ${c.tier})`).join(', ')}`,
  });
  for (const p of research.skipped) {
    ctx.log.add({
      agent: 'Lead',
      actionType: 'error',
      message: `left out of this run: ${formatProblem(p)}`,
      rationale: 'a case file that cannot be read is reported and never overwritten; fix it and run again',
      context: p.file,
    });
    ctx.log.emit('step', `Cannot read ${formatProblem(p)} — left out of this run, not overwritten`);
  }
  ctx.log.add({
    agent: 'Censor',
    actionType: 'compliance',
    check: 'tos',
    subject: 'archive',
    allowed: true,
    reason: "the case's local archive holds the user's own records (Tier 0): searching it is always permitted",
    rationale: 'Invariant 2: Tier 0 is always accessible',
    context: 'archive',
  });
  noteArchive(research, archiveFingerprint(ctx));
  await ctx.log.flush();
  await persist(ctx, engine, open);
  await ctx.store.commit?.();
  ctx.log.emit(
    'step',
    `${mode === 'resumed' ? 'Resuming' : 'Researching'} ${displayName(subject)} (${engine.frontier.size} task(s) queued)`,
  );
}

/** The session's end, whatever stopped it: the outputs, the end entry, the session saved; the run's result. */
export async function closeSession(
  ctx: RunContext,
  research: Research,
  cycle: CycleState,
  status: RunStatus,
): Promise<RunResult> {
  const { engine } = research;
  let { graph } = research;
  ctx.store.begin?.();
  if (status === 'cancelled')
    ctx.log.add({
      agent: 'Lead',
      actionType: 'termination',
      goalAchieved: false,
      exhausted: false,
      budgetExceeded: false,
      gpsSatisfied: false,
      diminishingReturns: false,
      userCancelled: true,
      reason: 'user cancel: stopped after the current step; run again to resume',
      rationale: 'user interrupt',
      context: `${engine.frontier.size} task(s) still queued`,
    });
  const outputs = (merges: MergeCluster[]) =>
    writeOutputs(ctx, {
      engine,
      graph,
      conflicts: research.conflicts,
      merges,
      strategy: cycle.strategy,
      identityNotes: research.identityNotes,
      skipped: research.skipped,
    }).catch((e: unknown) =>
      ctx.log.add({
        agent: 'Lead',
        actionType: 'error',
        message: `writing outputs failed: ${e instanceof Error ? e.message : String(e)}`,
        rationale: '',
        context: '',
      }),
    );
  // After a broken invariant the state in memory is wrong: only the log is written (the error, the end).
  if (!cycle.unsafe) await outputs(takePendingMerges(research));
  // A completed research consolidates what family confirms (consolidate.ts), then writes its outputs
  // again. Only then is the session's end split in two commits: without a merge it stays one unit.
  const completed = status === 'completed' && !cycle.unsafe;
  if (completed) await proposeAcrossCase(ctx);
  const confirmed = completed ? familyConfirmations(ctx, research) : [];
  if (confirmed.length) {
    await ctx.log.flush();
    await ctx.store.commit?.();
    const merged = await consolidateFamilies(ctx, research, confirmed);
    ctx.store.begin?.();
    if (merged) {
      graph = merged;
      await outputs([]);
    }
  }
  // Free-text records cite the persons they name in full (the case's only bearer of the name).
  const cited = completed ? await citeNamedInText(ctx, research) : undefined;
  if (cited) {
    graph = cited;
    await outputs([]);
  }
  ctx.log.add({
    agent: 'Lead',
    actionType: 'session_end',
    status: status === 'cancelled' ? 'cancelled' : status,
    rationale: engine.terminationReason ?? status,
    context: '',
  });
  await ctx.log.flush();
  // A run stopped inside a cycle leaves that cycle's file marked open; the resumed run completes it.
  if (!cycle.unsafe)
    await writeResearchState(ctx, { ...research, graph }, cycle).catch((e: unknown) =>
      ctx.log.add({
        agent: 'Lead',
        actionType: 'error',
        message: `writing the cycle files failed: ${e instanceof Error ? e.message : String(e)}`,
        rationale: '',
        context: '',
      }),
    );
  await ctx.log.flush();
  if (!cycle.unsafe) await persist(ctx, engine, cycle.open);
  await ctx.store.commit?.();
  const reason =
    status === 'cancelled'
      ? 'user cancel'
      : status === 'failed'
        ? cycle.unsafe
          ? 'invariant violated (see the research log); nothing of the failing step was written'
          : 'error (see the research log)'
        : (engine.terminationReason ?? 'stopped');
  const result: RunResult = {
    status,
    terminationReason: reason,
    cycles: engine.cycle,
    persons: graph.size,
    sources: ctx.store.sources().length,
    conflicts: ctx.store.conflicts().length,
    summaryPath: join(ctx.store.root, 'summary.md'),
    invariants: { checks: cycle.invariants.checks, ms: Math.round(cycle.invariants.ms * 100) / 100 },
  };
  ctx.log.emit(
    'done',
    `${status}: ${reason} — ${result.cycles} cycle(s), ${result.persons} person(s), ${result.sources} source(s), ${result.conflicts} conflict(s)`,
  );
  return result;
}

/** Runs `fn` as one transaction of the store (when it has them): its writes land whole or not at all. */
export async function committed(ctx: RunContext, fn: () => Promise<void>): Promise<void> {
  ctx.store.begin?.();
  try {
    await fn();
  } catch (e) {
    // A broken invariant: what the transaction held is wrong, so none of it is written.
    if (e instanceof InvariantViolationError) {
      ctx.store.rollback?.();
      ctx.log.discardPending();
    }
    throw e;
  } finally {
    await ctx.store.commit?.();
  }
}

/** The session (hypotheses.json) after every step, with the open cycle, so a killed run resumes. */
export async function persist(ctx: RunContext, engine: EngineState, open: OpenCycle | undefined): Promise<void> {
  await ctx.store.writeSession({
    ...toSession(engine),
    ...(open ? { openCycle: { ...open, before: { ...open.before } } } : {}),
  });
}
