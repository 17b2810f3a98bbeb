/**
 * runResearch: seed 000's plan-and-execute loop over a case folder.
 *
 *   cycle (seed 002): choose a strategy → Lead plans → up to N steps → outputs → cycle record
 *   step (Z PlanAndExecuteLoop): LeadSelectTask ; (ScoutSearchSource ∨ AnalystGenerateHypotheses) ;
 *                                CensorValidateOutput (every write) ; LeadUpdateState ; LeadCheckTermination
 *
 * The session is persisted after every step (hypotheses.json), so a killed run resumes where it
 * stopped. Each step, each cycle's start and end are one transaction of the store (write-ahead
 * journal): a killed step left nothing and runs again, a committed one is replayed on open, and an
 * open cycle is continued, not planned again, so a resumed run ends as the uninterrupted one does.
 * An abort signal stops the loop after the current step.
 */
import { join } from 'node:path';
import type {
  CaseConfig,
  ClueHypothesis,
  Conflict,
  MergeCluster,
  NewLogEntry,
  Person,
  SearchQuery,
  SourceRecord,
  Task,
  Tier,
} from '../model';
import { displayName } from '../model';
import { yearRange } from '../model/gdate';
import type { ArchiveSource, CaseStore, Clock, ConnectorContext, SessionState, SourceConnector } from './ports';
import { archiveSourceOf, systemClock } from './ports';
import type { EngineAgents, PlanningView } from './agents';
import type { EngineEvent, RunResult } from './events';
import { plannerStopOverruled, quotedStopReason } from './planner-stop';
import { DeterministicPlanner, GAP_QUERY_MARK } from './lead-planner';
import { chooseStrategy, type Strategy } from './strategy';
import { formatQuery, parseQuery, queryHash } from './query';
import { stableId } from './ids';
import { isOutage, outageNote, retryLater } from './source-outage';
import {
  addHypotheses,
  addTasks,
  bump,
  completeTask,
  fromSession,
  initAncestryEngine,
  leadCheckTermination,
  leadSelectTask,
  makeTask,
  openHypotheses,
  permissionsFrom,
  PreconditionError,
  sourcePermissionGate,
  toSession,
  type EngineState,
  type TerminationConditions,
} from './state';
import { checkInvariants } from './invariants';
import { assertResearchable, researchPreflight } from './preflight';
import { withUnreadableFiles } from './unreadable-summary';
import { formatProblem, type CaseProblem } from '../case/problems';
import { DeterministicExtractor } from '../agents/analyst/extract';
import { KnowledgeGraph } from '../agents/analyst/graph';
import { Analyst, recordTypesFor } from '../agents/analyst/analyst';
import { personQuery } from '../agents/analyst/clues';
import { pairKey } from '../agents/analyst/integrate';
import { checkGPSCoverage, goalStatus, verifyCitations, type VerificationResult } from '../agents/analyst/gps';
import { renderSummary, type SearchRecord } from '../agents/analyst/proof/summary';
import { noteIdentity, type IdentityNotes } from '../agents/analyst/identity/notes';
import { orderByFit } from '../agents/analyst/identity/target-order';
import { deferredLogEntries } from './deferred-log';
import { foldName, splitPersonaName } from '../model/names';
import { newId } from '../case/ids';
import { exportGedcom, exportJsonLd } from '../interchange';

export type { EngineEvent, RunResult } from './events';

export interface RunOptions {
  store: CaseStore;
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
  /** Check the Z invariants after every step and fail on a violation (tests, debugging). */
  checkInvariants?: boolean;
}

const DEFAULT_STEPS_PER_CYCLE = 6;
/** Seed 001 §7 diminishing returns: more than 10 queries since the last discovery. */
const QUERIES_WITHOUT_DISCOVERY = 10;
const ANALYSE_PRIORITY = 1;
const REVISIT_PRIORITY = 0.7;

class Cancelled extends Error {}

type OpenCycle = NonNullable<SessionState['openCycle']>;

export async function runResearch(opts: RunOptions): Promise<RunResult> {
  const run = new ResearchRun(opts);
  return run.run();
}

class ResearchRun {
  private readonly store: CaseStore;
  private readonly clock: Clock;
  private readonly config: CaseConfig;
  private readonly agents: EngineAgents;
  private readonly connectors: SourceConnector[];
  private readonly archive: ArchiveSource | undefined;
  private state!: EngineState;
  private graph!: KnowledgeGraph;
  private analyst!: Analyst;
  /** Namesakes kept apart and open mentions, for summary.md (seeded from the log on resume). */
  private identityNotes: IdentityNotes = { namesakes: [], mentions: [] };
  private pending: NewLogEntry[] = [];
  private logCount = 0;
  private readonly accessed = new Set<string>();
  private searches: SearchRecord[] = [];
  private verification?: VerificationResult;
  private strategy: Strategy = 'explore';
  private readonly startedAt: number;
  private readonly maxCycles: number;
  private recent: string[] = [];
  private newMerges: MergeCluster[] = [];
  private conflictsById = new Map<string, Conflict>();
  private stepLog: NewLogEntry[] = [];
  /** The Lead planner's stop decision (PlanDecision.shouldStop) for this cycle, with its reason. */
  private plannerStop: string | undefined;
  /** The cycle in progress (persisted with the session, so a resume continues it). */
  private openCycle: OpenCycle | undefined;
  /** Case files the run could not read and leaves out (reported, never overwritten). */
  private skipped: CaseProblem[] = [];

  constructor(private readonly opts: RunOptions) {
    this.store = opts.store;
    this.clock = opts.clock ?? systemClock;
    this.config = this.store.config();
    this.agents = {
      planner: new DeterministicPlanner(),
      extractor: new DeterministicExtractor(),
      ...opts.agents,
    };
    this.archive = archiveSourceOf(opts.connectors);
    // The host hands in the case's archive with the other sources (Tier 0 first).
    this.connectors = [...opts.connectors].sort((a, b) => a.tier - b.tier);
    this.startedAt = this.clock.now().getTime();
    this.maxCycles = opts.maxCycles ?? this.config.budget.maxCycles;
  }

