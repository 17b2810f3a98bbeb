/** Tasks the phases queue: searches within the permitted tiers, and the queries they come from. */
import type { ClueHypothesis, SearchQuery, Task, Tier } from '../../model';
import { parseQuery } from '../../model';
import { queryHash } from '../query';
import { makeTask, permissionsFrom, sourcePermissionGate, type SourcePermissions } from '../state';
import type { RunContext } from './context';

/** Priority of a revisit (corroboration, a new name, a wider query). */
export const REVISIT_PRIORITY = 0.7;

/**
 * A SearchTask within the tiers the session permits (Tier 0 always; Tier 1 when case.yaml allows
 * it). `permissions` are absent while the session is being set up: the case's tiers decide.
 */
export function searchTask(
  ctx: RunContext,
  permissions: SourcePermissions | undefined,
  query: SearchQuery,
  fields: { priority: number; hypothesis?: string; targetPerson?: string; revisitReason?: string },
): Task {
  const tiers: Tier[] = [0];
  if (sourcePermissionGate(permissions ?? permissionsFrom(ctx.config.tiers), 1)) tiers.push(1);
  return makeTask({
    taskType: 'SearchTask',
    priority: fields.priority,
    createdAt: ctx.clock.now().toISOString(),
    query,
    hypothesis: fields.hypothesis,
    targetPerson: fields.targetPerson,
    revisitReason: fields.revisitReason,
    sourceConstraint: tiers,
  });
}

/** The novelty-guard key of a captured source queued or analysed. */
export function analysedKey(sourceId: string): string {
  return `source:${sourceId}`;
}

/** The query of a clue: its first suggested query, in the one-line query syntax. */
export function parseClueQuery(h: ClueHypothesis): SearchQuery {
  return parseQuery(h.suggestedQueries[0] ?? h.statement);
}

/** A broader query after a search that found nothing: drop the year, place, record types and text. */
export function widen(q: SearchQuery): SearchQuery | undefined {
  if (q.birthYear === undefined && q.deathYear === undefined && !q.place && !q.recordTypes?.length && !q.text)
    return undefined;
  const { birthYear: _b, deathYear: _d, place: _p, recordTypes: _r, text: _t, ...rest } = q;
  if (!rest.given && !rest.surname && !rest.name) return undefined;
  return queryHash(rest) === queryHash(q) ? undefined : rest;
}
