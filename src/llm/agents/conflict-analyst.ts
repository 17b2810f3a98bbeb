/**
 * The conflict analyst on Claude (seed 001 §3.4/§5.4). Its recommendation must be one of the
 * competing values and must keep the alternatives (check 10); otherwise the deterministic weighing
 * (or, without one, the heaviest claim marked tentative) stands.
 */
import type { ConflictAnalyst } from '../../engine/agents';
import type { Conflict } from '../../model';
import { checkConflictAnalysis, describeChecks } from '../firewall';
import { foldWord, inventedProperNames, wordSet } from '../firewall/grounding';
import type { LlmGateway } from '../gateway';
import { CONFLICT_SYSTEM } from '../prompts';
import { CONFLICT_TOOL } from '../schemas';
import { askTool, isRecoverable, logRejections } from './ask';

type Analysis = Awaited<ReturnType<ConflictAnalyst['analyse']>>;

export function conflictUserPrompt(conflict: Conflict): string {
  return JSON.stringify(
    {
      field: conflict.field,
      competing_claims: conflict.competing.map((c, i) => ({
        claim_index: i,
        value: c.value,
        weight: c.weight,
        evidence: c.evidence.map((e) => ({
          source: e.source,
          tier: e.tier,
          evidence_type: e.evidenceType,
          source_class: e.sourceClass,
          information: e.information,
          snippet: e.snippet,
        })),
      })),
    },
    null,
    1,
  );
}

export class LlmConflictAnalyst implements ConflictAnalyst {
  readonly kind = 'llm' as const;

  constructor(
    private readonly gateway: LlmGateway,
    private readonly opts: { fallback?: ConflictAnalyst; model?: string } = {},
  ) {}

  private async byWeight(conflict: Conflict, why: string, signal?: AbortSignal): Promise<Analysis> {
    if (this.opts.fallback) return this.opts.fallback.analyse(conflict, signal);
    const best = [...conflict.competing].sort((x, y) => y.weight - x.weight)[0];
    return {
      preferred: best.value,
      rationale: `${why}; preferred by evidence weight ${best.weight.toFixed(2)}`,
      confidence: Math.min(1, best.weight),
      tentative: true,
      nextActions: conflict.nextActions,
    };
  }

  async analyse(conflict: Conflict, signal?: AbortSignal): Promise<Analysis> {
    const label = `conflict ${conflict.id} (${conflict.field})`;
    let answer;
    try {
      answer = await askTool(
        this.gateway,
        {
          purpose: label,
          role: 'research',
          agent: 'Analyst',
          system: CONFLICT_SYSTEM,
          user: conflictUserPrompt(conflict),
          model: this.opts.model,
          aboutLiving: true,
          signal,
        },
        CONFLICT_TOOL,
      );
    } catch (err) {
      if (!isRecoverable(err)) throw err;
      return this.byWeight(conflict, `model analysis unavailable (${err.kind})`, signal);
    }
    const rejected = checkConflictAnalysis(answer.output, conflict, answer.seen);
    if (rejected.length) {
      logRejections(this.gateway.log, 'Analyst', rejected, label, this.gateway.meter.cycle);
      // Only the check numbers here: the rejected text itself stays in the research log.
      return this.byWeight(
        conflict,
        `model analysis rejected by the hallucination firewall (${describeChecks(rejected)})`,
        signal,
      );
    }
    const o = answer.output;
    const preferred = conflict.competing.find(
      (c) => foldWord(c.value).trim() === foldWord(o.recommended_value).trim(),
    )!.value;
    // Suggestions naming people or places the claims never mention are dropped one by one (they are written to the conflict file).
    const corpus = wordSet(answer.seen);
    const nextActions = o.next_actions.filter((a) => inventedProperNames([a], corpus).length === 0);
    return { preferred, rationale: o.analysis, confidence: o.confidence, tentative: o.is_tentative, nextActions };
  }
}
