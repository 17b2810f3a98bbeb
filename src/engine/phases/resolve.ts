/**
 * Resolve (the identity side of the Analyst's output on one record): persons found near the
 * subject are reported, a married name becomes a new identity to search under, and proposed merges
 * wait for the step's output (validate-output.ts writes them).
 */
import { displayName, type MergeCluster, type SearchQuery, type SourceRecord, type Task } from '../../model';
import type { AnalysisOutput } from '../../agents/analyst/analyst';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import type { SourcePermissions } from '../state';
import type { RunContext } from './context';
import { REVISIT_PRIORITY, searchTask } from './tasks';

export interface ResolveInput {
  source: SourceRecord;
  analysis: Pick<AnalysisOutput, 'integration' | 'touched'>;
  graph: KnowledgeGraph;
  permissions: SourcePermissions;
}

/** What resolving a record produced (research.ts recordResolved keeps it). */
export interface Resolved {
  /** Persons found near the subject, for the planner. */
  recent: string[];
  /** Searches under a married name, for the revisit queue. */
  revisits: Task[];
  /** Merge proposals for the step's output. */
  merges: MergeCluster[];
}

export function resolve(ctx: RunContext, input: ResolveInput): Resolved {
  const { source, analysis, graph } = input;
  const out: Resolved = { recent: [], revisits: [], merges: [] };
  for (const pid of analysis.integration.created) {
    const p = graph.get(pid);
    if (p && graph.distanceFromSubject(pid) <= 1) {
      ctx.log.emit('finding', `Found ${displayName(p)} (${relationWord(graph, pid)}) in ${source.title}`);
      out.recent.push(`${displayName(p)} from ${source.id}`);
    }
  }
  // A married name is a new identity to search under (ScoutRevisitSource, new hypothesis).
  for (const pid of analysis.touched) {
    const p = graph.get(pid);
    if (!p || graph.distanceFromSubject(pid) > 2) continue;
    for (const n of p.names.filter((x) => x.type === 'married' && (x.citations ?? []).includes(source.id))) {
      const q: SearchQuery = { given: n.given.split(/\s+/)[0] || undefined, surname: n.surname };
      for (const src of ctx.log.accessed)
        out.revisits.push(
          searchTask(
            ctx,
            input.permissions,
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
  if (analysis.integration.reviews.length) {
    const now = ctx.clock.now().toISOString();
    for (const r of analysis.integration.reviews)
      if (r.memberIds.every((m) => graph.get(m))) out.merges.push({ ...r, createdAt: now });
  }
  return out;
}

function relationWord(g: KnowledgeGraph, id: string): string {
  const s = g.subjectId ? g.get(g.subjectId) : undefined;
  const r = s?.relationships.find((x) => x.person === id);
  return r ? `${r.type} of the subject` : 'relative';
}
