/**
 * The Validator on a model (seed 004, issue #23 item 1): shown the facts the deterministic
 * Validator passed this cycle with their evidence, it may hold some back for more evidence. Its
 * answer is zod-validated (the tool schema) and passes the hallucination firewall
 * (checkValidation); a failed call or a rejected verdict leaves the rules' verdict, so a wrong or
 * hostile model can hold facts back for a person to review, never promote one.
 */
import type { ModelValidator, ValidationItem } from '../../engine/agents';
import { checkValidation } from '../firewall';
import type { LlmGateway } from '../gateway';
import { VALIDATOR_SYSTEM } from '../prompts';
import { VALIDATOR_TOOL } from '../schemas';
import { askTool, isRecoverable, logRejections } from './ask';

/** Items per call: the prompt stays small, and a long cycle is several calls. */
const BATCH = 30;

export function validatorUserPrompt(items: readonly ValidationItem[]): string {
  return JSON.stringify(
    {
      items: items.map((i) => ({
        id: i.id,
        fact: i.label,
        evidence: i.evidence.map((e) => ({
          source: e.source,
          source_class: e.sourceClass,
          information: e.information,
          evidence: e.evidence,
          snippet: e.snippet,
        })),
      })),
    },
    null,
    1,
  );
}

export class LlmValidator implements ModelValidator {
  readonly kind = 'llm' as const;

  constructor(
    private readonly gateway: LlmGateway,
    private readonly opts: { model?: string } = {},
  ) {}

  async review(
    items: readonly ValidationItem[],
    signal?: AbortSignal,
  ): Promise<Map<string, { verdict: 'needs_more_evidence'; reason: string }>> {
    const out = new Map<string, { verdict: 'needs_more_evidence'; reason: string }>();
    for (let i = 0; i < items.length; i += BATCH) {
      const batch = items.slice(i, i + BATCH);
      const label = `validation of ${batch.length} fact(s)`;
      let answer;
      try {
        answer = await askTool(
          this.gateway,
          {
            purpose: label,
            role: 'research',
            agent: 'Analyst',
            system: VALIDATOR_SYSTEM,
            user: validatorUserPrompt(batch),
            model: this.opts.model,
            aboutLiving: true,
            signal,
          },
          VALIDATOR_TOOL,
        );
      } catch (err) {
        // The rules' verdicts stand (the deterministic floor).
        if (!isRecoverable(err)) throw err;
        continue;
      }
      const { held, rejected } = checkValidation(answer.output, batch);
      if (rejected.length) logRejections(this.gateway.log, 'Analyst', rejected, label, this.gateway.meter.cycle);
      for (const [id, reason] of held) out.set(id, { verdict: 'needs_more_evidence', reason });
    }
    return out;
  }
}
