/** A fact added to a person as a staged assertion, or its evidence added to the same fact already there. */
import type { Assertion, EvidenceClaim, Person } from '../../model';
import { stableId } from '../../engine/ids';

function normValue(v: string): string {
  return v.replace(/\s+/g, ' ').trim().toUpperCase();
}

function sameClaim(x: EvidenceClaim, y: EvidenceClaim): boolean {
  return x.source === y.source && x.snippet === y.snippet;
}

/**
 * A fact the user rejected or edited (`ancestry review`) is not proposed again from the evidence
 * it was decided on: the same source with the same snippet, whatever value is read from it now
 * (a re-reading may spell it differently), or the same value again from that source.
 */
function decidedFromSameEvidence(p: Person, field: string, value: string, claim: EvidenceClaim): boolean {
  return p.assertions.some(
    (a) =>
      a.field === field &&
      (a.reviewed?.decision === 'rejected' || a.reviewed?.decision === 'edited') &&
      a.evidence.some(
        (e) =>
          e.source === claim.source &&
          (e.snippet === claim.snippet ||
            normValue(a.value) === normValue(value) ||
            normValue(a.reviewed?.was ?? '') === normValue(value)),
      ),
  );
}

export function addAssertion(
  p: Person,
  field: string,
  value: string,
  claim: EvidenceClaim,
  now: Date,
  event?: string,
): Person {
  const v = value.replace(/\s+/g, ' ').trim();
  if (!v || decidedFromSameEvidence(p, field, v, claim)) return p;
  const i = p.assertions.findIndex(
    (a) => a.field === field && normValue(a.value) === normValue(v) && (a.event ?? '') === (event ?? a.event ?? ''),
  );
  const assertions = [...p.assertions];
  if (i >= 0) {
    const a = assertions[i];
    if (a.evidence.some((e) => sameClaim(e, claim))) return p;
    assertions[i] = { ...a, evidence: [...a.evidence, claim] };
  } else {
    const a: Assertion = {
      id: stableId('A', p.id, field, normValue(v), event),
      field,
      value: v,
      status: 'staged',
      confidence: claim.confidence,
      evidence: [claim],
      assertedAt: now.toISOString(),
    };
    if (event) a.event = event;
    assertions.push(a);
  }
  return { ...p, assertions };
}