  private emit(type: EngineEvent['type'], message: string): void {
    this.opts.onEvent?.({ type, message, cycle: this.state?.cycle ?? 0, costUsd: this.opts.meter?.costUsd() });
  }

  private log(e: NewLogEntry): void {
    const entry = {
      ...e,
      sessionId: this.state?.sessionId ?? e.sessionId,
      cycle: e.cycle ?? this.state?.cycle,
    } as NewLogEntry;
    this.pending.push(entry);
    this.stepLog.push(entry);
    if (entry.actionType === 'source_access') {
      this.accessed.add(entry.source);
      this.searches.push({
        query: entry.context || entry.url || '',
        source: entry.source,
        records: entry.recordCount,
        success: entry.success,
        failure: entry.failureReason,
      });
    }
  }

  private async flush(): Promise<void> {
    if (!this.pending.length) return;
    const batch = this.pending;
    this.pending = [];
    await this.store.appendLog(batch);
    this.logCount += batch.length;
  }

  // ---------------------------------------------------------------- setup

  private findSubject(persons: Person[]): Person | undefined {
    const want = this.opts.person;
    if (want) {
      const byId = this.store.person(want);
      if (byId) return byId;
      const f = foldName(want);
      return persons.find((p) => p.names.some((n) => foldName(`${n.given} ${n.surname}`) === f));
    }
    const session = this.store.session();
    if (session?.subjectId && this.store.person(session.subjectId)) return this.store.person(session.subjectId);
    if (this.config.subject.person && this.store.person(this.config.subject.person))
      return this.store.person(this.config.subject.person);
    const f = foldName(this.config.subject.name);
    return persons.find((p) => p.names.some((n) => foldName(`${n.given} ${n.surname}`) === f));
  }

  private async createSubject(): Promise<Person> {
    const name = this.opts.person ?? this.config.subject.name;
    const { given, surname } = splitPersonaName(name);
    const now = this.clock.now().toISOString();
    const assertions: Person['assertions'] = [];
    if (!this.opts.person) {
      // The user's starting facts are claims, not evidence: staged, and no source is invented for them.
      const event = 'user-birth';
      if (this.config.subject.born)
        assertions.push({
          id: newId('A'),
          field: 'birth.date',
          value: this.config.subject.born,
          status: 'staged',
          confidence: 0.5,
          event,
          evidence: [],
          assertedAt: now,
          note: 'given by the user in case.yaml',
        });
      if (this.config.subject.place)
        assertions.push({
          id: newId('A'),
          field: 'birth.place',
          value: this.config.subject.place,
          status: 'staged',
          confidence: 0.5,
          event,
          evidence: [],
          assertedAt: now,
          note: 'given by the user in case.yaml',
        });
    }
    const p: Person = {
      id: newId('P'),
      names: [{ given, surname, type: 'birth' }],
      sex: 'U',
      assertions,
      relationships: [],
      externalIds: {},
      createdAt: now,
      updatedAt: now,
    };
    await this.store.writePerson(p);
    // Record the subject in case.yaml when the store can (the file case store can; the port need not).
    const withConfig = this.store as CaseStore & { writeConfig?: (c: CaseConfig) => Promise<void> };
    if (!this.opts.person && typeof withConfig.writeConfig === 'function')
      await withConfig.writeConfig({ ...this.config, subject: { ...this.config.subject, person: p.id } });
    return this.store.person(p.id) ?? p;
  }

  private initialQuery(subject: Person): SearchQuery {
    const q = personQuery(subject);
    if (q.birthYear === undefined && this.config.subject.born) {
      const r = yearRange(this.config.subject.born);
      if (r.min !== undefined && r.max !== undefined) q.birthYear = Math.round((r.min + r.max) / 2);
    }
    return q;
  }

  private searchTask(
    query: SearchQuery,
    fields: { priority: number; hypothesis?: string; targetPerson?: string; revisitReason?: string },
  ): Task {
    const tiers: Tier[] = [0];
    if (sourcePermissionGate(this.state?.sourcePermissions ?? permissionsFrom(this.config.tiers), 1)) tiers.push(1);
    return makeTask({
      taskType: 'SearchTask',
      priority: fields.priority,
      createdAt: this.clock.now().toISOString(),
      query,
      hypothesis: fields.hypothesis,
      targetPerson: fields.targetPerson,
      revisitReason: fields.revisitReason,
      sourceConstraint: tiers,
    });
  }

  private async setup(): Promise<'resumed' | 'new' | 'continued'> {
    const persons = this.store.persons();
    const found = this.findSubject(persons);
    const pre = researchPreflight(this.store, found?.id ?? this.opts.person ?? this.config.subject.person, !found);
    assertResearchable(pre);
    this.skipped = pre.skipped;
    const subject = found ?? (await this.createSubject());
    const allPersons = this.store.persons();
    this.graph = new KnowledgeGraph(allPersons, subject.id);
    const permissions = permissionsFrom(this.config.tiers);
    const prior = this.store.session();
    const priorLog = this.store.log();
    this.logCount = priorLog.length;
    for (const e of priorLog)
      if (e.actionType === 'source_access') {
        this.accessed.add(e.source);
        this.searches.push({
          query: e.context || e.url || '',
          source: e.source,
          records: e.recordCount,
          success: e.success,
          failure: e.failureReason,
        });
      }
    noteIdentity(this.identityNotes, priorLog);
    for (const c of this.store.conflicts()) this.conflictsById.set(c.id, c);
    const notSame = new Set(this.store.merges().notSamePerson.map((d) => pairKey(d.a, d.b)));
    this.analyst = new Analyst({
      graph: this.graph,
      extractor: this.agents.extractor,
      adjudicator: this.agents.adjudicator,
      conflictAnalyst: this.agents.conflictAnalyst,
      now: () => this.clock.now(),
      newPersonId: () => newId('P'),
      existingConflict: (id) => this.conflictsById.get(id),
      notSame,
    });
    const sameSubject = prior && (!prior.subjectId || prior.subjectId === subject.id);
    if (prior && sameSubject && !prior.terminated) {
      this.state = fromSession(prior, this.graph.persons, permissions);
      this.state.subjectId = subject.id;
      this.openCycle = prior.openCycle ? { ...prior.openCycle, before: { ...prior.openCycle.before } } : undefined;
      return 'resumed';
    }
    const sessionId = newId('R');
    const initial = this.searchTask(this.initialQuery(subject), { priority: 1, targetPerson: subject.id });
    if (prior && sameSubject) {
      // A finished session: keep its search history (novelty guard) and clues; continue with what a
      // budget cut short, and re-check the archive if it changed since (a time-based revisit).
      this.state = fromSession(
        {
          ...prior,
          sessionId,
          terminated: false,
          terminationReason: undefined,
          frontier: [],
          revisitQueue: [],
          parkedTasks: undefined,
        },
        this.graph.persons,
        permissions,
      );
      this.state.cycle = 0;
      this.state.counters = { archiveFingerprint: prior.counters.archiveFingerprint ?? 0 };
      // Parked tasks were queued before (their queries are in the novelty guard): they go straight back.
      for (const t of prior.parkedTasks ?? [])
        if (!t.completed && !this.state.completedTaskIds.has(t.id)) this.state.frontier.push(t);
      const fp = this.archiveFingerprint();
      if (fp !== (prior.counters.archiveFingerprint ?? 0) && this.accessed.has('archive')) {
        const t = this.searchTask(initial.query!, {
          priority: 1,
          targetPerson: subject.id,
          revisitReason: 'Time-based record update check',
        });
        this.state.frontier.push({ ...t, id: stableId('T', t.id, String(fp)) });
      }
      return 'continued';
    }
    this.state = initAncestryEngine({
      sessionId,
      seedPerson: this.graph.get(subject.id)!,
      initialTask: initial,
      permissions,
      graph: this.graph.persons,
    });
    return 'new';
  }

