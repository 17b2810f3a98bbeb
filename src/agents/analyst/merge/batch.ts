/**
 * Accepting high-confidence proposals as one batch, undone as one (issue #15 item 4). Each merge
 * of the batch is an ordinary reversible merge (its own snapshot), tagged with the batch id; undo
 * of the batch undoes them newest first, so every snapshot is restored onto exactly the bytes it
 * was taken after.
 */
import type { MergeCluster } from '../../../model';
import { acceptMerge, MergeError, undoMerge, type MergeStore } from './clusters';
import { compareClusters, matches } from './review-list';

export interface BatchResult {
  batch: string;
  accepted: MergeCluster[];
  /** proposals of the selection that could not be accepted (e.g. an earlier merge of the batch absorbed a member) */
  skipped: { id: string; why: string }[];
}

export const isBatchId = (id: string) => id.startsWith('B-');

/**
 * Accepts every open "merge" recommendation with similarity ≥ minScore (best first). A proposal
 * that an earlier merge of the batch re-pointed or removed is taken as it now stands, or skipped.
 */
export async function acceptBatch(
  store: MergeStore,
  opts: { minScore: number; limit?: number },
  now: Date,
): Promise<BatchResult> {
  if (!(opts.minScore > 0 && opts.minScore <= 1)) throw new MergeError('--min-score must be in (0, 1]');
  const batch = `B-${now.toISOString().replace(/[-:.]/g, '').slice(0, 15)}-${Math.floor(now.getMilliseconds())}`;
  const selected = store
    .merges()
    .clusters.filter((c) => matches(c, { status: 'proposed', recommendation: 'merge', minScore: opts.minScore }))
    .sort(compareClusters)
    .slice(0, opts.limit ?? Infinity)
    .map((c) => c.id);
  const accepted: MergeCluster[] = [];
  const skipped: BatchResult['skipped'] = [];
  for (const [i, id] of selected.entries()) {
    const now2 = store.merges().clusters.find((c) => c.id === id);
    if (!now2 || now2.status !== 'proposed') {
      skipped.push({ id, why: now2 ? `now ${now2.status}` : 'replaced after an earlier merge of the batch' });
      continue;
    }
    try {
      // One millisecond apart: decidedAt then orders the batch, which undo walks backwards.
      accepted.push(
        await acceptMerge(store, id, new Date(now.getTime() + i), {
          batch,
          reason: `batch ${batch}: every open MERGE proposal scoring at least ${opts.minScore}`,
        }),
      );
    } catch (e) {
      if (!(e instanceof MergeError)) throw e;
      skipped.push({ id, why: e.message });
    }
  }
  return { batch, accepted, skipped };
}

/** Undoes every accepted merge of the batch, newest first. */
export async function undoBatch(
  store: MergeStore,
  batch: string,
  now: Date,
  opts: { force?: boolean; reason?: string } = {},
): Promise<MergeCluster[]> {
  const members = store.merges().clusters.filter((c) => c.batch === batch && c.status === 'accepted');
  if (!members.length)
    throw new MergeError(`no accepted merge of batch "${batch}" (see "ancestry merges <dir> --status accepted")`);
  // Newest first: each snapshot goes back onto the bytes it was taken after.
  const byAccept = [...members].sort((a, b) => (a.decidedAt ?? '').localeCompare(b.decidedAt ?? ''));
  const undone: MergeCluster[] = [];
  for (const c of byAccept.reverse())
    undone.push(await undoMerge(store, c.id, now, { ...opts, reason: opts.reason ?? `undo of batch ${batch}` }));
  return undone;
}
