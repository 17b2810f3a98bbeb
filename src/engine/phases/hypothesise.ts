/**
 * Hypothesise (Z AnalystGenerateHypotheses, its second half): new clues join the session's
 * hypotheses, are logged with their priorities, and become search tasks on the frontier
 * (hypothesesToTasks); a clue whose search is already queued is dismissed.
 */
import type { ClueHypothesis } from '../../model';
import { addHypotheses, addTasks } from '../state';
import type { RunContext, RunState } from './context';
import { parseClueQuery, searchTask } from './tasks';

/** `recordIds`: the records the clues came from (the log entry's context). */
export function hypothesise(ctx: RunContext, run: RunState, newClues: ClueHypothesis[], recordIds: string[]): void {
  const fresh = addHypotheses(run.state, newClues);
  if (fresh.length) {
    ctx.log.add({
      agent: 'Analyst',
      actionType: 'hypothesis',
      hypothesisIds: fresh.map((h) => h.id),
      statements: fresh.map((h) => h.statement),
      priorities: fresh.map((h) => h.priority),
      rationale:
        'seed 000 clue rules: new names, new places, census years in a known lifespan, implied relationships; priority = calculatePriority (1 − n/(n+1))',
      context: recordIds.join(','),
    });
    // Z: frontierQueue' = frontierQueue ⁀ hypothesesToTasks(newHypotheses!).
    const tasks = fresh.map((h) =>
      searchTask(ctx, run.state, parseClueQuery(h), {
        priority: h.priority,
        hypothesis: h.id,
        targetPerson: h.type === 'place_search' ? undefined : h.targetPersons[0],
      }),
    );
    const { duplicates } = addTasks(run.state, tasks);
    for (const d of duplicates) {
      const h = d.hypothesis ? run.state.hypotheses.get(d.hypothesis) : undefined;
      if (h) run.state.hypotheses.set(h.id, { ...h, status: 'dismissed' });
    }
    for (const h of fresh) {
      const cur = run.state.hypotheses.get(h.id);
      if (cur && cur.status === 'pending') run.state.hypotheses.set(h.id, { ...cur, status: 'in_progress' });
    }
  }
}