  private archiveFingerprint(): number {
    return this.archive ? Number.parseInt(this.archive.fingerprint.slice(0, 8), 16) : 0;
  }

  // ---------------------------------------------------------------- the loop

  async run(): Promise<RunResult> {
    // Write-ahead (CaseWriter.commit): the start, each step and each cycle's end land whole or not at all.
    this.store.begin?.();
    const mode = await this.setup().catch(async (e: unknown) => {
      await this.store.commit?.();
      throw e;
    });
    // The case writer's own compliance entries (Censor redactions) belong to this session too.
    const stamped = this.store as CaseStore & { sessionId?: unknown };
    if (typeof stamped.sessionId === 'string') stamped.sessionId = this.state.sessionId;
    const subject = this.graph.get(this.state.subjectId!)!;
    this.log({
      agent: 'Lead',
      actionType: 'session_start',
      query: this.config.question,
      seedPerson: {
        id: subject.id,
        name: displayName(subject),
        born: this.config.subject.born,
        place: this.config.subject.place,
      },
      rationale:
        mode === 'resumed'
          ? `resuming session ${this.state.sessionId} at cycle ${this.state.cycle} with ${this.state.frontier.size} queued task(s)`
          : mode === 'continued'
            ? 'continuing a finished session: search history kept'
            : 'new session',
      context: `connectors: ${this.connectors.map((c) => `${c.id} (Tier ${c.tier})`).join(', ')}`,
    });
    for (const p of this.skipped) {
      this.log({
        agent: 'Lead',
        actionType: 'error',
        message: `left out of this run: ${formatProblem(p)}`,
        rationale: 'a case file that cannot be read is reported and never overwritten; fix it and run again',
        context: p.file,
      });
      this.emit('step', `Cannot read ${formatProblem(p)} — left out of this run, not overwritten`);
    }
    this.log({
      agent: 'Censor',
      actionType: 'compliance',
      check: 'tos',
      subject: 'archive',
      allowed: true,
      reason: "the case's local archive holds the user's own records (Tier 0): searching it is always permitted",
      rationale: 'Invariant 2: Tier 0 is always accessible',
      context: 'archive',
    });
    this.state.counters.archiveFingerprint = this.archiveFingerprint();
    await this.flush();
    await this.persist();
    await this.store.commit?.();
    this.emit(
      'step',
      `${mode === 'resumed' ? 'Resuming' : 'Researching'} ${displayName(subject)} (${this.state.frontier.size} task(s) queued)`,
    );
    let status: RunResult['status'] = 'completed';
    try {
      while (!this.state.terminated) {
        if (this.opts.signal?.aborted) throw new Cancelled();
        await this.cycle();
      }
    } catch (e) {
      if (e instanceof Cancelled || this.opts.signal?.aborted) status = 'cancelled';
      else {
        status = 'failed';
        this.log({
          agent: 'Lead',
          actionType: 'error',
          message: e instanceof Error ? e.message : String(e),
          rationale: 'the run stopped on an unexpected error; the session is saved and can be resumed',
          context: e instanceof Error ? (e.stack ?? '').slice(0, 2000) : '',
        });
      }
    }
    this.store.begin?.();
    if (status === 'cancelled')
      this.log({
        agent: 'Lead',
        actionType: 'termination',
        goalAchieved: false,
        exhausted: false,
        budgetExceeded: false,
        gpsSatisfied: false,
        diminishingReturns: false,
        userCancelled: true,
        reason: 'user cancel: stopped after the current step; run again to resume',
        rationale: 'user interrupt',
        context: `${this.state.frontier.size} task(s) still queued`,
      });
    await this.writeOutputs().catch((e: unknown) =>
      this.log({
        agent: 'Lead',
        actionType: 'error',
        message: `writing outputs failed: ${e instanceof Error ? e.message : String(e)}`,
        rationale: '',
        context: '',
      }),
    );
    this.log({
      agent: 'Lead',
      actionType: 'session_end',
      status: status === 'cancelled' ? 'cancelled' : status,
      rationale: this.state.terminationReason ?? status,
      context: '',
    });
    await this.flush();
    await this.persist();
    await this.store.commit?.();
    const reason =
      status === 'cancelled'
        ? 'user cancel'
        : status === 'failed'
          ? 'error (see the research log)'
          : (this.state.terminationReason ?? 'stopped');
    const result: RunResult = {
      status,
      terminationReason: reason,
      cycles: this.state.cycle,
      persons: this.graph.size,
      sources: this.store.sources().length,
      conflicts: this.store.conflicts().length,
      summaryPath: join(this.store.root, 'summary.md'),
    };
    this.emit(
      'done',
      `${status}: ${reason} — ${result.cycles} cycle(s), ${result.persons} person(s), ${result.sources} source(s), ${result.conflicts} conflict(s)`,
    );
    return result;
  }

