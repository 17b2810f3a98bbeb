/**
 * One research cycle as a genealogist reads it afterwards (seed 002's cycle output, issue #23 item 5):
 * what the Lead selected and why, the tasks run, the searches, what the model answered, what changed
 * in the case, the cost. Built from the research log alone — the log is append-only and every entry
 * carries its session and cycle — so a cycle file can always be written again, identically, from
 * the log: a resumed or repeated run neither loses nor duplicates a cycle.
 */
import { z } from 'zod';
import type { LogEntry } from '../../model';

const Count = z.number().int().min(0);

export const CycleTask = z.object({
  id: z.string(),
  type: z.string(),
  priority: z.number(),
  /** The query or the records the task works on. */
  about: z.string(),
  reason: z.string(),
});

export const CycleSearch = z.object({
  source: z.string(),
  query: z.string(),
  records: Count,
  success: z.boolean(),
  failure: z.string().optional(),
  cached: z.boolean().optional(),
});

export const CycleModelCall = z.object({
  agent: z.string(),
  model: z.string(),
  purpose: z.string(),
  inputTokens: Count,
  outputTokens: Count,
  costUsd: z.number().min(0),
});

export const CycleRecord = z.object({
  /** The case-wide number (cycles/<n>.md): cycles of every session, in the order they were run. */
  cycle: z.number().int().min(1),
  session: z.string(),
  /** The cycle's number within its session (the log's `cycle`). */
  sessionCycle: z.number().int().min(1),
  /** `open`: the run stopped inside this cycle; the file is rewritten when the cycle ends. */
  status: z.enum(['complete', 'open']),
  startedAt: z.string(),
  durationMs: z.number().min(0).optional(),
  selection: z.object({
    strategy: z.string(),
    target: z.string(),
    reason: z.string(),
    /** The searches the Lead's plan added to the frontier. */
    planned: z.array(z.string()),
    /** The Lead's target (issue #23 item 3): its id, and why it was chosen, in the engine's words. */
    targetId: z.string().optional(),
    targetReason: z.string().optional(),
  }),
  tasks: z.array(CycleTask),
  searches: z.array(CycleSearch),
  changes: z.object({
    factsAccepted: Count,
    factsStaged: Count,
    factsDisputed: Count,
    personsCreated: z.array(z.string()),
    personsJoined: Count,
    namesakesKeptApart: Count,
    conflicts: z.array(z.object({ id: z.string(), field: z.string(), chosen: z.string() })),
    mergeProposals: Count,
    clues: Count,
    revisits: Count,
  }),
  verification: z.string().optional(),
  /** The Validator's verdicts of the cycle (seed 004): facts sent back for more evidence or escalated. */
  validator: z.array(z.object({ person: z.string(), verdict: z.string(), why: z.string() })).default([]),
  model: z.object({ calls: z.array(CycleModelCall), tokens: Count, costUsd: z.number().min(0) }),
  /** Self-critique an agent wrote about its own output in this cycle (none of the agents does yet). */
  critique: z.array(z.string()),
  /**
   * The hallucination firewall's rejections, counted by check: the reasons quote what was rejected,
   * so they stay in the research log and the derived answers file, out of the case files.
   */
  firewall: z.array(z.object({ check: z.number().int(), rejections: Count })),
  errors: z.array(z.string()),
  termination: z.string().optional(),
});
export type CycleRecord = z.infer<typeof CycleRecord>;

/** A model answer kept verbatim with its call (rendered in the cycle file's body). */
export interface RawAnswer {
  agent: string;
  model: string;
  purpose: string;
  output: string;
}

/** The key of a cycle in the log: its session and its number there. */
export function cycleKey(sessionId: string, cycle: number): string {
  return `${sessionId}#${cycle}`;
}

/**
 * The case-wide numbering: every (session, cycle) whose plan is in the log, in log order. A cycle
 * is planned once (its plan and its opening are one transaction), so the numbering never changes
 * as the log grows.
 */
export class CycleNumbering {
  private readonly byKey = new Map<string, number>();

  constructor(entries: Iterable<Pick<LogEntry, 'sessionId' | 'cycle' | 'actionType'> & { decisionType?: string }>) {
    for (const e of entries) this.note(e);
  }

  /** Notes an entry; a cycle's plan gives it the next number. */
  note(e: Pick<LogEntry, 'sessionId' | 'cycle' | 'actionType'> & { decisionType?: string }): void {
    if (e.actionType !== 'decision' || e.decisionType !== 'cycle_plan' || !e.cycle) return;
    const key = cycleKey(e.sessionId, e.cycle);
    if (!this.byKey.has(key)) this.byKey.set(key, this.byKey.size + 1);
  }

  number(sessionId: string, cycle: number): number | undefined {
    return this.byKey.get(cycleKey(sessionId, cycle));
  }

  /** Every cycle: [case-wide number, session, session cycle]. */
  all(): { n: number; sessionId: string; cycle: number }[] {
    return [...this.byKey].map(([key, n]) => {
      const at = key.lastIndexOf('#');
      return { n, sessionId: key.slice(0, at), cycle: Number(key.slice(at + 1)) };
    });
  }
}

/** The engine's own part of a plan's rationale: strategy, counts, tasks added. */
const PLAN_COUNTS = /^(.*?added \d+ task\(s\))/;

const STAGED = /(\d+) accepted, (\d+) staged for review, (\d+) disputed/;

/** Where the Lead planner's own words begin in a target's rationale (they stay in the log). */
const PLANNER_CHOSE = /; chosen by the Lead planner \(([^)]*)\)[\s\S]*$/;

