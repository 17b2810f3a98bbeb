/**
 * The Validator's verdict on one staged fact or relationship (seed 004): pass (it may be promoted),
 * needs more evidence (with what is missing: the request sent back to the extractor), or reject
 * (its evidence is not in its sources: it must never be promoted; a person decides).
 */
import { z } from 'zod';

export const VerdictKind = z.enum(['pass', 'needs_more_evidence', 'reject']);
export type VerdictKind = z.infer<typeof VerdictKind>;

export interface Verdict {
  verdict: VerdictKind;
  /** Why, one reason per failed check (empty for a pass with nothing to say). */
  reasons: string[];
  /** needs_more_evidence: what would let it pass, in a genealogist's words. */
  request?: string;
  /** Who decided: the deterministic rules, or a model that made them stricter. */
  by: 'rules' | 'model';
}

const RANK: Record<VerdictKind, number> = { pass: 0, needs_more_evidence: 1, reject: 2 };

/** The stricter of two verdicts (a model may tighten the rules' verdict, never loosen it). */
export function stricter(rules: Verdict, other: Verdict | undefined): Verdict {
  if (!other || RANK[other.verdict] <= RANK[rules.verdict]) return rules;
  return other;
}
