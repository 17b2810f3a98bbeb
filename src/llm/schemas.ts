/**
 * What the models must return, one forced tool per agent (tool_choice), validated with zod before
 * the firewall sees it. Numbers are deliberately unbounded here: an out-of-range confidence is a
 * firewall rejection (check 7) of that one item, not a reason to lose the whole answer.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { SearchQuery } from '../model';

/** The planner may not choose plugin ids: the Scout and the Censor decide which sources a query reaches. */
const Query = SearchQuery.omit({ sources: true });

const Hypothesis = z.object({
  type: z.string().default('other'),
  text: z.string().min(1),
  evidence_hint: z.string().default(''),
  priority: z.number(),
  is_fact: z.boolean().describe('always false: an inference is never a fact'),
  suggested_queries: z.array(z.string()).default([]),
});

/** Seed 001 §5.1 planner output. */
export const PlannerOutput = z.object({
  reasoning: z.string().default(''),
  next_actions: z
    .array(
      z.object({
        action: z.enum(['fetch', 'revisit', 'merge', 'resolve', 'stop']),
        query: Query.optional(),
        persons: z
          .array(z.string())
          .default([])
          .describe('merge: the ids of the persons (from the context) the planner takes to be one person'),
        conflict: z.string().optional().describe('resolve: the id of a conflict in the context to weigh again'),
        source_tier: z.number().int().default(0),
        priority: z.number(),
        reason: z.string().default(''),
      }),
    )
    .default([]),
  query_expansions: z.array(Query).default([]),
  revisit_schedule: z
    .array(z.object({ source_id: z.string(), improved_query: Query, reason: z.string().default('') }))
    .default([]),
  hypotheses: z.array(Hypothesis).default([]),
  should_stop: z.boolean(),
  stop_reason: z.string().nullable().default(null),
  // The engine checks the id and the strategy (an unknown one is overruled, not an unusable answer).
  target: z
    .object({
      id: z.string().describe('the id of one of the candidate targets listed in the context'),
      strategy: z.string().optional().describe('explore, deepen or challenge'),
      reason: z.string().default('').describe('why this target now, from the views of the case'),
    })
    .optional()
    .describe("the cycle's target, chosen among the candidates listed in the context"),
});
export type PlannerOutput = z.infer<typeof PlannerOutput>;

export const VERIFIABLE_FIELDS = [
  'name',
  'sex',
  'age',
  'birthDate',
  'birthPlace',
  'deathDate',
  'deathPlace',
  'burialDate',
  'burialPlace',
  'residence',
  'occupation',
  'role',
  'relationship',
] as const;

/** Seed 001 §5.2 verifier output, grouped by person. */
export const VerifierOutput = z.object({
  persons: z
    .array(
      z.object({
        ref: z
          .number()
          .int()
          .nullable()
          .default(null)
          .describe('index in extracted_fields this person verifies, or null for a person found only now'),
        fields: z.array(
          z.object({
            field: z.string(),
            value: z.string(),
            status: z.enum(['Verified', 'Unverified', 'Conflicting', 'Not Found']),
            confidence: z.number(),
            citation_snippet: z.string().nullable(),
            rationale: z.string().default(''),
          }),
        ),
      }),
    )
    .default([]),
  hypotheses: z.array(Hypothesis).default([]),
  hallucination_flags: z.array(z.string()).default([]),
});
export type VerifierOutput = z.infer<typeof VerifierOutput>;

/** Seed 001 §5.3 entity resolver output. */
export const ResolverOutput = z.object({
  similarity_score: z.number(),
  feature_scores: z.record(z.string(), z.object({ score: z.number(), reason: z.string() })).default({}),
  merge_rationale: z.string(),
  why_not_merge: z.string().min(1, 'seed 001 §5.3: always include "why NOT merge"'),
  recommendation: z.enum(['merge', 'review', 'separate']),
  confidence: z.number(),
});
export type ResolverOutput = z.infer<typeof ResolverOutput>;

/** Seed 001 §5.4 conflict analyst output. */
export const ConflictOutput = z.object({
  analysis: z.string(),
  evidence_ranking: z
    .array(z.object({ claim_index: z.number().int(), rank: z.number().int(), reason: z.string() }))
    .default([]),
  recommended_value: z.string(),
  confidence: z.number(),
  is_tentative: z.boolean(),
  next_actions: z.array(z.string()).default([]),
  preserve_alternatives: z.boolean(),
});
export type ConflictOutput = z.infer<typeof ConflictOutput>;

function inputSchema(schema: z.ZodType): Anthropic.Tool.InputSchema {
  const json = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  delete json.$schema;
  return { ...json, type: 'object' };
}

export interface OutputTool<T> {
  name: string;
  schema: z.ZodType<T>;
  tool: Anthropic.Tool;
}

function outputTool<T>(name: string, description: string, schema: z.ZodType<T>): OutputTool<T> {
  return { name, schema, tool: { name, description, input_schema: inputSchema(schema) } };
}

export const PLAN_TOOL = outputTool('submit_plan', 'Submit the research plan for this cycle.', PlannerOutput);
export const VERIFY_TOOL = outputTool(
  'submit_verification',
  'Submit the verified fields, hypotheses and flags for this record.',
  VerifierOutput,
);
export const RESOLVE_TOOL = outputTool(
  'submit_adjudication',
  'Submit the same-person adjudication for this pair.',
  ResolverOutput,
);
export const CONFLICT_TOOL = outputTool(
  'submit_conflict_analysis',
  'Submit the analysis of these competing claims.',
  ConflictOutput,
);

/** A second model's verdict on another model's conflict conclusion (seeds 002/003: one model challenges another). */
export const ChallengeOutput = z.object({
  agrees: z.boolean(),
  /** The value this model would prefer: one of the competing values, copied exactly. */
  preferred_value: z.string(),
  reason: z.string().max(1200),
});
export type ChallengeOutput = z.infer<typeof ChallengeOutput>;
export const CHALLENGE_TOOL = outputTool(
  'submit_challenge',
  "Submit your verdict on the other analyst's conclusion.",
  ChallengeOutput,
);

/**
 * The Validator on a model (seed 004): its verdict on each fact the rules passed. It may hold one
 * back (needs_more_evidence, quoting the evidence it finds too weak), never promote one.
 */
export const ValidatorOutput = z.object({
  verdicts: z
    .array(
      z.object({
        /** The item's id, copied exactly. */
        item: z.string().max(120),
        verdict: z.enum(['pass', 'needs_more_evidence', 'reject']),
        reason: z.string().max(800),
        /** For any verdict but pass: the words of the item's evidence that are too weak, copied exactly. */
        quote: z.string().max(400).optional(),
      }),
    )
    .max(60),
});
export type ValidatorOutput = z.infer<typeof ValidatorOutput>;
export const VALIDATOR_TOOL = outputTool(
  'submit_validation',
  'Submit your verdict on each fact about to be promoted.',
  ValidatorOutput,
);