  private planningView(): PlanningView {
    const subject = this.graph.get(this.state.subjectId!)!;
    const clues = openHypotheses(this.state);
    const goals = goalStatus(subject, this.config.goals, (id) => this.graph.get(id));
    const budget = this.config.budget;
    return {
      cycle: this.state.cycle,
      strategy: this.strategy,
      question: this.config.question,
      subject: { id: subject.id, name: displayName(subject) },
      counts: {
        persons: this.graph.size,
        assertions: subject.assertions.length,
        sources: this.store.sources().length,
        frontier: this.state.frontier.size,
        clues: clues.length,
        openConflicts: [...this.conflictsById.values()].filter((c) => c.status !== 'resolved').length,
      },
      budgetRemaining: {
        cycles: Math.max(0, this.maxCycles - this.state.cycle),
        requests: Math.max(0, budget.maxRequests - (this.state.counters.requests ?? 0)),
        tokens: Math.max(0, budget.maxTokens - (this.opts.meter?.tokens() ?? 0)),
        usd: Math.max(0, budget.maxUsd - (this.opts.meter?.costUsd() ?? 0)),
      },
      recentDiscoveries: this.recent.slice(-10),
      pendingClues: clues
        .slice(0, 20)
        .map((h) => ({ id: h.id, statement: h.statement, priority: h.priority, suggestedQueries: h.suggestedQueries })),
      frontier: this.state.frontier
        .sorted()
        .slice(0, 20)
        .map((t) => ({ id: t.id, taskType: t.taskType, priority: t.priority, query: t.query })),
      gaps: this.gaps(subject, goals),
    };
  }

  /** Unanswered or uncorroborated goals, each with a search that could answer it. */
  private gaps(subject: Person, goals: ReturnType<typeof goalStatus>): string[] {
    const out: string[] = [];
    const types: Record<string, string[]> = {
      parents: ['birth', 'baptism', 'death'],
      spouse: ['marriage'],
      children: ['census', 'baptism', 'birth'],
      birth: ['birth', 'baptism'],
      death: ['death', 'burial', 'obituary'],
      marriage: ['marriage'],
    };
    for (const g of goals) {
      if (g.sufficient) continue;
      const q = personQuery(subject, { recordTypes: types[g.goal] });
      out.push(`${g.goal}: ${g.met ? 'found but not corroborated' : 'not found'}${GAP_QUERY_MARK}${formatQuery(q)}`);
    }
    for (const c of this.conflictsById.values()) {
      if (c.person !== subject.id || c.status === 'resolved') continue;
      out.push(
        `conflict on ${c.field} (${c.competing.map((x) => x.value).join(' vs ')})${GAP_QUERY_MARK}${formatQuery(personQuery(subject, { recordTypes: recordTypesFor(c.field) }))}`,
      );
    }
    return out;
  }

  private async cycle(): Promise<void> {
    // A resumed run goes on with the cycle it was killed in (same plan, same step count), so it
    // ends where the uninterrupted run would have; only a new cycle is planned.
    if (!this.openCycle) await this.committed(() => this.startCycle());
    const open = this.openCycle!;
    this.strategy = open.strategy as Strategy;
    this.plannerStop = open.plannerStop;
    const steps = this.opts.stepsPerCycle ?? DEFAULT_STEPS_PER_CYCLE;
    while (!this.state.terminated && open.steps < steps && this.state.frontier.size > 0) {
      if (this.opts.signal?.aborted) break;
      await this.committed(async () => {
        await this.step();
        open.steps += 1;
        await this.checkTermination(false);
        await this.flush();
        await this.persist();
      });
      if (this.opts.checkInvariants) this.assertInvariants();
    }
    await this.committed(() => this.endCycle(open));
    if (this.opts.signal?.aborted && !this.state.terminated) throw new Cancelled();
  }

  /** Runs `fn` as one transaction of the store (when it has them): its writes land whole or not at all. */
  private async committed(fn: () => Promise<void>): Promise<void> {
    this.store.begin?.();
    try {
      await fn();
    } finally {
      await this.store.commit?.();
    }
  }

