/**
 * A model's conflict analysis is an opinion, not a decision (issue 14, the deterministic floor): the
 * preferred value, status and confidence stay those of the evidence weights, so a wrong or hostile
 * model cannot dispute a better-supported value. Its words reach the conflict file only quoted and
 * labelled, after the engine's own rationale; they never become the proof argument.
 */
import type { ConflictAnalyst } from '../../../engine/agents';
import type { Conflict } from '../../../model';
import { compatibleValues } from './compatible';

type Analysis = Awaited<ReturnType<ConflictAnalyst['analyse']>>;

const MAX_QUOTE = 400;

function quote(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim().replace(/"/g, "'");
  return t.length > MAX_QUOTE ? `${t.slice(0, MAX_QUOTE - 1)}…` : t;
}

/** The engine's conflict with the analyst's opinion attached as a labelled quotation. */
export function withModelOpinion(
  conflict: Conflict,
  analysis: Analysis,
  analystKind: ConflictAnalyst['kind'],
): Conflict {
  if (analystKind === 'deterministic')
    return {
      ...conflict,
      preferred: analysis.preferred,
      rationale: analysis.rationale,
      confidence: analysis.confidence,
      status: analysis.tentative ? 'tentative' : conflict.status,
      nextActions: analysis.nextActions.length ? analysis.nextActions : conflict.nextActions,
    };
  // The model answered nothing usable (down, or rejected by the firewall): the weighing stands alone.
  const failed = /^model analysis (unavailable|rejected)[^;]*/.exec(analysis.rationale);
  if (failed) return { ...conflict, rationale: `${conflict.rationale} [Conflict analyst model: ${failed[0]}.]` };
  const agrees = conflict.preferred !== '' && compatibleValues(conflict.field, analysis.preferred, conflict.preferred);
  const verdict = agrees
    ? 'agrees with the weighing'
    : conflict.preferred
      ? `would prefer "${quote(analysis.preferred)}"; not followed, the evidence weights decide`
      : `would prefer "${quote(analysis.preferred)}"; not followed, the weights tie and the conflict stays open for review`;
  const said = analysis.rationale.trim() ? ` and says: "${quote(analysis.rationale)}"` : '';
  const suggestions = analysis.nextActions.length
    ? ` Its suggested next steps (unverified): ${analysis.nextActions
        .slice(0, 3)
        .map((a) => `"${quote(a)}"`)
        .join('; ')}.`
    : '';
  return {
    ...conflict,
    rationale: `${conflict.rationale} [Model opinion, not evidence: the conflict analyst ${verdict}${said}.${suggestions}]`,
  };
}
