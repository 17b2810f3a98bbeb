/**
 * Seed 000 calculatePriority (information gain) and seed 002 confidence compounding.
 */
import { foldWords } from '../model/names';

/** calculatePriority(e, g) = 1 − n/(n+1) where n = countEvidence(e, g): unexplored entities come first. */
export function calculatePriority(existingEvidence: number): number {
  const n = Math.max(0, existingEvidence);
  return 1 - n / (n + 1);
}

/** Seed 002: independent confirmations compound as 1 − ∏(1 − cᵢ). */
export function compoundConfidence(confidences: readonly number[]): number {
  let wrong = 1;
  for (const c of confidences) wrong *= 1 - Math.min(1, Math.max(0, c));
  return 1 - wrong;
}

/**
 * countEvidence(e, g) kept incrementally: how many evidence claims in the knowledge graph concern a
 * name or a place. Updated when assertions gain evidence, so a priority costs O(1), not a graph scan.
 */
export class EvidenceCounter {
  private readonly counts = new Map<string, number>();

  add(entity: string, n = 1): void {
    const k = foldWords(entity);
    if (k) this.counts.set(k, (this.counts.get(k) ?? 0) + n);
  }

  count(entity: string): number {
    return this.counts.get(foldWords(entity)) ?? 0;
  }

  priority(entity: string): number {
    return calculatePriority(this.count(entity));
  }
}
