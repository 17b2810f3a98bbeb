/**
 * Search (Z ScoutSearchSource, and ScoutRevisitSource when the task carries a revisit reason): the
 * permitted sources are asked, every record is captured before any fact cites it, new captures
 * queue an analysis, a search that found nothing queues a wider one.
 */
import type { Agent, SearchQuery, SourceRecord, Task } from '../../model';
import type { ConnectorContext } from '../ports';
import { makeTask, PreconditionError, sourcePermissionGate, type SourcePermissions } from '../state';
import { formatQuery } from '../../model';
import { queryHash } from '../query';
import { isOutage, retryLater } from '../source-outage';
import { deferredLogEntries } from '../deferred-log';
import type { RunContext } from './context';
import { analysedKey, REVISIT_PRIORITY, searchTask, widen } from './tasks';

const ANALYSE_PRIORITY = 1;

export interface SearchInput {
  task: Task;
  activeAgent: ReadonlySet<Agent>;
  permissions: SourcePermissions;
  /** The novelty guard: sources already queued or analysed, Tier 2 queries already logged. */
  novelty: ReadonlySet<string>;
  /** Counts a request as it is made: the budget counts those of a step cut short too. */
  countRequest(): void;
}

/** What a search produced (research.ts recordSearch applies it). */
export interface Searched {
  /** False when the Censor's permission gate refused the task: nothing was asked. */
  searched: boolean;
  /** Novelty-guard keys to remember (a Tier 2 query whose links were logged). */
  remembered: string[];
  /** The analysis of the sources captured and not analysed or queued before. */
  analyse?: Task;
  /** The search again later, for the sources that were down. */
  parked?: Task;
  /** A wider search, after one that found nothing. */
  wider?: Task;
}

/** Z ScoutSearchSource (and ScoutRevisitSource when the task carries a revisit reason). */
export async function search(ctx: RunContext, input: SearchInput): Promise<Searched> {
  const { task } = input;
  if (!input.activeAgent.has('Scout')) throw new PreconditionError('ScoutSearchSource', 'Scout ∈ activeAgent');
  const query = task.query ?? {};
  // Z permission gate: every tier the task may use must be permitted.
  const denied = task.sourceConstraint.filter((t) => !sourcePermissionGate(input.permissions, t));
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
    return { searched: false, remembered: [] };
  }
  const remembered = logDeferred(ctx, input.novelty, query);
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
    input.countRequest();
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
        if (!input.novelty.has(analysedKey(s.id))) captured.push(s);
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
  const out: Searched = { searched: true, remembered };
  // Not a search done for the sources that were down: a later run asks them again.
  if (down.length) out.parked = retryLater(task, down);
  const fresh = captured.filter((s, i) => captured.findIndex((x) => x.id === s.id) === i);
  if (fresh.length)
    out.analyse = makeTask({
      taskType: 'AnalyzeTask',
      priority: ANALYSE_PRIORITY,
      createdAt: ctx.clock.now().toISOString(),
      records: fresh.map((s) => s.id),
      targetPerson: task.targetPerson,
      hypothesis: undefined,
    });
  if (found === 0 && !task.revisitReason) {
    const wider = widen(query);
    if (wider)
      out.wider = searchTask(ctx, input.permissions, wider, {
        priority: REVISIT_PRIORITY * 0.8,
        targetPerson: task.targetPerson,
        hypothesis: task.hypothesis,
        revisitReason: 'Previous search parameters too narrow',
      });
  }
  return out;
}

/** Tier 2 sources are never searched: the user gets prefilled links, logged once per distinct query (the key returned). */
function logDeferred(ctx: RunContext, novelty: ReadonlySet<string>, query: SearchQuery): string[] {
  if (!ctx.opts.deferred) return [];
  const key = `deferred:${queryHash(query)}`;
  if (novelty.has(key)) return [];
  const links = ctx.opts.deferred(query);
  if (!links.length) return [];
  for (const e of deferredLogEntries(links, query)) ctx.log.add(e);
  ctx.log.emit(
    'source',
    `Tier 2 (never searched automatically): ${links.length} prefilled link(s) for ${formatQuery(query)} in the research log`,
  );
  return [key];
}
