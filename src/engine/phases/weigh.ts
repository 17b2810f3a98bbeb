/**
 * Weigh (Z AnalystResolveConflict): the conflicts the Analyst weighed on a record (evidence × tier ×
 * confidence) are written, reported once, and a corroborating search is queued where the
 * competing claims came from (ScoutRevisitSource).
 */
import { displayName, type Conflict, type Task } from '../../model';
import type { AnalysisOutput } from '../../agents/analyst/analyst';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import type { SourcePermissions } from '../state';
import type { RunContext } from './context';
import { REVISIT_PRIORITY, searchTask } from './tasks';

export interface WeighInput {
  conflicts: readonly Conflict[];
  revisits: AnalysisOutput['revisits'];
  /** The conflicts known before this record (a known one is rewritten, not reported again). */
  known: ReadonlyMap<string, Conflict>;
  graph: KnowledgeGraph;
  permissions: SourcePermissions;
}

/** What weighing a record produced (research.ts recordWeighed keeps it). */
export interface Weighed {
  /** Every conflict written, in order. */
  conflicts: Conflict[];
  /** New conflicts, for the planner. */
  recent: string[];
  /** Corroborating searches for the revisit queue. */
  revisits: Task[];
}

export async function weigh(ctx: RunContext, input: WeighInput): Promise<Weighed> {
  const out: Weighed = { conflicts: [], recent: [], revisits: [] };
  const seen = new Set<string>();
  for (const c of input.conflicts) {
    const isNew = !input.known.has(c.id) && !seen.has(c.id);
    seen.add(c.id);
    out.conflicts.push(c);
    await ctx.log.flush();
    await ctx.store.writeConflict(c);
    const p = input.graph.get(c.person);
    if (!isNew) continue;
    ctx.log.emit(
      'finding',
      `Conflict: ${p ? displayName(p) : c.person} ${c.field} — ${c.competing.map((x) => x.value).join(' vs ')}; preferred ${c.preferred || '(tie)'}`,
    );
    out.recent.push(`conflict on ${c.field} of ${p ? displayName(p) : c.person}`);
    // ScoutRevisitSource: seek corroboration where the competing claims came from.
    const rq = input.revisits.find((r) => r.conflict.id === c.id)?.query;
    if (rq)
      for (const src of ctx.log.accessed)
        out.revisits.push(
          searchTask(
            ctx,
            input.permissions,
            { ...rq, sources: [src] },
            {
              priority: REVISIT_PRIORITY,
              targetPerson: c.person,
              revisitReason: 'Conflict resolution requires corroboration',
            },
          ),
        );
  }
  return out;
}
