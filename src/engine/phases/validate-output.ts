/**
 * CensorValidateOutput: what a step changed is written through the case writer, whose Censor sees
 * every byte (persons, then merge proposals), after the step's own log entries.
 */
import type { RunContext, RunState } from './context';

export async function writeDirty(ctx: RunContext, run: RunState): Promise<void> {
  // Our entries go first: the writer logs its Censor decisions as it writes, and the log is chronological.
  await ctx.log.flush();
  for (const id of run.graph.dirty) {
    const p = run.graph.get(id);
    if (p) await ctx.store.writePerson(p);
  }
  run.graph.dirty.clear();
  if (run.newMerges.length) {
    const merges = ctx.store.merges();
    const known = new Set(merges.clusters.map((c) => c.id));
    const add = run.newMerges.filter((m) => !known.has(m.id));
    run.newMerges = [];
    if (add.length) {
      await ctx.store.writeMerges({ ...merges, clusters: [...merges.clusters, ...add] });
      for (const m of add)
        ctx.log.add({
          agent: 'Analyst',
          actionType: 'merge',
          clusterId: m.id,
          operation: 'propose',
          rationale: `${m.rationale} — why not: ${m.whyNotMerge}`,
          context: m.memberIds.join(' + '),
        });
    }
  }
}
