/**
 * What a research run holds: its fixed context (the host's ports and options, read once), what the
 * research has learnt (Research, owned by the session) and the cycle in progress (CycleState, owned
 * by the cycle). Phases take the context and a small input of their own and return their output;
 * nothing of a run lives in module-level or class fields.
 */
import type { CaseConfig, Conflict, LogEntry, MergeCluster, SearchQuery } from '../../model';
import type { ArchiveSource, CaseStore, Clock, SessionState, SourceConnector } from '../ports';
import type { EngineAgents } from '../agents';
import type { EngineEvent } from '../events';
import type { EngineState } from '../state';
import type { Strategy } from '../strategy';
import type { CaseProblem } from '../../case/problems';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import type { Analyst } from '../../agents/analyst/analyst';
import type { VerificationResult } from '../../agents/analyst/gps';
import type { IdentityNotes } from '../../agents/analyst/identity/notes';
import type { RunLog } from './log';

export interface RunOptions {
  store: CaseStore;
  /**
   * Every source of the run, the case's local archive included (the host adds it: see
   * `withCaseArchive` in src/sources/archive); the engine creates none.
   */
  connectors: SourceConnector[];
  agents?: Partial<EngineAgents>;
  clock?: Clock;
  signal?: AbortSignal;
  maxCycles?: number;
  /** NAME or person id to research (default: the case's subject). */
  person?: string;
  onEvent?: (e: EngineEvent) => void;
  /**
   * The model cost meter. exhausted() names the reason once the next model call could not fit the
   * USD/token budget: the meter refuses calls before spending passes it, so costUsd() alone never
   * reaches the limit and the run would otherwise go on without its agents.
   */
  meter?: { costUsd(): number; tokens(): number; exhausted?(): string | undefined };
  /** Tier 2 prefilled search links for a query (never requested): logged as 'deferred' once per distinct query. */
  deferred?: (q: SearchQuery) => { source: string; tier: 2; url: string }[];
  /** Steps per cycle (default 6): outputs are refreshed at the end of every cycle. */
  stepsPerCycle?: number;
  /** Obsolete: the Z invariants are checked after every step of every run (kept so callers compile). */
  checkInvariants?: boolean;
}

/** Fixed for the whole run: the host's ports and options, the case's configuration, the log sink. */
export interface RunContext {
  readonly opts: RunOptions;
  readonly store: CaseStore;
  readonly clock: Clock;
  readonly config: CaseConfig;
  readonly agents: EngineAgents;
  /** Tier 0 first. */
  readonly connectors: readonly SourceConnector[];
  readonly archive: ArchiveSource | undefined;
  readonly startedAt: number;
  readonly maxCycles: number;
  /** The research log and the host's events (append-only). */
  readonly log: RunLog;
}

/** How the session began: new, a killed one resumed, or a finished one continued with its history. */
export type SessionMode = 'resumed' | 'new' | 'continued';

export type OpenCycle = NonNullable<SessionState['openCycle']>;

/**
 * What the research has learnt, across cycles: built by setup, saved with the session after every
 * step. Phases read it through their own small inputs and return what they produced; only the
 * composers (cycle.ts, step.ts, analyse.ts) change it, through the Z operations of engine/state.ts
 * and the named updates of research.ts. The Analyst changes the graph (its own), validate-output
 * clears the graph's dirty set when the persons are written.
 */
export interface Research {
  /** The Z AncestryEngineState: frontier, clues, revisits, novelty guard, counters, termination. */
  readonly engine: EngineState;
  readonly graph: KnowledgeGraph;
  readonly analyst: Analyst;
  /** Namesakes kept apart and open mentions, for summary.md (seeded from the log on resume). */
  readonly identityNotes: IdentityNotes;
  readonly conflicts: Map<string, Conflict>;
  /** Discoveries the planner is told about (it sees the last ten). */
  readonly recent: string[];
  /** Merge proposals waiting to be written with the step's output (validate-output). */
  readonly pendingMerges: MergeCluster[];
  /** Case files the run could not read and leaves out (reported, never overwritten). */
  readonly skipped: readonly CaseProblem[];
  /** Facts a model Validator has judged this run, with the evidence it saw (never asked twice). */
  readonly modelReviewed: Set<string>;
}

/** The loop's own state, owned by cycle.ts: the cycle in progress and the last checkpoint. */
export interface CycleState {
  /** The cycle in progress (persisted with the session, so a resume continues it). */
  open: OpenCycle | undefined;
  strategy: Strategy;
  /** The Lead planner's stop decision (PlanDecision.shouldStop) for this cycle, with its reason. */
  plannerStop: string | undefined;
  /** The last verification checkpoint (a GPS ending needs it passed at the cycle's end). */
  verification: VerificationResult | undefined;
  /** The invariant checks made so far and their time (RunResult.invariants). */
  invariants: { checks: number; ms: number };
  /** Set when an invariant broke: the state in memory is wrong and nothing more is written from it. */
  unsafe?: boolean;
  /** The research log as read so far by the cycle files (research-state.ts), so each cycle parses only what is new. */
  logRead?: { bytes: number; entries: LogEntry[] };
}

/** A run stopped by its abort signal: after the current step, with the session saved. */
export class Cancelled extends Error {}
