/**
 * Weigh (Z AnalystResolveConflict): the conflicts the Analyst weighed on a record (evidence × tier ×
 * confidence) are written, reported once, and a corroborating search is queued where the
 * competing claims came from (ScoutRevisitSource).
 */
import { displayName, type Conflict } from '../../model';
import type { AnalysisOutput } from '../../agents/analyst/analyst';
import type { RunContext, RunState } from './context';
import { REVISIT_PRIORITY, searchTask } from './tasks';

export async function weigh(
  ctx: RunContext,
  run: RunState,
  conflicts: readonly Conflict[],
  revisits: AnalysisOutput['revisits'],
): Promise<void> {
  for (const c of conflicts) {
    const isNew = !run.conflictsById.has(c.id);
    run.conflictsById.set(c.id, c);
    await ctx.log.flush();
    await ctx.store.writeConflict(c);
    const p = run.graph.get(c.person);
    if (!isNew) continue;
    ctx.log.emit(
      'finding',
      `Conflict: ${p ? displayName(p) : c.person} ${c.field} — ${c.competing.map((x) => x.value).join(' vs ')}; preferred ${c.preferred || '(tie)'}`,
    );
    run.recent.push(`conflict on ${c.field} of ${p ? displayName(p) : c.person}`);
    // ScoutRevisitSource: seek corroboration where the competing claims came from.
    const rq = revisits.find((r) => r.conflict.id === c.id)?.query;
    if (rq)
      for (const src of ctx.log.accessed)
        run.state.revisitQueue.push(
          searchTask(
            ctx,
            run.state,
            { ...rq, sources: [src] },
            {
              priority: REVISIT_PRIORITY,
              targetPerson: c.person,
              revisitReason: 'Conflict resolution requires corroboration',
            },
          ),
        );
  }
}
