/**
 * The deterministic Lead planner (seed 001 §3.1 contract). Clues already become tasks when the
 * Analyst makes them (Z hypothesesToTasks); the planner adds what the strategy asks for: searches
 * that fill the gaps of the research goals (DEEPEN), revisits for contested facts (CHALLENGE).
 */
import type { LeadPlanner, PlanDecision, PlanningView } from './agents';
import { parseQuery } from '../model';

/** A gap is written "<what is missing> — try: <query>" so any planner can read it. */
export const GAP_QUERY_MARK = ' — try: ';

export class DeterministicPlanner implements LeadPlanner {
  readonly kind = 'deterministic' as const;

  async plan(view: PlanningView): Promise<PlanDecision> {
    const nextActions: PlanDecision['nextActions'] = [];
    const revisits: PlanDecision['revisits'] = [];
    for (const gap of view.gaps) {
      const i = gap.indexOf(GAP_QUERY_MARK);
      if (i < 0) continue;
      const query = parseQuery(gap.slice(i + GAP_QUERY_MARK.length));
      const reason = gap.slice(0, i);
      if (view.strategy === 'challenge' && /conflict/i.test(reason))
        revisits.push({
          source: query.sources?.[0] ?? 'archive',
          improvedQuery: query,
          reason: 'Conflict resolution requires corroboration',
        });
      else
        nextActions.push({ action: 'fetch', query, priority: view.strategy === 'deepen' ? 0.9 : 0.6, reason, tier: 0 });
    }
    const noWork =
      view.frontier.length === 0 && view.pendingClues.length === 0 && nextActions.length === 0 && revisits.length === 0;
    return {
      nextActions,
      queryExpansions: [],
      revisits,
      shouldStop: noWork,
      stopReason: noWork ? 'frontier, clue and revisit queues are empty and no goal has an untried search' : undefined,
    };
  }
}