  /** A new cycle: strategy, due revisits, the Lead's plan; persisted with the cycle marked open. */
  private async startCycle(): Promise<void> {
    const t0 = this.clock.now().getTime();
    this.state.cycle += 1;
    const cycle = this.state.cycle;
    const subject = this.graph.get(this.state.subjectId!)!;
    const goals = goalStatus(subject, this.config.goals, (id) => this.graph.get(id));
    this.strategy = chooseStrategy({
      cycle,
      openConflicts: [...this.conflictsById.values()].filter((c) => c.person === subject.id && c.status !== 'resolved')
        .length,
      pendingClues: openHypotheses(this.state).length,
      frontier: this.state.frontier.size,
      unprovenGoals: goals.filter((g) => !g.sufficient).length,
    });
    // Due revisits move from the revisit queue to the frontier (seed 001 RQ → crawler).
    if (this.state.revisitQueue.length) {
      addTasks(this.state, this.state.revisitQueue);
      this.state.revisitQueue = [];
    }
    const view = this.planningView();
    const plan = await this.agents.planner.plan(view, this.opts.signal);
    const planned: Task[] = [];
    for (const a of plan.nextActions)
      if (a.action === 'fetch' && a.query)
        planned.push(
          this.searchTask(a.query, { priority: Math.max(0, Math.min(1, a.priority)), targetPerson: subject.id }),
        );
    for (const q of plan.queryExpansions) planned.push(this.searchTask(q, { priority: 0.5, targetPerson: subject.id }));
    for (const r of plan.revisits) {
      if (!this.accessed.has(r.source)) continue; // ScoutRevisitSource: only a source accessed before
      planned.push(
        this.searchTask(
          { ...r.improvedQuery, sources: [r.source] },
          { priority: REVISIT_PRIORITY, targetPerson: subject.id, revisitReason: r.reason },
        ),
      );
    }
    const { added } = addTasks(this.state, planned);
    this.log({
      agent: 'Lead',
      actionType: 'decision',
      decisionType: 'cycle_plan',
      optionsConsidered: ['explore', 'deepen', 'challenge'],
      chosenOption: this.strategy,
      rationale: `${this.strategy}: ${view.counts.frontier} queued, ${view.counts.clues} open clue(s), ${view.gaps.length} gap(s); planner (${this.agents.planner.kind}) added ${added.length} task(s)${plan.shouldStop ? `; ${quotedStopReason(this.agents.planner.kind, plan.stopReason)}` : ''}`,
      context: added
        .map((t) => formatQuery(t.query ?? {}))
        .join(' | ')
        .slice(0, 2000),
    });
    this.emit('cycle', `Cycle ${cycle} (${this.strategy}): ${this.state.frontier.size} task(s) queued`);
    this.plannerStop = plan.shouldStop
      ? plan.stopReason || `the Lead planner (${this.agents.planner.kind}) decided to stop`
      : undefined;
    this.openCycle = {
      steps: 0,
      strategy: this.strategy,
      plannerStop: this.plannerStop,
      startedAt: t0,
      before: { persons: this.graph.size, sources: this.store.sources().length, conflicts: this.conflictsById.size },
    };
    if (this.state.frontier.size === 0) await this.checkTermination(true);
    else if (this.plannerStop) await this.checkTermination(false);
    // The planner's stop stands only where the loop's own rules end the run (the deterministic floor).
    if (plan.shouldStop && !this.state.terminated)
      this.log(
        plannerStopOverruled(this.agents.planner.kind, plan.stopReason, {
          frontier: this.state.frontier.size,
          clues: openHypotheses(this.state).length,
          cycle,
        }),
      );
    await this.flush();
    await this.persist();
  }

  /** End of cycle: verification checkpoint, outputs, Winterfox cycle record; the cycle is closed. */
  private async endCycle(open: OpenCycle): Promise<void> {
    const before = open.before;
    if (!this.state.terminated && this.state.frontier.size === 0 && !this.opts.signal?.aborted)
      await this.checkTermination(true);
    await this.writeOutputs();
    if (!this.state.terminated && !this.opts.signal?.aborted) await this.checkTermination(true);
    const counts = {
      steps: open.steps,
      persons: this.graph.size,
      newPersons: this.graph.size - before.persons,
      sources: this.store.sources().length,
      newSources: this.store.sources().length - before.sources,
      conflicts: this.conflictsById.size,
      newConflicts: this.conflictsById.size - before.conflicts,
      frontier: this.state.frontier.size,
      openClues: openHypotheses(this.state).length,
      requests: this.state.counters.requests ?? 0,
    };
    this.log({
      agent: 'Lead',
      actionType: 'cycle',
      strategy: this.strategy,
      durationMs: Math.max(0, this.clock.now().getTime() - open.startedAt),
      counts,
      costUsd: this.opts.meter?.costUsd() ?? 0,
      rationale: `cycle ${this.state.cycle} (${this.strategy})`,
      context: '',
    });
    this.openCycle = undefined;
    await this.flush();
    await this.persist();
  }

  private assertInvariants(): void {
    const v = checkInvariants(this.state, this.stepLog);
    this.stepLog = [];
    if (v.length)
      throw new Error(`invariant violated after step: ${v.map((x) => `(${x.invariant}) ${x.message}`).join('; ')}`);
  }

  private async persist(): Promise<void> {
    await this.store.writeSession({
      ...toSession(this.state),
      ...(this.openCycle ? { openCycle: { ...this.openCycle, before: { ...this.openCycle.before } } } : {}),
    });
  }

  // ---------------------------------------------------------------- one step

  private async step(): Promise<void> {
    const { task, entry } = leadSelectTask(this.state);
    this.log(entry);
    try {
      if (task.taskType === 'SearchTask') await this.scoutSearchSource(task);
      else if (task.taskType === 'AnalyzeTask') await this.analystAnalyse(task);
    } catch (e) {
      // A step cut short (a request aborted by Ctrl-C, an error) is not done: it goes back to the
      // frontier and runs again next time; everything it wrote is content-addressed, so nothing doubles.
      this.state.frontier.push(task);
      this.state.activeAgent = new Set();
      await this.writeDirty();
      await this.flush();
      await this.persist();
      throw this.opts.signal?.aborted ? new Cancelled() : e;
    }
    if (task.taskType !== 'SearchTask' && task.taskType !== 'AnalyzeTask')
      this.log({
        agent: 'Lead',
        actionType: 'decision',
        decisionType: 'skip_task',
        optionsConsidered: [task.taskType],
        chosenOption: 'skip',
        rationale: `${task.taskType} has no executor in this engine`,
        context: task.id,
      });
    // CensorValidateOutput: every write below passes the case writer's Censor.
    this.state.activeAgent = new Set(['Censor']);
    await this.writeDirty();
    completeTask(this.state, task);
    bump(this.state, 'steps');
  }

