/**
 * CensorValidateOutput: what a step changed is written through the case writer, whose Censor sees
 * every byte (persons, then merge proposals), after the step's own log entries.
 */
import type { MergeCluster } from '../../model';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import type { RunContext } from './context';

export interface ValidateOutputInput {
  /** Its dirty persons are written (and the dirty set cleared). */
  graph: KnowledgeGraph;
  /** Merge proposals of the step, written unless already proposed. */
  merges: readonly MergeCluster[];
}

/** Returns the merge proposals written. */
export async function writeDirty(ctx: RunContext, input: ValidateOutputInput): Promise<MergeCluster[]> {
  const { graph } = input;
  // Our entries go first: the writer logs its Censor decisions as it writes, and the log is chronological.
  await ctx.log.flush();
  for (const id of graph.dirty) {
    const p = graph.get(id);
    if (p) await ctx.store.writePerson(p);
  }
  graph.dirty.clear();
  if (!input.merges.length) return [];
  const merges = ctx.store.merges();
  const known = new Set(merges.clusters.map((c) => c.id));
  const add = input.merges.filter((m) => !known.has(m.id));
  if (!add.length) return [];
  await ctx.store.writeMerges({ ...merges, clusters: [...merges.clusters, ...add] });
  for (const m of add)
    ctx.log.add({
      agent: m.proposedBy ?? 'Analyst',
      actionType: 'merge',
      clusterId: m.id,
      operation: 'propose',
      rationale: `${m.rationale} — why not: ${m.whyNotMerge}`,
      context: m.memberIds.join(' + '),
    });
  return add;
}
