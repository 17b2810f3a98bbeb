import { z } from 'zod';
import { EvidenceClaim } from './citation';
import { Id, Instant, Probability, Sex } from './common';

export const NameType = z.enum(['birth', 'married', 'aka', 'religious', 'immigrant', 'nickname']);
export const PersonName = z.object({
  given: z.string().default(''),
  surname: z.string().default(''),
  prefix: z.string().optional(),
  suffix: z.string().optional(),
  nickname: z.string().optional(),
  type: NameType.default('birth'),
  citations: z.array(Id).optional(),
});
export type PersonName = z.infer<typeof PersonName>;

/** A staged fact waits for evidence or a human; an accepted one is part of the conclusion (seed 004). */
export const AssertionStatus = z.enum(['accepted', 'staged', 'disputed', 'rejected']);
export type AssertionStatus = z.infer<typeof AssertionStatus>;

/**
 * The user's decision on a staged fact or relationship (`ancestry review`, VS Code's Review Staged
 * Facts): the engine never re-decides it, and the evidence it rests on does not propose the fact again.
 */
export const UserReview = z.object({
  decision: z.enum(['accepted', 'rejected', 'edited']),
  at: Instant,
  reason: z.string().optional(),
  /** An edit's previous value (as the file held it: a living person's is already generalised). */
  was: z.string().optional(),
});
export type UserReview = z.infer<typeof UserReview>;

/** Set when the evidence could not be made strong enough by refinement: a person has to decide (seed 004). */
export const Escalation = z.object({ reasons: z.array(z.string()).min(1), rounds: z.number().int().min(0).optional() });
export type Escalation = z.infer<typeof Escalation>;

/**
 * The Validator's refinement of a staged fact (seed 004): how many rounds it sent the fact back for
 * more evidence, what it asked for last, and the cycle of that round ("<session>#<cycle>", so a
 * resumed cycle does not count it twice). Kept in the person file, so a later run goes on counting.
 */
export const Refinement = z.object({
  rounds: z.number().int().min(1),
  request: z.string().min(1),
  at: z.string().min(1),
  /** Held back by a model Validator while its evidence is this (evidenceFingerprint): new evidence lifts it. */
  held: z.string().optional(),
});
export type Refinement = z.infer<typeof Refinement>;

/**
 * Facts are fields of events: `birth.date`, `birth.place`, `death.date`, `residence.place`,
 * `occupation.value`, `sex`, ... One assertion is one value from one or more pieces of evidence.
 * Competing values for the same field are kept side by side and become a Conflict.
 */
export const FACT_FIELD_PATTERN = /^(sex|[a-z_]+\.(date|place|value|age))$/;
export const FactField = z.string().regex(FACT_FIELD_PATTERN, 'a field is "sex" or "<event>.<date|place|value|age>"');
export const Assertion = z.object({
  id: Id,
  field: FactField,
  // A year typed unquoted (`value: 1884`) is YAML's number: kept as its text.
  value: z.union([z.string(), z.number().transform((n) => String(n))]).pipe(z.string().min(1)),
  status: AssertionStatus,
  confidence: Probability,
  event: Id.optional().describe('groups the date and place of one event instance'),
  evidence: z.array(EvidenceClaim).default([]),
  assertedAt: Instant.optional(),
  note: z.string().optional(),
  /**
   * Set by the Censor when it generalised the value of a living person's fact (a date to its
   * decade, a place to state/country): the value is not the one recorded, so no comparison may
   * rest on it (the resolver treats the field as unknown).
   */
  generalised: z.literal(true).optional(),
  reviewed: UserReview.optional(),
  escalated: Escalation.optional(),
  refinement: Refinement.optional(),
});
export type Assertion = z.infer<typeof Assertion>;

export const RelationshipType = z.enum(['parent', 'child', 'spouse']);
export const Relationship = z.object({
  type: RelationshipType.describe('what the other person is to this one'),
  person: Id,
  status: AssertionStatus.default('accepted'),
  confidence: Probability.default(1),
  evidence: z.array(EvidenceClaim).default([]),
  pedigree: z.enum(['birth', 'adopted', 'step', 'foster', 'unknown']).optional(),
  reviewed: UserReview.optional(),
  escalated: Escalation.optional(),
  refinement: Refinement.optional(),
});
export type Relationship = z.infer<typeof Relationship>;

/** A person file's own keys, in the order they are written; any other key is a user's or a tool's. */
export const PERSON_KEYS: readonly string[] = [
  'id',
  'names',
  'sex',
  'living',
  'assertions',
  'relationships',
  'externalIds',
  'confidence',
  'createdAt',
  'updatedAt',
];

/**
 * A person file's front matter. Z invariants: at most two (accepted) parents; no relation to self.
 * Unknown keys are kept (users and other tools add their own).
 */
export const Person = z
  .looseObject({
    id: Id,
    names: z.array(PersonName).min(1),
    sex: Sex.default('U'),
    living: z.boolean().optional().describe('explicit living flag; otherwise derived by the Censor rule'),
    assertions: z.array(Assertion).default([]),
    relationships: z.array(Relationship).default([]),
    externalIds: z.record(z.string(), z.string()).default({}),
    confidence: Probability.optional(),
    createdAt: Instant.optional(),
    updatedAt: Instant.optional(),
  })
  .superRefine((p, ctx) => {
    const parents = p.relationships.filter((r) => r.type === 'parent' && r.status !== 'rejected');
    const distinctParents = new Set(parents.map((r) => r.person));
    if (distinctParents.size > 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['relationships'],
        message: `at most two parents (found ${distinctParents.size})`,
      });
    }
    p.relationships.forEach((r, i) => {
      if (r.person === p.id)
        ctx.addIssue({
          code: 'custom',
          path: ['relationships', i, 'person'],
          message: 'a person cannot be their own relative',
        });
    });
  });
export type Person = z.infer<typeof Person>;

export function displayName(p: Pick<Person, 'names'>): string {
  const n = p.names[0];
  return n ? [n.prefix, n.given, n.surname, n.suffix].filter(Boolean).join(' ').trim() || '(unnamed)' : '(unnamed)';
}

/** The sources a person is cited by: their names, facts and relationships (the records they are in). */
export function citedSources(p: Pick<Person, 'names' | 'assertions' | 'relationships'>): Set<string> {
  const out = new Set<string>();
  for (const n of p.names) for (const c of n.citations ?? []) out.add(c);
  for (const a of p.assertions) for (const e of a.evidence) out.add(e.source);
  for (const r of p.relationships) for (const e of r.evidence) out.add(e.source);
  return out;
}

/** The assertion a field's value is read from: the most confident accepted one, else the most confident. */
export function preferredAssertion<A extends Pick<Assertion, 'field' | 'status' | 'confidence'>>(
  p: { assertions: readonly A[] },
  field: string,
): A | undefined {
  const candidates = p.assertions.filter((a) => a.field === field && a.status !== 'rejected');
  const accepted = candidates.filter((a) => a.status === 'accepted');
  const pool = accepted.length ? accepted : candidates;
  return pool.sort((a, b) => b.confidence - a.confidence)[0];
}

/** The accepted (else best staged) value of a field. */
export function factValue(
  p: { assertions: readonly Pick<Assertion, 'field' | 'value' | 'status' | 'confidence'>[] },
  field: string,
): string | undefined {
  return preferredAssertion(p, field)?.value;
}
