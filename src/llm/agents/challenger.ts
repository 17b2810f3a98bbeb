/**
 * A conflict conclusion challenged by a second model (seeds 002/003; case.yaml llm.challenger):
 * the first analyst concludes, the challenger, usually of another provider, is shown the same
 * claims and that conclusion and says whether it would conclude the same. Its verdict is recorded
 * in the rationale, quoted and labelled, never as evidence. A disagreement leaves the conclusion
 * tentative, so it waits for a person's review; an answer the firewall cannot ground (a value that
 * is not one of the claims) is logged and ignored.
 */
import type { ConflictAnalyst } from '../../engine/agents';
import type { Conflict } from '../../model';
import { foldWord } from '../firewall/grounding';
import type { LlmGateway } from '../gateway';
import { CHALLENGE_SYSTEM } from '../prompts';
import { CHALLENGE_TOOL } from '../schemas';
import { askTool, isRecoverable } from './ask';
import { conflictUserPrompt } from './conflict-analyst';

type Analysis = Awaited<ReturnType<ConflictAnalyst['analyse']>>;

/** A challenger that disagrees caps the conclusion's confidence: two models apart is no certainty. */
export const DISAGREEMENT_CONFIDENCE_CAP = 0.5;

const same = (a: string, b: string) => foldWord(a).trim() === foldWord(b).trim();
const quoted = (text: string) => `"${text.replace(/\s+/g, ' ').replace(/"/g, "'").trim()}"`;

export class ChallengedConflictAnalyst implements ConflictAnalyst {
  readonly kind = 'llm' as const;

  constructor(
    private readonly first: ConflictAnalyst,
    private readonly challenger: LlmGateway,
  ) {}

  async analyse(conflict: Conflict, signal?: AbortSignal): Promise<Analysis> {
    const analysis = await this.first.analyse(conflict, signal);
    const label = `challenge of conflict ${conflict.id} (${conflict.field})`;
    const model = this.challenger.opts.model;
    let verdict;
    try {
      verdict = (
        await askTool(
          this.challenger,
          {
            purpose: label,
            role: 'research',
            agent: 'Analyst',
            system: CHALLENGE_SYSTEM,
            user: `${conflictUserPrompt(conflict)}\n\nThe other analyst concluded: ${JSON.stringify(analysis.preferred)}.`,
            aboutLiving: true,
            signal,
          },
          CHALLENGE_TOOL,
        )
      ).output;
    } catch (err) {
      if (!isRecoverable(err)) throw err;
      return { ...analysis, rationale: `${analysis.rationale}\n\nNot challenged: ${model} unavailable (${err.kind}).` };
    }
    const claim = conflict.competing.find((c) => same(c.value, verdict.preferred_value));
    if (!claim) {
      this.challenger.log({
        actionType: 'decision',
        agent: 'Analyst',
        decisionType: 'challenge_rejected',
        optionsConsidered: conflict.competing.map((c) => c.value),
        chosenOption: 'keep the first conclusion unchallenged',
        rationale: `the challenger named ${quoted(verdict.preferred_value)}, which is none of the competing values`,
        context: label,
        cycle: this.challenger.meter.cycle,
      });
      return {
        ...analysis,
        rationale: `${analysis.rationale}\n\nNot challenged: ${model}'s answer named no competing value.`,
      };
    }
    const agrees = verdict.agrees && same(claim.value, analysis.preferred);
    const note = agrees
      ? `Challenged by ${model} (a second model; its reason, not evidence): agrees — ${quoted(verdict.reason)}`
      : `Challenged by ${model} (a second model; its reason, not evidence): disagrees, prefers ${claim.value} — ${quoted(verdict.reason)}. Left tentative for review.`;
    return agrees
      ? { ...analysis, rationale: `${analysis.rationale}\n\n${note}` }
      : {
          ...analysis,
          rationale: `${analysis.rationale}\n\n${note}`,
          tentative: true,
          confidence: Math.min(analysis.confidence, DISAGREEMENT_CONFIDENCE_CAP),
        };
  }
}
