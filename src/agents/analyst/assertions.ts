/** A fact added to a person as a staged assertion, or its evidence added to the same fact already there. */
import type { Assertion, EvidenceClaim, Person } from '../../model';
import { stableId } from '../../engine/ids';

function normValue(v: string): string {
  return v.replace(/\s+/g, ' ').trim().toUpperCase();
}

function sameClaim(x: EvidenceClaim, y: EvidenceClaim): boolean {
  return x.source === y.source && x.snippet === y.snippet;
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
  if (!v) return p;
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
