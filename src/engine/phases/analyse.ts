/**
 * Analyse an AnalyzeTask's records (Z AnalystGenerateHypotheses), the composer of seed 000's
 * extract → resolve → weigh for each record and hypothesise for the task: each record, the one most
 * like the person sought first, is extracted and integrated by the Analyst (src/agents/analyst);
 * weigh.ts and resolve.ts turn its output into what the loop keeps (research.ts records it before
 * the next record is read, which sees the conflicts already known), and hypothesise.ts the clues
 * into searches.
 */
import type { ClueHypothesis, SourceRecord, Task } from '../../model';
import { noteIdentity } from '../../agents/analyst/identity/notes';
import { orderByFit } from '../../agents/analyst/identity/target-order';
import { PreconditionError } from '../state';
import type { Research, RunContext } from './context';
import { hypothesise } from './hypothesise';
import { recordDiscovery, recordHypotheses, recordResolved, recordWeighed } from './research';
import { resolve } from './resolve';
import { weigh } from './weigh';

export async function analyse(ctx: RunContext, research: Research, task: Task): Promise<void> {
  const { engine, graph, analyst } = research;
  if (!engine.activeAgent.has('Analyst'))
    throw new PreconditionError('AnalystGenerateHypotheses', 'Analyst ∈ activeAgent');
  const ids = task.records ?? [];
  ctx.log.emit('step', `Analysing ${ids.length} record(s)`);
  const newClues: ClueHypothesis[] = [];
  // A capture superseded since the task was queued (a newer one of its record) is not read.
  const found = ids.map((id) => ctx.store.source(id)).filter((s): s is SourceRecord => Boolean(s && !s.supersededBy));
  const permissions = engine.sourcePermissions;
  // The record most like the person sought is read first (a genealogist weighs namesakes side by side).
  for (const source of task.targetPerson ? orderByFit(graph, found, task.targetPerson) : found) {
    const sizeBefore = graph.size;
    // extract (+ integrate): the Analyst's own phase, over its own graph.
    const out = await analyst.analyseFor(source, engine.cycle, task.targetPerson, ctx.opts.signal);
    for (const e of out.log) ctx.log.add(e);
    noteIdentity(research.identityNotes, out.log);
    const weighed = await weigh(ctx, {
      conflicts: out.conflicts,
      revisits: out.revisits,
      known: research.conflicts,
      graph,
      permissions,
    });
    recordWeighed(research, weighed);
    recordResolved(research, resolve(ctx, { source, analysis: out, graph, permissions }));
    if (graph.size > sizeBefore) recordDiscovery(research);
    newClues.push(...out.clues);
  }
  const hypothesised = hypothesise(ctx, { clues: newClues, recordIds: ids, known: engine.hypotheses, permissions });
  recordHypotheses(research, hypothesised);
}
