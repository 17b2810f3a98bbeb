/**
 * Search (Z ScoutSearchSource, and ScoutRevisitSource when the task carries a revisit reason): the
 * permitted sources are asked, every record is captured before any fact cites it, new captures
 * queue an analysis, a search that found nothing queues a wider one.
 */
import type { SearchQuery, SourceRecord, Task } from '../../model';
import type { ConnectorContext } from '../ports';
import { addTasks, bump, makeTask, PreconditionError, sourcePermissionGate } from '../state';
import { formatQuery, queryHash } from '../query';
import { isOutage, retryLater } from '../source-outage';
import { deferredLogEntries } from '../deferred-log';
import type { RunContext, RunState } from './context';
import { analysedKey, REVISIT_PRIORITY, searchTask, widen } from './tasks';

const ANALYSE_PRIORITY = 1;

/** Z ScoutSearchSource (and ScoutRevisitSource when the task carries a revisit reason). */
export async function search(ctx: RunContext, run: RunState, task: Task): Promise<void> {
  if (!run.state.activeAgent.has('Scout')) throw new PreconditionError('ScoutSearchSource', 'Scout ∈ activeAgent');
  const query = task.query ?? {};
  // Z permission gate: every tier the task may use must be permitted.
  const denied = task.sourceConstraint.filter((t) => !sourcePermissionGate(run.state.sourcePermissions, t));
  if (denied.length) {
    ctx.log.add({
      agent: 'Censor',
      actionType: 'compliance',
      check: 'tos',
      subject: `Tier ${denied.join(', ')}`,
      allowed: false,
      reason: `source tier(s) ${denied.join(', ')} not permitted for this case`,
      rationale: 'Z SourcePermissionGate',
      context: task.id,
    });
    return;
  }
  logDeferred(ctx, run, query);
  const eligible = ctx.connectors.filter(
    (c) => task.sourceConstraint.includes(c.tier) && (!query.sources?.length || query.sources.includes(c.id)),
  );
  if (task.revisitReason) {
    for (const c of eligible) {
      if (!ctx.log.accessed.has(c.id)) continue;
      const reason = task.revisitReason as
        | 'New hypothesis requires additional data'
        | 'Previous search parameters too narrow'
        | 'Conflict resolution requires corroboration'
        | 'Time-based record update check';
      ctx.log.add({
        agent: 'Scout',
        actionType: 'revisit',
        source: c.id,
        revisitReason: [reason],
        improvedQuery: formatQuery(query),
        rationale: reason,
        context: c.id,
      });
    }
  }
  ctx.log.emit(
    'step',
    `Searching ${eligible.map((c) => c.displayName).join(', ') || 'no source'} for ${formatQuery(query)}${task.revisitReason ? ` (revisit: ${task.revisitReason})` : ''}`,
  );
  const captured: SourceRecord[] = [];
  const down: string[] = [];
  let found = 0;
  for (const c of eligible) {
    const connector: ConnectorContext = { signal: ctx.opts.signal, log: (e) => ctx.log.add(e) };
    bump(run.state, 'requests');
    try {
      const outcome = await c.search(query, connector);
      found += outcome.records.length;
      ctx.log.emit(
        'source',
        `${c.displayName}: ${outcome.records.length} record(s) in ${Math.round(outcome.responseTimeMs)} ms`,
      );
      for (const r of outcome.records) {
        // Evidence is captured (verbatim text + sha256, Censor applied) before any fact cites it.
        await ctx.log.flush();
        const s = await ctx.store.captureSource(r, ctx.clock.now());
        if (!run.state.novelty.has(analysedKey(s.id))) captured.push(s);
      }
    } catch (e) {
      if (ctx.opts.signal?.aborted) throw e;
      if (isOutage(e)) down.push(c.id);
      const message = e instanceof Error ? e.message : String(e);
      ctx.log.add({
        agent: 'Scout',
        actionType: 'error',
        message: `${c.id}: ${message}`,
        rationale: 'a failing source is logged and the research continues with the others',
        context: formatQuery(query),
      });
      ctx.log.emit('source', `${c.displayName}: failed (${message})`);
    }
  }
  if (down.length) {
    // Not a search done for the sources that were down: a later run asks them again.
    const later = retryLater(task, down);
    if (!run.state.parkedTasks.some((t) => t.id === later.id)) run.state.parkedTasks.push(later);
  }
  const fresh = captured.filter((s, i) => captured.findIndex((x) => x.id === s.id) === i);
  bump(run.state, 'searches');
  if (fresh.length) {
    bump(run.state, 'discoveries');
    run.state.counters.queriesSinceDiscovery = 0;
    // The novelty guard also remembers which captured sources are queued or analysed, so a record
    // found again by another search is not analysed twice (it persists with the session).
    for (const src of fresh) run.state.novelty.add(analysedKey(src.id));
    addTasks(run.state, [
      makeTask({
        taskType: 'AnalyzeTask',
        priority: ANALYSE_PRIORITY,
        createdAt: ctx.clock.now().toISOString(),
        records: fresh.map((s) => s.id),
        targetPerson: task.targetPerson,
        hypothesis: undefined,
      }),
    ]);
  } else {
    bump(run.state, 'queriesSinceDiscovery');
  }
  if (found === 0 && !task.revisitReason) {
    const wider = widen(query);
    if (wider)
      run.state.revisitQueue.push(
        searchTask(ctx, run.state, wider, {
          priority: REVISIT_PRIORITY * 0.8,
          targetPerson: task.targetPerson,
          hypothesis: task.hypothesis,
          revisitReason: 'Previous search parameters too narrow',
        }),
      );
  }
}

/** Tier 2 sources are never searched: the user gets prefilled links, logged once per distinct query. */
function logDeferred(ctx: RunContext, run: RunState, query: SearchQuery): void {
  if (!ctx.opts.deferred) return;
  const key = `deferred:${queryHash(query)}`;
  if (run.state.novelty.has(key)) return;
  const links = ctx.opts.deferred(query);
  if (!links.length) return;
  run.state.novelty.add(key);
  for (const e of deferredLogEntries(links, query)) ctx.log.add(e);
  ctx.log.emit(
    'source',
    `Tier 2 (never searched automatically): ${links.length} prefilled link(s) for ${formatQuery(query)} in the research log`,
  );
}
