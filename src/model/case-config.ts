import { z } from 'zod';
import { DateText, Id } from './common';

/** `case.yaml`. Unknown keys survive (users annotate their cases). */
/** A Chat Completions endpoint (OpenAI or any compatible server); its key comes from SecretStorage or the env variable. */
export const LlmProvider = z.strictObject({
  type: z.literal('openai-compatible'),
  baseURL: z.url().describe('the API root, e.g. https://api.openai.com/v1'),
  keyEnv: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*$/)
    .default('OPENAI_API_KEY'),
  /** VS Code SecretStorage key ("Ancestry: Set Model Key…"); defaults to ancestry.llm.<name>. */
  secret: z.string().optional(),
});
export type LlmProvider = z.infer<typeof LlmProvider>;

/** Which provider and model one role runs on. */
export const RoleModel = z.strictObject({
  provider: z.string().min(1).default('anthropic'),
  model: z.string().min(1),
});
export type RoleModel = z.infer<typeof RoleModel>;

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
    // siblings: the other children of the subject's accepted parents.
    .array(z.enum(['parents', 'spouse', 'children', 'siblings', 'birth', 'death', 'marriage']))
    .default(['parents', 'spouse', 'children', 'birth', 'death']),
  /** Seed 001's target_generations: the run ends on its goal only once this many generations are proven. */
  targetGenerations: z.number().int().min(1).max(30).optional(),
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
      providers: z
        .record(
          z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, 'a provider name is lower-case letters, digits, "-" and "_"'),
          LlmProvider,
        )
        .optional()
        .describe('model endpoints besides Anthropic, by name (seeds 002/003: more than one provider)'),
      lead: RoleModel.optional().describe("the Lead's provider and model (default: anthropic and llm.model)"),
      research: RoleModel.optional().describe("the research agents' (extraction, pairs, conflicts) provider and model"),
      validator: RoleModel.optional().describe(
        "the Validator's provider and model (default: the research agents'); it may hold a fact back for review, never promote one",
      ),
      challenger: RoleModel.optional().describe(
        'a second model that challenges each conflict conclusion; its verdict is recorded as rationale, never as evidence',
      ),
    })
    .superRefine((llm, ctx) => {
      for (const role of ['lead', 'research', 'validator', 'challenger'] as const) {
        const p = llm[role]?.provider;
        if (p && p !== 'anthropic' && !llm.providers?.[p])
          ctx.addIssue({
            code: 'custom',
            path: [role, 'provider'],
            message: `"${p}" is neither anthropic nor a name under llm.providers`,
          });
      }
    })
    .prefault({}),
});
export type CaseConfig = z.infer<typeof CaseConfig>;
