/**
 * Consolidation at a research's end (issue #14 item 2, persona consolidation with family context):
 * the merge proposals this run made that family confirms (src/agents/analyst/merge/family-confirmed.ts)
 * are accepted by the Analyst, through the same reversible merge the user's accept takes (a snapshot
 * of every file it touches; `ancestry merge undo <id>` restores them), and logged with the matching
 * relatives as the reason. Only a research that completed: a cancelled or failed run leaves its
 * proposals for the user. The outputs are written again from the merged case.
 */
import { KnowledgeGraph } from '../../agents/analyst/graph';
import { acceptMerge, MergeError, type MergeStore } from '../../agents/analyst/merge/clusters';
import { familyConfirmed, type Confirmation } from '../../agents/analyst/merge/family-confirmed';
import { soleBearers } from '../../agents/analyst/merge/sole-bearers';
import type { CaseStore } from '../ports';
import type { Research, RunContext } from './context';

function mergeStore(store: CaseStore): MergeStore | undefined {
  const s = store as Partial<MergeStore> & CaseStore;
  return typeof s.readRaw === 'function' && typeof s.restoreFile === 'function' && typeof s.personFile === 'function'
    ? (s as MergeStore)
    : undefined;
}

/** When the session began: its first log entry (a resumed run keeps the session's id). */
function sessionStart(store: CaseStore, sessionId: string | undefined): number | undefined {
  const first = sessionId ? store.log().find((e) => e.sessionId === sessionId) : undefined;
  return first ? Date.parse(first.timestamp) : undefined;
}

/**
 * Accepts the family-confirmed proposals of this run; returns the graph of the merged case when any
 * was accepted (the caller writes the outputs from it), else undefined. Runs outside a transaction,
 * as the user's accept does: each merge is its own crash-safe unit (its manifest first).
 */
/** The session's proposals family confirms (a resumed run's too, so a merge a kill interrupted is finished). */
export function familyConfirmations(ctx: RunContext, research: Research): Confirmation[] {
  const store = mergeStore(ctx.store);
  if (!store) return [];
  const all = store.merges().clusters;
  const since = sessionStart(store, research.engine.sessionId) ?? ctx.startedAt;
  const mine = all.filter((c) => Date.parse(c.createdAt) >= since);
  const family = familyConfirmed(mine, all, (id) => store.person(id));
  const taken = new Set(family.map((c) => c.cluster.id));
  const sole = soleBearers(
    mine.filter((c) => !taken.has(c.id)),
    () => store.persons(),
    (id) => store.person(id),
    (id) => store.source(id),
  );
  return [...family, ...sole];
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
  return accepted ? new KnowledgeGraph(store.persons(), subjectId) : undefined;
}
