/**
 * Analyse an AnalyzeTask's records (Z AnalystGenerateHypotheses): each record, the one most like
 * the person sought first, is extracted, resolved against the graph and weighed by the Analyst
 * (src/agents/analyst); the loop then records what it weighed (weigh.ts) and resolved
 * (resolve.ts), and turns the clues into tasks (hypothesise.ts).
 */
import type { ClueHypothesis, SourceRecord, Task } from '../../model';
import { noteIdentity } from '../../agents/analyst/identity/notes';
import { orderByFit } from '../../agents/analyst/identity/target-order';
import { PreconditionError } from '../state';
import type { RunContext, RunState } from './context';
import { hypothesise } from './hypothesise';
import { resolve } from './resolve';
import { weigh } from './weigh';

export async function analyse(ctx: RunContext, run: RunState, task: Task): Promise<void> {
  if (!run.state.activeAgent.has('Analyst'))
    throw new PreconditionError('AnalystGenerateHypotheses', 'Analyst ∈ activeAgent');
  const ids = task.records ?? [];
  ctx.log.emit('step', `Analysing ${ids.length} record(s)`);
  const newClues: ClueHypothesis[] = [];
  const found = ids.map((id) => ctx.store.source(id)).filter((s): s is SourceRecord => Boolean(s));
  // The record most like the person sought is read first (a genealogist weighs namesakes side by side).
  for (const source of task.targetPerson ? orderByFit(run.graph, found, task.targetPerson) : found) {
    const sizeBefore = run.graph.size;
    const out = await run.analyst.analyseFor(source, run.state.cycle, task.targetPerson, ctx.opts.signal);
    for (const e of out.log) ctx.log.add(e);
    noteIdentity(run.identityNotes, out.log);
    await weigh(ctx, run, out.conflicts, out.revisits);
    resolve(ctx, run, source, out);
    if (run.graph.size > sizeBefore) run.state.counters.queriesSinceDiscovery = 0;
    newClues.push(...out.clues);
  }
  hypothesise(ctx, run, newClues, ids);
}
