import { z } from 'zod';
import { EvidenceClaim } from './citation';
import { Id, Instant, Probability } from './common';

export const FeatureScore = z.object({ score: Probability, reason: z.string() });

/** Seed 001 §3.3 merge proposal, kept as a reversible cluster in merges.json. */
export const MergeCluster = z.object({
  id: Id,
  canonicalId: Id,
  memberIds: z.array(Id).min(2),
  similarity: Probability,
  /**
   * The explanation. Empty (absent from the file) for a proposal stored without one: on a large
   * tree only the "merge" proposals and the best "review" ones are explained when found; the rest
   * are explained when `ancestry merges` lists them (issue #15 item 4).
   */
  features: z.record(z.string(), FeatureScore).default({}),
  rationale: z.string().default(''),
  whyNotMerge: z.string().default(''),
  recommendation: z.enum(['merge', 'review', 'separate']),
  status: z.enum(['proposed', 'accepted', 'rejected', 'undone']),
  reversible: z.literal(true).default(true),
  createdAt: Instant,
  decidedAt: Instant.optional(),
  reason: z.string().optional().describe("the user's reason for a reject; the Analyst's for a family-confirmed accept"),
  snapshot: z.string().optional().describe('where the exact prior files are kept for undo'),
  batch: z.string().optional().describe('the batch accept this merge was part of (one undo for the batch)'),
  /** Who proposed it: the Analyst's resolver (absent), or the Lead planner, whose reason is no evidence. */
  proposedBy: z.enum(['Analyst', 'Lead']).optional(),
  /**
   * What the resolver weighed: a record's persona against the case, as research reads it (absent),
   * or every pair of the case (`ancestry merges`, the research's end), where a pair met by name alone
   * is only for review.
   */
  scope: z.literal('case').optional(),
  /** Who accepted it: the user (absent), or the Analyst at a research's end when family confirmed it. */
  acceptedBy: z.literal('Analyst').optional(),
});
export type MergeCluster = z.infer<typeof MergeCluster>;

export const NotSamePerson = z.object({ a: Id, b: Id, reason: z.string().min(1), decidedAt: Instant });
export type NotSamePerson = z.infer<typeof NotSamePerson>;

export const MergesFile = z.object({
  version: z.literal(1).default(1),
  clusters: z.array(MergeCluster).default([]),
  notSamePerson: z.array(NotSamePerson).default([]),
  /**
   * The search the proposals come from: `fingerprint` of the case's person files and trees when it
   * ran. While they are unchanged, `ancestry merges` lists (and pages) the stored proposals
   * without searching again. `reviewsBelow`: the search kept only the best reviews, and any other
   * lies below this similarity (`ancestry merges --all-reviews` searches for every one).
   */
  searched: z
    .object({
      fingerprint: z.string(),
      at: Instant,
      persons: z.number().int().min(0),
      reviewsBelow: z.number().min(0).max(1).optional(),
    })
    .optional(),
});
export type MergesFile = z.infer<typeof MergesFile>;

/** Competing assertions for one fact, side by side (seed 001 §3.4). */
export const Conflict = z.looseObject({
  id: Id,
  person: Id,
  field: z.string(),
  competing: z
    .array(
      z.object({
        assertion: Id.optional(),
        value: z.string(),
        weight: z.number().min(0),
        evidence: z.array(EvidenceClaim).default([]),
        /** The more precise rival value this one agrees with ("1842" supports "14 MAR 1842"): support, not a rival. */
        supports: z.string().optional(),
      }),
    )
    .min(2),
  preferred: z.string(),
  rationale: z.string(),
  status: z.enum(['open', 'tentative', 'resolved']),
  resolvedBy: z.enum(['engine', 'user']).optional(),
  resolvedAt: Instant.optional(),
  confidence: Probability.optional(),
  nextActions: z.array(z.string()).default([]),
});
export type Conflict = z.infer<typeof Conflict>;
