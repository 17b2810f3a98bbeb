/** Merge decisions from the Merges panel, applied by the Analyst's merge module through the case writer. */
import {
  acceptBatch,
  acceptMerge,
  LISTED_REVIEWS,
  proposeMerges,
  rejectMerge,
  undoBatch,
  undoMerge,
} from '../agents/analyst/merge';
import { openCase, withCaseLock } from '../case';
import type { MergesFromWebview } from '../protocol/merges';

type Decision = Extract<MergesFromWebview, { type: 'accept' | 'reject' | 'undo' | 'acceptBatch' | 'undoBatch' }>;

/** Applies one decision; returns the message the panel shows. Errors (e.g. already accepted) throw. */
export function applyMergeDecision(root: string, m: Decision): Promise<string> {
  return withCaseLock(root, `merge ${m.type} (VS Code)`, () => applyLocked(root, m), { waitMs: 5000 });
}

async function applyLocked(root: string, m: Decision): Promise<string> {
  const store = await openCase(root);
  const now = store.clock.now();
  switch (m.type) {
    case 'accept': {
      const c = await acceptMerge(store, m.clusterId, now, {
        ...(m.reason ? { reason: m.reason } : {}),
        ...(m.canonicalId ? { canonicalId: m.canonicalId } : {}),
        ...(m.keep && Object.keys(m.keep).length ? { keep: m.keep } : {}),
      });
      const kept = Object.keys(m.keep ?? {}).length;
      return `Merged into ${c.canonicalId}${kept ? ` keeping the ${kept} value(s) you chose` : ''}. The prior files are kept for undo.`;
    }
    case 'reject':
      await rejectMerge(store, m.clusterId, m.reason, now);
      return 'Rejected: this pair will not be proposed again.';
    case 'undo':
      await undoMerge(store, m.clusterId, now, m.reason ? { reason: m.reason } : {});
      return 'Undone: the persons are restored exactly as they were.';
    case 'acceptBatch': {
      const r = await acceptBatch(store, { minScore: m.minScore }, now);
      return r.accepted.length
        ? `Batch ${r.batch}: ${r.accepted.length} merge(s) accepted${r.skipped.length ? `, ${r.skipped.length} skipped` : ''}. Undo batch restores them all.`
        : `No open MERGE proposal at or above ${m.minScore}.`;
    }
    case 'undoBatch': {
      const undone = await undoBatch(store, m.batch, now);
      return `Batch ${m.batch} undone: ${undone.length} merge(s), the files back exactly as they were.`;
    }
  }
}

export interface FoundDuplicates {
  /** proposals the search added */
  added: number;
  /** open proposals after the search */
  open: number;
  message: string;
}

/**
 * "Ancestry: Find Duplicates": the duplicate search `ancestry merges` runs (persons and imported
 * trees, the stored search reused while the case is unchanged), under the case's write lock.
 */
export function findDuplicates(root: string): Promise<FoundDuplicates> {
  return withCaseLock(
    root,
    'merges (VS Code)',
    async () => {
      const store = await openCase(root, { trees: 'lazy' });
      const r = await proposeMerges(store, store.clock.now());
      const open = r.merges.clusters.filter((c) => c.status === 'proposed').length;
      const cut =
        r.reviewsBelow === undefined
          ? ''
          : ` The best ${LISTED_REVIEWS} "review" pairs are kept (the others score below ${r.reviewsBelow.toFixed(3)}).`;
      const message = !r.searched
        ? `Nothing changed since the last search: ${open} open proposal(s).`
        : r.added.length
          ? `Found ${r.added.length} new possible duplicate(s); ${open} open proposal(s) to review.${cut}`
          : `No new duplicates found; ${open} open proposal(s) to review.`;
      return { added: r.added.length, open, message };
    },
    { waitMs: 5000 },
  );
}
