/**
 * One step of the loop (Z PlanAndExecuteLoop's body): LeadSelectTask ; (ScoutSearchSource ∨
 * AnalystGenerateHypotheses) ; CensorValidateOutput. LeadUpdateState and LeadCheckTermination
 * follow in cycle.ts, in the same transaction. The step composes its phases: each returns what it
 * produced and research.ts records it.
 */
import type { Task } from '../../model';
import { bump, completeTask, leadSelectTask } from '../state';
import { Cancelled, type OpenCycle, type Research, type RunContext } from './context';
import { analyse } from './analyse';
import { censorActive, recordSearch, requeue, takePendingMerges } from './research';
import { search } from './search';
import { supersede, supersessionsOf } from './supersede';
import { persist } from './session';
import { writeDirty } from './validate-output';
import { verifySourceTask } from './verify-source';
import { resolveConflictTask } from './resolve-conflict';

/** `open`: the cycle in progress, persisted with the session when the step is cut short. */
export async function step(ctx: RunContext, research: Research, open: OpenCycle | undefined): Promise<void> {
  const { engine } = research;
  const { task, entry } = leadSelectTask(engine);
  ctx.log.add(entry);
  try {
    await execute(ctx, research, task);
  } catch (e) {
    // A step cut short (a request aborted by Ctrl-C, an error) is not done: it goes back to the
    // frontier and runs again next time; everything it wrote is content-addressed, so nothing doubles.
    requeue(research, task);
    await writeDirty(ctx, { graph: research.graph, merges: takePendingMerges(research) });
    await ctx.log.flush();
    await persist(ctx, engine, open);
    throw ctx.opts.signal?.aborted ? new Cancelled() : e;
  }
  // CensorValidateOutput: every write below passes the case writer's Censor.
  censorActive(research);
  await writeDirty(ctx, { graph: research.graph, merges: takePendingMerges(research) });
  completeTask(engine, task);
  bump(engine, 'steps');
}

/** ScoutSearchSource ∨ AnalystGenerateHypotheses ∨ VerifyTask ∨ AnalystResolveConflict, as the task says. */
async function execute(ctx: RunContext, research: Research, task: Task): Promise<void> {
  const { engine } = research;
  if (task.taskType === 'SearchTask') {
    const searched = await search(ctx, {
      task,
      activeAgent: engine.activeAgent,
      permissions: engine.sourcePermissions,
      novelty: engine.novelty,
      countRequest: () => bump(engine, 'requests'),
    });
    recordSearch(research, searched);
    // A record captured afresh supersedes its earlier captures (an archive file edited since).
    await supersede(ctx, research, supersessionsOf(ctx, searched.analyse?.records ?? []));
  } else if (task.taskType === 'AnalyzeTask') await analyse(ctx, research, task);
  else if (task.taskType === 'VerifyTask') verifySourceTask(ctx, research, task);
  else if (task.taskType === 'ResolveTask') await resolveConflictTask(ctx, research, task);
  else
    ctx.log.add({
      agent: 'Lead',
      actionType: 'decision',
      decisionType: 'skip_task',
      optionsConsidered: [String((task as { taskType: unknown }).taskType)],
      chosenOption: 'skip',
      rationale: `${String((task as { taskType: unknown }).taskType)} has no executor in this engine`,
      context: task.id,
    });
}
