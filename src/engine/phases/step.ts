/**
 * One step of the loop (Z PlanAndExecuteLoop's body): LeadSelectTask ; (ScoutSearchSource ∨
 * AnalystGenerateHypotheses) ; CensorValidateOutput. LeadUpdateState and LeadCheckTermination
 * follow in cycle.ts, in the same transaction.
 */
import { bump, completeTask, leadSelectTask } from '../state';
import { Cancelled, type RunContext, type RunState } from './context';
import { analyse } from './analyse';
import { search } from './search';
import { persist } from './session';
import { writeDirty } from './validate-output';

export async function step(ctx: RunContext, run: RunState): Promise<void> {
  const { task, entry } = leadSelectTask(run.state);
  ctx.log.add(entry);
  try {
    if (task.taskType === 'SearchTask') await search(ctx, run, task);
    else if (task.taskType === 'AnalyzeTask') await analyse(ctx, run, task);
  } catch (e) {
    // A step cut short (a request aborted by Ctrl-C, an error) is not done: it goes back to the
    // frontier and runs again next time; everything it wrote is content-addressed, so nothing doubles.
    run.state.frontier.push(task);
    run.state.activeAgent = new Set();
    await writeDirty(ctx, run);
    await ctx.log.flush();
    await persist(ctx, run);
    throw ctx.opts.signal?.aborted ? new Cancelled() : e;
  }
  if (task.taskType !== 'SearchTask' && task.taskType !== 'AnalyzeTask')
    ctx.log.add({
      agent: 'Lead',
      actionType: 'decision',
      decisionType: 'skip_task',
      optionsConsidered: [task.taskType],
      chosenOption: 'skip',
      rationale: `${task.taskType} has no executor in this engine`,
      context: task.id,
    });
  // CensorValidateOutput: every write below passes the case writer's Censor.
  run.state.activeAgent = new Set(['Censor']);
  await writeDirty(ctx, run);
  completeTask(run.state, task);
  bump(run.state, 'steps');
}
