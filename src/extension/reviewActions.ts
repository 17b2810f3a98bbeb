/** The review queue for VS Code: listed and decided through the case's one writer, under its lock. */
import { openCase, withCaseLock } from '../case';
import { decideReview, reviewQueue, type ReviewItem, type ReviewOutcome } from '../case/review-queue';
import type { ReviewCommandArg } from '../protocol/review';

export async function listReview(root: string): Promise<ReviewItem[]> {
  return reviewQueue(await openCase(root, { trees: 'indexed' }));
}

/** Applies one decision to one or a batch of items (all or nothing); errors name the id or field. */
export function applyReview(root: string, d: ReviewCommandArg): Promise<ReviewOutcome[]> {
  // A short edit waits a moment for a running writer (a research run) instead of failing at once.
  return withCaseLock(
    root,
    `review ${d.action} (VS Code)`,
    async () => {
      const store = await openCase(root, { trees: 'indexed' });
      const action =
        d.action === 'reject'
          ? { action: d.action, reason: d.reason }
          : d.action === 'edit'
            ? { action: d.action, value: d.value, reason: d.reason }
            : { action: d.action, reason: d.reason };
      return decideReview(store, d.ids, action, store.clock.now());
    },
    { waitMs: 5000 },
  );
}
