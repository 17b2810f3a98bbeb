/**
 * The argument of the Review Staged Facts command when another command, a test or a link runs it
 * without its pickers: validated like a webview message before anything is decided.
 */
import { z } from 'zod';

const Ids = z.array(z.string().trim().min(1).max(300)).min(1).max(10_000);
const Reason = z.string().trim().max(2000);

export const ReviewCommandArg = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept'), ids: Ids, reason: Reason.optional() }),
  z.object({ action: z.literal('reject'), ids: Ids, reason: Reason.min(1, 'a reject needs a reason') }),
  z.object({
    action: z.literal('edit'),
    ids: Ids.max(1, 'edit takes one id'),
    value: z.string().trim().min(1).max(500),
    reason: Reason.optional(),
  }),
]);
export type ReviewCommandArg = z.infer<typeof ReviewCommandArg>;
