/**
 * Consolidation at a research's end (issue #14 item 2, persona consolidation with family context):
 * the merge proposals this run made (and, at its end, those weighed across the whole case) that
 * family confirms (src/agents/analyst/merge/family-confirmed.ts),
 * whose persons are the case's only bearers of their name (sole-bearers.ts) or whose relatives are
 * named alike (named-family.ts) are accepted by the Analyst, through the same reversible merge the
 * user's accept takes (a snapshot of every file it touches; `ancestry merge undo <id>` restores
 * them), and logged with the reason. The conflicts a merge brings together are written by the merge
 * itself (clusters.ts), and its undo takes them back. Then free-text records
 * are cited on the persons they name in full. Only a research that completed: a cancelled or failed
 * run leaves its proposals for the user. The outputs are written again from the merged case.
 */
import { KnowledgeGraph } from '../../agents/analyst/graph';
import {
  acceptMerge,
  MergeError,
  proposeMerges,
  recordFollowUp,
  type MergeStore,
} from '../../agents/analyst/merge/clusters';
import { namedInText } from '../../agents/analyst/identity/named-in-text';
import { familyConfirmed, type Confirmation } from '../../agents/analyst/merge/family-confirmed';
import { namedFamily } from '../../agents/analyst/merge/named-family';
import { soleBearers } from '../../agents/analyst/merge/sole-bearers';
import type { CaseStore } from '../ports';
import type { Research, RunContext } from './context';

function mergeStore(store: CaseStore): MergeStore | undefined {
  const s = store as Partial<MergeStore> & CaseStore;
  return typeof s.readRaw === 'function' && typeof s.restoreFile === 'function' && typeof s.personFile === 'function'
    ? (s as MergeStore)
    : undefined;
}

/** When the session began: its first log entry (a resumed run keeps the session's id), else this run's start. */
function sessionStart(ctx: RunContext, research: Research): number {
  const id = research.engine.sessionId;
  const first = id ? ctx.store.log().find((e) => e.sessionId === id) : undefined;
  return first ? Date.parse(first.timestamp) : ctx.startedAt;
}

/**
 * Accepts the family-confirmed proposals of this run; returns the graph of the merged case when any
 * was accepted (the caller writes the outputs from it), else undefined. Runs outside a transaction,
 * as the user's accept does: each merge is its own crash-safe unit (its manifest first).
 */
/**
 * The session's proposals family confirms (a resumed run's too, so a merge a kill interrupted is
 * finished); a pair weighed across the case (`scope: case`) only by its family.
 */
export function familyConfirmations(ctx: RunContext, research: Research): Confirmation[] {
  const store = mergeStore(ctx.store);
  if (!store) return [];
  const all = store.merges().clusters;
  const since = sessionStart(ctx, research);
  const mine = all.filter((c) => Date.parse(c.createdAt) >= since);
  const family = familyConfirmed(mine, all, (id) => store.person(id));
  const taken = new Set(family.map((c) => c.cluster.id));
  const source = (id: string) => store.source(id);
  // The only-two check reads every person once: not on an imported tree of many thousands.
  const small = store.persons().length <= NAMED_IN_TEXT_LIMIT;
  const sole = soleBearers(
    mine.filter((c) => small && !taken.has(c.id) && c.scope !== 'case'),
    () => store.persons(),
    (id) => store.person(id),
    source,
  );
  for (const c of sole) taken.add(c.cluster.id);
  const named = namedFamily(
    mine.filter((c) => !taken.has(c.id) && c.scope !== 'case'),
    (id) => store.person(id),
    source,
  );
  return [...family, ...sole, ...named];
}

/**
 * The research meets two persons only when a record's persona is weighed against the case, so a
 * census read before the baptism can leave the same man in two files with no proposal between them.
 * At the end every pair of the case is weighed, as `ancestry merges` does: the user sees them in
 * the Merges view, and those whose families confirm each other are accepted (familyConfirmed only:
 * the name-led rules, sole bearers and named families, joined namesakes on these pairs in the
 * evaluation cases). Its proposals are marked `scope: case` in merges.json, so a resumed run tells them apart.
 */
