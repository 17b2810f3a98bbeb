import { z } from 'zod';
import { Agent, Id, Instant, Probability, Tier } from './common';
import { RevisitReason } from './research';

const base = {
  id: Id,
  timestamp: Instant,
  sessionId: Id,
  agent: Agent,
  rationale: z.string().default(''),
  context: z.string().default(''),
  cycle: z.number().int().min(0).optional(),
};

/**
 * The research log (seed 000 ER model, extended by 002's cycles and 006's cost). One JSON object per
 * line in `log/research-log.jsonl`, append-only.
 */
export const LogEntry = z.discriminatedUnion('actionType', [
  z.object({
    ...base,
    actionType: z.literal('session_start'),
    query: z.string(),
    seedPerson: z.record(z.string(), z.unknown()),
  }),
  z.object({
    ...base,
    actionType: z.literal('session_end'),
    status: z.enum(['completed', 'cancelled', 'failed', 'interrupted']),
  }),
  z.object({
    ...base,
    actionType: z.literal('task_selection'),
    taskId: Id,
    taskType: z.string(),
    priority: Probability,
  }),
  z.object({
    ...base,
    actionType: z.literal('source_access'),
    source: z.string(),
    tier: Tier,
    url: z.string().optional(),
    success: z.boolean(),
    failureReason: z.string().optional(),
    responseTimeMs: z.number().min(0),
    recordCount: z.number().int().min(0),
    cached: z.boolean().optional(),
  }),
  z.object({
    ...base,
    actionType: z.literal('decision'),
    decisionType: z.string(),
    optionsConsidered: z.array(z.unknown()),
    chosenOption: z.string(),
    confidence: Probability.optional(),
  }),
  z.object({
    ...base,
    actionType: z.literal('hypothesis'),
    hypothesisIds: z.array(Id),
    statements: z.array(z.string()),
    priorities: z.array(Probability),
  }),
  z.object({
    ...base,
    actionType: z.literal('compliance'),
    check: z.enum(['tos', 'pii', 'living', 'consent', 'rate_limit', 'robots', 'prompt', 'export']),
    subject: z.string(),
    allowed: z.boolean(),
    reason: z.string(),
  }),
  z.object({
    ...base,
    actionType: z.literal('revisit'),
    source: z.string(),
    revisitReason: z.array(RevisitReason).min(1),
    improvedQuery: z.string().optional(),
  }),
  z.object({
    ...base,
    actionType: z.literal('conflict_resolution'),
    conflictId: Id,
    field: z.string(),
    options: z.array(z.object({ value: z.string(), weight: z.number() })),
    chosen: z.string(),
  }),
  z.object({
    ...base,
    actionType: z.literal('termination'),
    goalAchieved: z.boolean(),
    exhausted: z.boolean(),
    budgetExceeded: z.boolean(),
    gpsSatisfied: z.boolean(),
    diminishingReturns: z.boolean().default(false),
    userCancelled: z.boolean().default(false),
    reason: z.string(),
  }),
  z.object({
    ...base,
    actionType: z.literal('cycle'),
    strategy: z.enum(['explore', 'deepen', 'challenge']),
    durationMs: z.number().min(0),
    counts: z.record(z.string(), z.number()),
    costUsd: z.number().min(0).default(0),
  }),
  z.object({
    ...base,
    actionType: z.literal('llm_call'),
    model: z.string(),
    role: z.enum(['lead', 'research']),
    purpose: z.string(),
    inputTokens: z.number().int().min(0),
    outputTokens: z.number().int().min(0),
    cacheReadTokens: z.number().int().min(0).default(0),
    cacheWriteTokens: z.number().int().min(0).default(0),
    costUsd: z.number().min(0),
    promptChars: z.number().int().min(0).optional(),
    /** The model's answer as it came back (text and tool calls), for the cycle files (cycles/<n>.md). */
    output: z.string().optional(),
  }),
  z.object({
    ...base,
    actionType: z.literal('firewall_rejection'),
    check: z.number().int().min(1).max(10),
    reason: z.string(),
  }),
  z.object({
    ...base,
    actionType: z.literal('merge'),
    clusterId: Id,
    operation: z.enum(['propose', 'accept', 'reject', 'undo']),
  }),
  z.object({ ...base, actionType: z.literal('deferred'), source: z.string(), tier: Tier, searchUrl: z.string() }),
  z.object({ ...base, actionType: z.literal('error'), message: z.string() }),
]);
export type LogEntry = z.infer<typeof LogEntry>;
export type LogAction = LogEntry['actionType'];
/** A log entry before the writer stamps id, timestamp and session. */
export type NewLogEntry = LogEntry extends infer E
  ? E extends LogEntry
    ? Omit<E, 'id' | 'timestamp' | 'sessionId'> & { sessionId?: string }
    : never
  : never;
