/**
 * Hypothesise (Z AnalystGenerateHypotheses, its second half): the new clues of an analysis are
 * logged with their priorities and turned into search tasks (hypothesesToTasks); research.ts
 * recordHypotheses adds both and dismisses a clue whose search is already queued.
 */
import type { ClueHypothesis, Task } from '../../model';
import { newHypotheses, type SourcePermissions } from '../state';
import type { RunContext } from './context';
import { parseClueQuery, searchTask } from './tasks';

export interface HypothesiseInput {
  clues: readonly ClueHypothesis[];
  /** The records the clues came from (the log entry's context). */
  recordIds: readonly string[];
  /** The session's hypotheses so far. */
  known: ReadonlyMap<string, ClueHypothesis>;
  permissions: SourcePermissions;
}

export interface Hypothesised {
  /** The clues not known before. */
  hypotheses: ClueHypothesis[];
  /** One search per new clue. */
  tasks: Task[];
}

export function hypothesise(ctx: RunContext, input: HypothesiseInput): Hypothesised {
  const fresh = newHypotheses(input.known, input.clues);
  if (!fresh.length) return { hypotheses: [], tasks: [] };
  ctx.log.add({
    agent: 'Analyst',
    actionType: 'hypothesis',
    hypothesisIds: fresh.map((h) => h.id),
    statements: fresh.map((h) => h.statement),
    priorities: fresh.map((h) => h.priority),
    rationale:
      'seed 000 clue rules: new names, new places, census years in a known lifespan, implied relationships; priority = calculatePriority (1 − n/(n+1))',
    context: input.recordIds.join(','),
  });
  const tasks = fresh.map((h) =>
    searchTask(ctx, input.permissions, parseClueQuery(h), {
      priority: h.priority,
      hypothesis: h.id,
      targetPerson: h.type === 'place_search' ? undefined : h.targetPersons[0],
    }),
  );
  return { hypotheses: fresh, tasks };
}
