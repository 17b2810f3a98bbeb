/**
 * The user settles a conflict: the chosen value's assertions become accepted, the other competing
 * assertions stay in the file as "disputed" (kept, not preferred), and the conflict records who
 * resolved it and when. A value that no assertion carries becomes a new user assertion.
 */
import type { Assertion, Conflict, Person } from '../../../model';
import { compatibleValues } from './compatible';

export interface UserResolution {
  person: Person;
  conflict: Conflict;
  /** Assertion ids whose status changed, for the log. */
  accepted: string[];
  disputed: string[];
  created?: Assertion;
}

export function applyUserResolution(
  person: Person,
  conflict: Conflict,
  value: string,
  now: Date,
  newAssertionId: () => string,
): UserResolution {
  const ids = new Set(conflict.competing.map((c) => c.assertion).filter((x): x is string => Boolean(x)));
  const exact = conflict.competing.filter((c) => c.value === value);
  // Exact match first; else every claim compatible with the typed value ("1850" chooses "ABT 1850" too).
  const chosen = new Set(
    (exact.length ? exact : conflict.competing.filter((c) => compatibleValues(conflict.field, c.value, value))).map(
      (c) => c.assertion,
    ),
  );
  const accepted: string[] = [];
  const disputed: string[] = [];
  const at = now.toISOString();
  const assertions = person.assertions.map((a) => {
    if (!ids.has(a.id)) return a;
    if (chosen.has(a.id)) {
      accepted.push(a.id);
      return { ...a, status: 'accepted' as const };
    }
    disputed.push(a.id);
    return { ...a, status: 'disputed' as const };
  });
  let created: Assertion | undefined;
  if (!accepted.length) {
    created = {
      id: newAssertionId(),
      field: conflict.field,
      value,
      status: 'accepted',
      confidence: 1,
      evidence: [],
      assertedAt: at,
      note: `entered by the user to resolve conflict ${conflict.id}`,
    };
    assertions.push(created);
  }
  const resolved: Conflict = {
    ...conflict,
    preferred: value,
    status: 'resolved',
    resolvedBy: 'user',
    resolvedAt: at,
    rationale: `Resolved by the user: "${value}". Engine rationale was: ${conflict.rationale}`,
  };
  return { person: { ...person, assertions, updatedAt: at }, conflict: resolved, accepted, disputed, created };
}
