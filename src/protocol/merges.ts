/** Messages of the Merges side panel (webview/merges): proposals side by side, accept/reject/undo. */
import { z } from 'zod';

export const MergeMember = z.object({
  id: z.string(),
  name: z.string(),
  /** field → value, already redacted for living persons. */
  facts: z.array(z.object({ field: z.string(), value: z.string() })),
  missing: z.boolean().describe('the person file is gone (e.g. merged away)'),
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
  limit: z.number().int().min(1).max(500).default(50),
  offset: z.number().int().min(0).default(0),
});
export type MergesQuery = z.infer<typeof MergesQuery>;

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
  }),
  z.object({ type: z.literal('result'), clusterId: z.string(), ok: z.boolean(), message: z.string() }),
]);
export type MergesToWebview = z.infer<typeof MergesToWebview>;

export const MergesFromWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  // The user's reason goes into the research log with the decision (agent User); optional here.
  z.object({ type: z.literal('accept'), clusterId: z.string().min(1), reason: z.string().trim().max(2000).optional() }),
  z.object({
    type: z.literal('reject'),
    clusterId: z.string().min(1),
    reason: z.string().trim().min(1, 'a reason is required to reject'),
  }),
  z.object({ type: z.literal('undo'), clusterId: z.string().min(1), reason: z.string().trim().max(2000).optional() }),
  z.object({ type: z.literal('openPerson'), id: z.string().min(1) }),
  z.object({ type: z.literal('query'), query: MergesQuery }),
  /** every open MERGE at or above minScore, as one batch */
  z.object({ type: z.literal('acceptBatch'), minScore: z.number().gt(0).max(1) }),
  z.object({ type: z.literal('undoBatch'), batch: z.string().min(1) }),
]);
export type MergesFromWebview = z.infer<typeof MergesFromWebview>;

export const MergesState = z.object({
  expanded: z.array(z.string()).default([]),
  showDecided: z.boolean().default(true),
  query: MergesQuery.optional(),
});
export type MergesState = z.infer<typeof MergesState>;