  /** Z ScoutSearchSource (and ScoutRevisitSource when the task carries a revisit reason). */
  private async scoutSearchSource(task: Task): Promise<void> {
    if (!this.state.activeAgent.has('Scout')) throw new PreconditionError('ScoutSearchSource', 'Scout ∈ activeAgent');
    const query = task.query ?? {};
    // Z permission gate: every tier the task may use must be permitted.
    const denied = task.sourceConstraint.filter((t) => !sourcePermissionGate(this.state.sourcePermissions, t));
    if (denied.length) {
      this.log({
        agent: 'Censor',
        actionType: 'compliance',
        check: 'tos',
        subject: `Tier ${denied.join(', ')}`,
        allowed: false,
        reason: `source tier(s) ${denied.join(', ')} not permitted for this case`,
        rationale: 'Z SourcePermissionGate',
        context: task.id,
      });
      return;
    }
    this.logDeferred(query);
    const eligible = this.connectors.filter(
      (c) => task.sourceConstraint.includes(c.tier) && (!query.sources?.length || query.sources.includes(c.id)),
    );
    if (task.revisitReason) {
      for (const c of eligible) {
        if (!this.accessed.has(c.id)) continue;
        const reason = task.revisitReason as
          | 'New hypothesis requires additional data'
          | 'Previous search parameters too narrow'
          | 'Conflict resolution requires corroboration'
          | 'Time-based record update check';
        this.log({
          agent: 'Scout',
          actionType: 'revisit',
          source: c.id,
          revisitReason: [reason],
          improvedQuery: formatQuery(query),
          rationale: reason,
          context: c.id,
        });
      }
    }
    this.emit(
      'step',
      `Searching ${eligible.map((c) => c.displayName).join(', ') || 'no source'} for ${formatQuery(query)}${task.revisitReason ? ` (revisit: ${task.revisitReason})` : ''}`,
    );
    const captured: SourceRecord[] = [];
    const down: string[] = [];
    let found = 0;
    for (const c of eligible) {
      const ctx: ConnectorContext = { signal: this.opts.signal, log: (e) => this.log(e) };
      bump(this.state, 'requests');
      try {
        const outcome = await c.search(query, ctx);
        found += outcome.records.length;
        this.emit(
          'source',
          `${c.displayName}: ${outcome.records.length} record(s) in ${Math.round(outcome.responseTimeMs)} ms`,
        );
        for (const r of outcome.records) {
          // Evidence is captured (verbatim text + sha256, Censor applied) before any fact cites it.
          await this.flush();
          const s = await this.store.captureSource(r, this.clock.now());
          if (!this.state.novelty.has(analysedKey(s.id))) captured.push(s);
        }
      } catch (e) {
        if (this.opts.signal?.aborted) throw e;
        if (isOutage(e)) down.push(c.id);
        const message = e instanceof Error ? e.message : String(e);
        this.log({
          agent: 'Scout',
          actionType: 'error',
          message: `${c.id}: ${message}`,
          rationale: 'a failing source is logged and the research continues with the others',
          context: formatQuery(query),
        });
        this.emit('source', `${c.displayName}: failed (${message})`);
      }
    }
    if (down.length) {
      // Not a search done for the sources that were down: a later run asks them again.
      const later = retryLater(task, down);
      if (!this.state.parkedTasks.some((t) => t.id === later.id)) this.state.parkedTasks.push(later);
    }
    const fresh = captured.filter((s, i) => captured.findIndex((x) => x.id === s.id) === i);
    bump(this.state, 'searches');
    if (fresh.length) {
      bump(this.state, 'discoveries');
      this.state.counters.queriesSinceDiscovery = 0;
      // The novelty guard also remembers which captured sources are queued or analysed, so a record
      // found again by another search is not analysed twice (it persists with the session).
      for (const src of fresh) this.state.novelty.add(analysedKey(src.id));
      addTasks(this.state, [
        makeTask({
          taskType: 'AnalyzeTask',
          priority: ANALYSE_PRIORITY,
          createdAt: this.clock.now().toISOString(),
          records: fresh.map((s) => s.id),
          targetPerson: task.targetPerson,
          hypothesis: undefined,
        }),
      ]);
    } else {
      bump(this.state, 'queriesSinceDiscovery');
    }
    if (found === 0 && !task.revisitReason) {
      const wider = widen(query);
      if (wider)
        this.state.revisitQueue.push(
          this.searchTask(wider, {
            priority: REVISIT_PRIORITY * 0.8,
            targetPerson: task.targetPerson,
            hypothesis: task.hypothesis,
            revisitReason: 'Previous search parameters too narrow',
          }),
        );
    }
  }

  /** Tier 2 sources are never searched: the user gets prefilled links, logged once per distinct query. */
  private logDeferred(query: SearchQuery): void {
    if (!this.opts.deferred) return;
    const key = `deferred:${queryHash(query)}`;
    if (this.state.novelty.has(key)) return;
    const links = this.opts.deferred(query);
    if (!links.length) return;
    this.state.novelty.add(key);
    for (const e of deferredLogEntries(links, query)) this.log(e);
    this.emit(
      'source',
      `Tier 2 (never searched automatically): ${links.length} prefilled link(s) for ${formatQuery(query)} in the research log`,
    );
  }

