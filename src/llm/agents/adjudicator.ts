/**
 * The entity resolver's adjudication of pairs the scorer left at "review" (seed 001 §3.3/§5.3). An
 * answer that fails the firewall, or any model failure, leaves the pair at "review" for a human:
 * never a merge on unverified reasoning.
 */
import type { z } from 'zod';
import type { PairAdjudicator } from '../../engine/agents';
import type { FeatureScore } from '../../model/review';
import { checkAdjudication, describeChecks } from '../firewall';
import type { LlmGateway } from '../gateway';
import { RESOLVER_SYSTEM } from '../prompts';
import { RESOLVE_TOOL } from '../schemas';
import { askTool, isRecoverable, logRejections } from './ask';

type Verdict = Awaited<ReturnType<PairAdjudicator['adjudicate']>>;

/** A pair member's id for the log label (person ids are strings), else the stand-in given. */
const idOf = (o: Record<string, unknown>, otherwise: string): string =>
  typeof o.id === 'string' || typeof o.id === 'number' ? String(o.id) : otherwise;

/** Seed 001 §5.3 rule 4: a merge the model is not sure of becomes "review". */
export const MERGE_MIN_CONFIDENCE = 0.9;

export class LlmPairAdjudicator implements PairAdjudicator {
  readonly kind = 'llm' as const;

  constructor(
    private readonly gateway: LlmGateway,
    private readonly opts: { fallback?: PairAdjudicator; model?: string } = {},
  ) {}

  private async keepForReview(
    a: Record<string, unknown>,
    b: Record<string, unknown>,
    features: Record<string, z.infer<typeof FeatureScore>>,
    why: string,
    signal?: AbortSignal,
  ): Promise<Verdict> {
    if (this.opts.fallback) return this.opts.fallback.adjudicate(a, b, features, signal);
    const scores = Object.values(features).map((f) => f.score);
    const similarity = scores.length ? scores.reduce((s, x) => s + x, 0) / scores.length : 0;
    return {
      similarity,
      recommendation: 'review',
      rationale: why,
      whyNotMerge: 'no verified model adjudication',
      confidence: 0,
    };
  }

  async adjudicate(
    a: Record<string, unknown>,
    b: Record<string, unknown>,
    features: Record<string, z.infer<typeof FeatureScore>>,
    signal?: AbortSignal,
  ): Promise<Verdict> {
    const input = JSON.stringify({ person_a: a, person_b: b, feature_scores: features }, null, 1);
    const label = `adjudicate ${idOf(a, 'a')} / ${idOf(b, 'b')}`;
    let answer;
    try {
      answer = await askTool(
        this.gateway,
        {
          purpose: label,
          role: 'research',
          agent: 'Analyst',
          system: RESOLVER_SYSTEM,
          user: input,
          model: this.opts.model,
          aboutLiving: true,
          signal,
        },
        RESOLVE_TOOL,
      );
    } catch (err) {
      if (!isRecoverable(err)) throw err;
      return this.keepForReview(a, b, features, `model adjudication unavailable (${err.kind})`, signal);
    }
    const rejected = checkAdjudication(answer.output, answer.seen);
    if (rejected.length) {
      logRejections(this.gateway.log, 'Analyst', rejected, label, this.gateway.meter.cycle);
      // Only the check numbers here: the rejected text itself stays in the research log.
      return this.keepForReview(
        a,
        b,
        features,
        `model adjudication rejected by the hallucination firewall (${describeChecks(rejected)})`,
        signal,
      );
    }
    const o = answer.output;
    const recommendation =
      o.recommendation === 'merge' && o.confidence < MERGE_MIN_CONFIDENCE ? 'review' : o.recommendation;
    return {
      similarity: o.similarity_score,
      recommendation,
      rationale: o.merge_rationale,
      whyNotMerge: o.why_not_merge,
      confidence: o.confidence,
    };
  }
}
