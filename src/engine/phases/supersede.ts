/**
 * Supersede (issue #17 item 3): a local archive record captured again with other content (a
 * person's correction of a document's transcription, any edit of an archive file) replaces its
 * earlier captures. Each older capture is kept in sources/ and marked `supersededBy` (the store,
 * src/case/supersession.ts); the Analyst withdraws the claims the persons' facts took from it and
 * weighs and stages them again; a conflict only its reading made is resolved, no longer a conflict;
 * the research log says which capture supersedes which and why. A person's decisions are kept.
 *
 * In a search step, for the records it captured afresh (step.ts); at a run's start, for what an
 * earlier run left undone: a marked capture still cited (a run killed between the writes, when the
 * store has no transactions) and captures of one record none of which is marked (both captured by
 * an engine before this one).
 */
import { detectConflicts } from '../../agents/analyst/conflicts';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import { stillCites } from '../../agents/analyst/withdraw';
import { archiveRecordKey, supersededBy, type Supersession } from '../../case/supersession';
import type { Conflict, SourceRecord } from '../../model';
import type { Research, RunContext } from './context';
import { recordWeighed } from './research';
import { weigh } from './weigh';

/** The earlier captures the records `captured` (ids of fresh captures) supersede. */
export function supersessionsOf(ctx: RunContext, captured: readonly string[]): Supersession[] {
  if (!ctx.store.markSuperseded) return [];
  const fresh = captured
    .map((id) => ctx.store.source(id))
    .filter((s): s is SourceRecord => Boolean(s && archiveRecordKey(s)));
  if (!fresh.length) return [];
  const all = ctx.store.sources();
  return fresh.flatMap((s) => supersededBy(s, all));
}

/** At a run's start: supersessions an earlier run did not finish, or did not know of. */
export function unfinishedSupersessions(ctx: RunContext, graph: KnowledgeGraph): Supersession[] {
  if (!ctx.store.markSuperseded) return [];
  const out: Supersession[] = [];
  const unmarked = new Map<string, SourceRecord[]>();
  for (const s of ctx.store.sources()) {
    const record = archiveRecordKey(s);
    if (!record) continue;
    if (s.supersededBy) {
      if (graph.citing(s.id).some((p) => stillCites(p, s.id))) out.push({ old: s.id, by: s.supersededBy, record });
      continue;
    }
    unmarked.set(record, [...(unmarked.get(record) ?? []), s]);
  }
  for (const captures of unmarked.values()) {
    if (captures.length < 2) continue;
    const newest = [...captures].sort((a, b) => b.accessedAt.localeCompare(a.accessedAt));
    // Two captured at the same instant: which reads the record as it is now cannot be told.
    if (newest[0].accessedAt === newest[1].accessedAt) continue;
    out.push(...supersededBy(newest[0], captures));
  }
  return out;
}

/** Why `by` replaces `old`, for the log. */
function why(old: SourceRecord | undefined, by: SourceRecord | undefined): string {
  if (by?.transcription?.byPerson && old?.transcription && !old.transcription.byPerson)
    return "a person's correction of the machine's transcription";
  if (by?.transcription) return 'the transcription was changed';
  return 'the archive file was edited';
}

/**
 * Applies `pairs` (in order): marks, withdraws, weighs, logs. Returns how many it applied; the
 * caller writes the persons it changed (the graph's dirty set, validate-output.ts).
 */
export async function supersede(ctx: RunContext, research: Research, pairs: readonly Supersession[]): Promise<number> {
  const mark = ctx.store.markSuperseded?.bind(ctx.store);
  if (!mark) return 0;
  const { engine, graph, analyst } = research;
  for (const pair of pairs) {
    const old = ctx.store.source(pair.old);
    const by = ctx.store.source(pair.by);
    await ctx.log.flush();
    await mark(pair.old, pair.by);
    const out = await analyst.withdrawSource(pair.old, engine.cycle, ctx.opts.signal);
    for (const e of out.log) ctx.log.add(e);
    const resolved = noLongerConflicts(research.conflicts.values(), graph, new Set(out.touched), pair, ctx.clock.now());
    recordWeighed(
      research,
      await weigh(ctx, {
        conflicts: [...out.conflicts, ...resolved],
        revisits: out.revisits,
        known: research.conflicts,
        graph,
        permissions: engine.sourcePermissions,
      }),
    );
    const { removed, reduced, kept } = out.withdrawn;
    ctx.log.add({
      agent: 'Analyst',
      actionType: 'decision',
      decisionType: 'source_superseded',
      optionsConsidered: [pair.old, pair.by],
      chosenOption: pair.by,
      rationale:
        `${pair.by} supersedes ${pair.old}: a newer capture of ${pair.record} (${why(old, by)}); sources/${pair.old}.md is kept, marked supersededBy. ` +
        `Withdrawn: ${removed.length} fact(s) or relationship(s) only it supported${removed.length ? ` (${removed.slice(0, 8).join('; ')}${removed.length > 8 ? '; …' : ''})` : ''}, ` +
        `its evidence taken from ${reduced.length} more that rest on other sources` +
        (kept.length ? `; ${kept.length} a person decided kept as decided (${kept.slice(0, 8).join('; ')})` : '') +
        (resolved.length
          ? `; ${resolved.length} conflict(s) no longer stand (${resolved.map((c) => c.id).join(', ')})`
          : ''),
      context: `${pair.old},${pair.by}`,
    });
    ctx.log.emit('finding', `${pair.record}: ${pair.by} supersedes ${pair.old} (${removed.length} fact(s) withdrawn)`);
  }
  return pairs.length;
}

/** The known conflicts of `persons` the withdrawal left without rival values: resolved, with why. */
function noLongerConflicts(
  known: Iterable<Conflict>,
  graph: KnowledgeGraph,
  persons: ReadonlySet<string>,
  pair: Supersession,
  now: Date,
): Conflict[] {
  const standing = new Map<string, Set<string>>();
  const out: Conflict[] = [];
  for (const c of known) {
    if (!persons.has(c.person) || c.resolvedBy === 'user' || c.status === 'resolved') continue;
    const p = graph.get(c.person);
    if (!p) continue;
    let ids = standing.get(c.person);
    if (!ids) standing.set(c.person, (ids = new Set(detectConflicts(p).map((x) => x.id))));
    if (ids.has(c.id)) continue;
    out.push({
      ...c,
      status: 'resolved',
      resolvedBy: 'engine',
      resolvedAt: now.toISOString(),
      rationale: `No longer a conflict: ${pair.by} supersedes ${pair.old} (a newer capture of ${pair.record}), and without ${pair.old}'s reading the values no longer compete. Before: ${c.rationale}`,
    });
  }
  return out;
}
