/**
 * Resolve (the identity side of the Analyst's output on one record): persons found near the
 * subject are reported, a married name becomes a new identity to search under, and proposed merges
 * wait for the step's output (validate-output.ts writes them).
 */
import { displayName, type SearchQuery, type SourceRecord } from '../../model';
import type { AnalysisOutput } from '../../agents/analyst/analyst';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import type { RunContext, RunState } from './context';
import { REVISIT_PRIORITY, searchTask } from './tasks';

export function resolve(
  ctx: RunContext,
  run: RunState,
  source: SourceRecord,
  out: Pick<AnalysisOutput, 'integration' | 'touched'>,
): void {
  for (const pid of out.integration.created) {
    const p = run.graph.get(pid);
    if (p && run.graph.distanceFromSubject(pid) <= 1) {
      ctx.log.emit('finding', `Found ${displayName(p)} (${relationWord(run.graph, pid)}) in ${source.title}`);
      run.recent.push(`${displayName(p)} from ${source.id}`);
    }
  }
  // A married name is a new identity to search under (ScoutRevisitSource, new hypothesis).
  for (const pid of out.touched) {
    const p = run.graph.get(pid);
    if (!p || run.graph.distanceFromSubject(pid) > 2) continue;
    for (const n of p.names.filter((x) => x.type === 'married' && (x.citations ?? []).includes(source.id))) {
      const q: SearchQuery = { given: n.given.split(/\s+/)[0] || undefined, surname: n.surname };
      for (const src of ctx.log.accessed)
        run.state.revisitQueue.push(
          searchTask(
            ctx,
            run.state,
            { ...q, sources: [src] },
            {
              priority: REVISIT_PRIORITY,
              targetPerson: pid,
              revisitReason: 'New hypothesis requires additional data',
            },
          ),
        );
    }
  }
  if (out.integration.reviews.length) {
    const now = ctx.clock.now().toISOString();
    for (const r of out.integration.reviews)
      if (r.memberIds.every((m) => run.graph.get(m))) run.newMerges.push({ ...r, createdAt: now });
  }
}

function relationWord(g: KnowledgeGraph, id: string): string {
  const s = g.subjectId ? g.get(g.subjectId) : undefined;
  const r = s?.relationships.find((x) => x.person === id);
  return r ? `${r.type} of the subject` : 'relative';
}
