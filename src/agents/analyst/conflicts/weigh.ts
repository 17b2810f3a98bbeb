/** Seed 000 AnalystResolveConflict: weight = evidenceWeight(type) × tierWeight(tier) × confidence. */
import { evidenceWeight, tierWeight, type Assertion, type EvidenceClaim } from '../../../model';

export function weighClaim(evidence: EvidenceClaim): number {
  return evidenceWeight[evidence.evidenceType] * tierWeight[evidence.tier] * evidence.confidence;
}

/** "Primary 1.0 × Tier 0 0.8 × confidence 0.90 = 0.72" — the Z weight spelled out for a rationale. */
export function explainClaim(evidence: EvidenceClaim): string {
  return `${evidence.evidenceType} ${evidenceWeight[evidence.evidenceType].toFixed(1)} × Tier ${evidence.tier} ${tierWeight[evidence.tier].toFixed(1)} × confidence ${evidence.confidence.toFixed(2)} = ${weighClaim(evidence).toFixed(2)}`;
}

/**
 * An assertion weighs as its best piece of evidence. An assertion without evidence (typed in, or
 * imported from a tree without sources) weighs as an Authored claim from Tier 0 at its own
 * confidence: the lowest class the Z weights know, so any sourced claim outweighs it.
 */
export function weighAssertion(a: Pick<Assertion, 'evidence' | 'confidence'>): {
  weight: number;
  best?: EvidenceClaim;
} {
  let best: EvidenceClaim | undefined;
  let weight = -1;
  for (const e of a.evidence) {
    const w = weighClaim(e);
    if (w > weight) {
      weight = w;
      best = e;
    }
  }
  if (!best) return { weight: evidenceWeight.Authored * tierWeight[0] * a.confidence };
  return { weight, best };
}
