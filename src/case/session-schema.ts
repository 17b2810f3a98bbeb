import { z } from 'zod';
import { ClueHypothesis, Id, Task } from '../model';

/** hypotheses.json: the persisted engine session (clue queue, frontier, revisit queue, novelty guard). */
export const SessionStateSchema = z.object({
  version: z.literal(1),
  sessionId: Id,
  cycle: z.number().int().min(0),
  frontier: z.array(Task),
  completedTaskIds: z.array(z.string()),
  hypotheses: z.array(ClueHypothesis),
  revisitQueue: z.array(Task),
  noveltyHashes: z.array(z.string()),
  terminated: z.boolean(),
  terminationReason: z.string().optional(),
  counters: z.record(z.string(), z.number()),
  subjectId: Id.optional(),
  parkedTasks: z.array(Task).optional(),
  openCycle: z
    .object({
      steps: z.number().int().min(0),
      strategy: z.string(),
      plannerStop: z.string().optional(),
      startedAt: z.number(),
      before: z.object({ persons: z.number(), sources: z.number(), conflicts: z.number() }),
      target: z.string().optional(),
      known: z
        .object({
          person: z.string(),
          facts: z.number(),
          sources: z.number(),
          links: z.number(),
          resolved: z.number(),
        })
        .optional(),
    })
    .optional(),
  lead: z
    .object({
      cycles: z.number().int().min(0),
      targets: z.record(z.string(), z.object({ visits: z.number().int().min(0), reward: z.number().min(0) })),
    })
    .optional(),
});