export async function proposeAcrossCase(ctx: RunContext): Promise<void> {
  const store = mergeStore(ctx.store);
  if (!store || store.persons().length > ACROSS_CASE_LIMIT) return;
  await proposeMerges(store, ctx.clock.now());
}

export async function consolidateFamilies(
  ctx: RunContext,
  research: Research,
  confirmed: readonly Confirmation[],
): Promise<KnowledgeGraph | undefined> {
  const store = mergeStore(ctx.store);
  if (!store || !confirmed.length) return undefined;
  const subjectId = research.engine.subjectId!;
  let accepted = 0;
  for (const { cluster, reasons } of confirmed) {
    // An earlier merge of this pass may have re-pointed or replaced the proposal.
    const now = store.merges().clusters.find((c) => c.id === cluster.id);
    if (!now || now.status !== 'proposed' || !now.memberIds.every((m) => store.person(m))) continue;
    const reason = `family confirms: ${reasons.join('; ')}`;
    try {
      await acceptMerge(store, cluster.id, ctx.clock.now(), {
        by: 'Analyst',
        reason,
        ...(now.memberIds.includes(subjectId) ? { canonicalId: subjectId } : {}),
      });
      accepted++;
      ctx.log.emit('step', `Merged ${now.memberIds.join(' and ')}: ${reason}`);
    } catch (e) {
      if (!(e instanceof MergeError)) throw e;
      ctx.log.add({
        agent: 'Analyst',
        actionType: 'error',
        message: `family-confirmed merge ${cluster.id} not made: ${e.message}`,
        rationale: 'the proposal stays for review',
        context: cluster.memberIds.join(', '),
      });
    }
  }
  if (!accepted) return undefined;
  return new KnowledgeGraph(store.persons(), subjectId);
}

/**
 * Cites free-text records on the persons they name in full, where the case has one person of that
 * name (src/agents/analyst/identity/named-in-text.ts); returns the graph of the case when any was
 * cited, else undefined. Only a completed research, as the consolidation.
 */
export async function citeNamedInText(ctx: RunContext, research: Research): Promise<KnowledgeGraph | undefined> {
  const persons = ctx.store.persons();
  // A case with an imported tree of many thousands is not scanned name by name at a research's end.
  if (persons.length > NAMED_IN_TEXT_LIMIT) return undefined;
  // A file this run's end merges wrote: the citation is recorded with those merges, so their undo stays exact.
  const since = sessionStart(ctx, research);
  const store = mergeStore(ctx.store);
  const merges = (store?.merges().clusters ?? [])
    .filter((c) => c.status === 'accepted' && c.acceptedBy === 'Analyst' && Date.parse(c.decidedAt ?? '') >= since)
    .map((c) => c.id);
  const found = namedInText(ctx.store.sources(), persons);
  if (!found.length) return undefined;
  const byPerson = new Map<string, typeof found>();
  for (const f of found) byPerson.set(f.person, [...(byPerson.get(f.person) ?? []), f]);
  for (const [id, list] of byPerson) {
    const p = ctx.store.person(id);
    if (!p) continue;
    const names = p.names.map((n, i) => {
      const add = list.filter((f) => f.name === i).map((f) => f.source);
      return add.length ? { ...n, citations: [...(n.citations ?? []), ...add] } : n;
    });
    const file = merges.length ? store?.personFile(id) : undefined;
    const before = file ? store?.readRaw(file) : undefined;
    await ctx.store.writePerson({ ...p, names, updatedAt: ctx.clock.now().toISOString() });
    if (store && file) await recordFollowUp(store, merges, file, before);
    for (const f of list)
      ctx.log.add({
        agent: 'Analyst',
        actionType: 'decision',
        decisionType: 'named_in_text',
        optionsConsidered: [id, 'a mention of no one'],
        chosenOption: id,
        rationale: `${f.source} names "${f.written}" in its text, the case's only person of that name: the record is cited on the name (no fact, no relationship taken from it)`,
        context: f.source,
      });
  }
  return new KnowledgeGraph(ctx.store.persons(), research.engine.subjectId);
}

/** Persons above which the end-of-research name scans are skipped (an imported tree, not a research). */
const NAMED_IN_TEXT_LIMIT = 20_000;
/** A research case, not an imported tree: on a big tree `ancestry merges` is the user's to run. */
const ACROSS_CASE_LIMIT = 2_000;
