/**
 * Pluggable agent roles. Each has a deterministic implementation in src/agents/; the Claude ones
 * (src/llm) implement the same interfaces and pass the hallucination firewall before returning.
 * The engine never knows which one it has.
 */
import type {
  ClueHypothesis,
  Conflict,
  InformationClass,
  Persona,
  SearchQuery,
  SourceRecord,
  StatedAge,
  StatedRelationType,
  Task,
} from '../model';
import type { FeatureScore } from '../model/review';
import type { z } from 'zod';

/** What the Lead sees when planning: a bounded summary, never the whole case. */
export interface PlanningView {
  cycle: number;
  strategy: 'explore' | 'deepen' | 'challenge';
  question: string;
  subject: { id?: string; name: string };
  counts: {
    persons: number;
    assertions: number;
    sources: number;
    frontier: number;
    clues: number;
    openConflicts: number;
  };
  budgetRemaining: { cycles: number; requests: number; tokens: number; usd: number };
  recentDiscoveries: string[];
  pendingClues: Pick<ClueHypothesis, 'id' | 'statement' | 'priority' | 'suggestedQueries'>[];
  frontier: Pick<Task, 'id' | 'taskType' | 'priority' | 'query'>[];
  gaps: string[];
  /** The subject and their immediate family, by id (a `merge` action names persons by these). */
  persons?: { id: string; name: string }[];
  /** Open conflicts by id (a `resolve` action names one). */
  conflicts?: { id: string; person: string; field: string; values: string[] }[];
  /**
   * The Lead's choice of target (issue #23 item 3): the candidates by id with their UCB1 scores, the
   * one UCB1 chose, and the views of the case (summary, focused on that target, weakest claims).
   */
  lead?: {
    suggested?: string;
    candidates: { id: string; kind: string; person: string; label: string; score: number }[];
    summary: {
      persons: number;
      ancestors: number;
      openConflicts: number;
      openClues: number;
      goals: { goal: string; status: string }[];
    };
    focused?: {
      person?: { id: string; name: string };
      facts: { field: string; value: string; status: string; sources: number }[];
      gaps: string[];
    };
    weakest: { person: string; field: string; value: string; status: string; sources: number; confidence: number }[];
  };
}

export interface PlanDecision {
  nextActions: {
    action: 'fetch' | 'revisit' | 'merge' | 'resolve' | 'stop';
    query?: SearchQuery;
    /** merge: the persons the planner takes to be one (a proposal for the user, never a merge). */
    persons?: string[];
    /** resolve: the conflict to weigh again (a ResolveTask). */
    conflict?: string;
    priority: number;
    reason: string;
    tier?: 0 | 1 | 2;
  }[];
  queryExpansions: SearchQuery[];
  revisits: { source: string; improvedQuery: SearchQuery; reason: string }[];
  shouldStop: boolean;
  stopReason?: string;
  /** The target the planner chooses among the view's candidates (kept only when it names one). */
  target?: { id: string; strategy?: string; reason: string };
}

export interface LeadPlanner {
  readonly kind: 'deterministic' | 'llm';
  plan(view: PlanningView, signal?: AbortSignal): Promise<PlanDecision>;
}

/** A persona found in a record, with the verbatim snippet that grounds each field. */
export interface GroundedPersona {
  persona: Persona;
  /** field name of the persona (name, birthDate, …) → verbatim snippet of the record text. */
  snippets: Record<string, string>;
  confidence: number;
  method: 'structured' | 'pattern' | 'llm';
  // What the record states about this persona beyond its own fields (archive format v2). All
  // optional and additive: extractors that do not set them leave the Analyst as it was.
  /** The persona's key in the record (v2 `key`, else `#<index in record.persons>`): relations and events name it. */
  key?: string;
  /** The age as written, read into completed years, with how it was read (model/age.ts). */
  age?: StatedAge;
  /**
   * Mills information class of what this persona's entry states, when the record says (the person's
   * own `informationType`, else the record's). Events may override it for their facts.
   */
  informationType?: InformationClass;
  /** This persona gave the record's information (v2 `informant`). */
  informant?: boolean;
}

/** A relationship the record states between two of its personas: `from` is `type` of `to` (keys). */
export interface StatedRelation {
  from: string;
  to: string;
  type: StatedRelationType;
  /** Verbatim words of the record (a line naming both), else the relationship's index line. */
  snippet: string;
}

/** One event of a record holding several (a family register, an abstract, a will): persons by key. */
export interface StatedEvent {
  type: string;
  date?: string;
  place?: string;
  persons: string[];
  informationType?: InformationClass;
  /** Verbatim words of the record (a line holding the date), else the event's index line. */
  snippet: string;
}

export interface ExtractionResult {
  personas: GroundedPersona[];
  /** Relationships the record states between its personas (v2 `relationships`), by persona key. */
  relations?: StatedRelation[];
  /** The record's events (v2 `events`), by persona key; the record's own date and place stay the record's. */
  events?: StatedEvent[];
  /** Inferences (e.g. "Jr." implies a father of the same name): never facts. */
  hypotheses: { type: string; text: string; priority: number; suggestedQueries: string[] }[];
  rejected: { reason: string; check?: number }[];
  /**
   * The firewall rejected the persona the others' roles are relative to (the principal, the
   * deceased …): their roles ("father", "son") then name no one, and nobody else takes them.
   */
  anchorRejected?: boolean;
}

export interface RecordExtractor {
  readonly kind: 'deterministic' | 'llm';
  extract(record: SourceRecord, signal?: AbortSignal): Promise<ExtractionResult>;
}

/** Seed 001 §3.3 / §5.3: adjudicates a pair the scorer left at "review". */
export interface PairAdjudicator {
  readonly kind: 'deterministic' | 'llm';
  adjudicate(
    a: Record<string, unknown>,
    b: Record<string, unknown>,
    features: Record<string, z.infer<typeof FeatureScore>>,
    signal?: AbortSignal,
  ): Promise<{
    similarity: number;
    recommendation: 'merge' | 'review' | 'separate';
    rationale: string;
    whyNotMerge: string;
    confidence: number;
  }>;
}

/** Seed 001 §3.4 / §5.4: analyses competing claims; alternatives are always preserved. */
export interface ConflictAnalyst {
  readonly kind: 'deterministic' | 'llm';
  analyse(
    conflict: Conflict,
    signal?: AbortSignal,
  ): Promise<{ preferred: string; rationale: string; confidence: number; tentative: boolean; nextActions: string[] }>;
}

/** One fact or relationship the rules passed, as a model Validator is shown it. */
export interface ValidationItem {
  /** `<person id>/<item id>`. */
  id: string;
  /** "birth.date = 3 MAR 1850", "parent P-2". */
  label: string;
  evidence: { source: string; snippet: string; sourceClass: string; information: string; evidence: string }[];
}

/**
 * The Validator on a model (seed 004): its verdicts on items the deterministic Validator passed.
 * Only a stricter verdict counts (the engine never lets it promote anything); a failed or rejected
 * answer leaves the rules' verdicts.
 */
export interface ModelValidator {
  readonly kind: 'llm';
  review(
    items: readonly ValidationItem[],
    signal?: AbortSignal,
  ): Promise<Map<string, { verdict: 'needs_more_evidence'; reason: string }>>;
}

export interface EngineAgents {
  planner: LeadPlanner;
  extractor: RecordExtractor;
  adjudicator?: PairAdjudicator;
  conflictAnalyst?: ConflictAnalyst;
  validator?: ModelValidator;
}
