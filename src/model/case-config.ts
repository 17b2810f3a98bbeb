import { z } from 'zod';
import { DateText, Id } from './common';

/** `case.yaml`. Unknown keys survive (users annotate their cases). */
export const CaseConfig = z.looseObject({
  version: z.literal(1).default(1),
  question: z.string().min(1).describe('the research question'),
  subject: z.looseObject({
    name: z.string().min(1),
    born: DateText.optional().describe('GEDCOM date phrase'),
    died: DateText.optional(),
    place: z.string().optional(),
    person: Id.optional().describe('id of the subject person file, once created'),
  }),
  goals: z
    .array(z.enum(['parents', 'spouse', 'children', 'birth', 'death', 'marriage']))
    .default(['parents', 'spouse', 'children', 'birth', 'death']),
  budget: z
    .object({
      maxCycles: z.number().int().positive().default(50),
      maxRequests: z.number().int().positive().default(500),
      maxTokens: z.number().int().positive().default(400_000),
      maxUsd: z.number().positive().default(2),
      maxMinutes: z.number().positive().default(30),
      maxLogEntries: z.number().int().positive().default(10_000),
    })
    .prefault({}),
  tiers: z.object({ tier1: z.boolean().default(false), tier2: z.boolean().default(false) }).prefault({}),
  privacy: z
    .object({
      livingThresholdYears: z.number().int().min(0).max(150).default(100),
      consent: z.boolean().default(false).describe('the user consents to unredacted living-person data'),
    })
    .prefault({}),
  sources: z
    .object({
      offline: z.boolean().default(false),
      enabled: z.array(z.string()).optional(),
      userAgentContact: z.string().optional(),
    })
    .prefault({}),
  llm: z
    .object({
      model: z.string().default('claude-sonnet-4-6'),
      maxTokens: z.number().int().positive().default(4096),
      webSearch: z.boolean().default(false),
      vision: z
        .boolean()
        .default(false)
        .describe('Claude may read archive images and scanned PDFs (issue #17); the Censor still checks each first'),
      consensusModels: z
        .array(z.string().min(1))
        .optional()
        .describe('two or more models: free-text extraction runs on each and is synthesised (seed 002 consensus)'),
    })
    .prefault({}),
});
export type CaseConfig = z.infer<typeof CaseConfig>;
