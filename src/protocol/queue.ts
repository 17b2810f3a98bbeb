/** Messages of the hypothesis queue panel (webview/queue). */
import { z } from 'zod';

export const HypothesisView = z.object({
  id: z.string(),
  type: z.string(),
  statement: z.string(),
  priority: z.number().min(0).max(1),
  status: z.string(),
  targetPersons: z.array(z.object({ id: z.string(), name: z.string() })),
  suggestedQueries: z.array(z.string()),
});
export type HypothesisView = z.infer<typeof HypothesisView>;

export const QueueToWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), hypotheses: z.array(HypothesisView), running: z.boolean() }),
  z.object({ type: z.literal('result'), id: z.string(), ok: z.boolean(), message: z.string() }),
]);
export type QueueToWebview = z.infer<typeof QueueToWebview>;

export const QueueFromWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  // The user's reason goes into the research log with the decision (agent User).
  z.object({ type: z.literal('dismiss'), id: z.string().min(1), reason: z.string().max(2000).optional() }),
  z.object({ type: z.literal('reopen'), id: z.string().min(1), reason: z.string().max(2000).optional() }),
  z.object({
    type: z.literal('reprioritise'),
    id: z.string().min(1),
    priority: z.number().min(0).max(1),
    reason: z.string().max(2000).optional(),
  }),
  z.object({ type: z.literal('research'), personId: z.string().min(1) }),
]);
export type QueueFromWebview = z.infer<typeof QueueFromWebview>;

export const QueueState = z.object({ showClosed: z.boolean().default(false) });
export type QueueState = z.infer<typeof QueueState>;