/** The cycle's record and its model answers, from its log entries (in log order). */
export function cycleFromLog(
  n: number,
  entries: readonly LogEntry[],
  opts: { target: string; nameOf?: (id: string) => string | undefined },
): { record: CycleRecord; raw: RawAnswer[]; rejected: string[] } {
  const first = entries[0];
  if (!first) throw new Error(`cycle ${n}: no log entries`);
  const nameOf = (id: string) => opts.nameOf?.(id) ?? id;
  const record: CycleRecord = {
    cycle: n,
    session: first.sessionId,
    sessionCycle: first.cycle ?? 1,
    status: 'open',
    startedAt: first.timestamp,
    selection: { strategy: '', target: opts.target, reason: '', planned: [] },
    tasks: [],
    searches: [],
    changes: {
      factsAccepted: 0,
      factsStaged: 0,
      factsDisputed: 0,
      personsCreated: [],
      personsJoined: 0,
      namesakesKeptApart: 0,
      conflicts: [],
      mergeProposals: 0,
      clues: 0,
      revisits: 0,
    },
    validator: [],
    model: { calls: [], tokens: 0, costUsd: 0 },
    critique: [],
    firewall: [],
    errors: [],
  };
  const raw: RawAnswer[] = [];
  const rejected: string[] = [];
  const c = record.changes;
  for (const e of entries) {
    switch (e.actionType) {
      case 'decision':
        if (e.decisionType === 'lead_target') {
          // context: "<person id>: <what the target is>" (no names: the Censor shows the person).
          const at = e.context.indexOf(': ');
          if (at > 0) record.selection.target = `${nameOf(e.context.slice(0, at))} — ${e.context.slice(at + 2)}`;
          record.selection.targetId = e.chosenOption;
          record.selection.targetReason = e.rationale.replace(
            PLANNER_CHOSE,
            '; chosen by the Lead planner ($1): its reason is in the research log',
          );
        } else if (e.decisionType === 'cycle_plan') {
          record.selection.strategy = e.chosenOption;
          // The planner's own words (a stop reason it gave) are model text: they stay in the log.
          const own = PLAN_COUNTS.exec(e.rationale);
          record.selection.reason = own
            ? `${own[1]}${own[1].length < e.rationale.length ? '; the planner proposed to stop (its reason is in the research log)' : ''}`
            : e.rationale;
          record.selection.planned = e.context ? e.context.split(' | ').filter(Boolean) : [];
        } else if (e.decisionType === 'stage_or_accept') {
          const m = STAGED.exec(e.chosenOption);
          if (m) {
            c.factsAccepted += Number(m[1]);
            c.factsStaged += Number(m[2]);
            c.factsDisputed += Number(m[3]);
          }
        } else if (e.decisionType === 'persona_match') {
          if (e.chosenOption.startsWith('new person '))
            c.personsCreated.push(e.chosenOption.slice('new person '.length));
          else c.personsJoined += 1;
        } else if (e.decisionType === 'namesake_kept_apart') c.namesakesKeptApart += 1;
        else if (e.decisionType === 'verification_checkpoint')
          record.verification = `${e.chosenOption}: ${e.rationale}`;
        else if (e.decisionType === 'self_critique') record.critique.push(e.rationale);
        else if (e.decisionType === 'validation')
          record.validator.push({ person: nameOf(e.context), verdict: e.chosenOption, why: e.rationale });
        break;
      case 'task_selection':
        record.tasks.push({
          id: e.taskId,
          type: e.taskType,
          priority: e.priority,
          about: e.context,
          reason: e.rationale,
        });
        break;
      case 'source_access':
        record.searches.push({
          source: e.source,
          query: e.context || e.url || '',
          records: e.recordCount,
          success: e.success,
          ...(e.failureReason ? { failure: e.failureReason } : {}),
          ...(e.cached ? { cached: true } : {}),
        });
        break;
      case 'conflict_resolution':
        // A conflict weighed again in the cycle (new evidence) is listed once, as it was left.
        c.conflicts = [
          ...c.conflicts.filter((x) => x.id !== e.conflictId),
          { id: e.conflictId, field: e.field, chosen: e.chosen },
        ];
        break;
      case 'merge':
        if (e.operation === 'propose') c.mergeProposals += 1;
        break;
      case 'hypothesis':
        c.clues += e.hypothesisIds.length;
        break;
      case 'revisit':
        c.revisits += 1;
        break;
      case 'llm_call':
        record.model.calls.push({
          agent: e.agent,
          model: e.model,
          purpose: e.purpose,
          inputTokens: e.inputTokens,
          outputTokens: e.outputTokens,
          costUsd: e.costUsd,
        });
        record.model.tokens += e.inputTokens + e.outputTokens + e.cacheReadTokens + e.cacheWriteTokens;
        record.model.costUsd += e.costUsd;
        if (e.output) raw.push({ agent: e.agent, model: e.model, purpose: e.purpose, output: e.output });
        break;
      case 'firewall_rejection': {
        rejected.push(`check ${e.check} (${e.agent}): ${e.reason}`);
        const hit = record.firewall.find((f) => f.check === e.check);
        if (hit) hit.rejections += 1;
        else record.firewall.push({ check: e.check, rejections: 1 });
        break;
      }
      case 'error':
        record.errors.push(e.message);
        break;
      case 'termination':
        record.termination = e.reason;
        break;
      case 'cycle':
        record.status = 'complete';
        record.durationMs = e.durationMs;
        if (!record.selection.strategy) record.selection.strategy = e.strategy;
        break;
      default:
        break;
    }
  }
  c.personsCreated = c.personsCreated.map(nameOf);
  record.model.costUsd = Math.round(record.model.costUsd * 1e6) / 1e6;
  record.firewall.sort((a, b) => a.check - b.check);
  return { record: CycleRecord.parse(record), raw, rejected };
}