  /** Z AnalystGenerateHypotheses (with the Analyst's match, conflict and staging pipeline). */
  private async analystAnalyse(task: Task): Promise<void> {
    if (!this.state.activeAgent.has('Analyst'))
      throw new PreconditionError('AnalystGenerateHypotheses', 'Analyst ∈ activeAgent');
    const ids = task.records ?? [];
    this.emit('step', `Analysing ${ids.length} record(s)`);
    const newClues: ClueHypothesis[] = [];
    const found = ids.map((id) => this.store.source(id)).filter((s): s is SourceRecord => Boolean(s));
    // The record most like the person sought is read first (a genealogist weighs namesakes side by side).
    for (const source of task.targetPerson ? orderByFit(this.graph, found, task.targetPerson) : found) {
      const sizeBefore = this.graph.size;
      const out = await this.analyst.analyseFor(source, this.state.cycle, task.targetPerson, this.opts.signal);
      for (const e of out.log) this.log(e);
      noteIdentity(this.identityNotes, out.log);
      for (const c of out.conflicts) {
        const isNew = !this.conflictsById.has(c.id);
        this.conflictsById.set(c.id, c);
        await this.flush();
        await this.store.writeConflict(c);
        const p = this.graph.get(c.person);
        if (!isNew) continue;
        this.emit(
          'finding',
          `Conflict: ${p ? displayName(p) : c.person} ${c.field} — ${c.competing.map((x) => x.value).join(' vs ')}; preferred ${c.preferred || '(tie)'}`,
        );
        this.recent.push(`conflict on ${c.field} of ${p ? displayName(p) : c.person}`);
        // ScoutRevisitSource: seek corroboration where the competing claims came from.
        const rq = out.revisits.find((r) => r.conflict.id === c.id)?.query;
        if (rq)
          for (const src of this.accessed)
            this.state.revisitQueue.push(
              this.searchTask(
                { ...rq, sources: [src] },
                {
                  priority: REVISIT_PRIORITY,
                  targetPerson: c.person,
                  revisitReason: 'Conflict resolution requires corroboration',
                },
              ),
            );
      }
      for (const pid of out.integration.created) {
        const p = this.graph.get(pid);
        if (p && this.graph.distanceFromSubject(pid) <= 1) {
          this.emit('finding', `Found ${displayName(p)} (${relationWord(this.graph, pid)}) in ${source.title}`);
          this.recent.push(`${displayName(p)} from ${source.id}`);
        }
      }
      // A married name is a new identity to search under (ScoutRevisitSource, new hypothesis).
      for (const pid of out.touched) {
        const p = this.graph.get(pid);
        if (!p || this.graph.distanceFromSubject(pid) > 2) continue;
        for (const n of p.names.filter((x) => x.type === 'married' && (x.citations ?? []).includes(source.id))) {
          const q: SearchQuery = { given: n.given.split(/\s+/)[0] || undefined, surname: n.surname };
          for (const src of this.accessed)
            this.state.revisitQueue.push(
              this.searchTask(
                { ...q, sources: [src] },
                {
                  priority: REVISIT_PRIORITY,
                  targetPerson: pid,
                  revisitReason: 'New hypothesis requires additional data',
                },
              ),
            );
        }
      }
      if (this.graph.size > sizeBefore) this.state.counters.queriesSinceDiscovery = 0;
      newClues.push(...out.clues);
      if (out.integration.reviews.length) {
        const now = this.clock.now().toISOString();
        for (const r of out.integration.reviews)
          if (r.memberIds.every((m) => this.graph.get(m))) this.newMerges.push({ ...r, createdAt: now });
      }
    }
    const fresh = addHypotheses(this.state, newClues);
    if (fresh.length) {
      this.log({
        agent: 'Analyst',
        actionType: 'hypothesis',
        hypothesisIds: fresh.map((h) => h.id),
        statements: fresh.map((h) => h.statement),
        priorities: fresh.map((h) => h.priority),
        rationale:
          'seed 000 clue rules: new names, new places, census years in a known lifespan, implied relationships; priority = calculatePriority (1 − n/(n+1))',
        context: ids.join(','),
      });
      // Z: frontierQueue' = frontierQueue ⁀ hypothesesToTasks(newHypotheses!).
      const tasks = fresh.map((h) =>
        this.searchTask(parseClueQuery(h), {
          priority: h.priority,
          hypothesis: h.id,
          targetPerson: h.type === 'place_search' ? undefined : h.targetPersons[0],
        }),
      );
      const { duplicates } = addTasks(this.state, tasks);
      for (const d of duplicates) {
        const h = d.hypothesis ? this.state.hypotheses.get(d.hypothesis) : undefined;
        if (h) this.state.hypotheses.set(h.id, { ...h, status: 'dismissed' });
      }
      for (const h of fresh) {
        const cur = this.state.hypotheses.get(h.id);
        if (cur && cur.status === 'pending') this.state.hypotheses.set(h.id, { ...cur, status: 'in_progress' });
      }
    }
  }

  private async writeDirty(): Promise<void> {
    // Our entries go first: the writer logs its Censor decisions as it writes, and the log is chronological.
    await this.flush();
    for (const id of this.graph.dirty) {
      const p = this.graph.get(id);
      if (p) await this.store.writePerson(p);
    }
    this.graph.dirty.clear();
    if (this.newMerges.length) {
      const merges = this.store.merges();
      const known = new Set(merges.clusters.map((c) => c.id));
      const add = this.newMerges.filter((m) => !known.has(m.id));
      this.newMerges = [];
      if (add.length) {
        await this.store.writeMerges({ ...merges, clusters: [...merges.clusters, ...add] });
        for (const m of add)
          this.log({
            agent: 'Analyst',
            actionType: 'merge',
            clusterId: m.id,
            operation: 'propose',
            rationale: `${m.rationale} — why not: ${m.whyNotMerge}`,
            context: m.memberIds.join(' + '),
          });
      }
    }
  }

  // ---------------------------------------------------------------- termination

  private async checkTermination(cycleEnd: boolean): Promise<void> {
    if (this.state.terminated) return;
    const budget = this.config.budget;
    const subject = this.graph.get(this.state.subjectId!)!;
    const elapsedMin = (this.clock.now().getTime() - this.startedAt) / 60000;
    const budgetReasons: string[] = [];
    if (this.state.cycle >= this.maxCycles && cycleEnd) budgetReasons.push(`cycle budget (${this.maxCycles}) used`);
    if ((this.state.counters.requests ?? 0) >= budget.maxRequests)
      budgetReasons.push(`request budget (${budget.maxRequests}) used`);
    if (this.opts.meter && this.opts.meter.tokens() >= budget.maxTokens)
      budgetReasons.push(`token budget (${budget.maxTokens}) used`);
    if (this.opts.meter && this.opts.meter.costUsd() >= budget.maxUsd)
      budgetReasons.push(`cost budget ($${budget.maxUsd}) used`);
    // The meter refuses a call before it would pass the budget, so "used up" is its own verdict.
    const meterReason = this.opts.meter?.exhausted?.();
    if (meterReason && !budgetReasons.length)
      budgetReasons.push(/budget/i.test(meterReason) ? meterReason : `model budget: ${meterReason}`);
    if (elapsedMin >= budget.maxMinutes) budgetReasons.push(`time budget (${budget.maxMinutes} min) used`);
    if (this.logCount + this.pending.length > budget.maxLogEntries)
      budgetReasons.push(`research log budget (${budget.maxLogEntries} entries) used`);
    const goals = goalStatus(subject, this.config.goals, (id) => this.graph.get(id));
    // Evidence already captured is analysed before the research may end on its results.
    // Anywhere in the queue, not only at its head: a capture queued behind searches of equal priority
    // was otherwise dropped unanalysed when the run ended on diminishing returns.
    const analysisQueued = this.state.frontier.some((t) => t.taskType === 'AnalyzeTask');
    // "Answered with sufficient evidence" also means the leads about the immediate family were followed.
    const familyLeadsOpen = () =>
      openHypotheses(this.state).some((h) => h.targetPersons.some((id) => this.graph.distanceFromSubject(id) <= 1));
    const goalAchieved =
      !analysisQueued &&
      goals.length > 0 &&
      goals.every((g) => g.sufficient) &&
      !familyLeadsOpen() &&
      this.verifiedNow();
    const exhausted =
      this.state.frontier.size === 0 &&
      openHypotheses(this.state).length === 0 &&
      this.state.revisitQueue.length === 0 &&
      cycleEnd;
    const gpsSatisfied =
      !analysisQueued &&
      cycleEnd &&
      this.verification?.passed === true &&
      checkGPSCoverage(this.graph.persons.values());
    const diminishingReturns =
      !analysisQueued && (this.state.counters.queriesSinceDiscovery ?? 0) > QUERIES_WITHOUT_DISCOVERY;
    const reason = budgetReasons.length
      ? `budget exceeded: ${budgetReasons.join('; ')}`
      : goalAchieved
        ? 'goal achieved: every research goal is answered by accepted, corroborated evidence and the verification checkpoint passed'
        : gpsSatisfied
          ? 'GPS satisfied: every person has primary and secondary evidence and every citation was verified'
          : diminishingReturns
            ? `diminishing returns: ${this.state.counters.queriesSinceDiscovery} searches without a new record`
            : `exhausted: the frontier, clue and revisit queues are empty${outageNote(this.state.parkedTasks)}`;
    const c: TerminationConditions = {
      goalAchieved,
      exhausted,
      budgetExceeded: budgetReasons.length > 0,
      gpsSatisfied,
      diminishingReturns,
      userCancelled: false,
      reason,
    };
    const entry = leadCheckTermination(this.state, c);
    if (entry) {
      this.log(entry);
      this.emit('step', `Stopping: ${reason}`);
    }
  }

