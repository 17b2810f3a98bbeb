/**
 * ResolveTask (seed 000 TASK_TYPE, Z AnalystResolveConflict on one conflict), the Analyst's: the
 * conflict analysis of the Analyst (detect, weigh by evidence × tier × confidence, the model's
 * opinion when one is configured) run again on one conflict, by id, as its person stands now; the
 * result is written through weigh.ts, the path every conflicts/ file takes, and the person's facts
 * are staged again. A conflict a user resolved is never re-decided.
 *
 * Queued by the Lead at a run's start for a conflict whose competing evidence changed since it was
 * written (a person file edited, a review decision, a merge), and when the Lead planner asks for
 * one (`resolve` with the conflict's id). Within a run, a record that adds evidence to a conflict's
 * person is already weighed with it (analyse.ts), so no task is needed there.
 */
import { displayName, type Conflict, type Task } from '../../model';
import { detectConflicts } from '../../agents/analyst/conflicts';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import { sha256 } from '../ids';
import { makeTask, PreconditionError } from '../state';
import type { Research, RunContext } from './context';
import { queue, recordWeighed } from './research';
import { weigh } from './weigh';

/** Above searches (a conflict's weighing decides what is accepted), below VerifyTask. */
export const RESOLVE_PRIORITY = 0.95;

/** What a conflict's weighing rests on: its competing values and their evidence. */
function evidenceOf(c: Pick<Conflict, 'competing'>): string {
  return sha256(
    JSON.stringify(
      c.competing
        .map((x) => [x.assertion ?? '', x.value, x.evidence.map((e) => `${e.source}|${e.snippet}`).sort()])
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ),
  ).slice(0, 16);
}

/** A ResolveTask for one conflict, once per state of its evidence (`evidence`: 'gone' when its values no longer compete). */
export function resolveTask(
  ctx: RunContext,
  conflict: Pick<Conflict, 'id' | 'person' | 'competing'>,
  evidence: string = evidenceOf(conflict),
): Task {
  return makeTask({
    taskType: 'ResolveTask',
    priority: RESOLVE_PRIORITY,
    createdAt: ctx.clock.now().toISOString(),
    targetPerson: conflict.person,
    conflict: conflict.id,
    queryHash: `resolve:${conflict.id}:${evidence}`,
  });
}

/**
 * Conflicts of the case whose competing evidence is no longer what their file holds: their person's
 * facts changed since (or their values no longer compete). A user's resolution is left alone.
 */
export function changedConflicts(
  conflicts: Iterable<Conflict>,
  graph: KnowledgeGraph,
): { conflict: Conflict; evidence: string }[] {
  const out: { conflict: Conflict; evidence: string }[] = [];
  for (const c of conflicts) {
    if (c.resolvedBy === 'user') continue;
    const p = graph.get(c.person);
    if (!p) continue;
    const now = detectConflicts(p).find((x) => x.id === c.id);
    if (!now) out.push({ conflict: c, evidence: 'gone' });
    else if (evidenceOf(now) !== evidenceOf(c)) out.push({ conflict: c, evidence: evidenceOf(now) });
  }
  return out;
}

/** The Lead queues a ResolveTask per conflict (one per state of its evidence); logged when any is new. */
export function queueResolutions(
  ctx: RunContext,
  research: Research,
  conflicts: readonly { conflict: Pick<Conflict, 'id' | 'person' | 'competing'>; evidence?: string }[],
  why: string,
): void {
  if (!conflicts.length) return;
  const { added } = queue(
    research,
    conflicts.map((c) => resolveTask(ctx, c.conflict, c.evidence)),
  );
  if (!added.length) return;
  ctx.log.add({
    agent: 'Lead',
    actionType: 'decision',
    decisionType: 'queue_resolution',
    optionsConsidered: ['resolve', 'continue'],
    chosenOption: 'resolve',
    rationale: `${why}: ${added.length} conflict(s) to weigh again`,
    context: added.map((t) => t.conflict).join(','),
  });
}

/** ResolveTask's executor. */
export async function resolveConflictTask(ctx: RunContext, research: Research, task: Task): Promise<void> {
  const { engine, graph, analyst } = research;
  if (!engine.activeAgent.has('Analyst')) throw new PreconditionError('ResolveTask', 'Analyst ∈ activeAgent');
  const id = task.conflict;
  const known = id ? research.conflicts.get(id) : undefined;
  const person = task.targetPerson ?? known?.person;
  if (!id || !person) return;
  const p = graph.get(person);
  const who = p ? `${displayName(p)} (${person})` : person;
  const verdict = (chosen: string, rationale: string) =>
    ctx.log.add({
      agent: 'Analyst',
      actionType: 'decision',
      decisionType: 'resolve_conflict',
      optionsConsidered: ['reweighed', 'unchanged', 'no_longer_a_conflict', 'user_resolved'],
      chosenOption: chosen,
      rationale,
      context: id,
    });
  if (known?.resolvedBy === 'user')
    return verdict('user_resolved', `${id} (${who} ${known.field}) was resolved by the user: it is not re-decided`);
  const out = await analyst.resolveConflict(id, person, engine.cycle, ctx.opts.signal);
  for (const e of out.log) ctx.log.add(e);
  if (!out.stands)
    return verdict(
      'no_longer_a_conflict',
      `${id}: the values of ${who}${known ? ` ${known.field}` : ''} no longer compete (a value was rejected or agrees now); its file is left as it is for the user`,
    );
  const weighed = await weigh(ctx, {
    conflicts: out.conflicts,
    revisits: out.revisits,
    known: research.conflicts,
    graph,
    permissions: engine.sourcePermissions,
  });
  recordWeighed(research, weighed);
  const c = out.conflicts[0] ?? known;
  verdict(
    out.conflicts.length ? 'reweighed' : 'unchanged',
    out.conflicts.length && c
      ? `${id} weighed again on ${who}'s evidence now: ${c.competing.map((x) => `${x.value} (${x.weight})`).join(' vs ')}; preferred ${c.preferred || '(tie)'}, ${c.status}; written to conflicts/`
      : `${id} weighed again: the same result as its file${c ? ` (preferred ${c.preferred || '(tie)'}, ${c.status})` : ''}`,
  );
}
