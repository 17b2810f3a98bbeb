/**
 * Messages of the Merges side panel (webview/merges) and of the Merge Review editor panel
 * (webview/merge-review): proposals side by side, accept (with a value chosen per field),
 * reject with a reason, undo, batch accept and batch undo.
 */
import { z } from 'zod';

/** A relative as a comparison shows them: a name with years ("Georg Schmidt (1820–1890)"). */
export const MergeRelative = z.object({ id: z.string(), name: z.string(), lifespan: z.string() });
export type MergeRelative = z.infer<typeof MergeRelative>;

export const MergeMember = z.object({
  id: z.string(),
  name: z.string(),
  lifespan: z.string().default(''),
  /** field → value, already redacted for living persons; `label` is what a reader calls it ("Born"). */
  facts: z.array(z.object({ field: z.string(), value: z.string(), label: z.string().optional() })),
  missing: z.boolean().describe('the person file is gone (e.g. merged away)'),
  parents: z.array(MergeRelative).default([]),
  spouses: z.array(MergeRelative).default([]),
  children: z.array(MergeRelative).default([]),
  /** The sources the person's facts cite, with how many facts cite each. */
  sources: z.array(z.object({ id: z.string(), title: z.string(), facts: z.number().int() })).default([]),
});
export type MergeMember = z.infer<typeof MergeMember>;

export const MergeProposalView = z.object({
  id: z.string(),
  canonicalId: z.string(),
  members: z.array(MergeMember).min(2),
  similarity: z.number(),
  features: z.array(z.object({ name: z.string(), score: z.number(), reason: z.string() })),
  rationale: z.string(),
  whyNotMerge: z.string(),
  recommendation: z.enum(['merge', 'review', 'separate']),
  status: z.enum(['proposed', 'accepted', 'rejected', 'undone']),
  reason: z.string().optional(),
  decidedAt: z.string().optional(),
  /** the batch accept this merge was part of (undone as one) */
  batch: z.string().optional(),
});
export type MergeProposalView = z.infer<typeof MergeProposalView>;

/** What the panel lists (issue #15 item 4): one page of the ranked, filtered, grouped proposals. */
export const MergesQuery = z.object({
  status: z.enum(['proposed', 'accepted', 'rejected', 'undone', 'all']).default('all'),
  recommendation: z.enum(['merge', 'review']).optional(),
  minScore: z.number().min(0).max(1).optional(),
  group: z.enum(['family', 'surname']).optional(),
  /** The review panel's order: best score first (the CLI's order) or by the canonical person's name. */
  sort: z.enum(['score', 'name']).optional(),
  /** Words that must all appear in a member's name or id (case and accents ignored). */
  text: z.string().trim().max(200).optional(),
  limit: z.number().int().min(1).max(500).default(50),
  offset: z.number().int().min(0).default(0),
});
export type MergesQuery = z.infer<typeof MergesQuery>;

/** The status and recommendation filters both merge views offer, as [value, label]. */
export const STATUS_CHOICES: readonly (readonly [MergesQuery['status'], string])[] = [
  ['all', 'all'],
  ['proposed', 'open'],
  ['accepted', 'accepted'],
  ['rejected', 'rejected'],
  ['undone', 'undone'],
];
export const RECOMMENDATION_CHOICES: readonly (readonly [string, string])[] = [
  ['', 'any'],
  ['merge', 'merge'],
  ['review', 'review'],
];

export const MergesPage = z.object({
  query: MergesQuery,
  /** matching the filter, all pages */
  matching: z.number().int(),
  totals: z.object({
    proposed: z.number().int(),
    accepted: z.number().int(),
    rejected: z.number().int(),
    undone: z.number().int(),
    merge: z.number().int(),
    review: z.number().int(),
  }),
  groups: z.array(z.object({ label: z.string(), count: z.number().int(), ids: z.array(z.string()) })).optional(),
});
export type MergesPage = z.infer<typeof MergesPage>;

export const MergesToWebview = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('state'),
    caseName: z.string(),
    proposals: z.array(MergeProposalView),
    page: MergesPage.optional(),
    /** the proposal to show (the review panel opened on it) */
    select: z.string().optional(),
  }),
  z.object({ type: z.literal('result'), clusterId: z.string(), ok: z.boolean(), message: z.string() }),
]);
export type MergesToWebview = z.infer<typeof MergesToWebview>;

export const MergesFromWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  // The user's reason goes into the research log with the decision (agent User); optional here.
  z.object({
    type: z.literal('accept'),
    clusterId: z.string().min(1),
    reason: z.string().trim().max(2000).optional(),
    /** The member whose person (and so whose primary name) the merged person is. */
    canonicalId: z.string().min(1).optional(),
    /** field → the member whose value the merged person keeps; the others stay, rejected. */
    keep: z
      .record(z.string().regex(/^(sex|[a-z_]+\.(date|place|value|age))$/, 'a fact field'), z.string().min(1))
      .optional(),
  }),
  z.object({
    type: z.literal('reject'),
    clusterId: z.string().min(1),
    reason: z.string().trim().min(1, 'a reason is required to reject'),
  }),
  z.object({ type: z.literal('undo'), clusterId: z.string().min(1), reason: z.string().trim().max(2000).optional() }),
  z.object({ type: z.literal('openPerson'), id: z.string().min(1) }),
  z.object({ type: z.literal('openSource'), id: z.string().min(1) }),
  /** the review panel's "Find Duplicates" (the duplicate search again) */
  z.object({ type: z.literal('findDuplicates') }),
  /** the sidebar's "Open Merge Review" */
  z.object({ type: z.literal('openReview'), clusterId: z.string().min(1).optional() }),
  z.object({ type: z.literal('query'), query: MergesQuery }),
  /** every open MERGE at or above minScore, as one batch */
  z.object({ type: z.literal('acceptBatch'), minScore: z.number().gt(0).max(1) }),
  z.object({ type: z.literal('undoBatch'), batch: z.string().min(1) }),
]);
export type MergesFromWebview = z.infer<typeof MergesFromWebview>;

/** The Merge Review panel's own state (kept across hides and reloads). */
export const MergeReviewState = z.object({
  query: MergesQuery.optional(),
  /** the proposal shown */
  selected: z.string().optional(),
});
export type MergeReviewState = z.infer<typeof MergeReviewState>;

export const MergesState = z.object({
  expanded: z.array(z.string()).default([]),
  showDecided: z.boolean().default(true),
  query: MergesQuery.optional(),
});
export type MergesState = z.infer<typeof MergesState>;