  /** The verification checkpoint must pass before the loop may end as goal achieved / GPS satisfied. */
  private verifiedNow(): boolean {
    this.verification = verifyCitations(this.graph.persons.values(), (id) => this.store.source(id));
    return this.verification.passed;
  }

  // ---------------------------------------------------------------- outputs

  private async writeOutputs(): Promise<void> {
    await this.writeDirty();
    const v = verifyCitations(this.graph.persons.values(), (id) => this.store.source(id));
    this.verification = v;
    this.log({
      agent: 'Analyst',
      actionType: 'decision',
      decisionType: 'verification_checkpoint',
      optionsConsidered: ['passed', 'failed'],
      chosenOption: v.passed ? 'passed' : 'failed',
      confidence: v.checked ? Number(((v.checked - v.failures.length) / v.checked).toFixed(4)) : 1,
      rationale: v.passed
        ? `all ${v.checked} cited snippets found verbatim in their captured sources`
        : `${v.failures.length} of ${v.checked} citations not confirmed: ${v.failures
            .slice(0, 5)
            .map((f) => `${f.source} "${f.snippet.slice(0, 40)}" (${f.problem})`)
            .join('; ')}`,
      context: '',
    });
    const subject = this.graph.get(this.state.subjectId!)!;
    const goals = goalStatus(subject, this.config.goals, (id) => this.graph.get(id));
    const censor = {
      now: this.clock.now(),
      thresholdYears: this.config.privacy.livingThresholdYears,
      consent: this.config.privacy.consent,
    };
    const rendered = renderSummary({
      config: this.config,
      subject,
      get: (id) => this.graph.get(id),
      sources: this.store.sources(),
      searches: this.searches,
      conflicts: [...this.conflictsById.values()],
      goals,
      verification: v,
      gpsCoverage: checkGPSCoverage(this.graph.persons.values()),
      status: {
        cycles: this.state.cycle,
        terminated: this.state.terminated,
        reason: this.state.terminationReason,
        strategy: this.strategy,
        openClues: openHypotheses(this.state).length,
        queued: this.state.frontier.size,
      },
      censor,
      identity: this.identityNotes,
    });
    // A file the run could not read (a spouse's) is named under the conclusion it is missing from.
    const md = withUnreadableFiles(rendered, this.skipped, {
      subject,
      unreadablePersonFile: (id) =>
        (this.store as { unreadablePersonFile?(id: string): string | undefined }).unreadablePersonFile?.(id),
    });
    await this.store.writeSummary(md);
    await this.writeExports();
  }

  private async writeExports(): Promise<void> {
    for (const [name, make] of [
      ['graph.jsonld', () => exportJsonLd(this.store, { now: this.clock.now() })],
      ['tree.ged', () => exportGedcom(this.store, { version: '5.5.1', now: this.clock.now() }).text],
    ] as const) {
      try {
        await this.store.writeExport(name, make(), { censoredByField: true });
      } catch (e) {
        this.log({
          agent: 'Lead',
          actionType: 'error',
          message: `exports/${name}: ${e instanceof Error ? e.message : String(e)}`,
          rationale: 'an export failure does not stop the research',
          context: name,
        });
      }
    }
  }
}

function analysedKey(sourceId: string): string {
  return `source:${sourceId}`;
}

function relationWord(g: KnowledgeGraph, id: string): string {
  const s = g.subjectId ? g.get(g.subjectId) : undefined;
  const r = s?.relationships.find((x) => x.person === id);
  return r ? `${r.type} of the subject` : 'relative';
}

/** The query of a clue: its first suggested query, in the one-line query syntax. */
function parseClueQuery(h: ClueHypothesis): SearchQuery {
  return parseQuery(h.suggestedQueries[0] ?? h.statement);
}

/** A broader query after a search that found nothing: drop the year, place, record types and text. */
export function widen(q: SearchQuery): SearchQuery | undefined {
  if (q.birthYear === undefined && q.deathYear === undefined && !q.place && !q.recordTypes?.length && !q.text)
    return undefined;
  const { birthYear: _b, deathYear: _d, place: _p, recordTypes: _r, text: _t, ...rest } = q;
  if (!rest.given && !rest.surname && !rest.name) return undefined;
  return queryHash(rest) === queryHash(q) ? undefined : rest;
}
