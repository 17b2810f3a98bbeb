import { z } from 'zod';
import { Agent, Id, Instant, Probability, Tier } from './common';

/**
 * The statement of seed 000's "new name" clue: a person of the case found under another name, whose
 * records under that name are still to be read (made by the Analyst, weighed by the Lead).
 */
export const NEW_NAME_CLUE = 'Find records under the name';

/**
 * The statement of a lead to an enslaver's estate records (extract/enslavers.ts): the only place an
 * enslaved family is named before 1865, so it is followed before the research calls it a day.
 */
export const ESTATE_LEAD = 'Search the estate records of';

export const HypothesisStatus = z.enum(['pending', 'in_progress', 'completed', 'rejected', 'dismissed']);
export const HypothesisType = z.enum([
  'vital_records',
  'place_search',
  'census_search',
  'verify_relationship',
  'parental_discovery',
  'corroborate',
  'resolve_conflict',
  'other',
]);

/** Seed 000 ClueHypothesis: only the Analyst generates them (invariant 6). */
export const ClueHypothesis = z.object({
  id: Id,
  type: HypothesisType.default('other'),
  statement: z.string().min(1),
  targetPersons: z.array(Id).default([]),
  suggestedSources: z.array(z.string()).default([]),
  suggestedQueries: z.array(z.string()).default([]),
  priority: Probability,
  status: HypothesisStatus.default('pending'),
  generatedBy: z.literal('Analyst'),
  evidence: z.array(Id).default([]).describe('ids of captured sources that raised the clue'),
  isFact: z.literal(false).default(false),
  createdAt: Instant,
});
export type ClueHypothesis = z.infer<typeof ClueHypothesis>;

export const TaskType = z.enum(['SearchTask', 'AnalyzeTask', 'VerifyTask', 'ResolveTask']);
export type TaskType = z.infer<typeof TaskType>;

/** What the Scout is asked to find. */
export const SearchQuery = z.object({
  given: z.string().optional(),
  surname: z.string().optional(),
  name: z.string().optional(),
  birthYear: z.number().int().optional(),
  deathYear: z.number().int().optional(),
  place: z.string().optional(),
  recordTypes: z.array(z.string()).optional(),
  sources: z.array(z.string()).optional().describe('plugin ids; all permitted when absent'),
  text: z.string().optional(),
  /** Records by id ("archive:<path>"): the sweep of the local archive reads those no search reached. */
  records: z.array(z.string()).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** Seed 000 Task, with seed 001's frontier fields (query, hash, retries). */
export const Task = z
  .object({
    id: Id,
    taskType: TaskType,
    priority: Probability,
    assignedTo: z.array(Agent).min(1),
    hypothesis: Id.optional(),
    targetPerson: Id.optional(),
    sourceConstraint: z.array(Tier).default([0]),
    completed: z.boolean().default(false),
    createdAt: Instant,
    query: SearchQuery.optional(),
    queryHash: z.string().optional(),
    revisitReason: z.string().optional(),
    retryCount: z.number().int().min(0).default(0),
    records: z
      .array(Id)
      .optional()
      .describe('AnalyzeTask: captured sources to analyse; VerifyTask: the source to verify'),
    conflict: Id.optional().describe('ResolveTask: the conflict to analyse again'),
  })
  .superRefine((t, ctx) => {
    const only = (a: Agent) => t.assignedTo.length === 1 && t.assignedTo[0] === a;
    if (t.taskType === 'SearchTask' && !only('Scout'))
      ctx.addIssue({ code: 'custom', path: ['assignedTo'], message: 'a SearchTask is assigned to {Scout}' });
    if (t.taskType === 'AnalyzeTask' && !only('Analyst'))
      ctx.addIssue({ code: 'custom', path: ['assignedTo'], message: 'an AnalyzeTask is assigned to {Analyst}' });
  });
export type Task = z.infer<typeof Task>;

/** The four reasons seed 000 allows for revisiting a source. */
export const RevisitReason = z.enum([
  'New hypothesis requires additional data',
  'Previous search parameters too narrow',
  'Conflict resolution requires corroboration',
  'Time-based record update check',
]);
export type RevisitReason = z.infer<typeof RevisitReason>;
