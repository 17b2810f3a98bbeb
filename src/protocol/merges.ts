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
});
export type MergeProposalView = z.infer<typeof MergeProposalView>;

export const MergesToWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), caseName: z.string(), proposals: z.array(MergeProposalView) }),
  z.object({ type: z.literal('result'), clusterId: z.string(), ok: z.boolean(), message: z.string() }),
]);
export type MergesToWebview = z.infer<typeof MergesToWebview>;

export const MergesFromWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('accept'), clusterId: z.string().min(1) }),
  z.object({
    type: z.literal('reject'),
    clusterId: z.string().min(1),
    reason: z.string().trim().min(1, 'a reason is required to reject'),
  }),
  z.object({ type: z.literal('undo'), clusterId: z.string().min(1) }),
  z.object({ type: z.literal('openPerson'), id: z.string().min(1) }),
]);
export type MergesFromWebview = z.infer<typeof MergesFromWebview>;

export const MergesState = z.object({
  expanded: z.array(z.string()).default([]),
  showDecided: z.boolean().default(true),
});
export type MergesState = z.infer<typeof MergesState>;
