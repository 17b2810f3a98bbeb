/** Messages of the conflict review panel (webview/conflicts). */
import { z } from 'zod';

export const EvidenceView = z.object({
  source: z.string(),
  title: z.string(),
  snippet: z.string(),
  tier: z.number().int(),
  evidenceType: z.string(),
  information: z.string(),
});

export const ConflictView = z.object({
  id: z.string(),
  person: z.string(),
  personName: z.string(),
  field: z.string(),
  /** What a reader calls the field ("Born" for birth.date). */
  fieldLabel: z.string().optional(),
  status: z.enum(['open', 'tentative', 'resolved']),
  preferred: z.string(),
  rationale: z.string(),
  resolvedBy: z.enum(['engine', 'user']).optional(),
  nextActions: z.array(z.string()),
  competing: z.array(z.object({ value: z.string(), weight: z.number(), evidence: z.array(EvidenceView) })).min(2),
});
export type ConflictView = z.infer<typeof ConflictView>;

export const ConflictsToWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), conflicts: z.array(ConflictView), focus: z.string().optional() }),
  z.object({ type: z.literal('result'), conflictId: z.string(), ok: z.boolean(), message: z.string() }),
]);
export type ConflictsToWebview = z.infer<typeof ConflictsToWebview>;

export const ConflictsFromWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('resolve'),
    conflictId: z.string().min(1),
    value: z.string().min(1),
    reason: z.string().trim().min(1, 'record why this value is preferred'),
  }),
  z.object({ type: z.literal('openSource'), id: z.string().min(1) }),
  z.object({ type: z.literal('openPerson'), id: z.string().min(1) }),
]);
export type ConflictsFromWebview = z.infer<typeof ConflictsFromWebview>;

export const ConflictsState = z.object({ selected: z.string().optional(), showResolved: z.boolean().default(false) });
export type ConflictsState = z.infer<typeof ConflictsState>;
