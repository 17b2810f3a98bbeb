/**
 * A pair adjudicator's verdict as the reviewer sees it: a labelled, quoted opinion beside the
 * resolver's features, never the decision (issue 14, the deterministic floor).
 */
import type { PairAdjudicator } from '../../../engine/agents';

type Verdict = Awaited<ReturnType<PairAdjudicator['adjudicate']>>;

function quote(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim().replace(/"/g, "'");
  return t.length > 300 ? `${t.slice(0, 299)}…` : t;
}

export function adjudicatorOpinion(v: Verdict, kind: PairAdjudicator['kind']): string {
  if (kind === 'deterministic') return ` Adjudicator: ${v.recommendation}${v.rationale ? ` (${v.rationale})` : ''}.`;
  if (/^model adjudication (unavailable|rejected)/.test(v.rationale))
    return ` [Adjudicator model: ${quote(v.rationale)}.]`;
  const why = v.recommendation === 'merge' ? v.rationale : v.whyNotMerge || v.rationale;
  return ` [Model opinion, not evidence: the adjudicator recommends "${v.recommendation}"${why ? ` and says: "${quote(why)}"` : ''}.]`;
}
