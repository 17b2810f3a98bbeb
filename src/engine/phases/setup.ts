/**
 * Setup (Z InitAncestryEngine): the run's context from the host's options, the subject (found, or
 * created from case.yaml with the user's facts staged), the knowledge graph and the Analyst, and
 * the session: a new one, a killed one resumed, or a finished one continued with its history.
 */
import type { Conflict, Person, SearchQuery } from '../../model';
import type { CaseConfig } from '../../model';
import { foldName, splitPersonaName } from '../../model/names';
import { yearRange } from '../../model/gdate';
import { newId } from '../../case/ids';
import { DeterministicExtractor } from '../../agents/analyst/extract';
import { KnowledgeGraph } from '../../agents/analyst/graph';
import { Analyst } from '../../agents/analyst/analyst';
import { personQuery } from '../../agents/analyst/clues';
import { pairKey } from '../../agents/analyst/integrate';
import { noteIdentity, type IdentityNotes } from '../../agents/analyst/identity/notes';
import { stableId } from '../ids';
import { DeterministicPlanner } from '../lead-planner';
import { archiveSourceOf, systemClock, type CaseStore } from '../ports';
import { assertResearchable, researchPreflight } from '../preflight';
import { fromSession, initAncestryEngine, permissionsFrom, type EngineState } from '../state';
import type { OpenCycle, Research, RunContext, RunOptions, SessionMode } from './context';
import { RunLog } from './log';
import { archiveFingerprint } from './session';
import { searchTask } from './tasks';

/** The run's fixed context: the host's ports and options, read once. */
export function createContext(opts: RunOptions): RunContext {
  const store = opts.store;
  const clock = opts.clock ?? systemClock;
  const config = store.config();
  return {
    opts,
    store,
    clock,
    config,
    agents: { planner: new DeterministicPlanner(), extractor: new DeterministicExtractor(), ...opts.agents },
    // The host hands in the case's archive with the other sources (Tier 0 first).
    connectors: [...opts.connectors].sort((a, b) => a.tier - b.tier),
    archive: archiveSourceOf(opts.connectors),
    startedAt: clock.now().getTime(),
    maxCycles: opts.maxCycles ?? config.budget.maxCycles,
    log: new RunLog(store, opts),
  };
}

/** The session begun: the research so far, and the cycle a killed run was in (to continue it). */
export interface SetUp {
  mode: SessionMode;
  research: Research;
  open: OpenCycle | undefined;
}

export async function setup(ctx: RunContext): Promise<SetUp> {
  const persons = ctx.store.persons();
  const found = findSubject(ctx, persons);
  const pre = researchPreflight(ctx.store, found?.id ?? ctx.opts.person ?? ctx.config.subject.person, !found);
  assertResearchable(pre);
  const subject = found ?? (await createSubject(ctx));
  const graph = new KnowledgeGraph(ctx.store.persons(), subject.id);
  const permissions = permissionsFrom(ctx.config.tiers);
  const prior = ctx.store.session();
  const priorLog = ctx.store.log();
  ctx.log.restore(priorLog);
  const identityNotes: IdentityNotes = { namesakes: [], mentions: [] };
  noteIdentity(identityNotes, priorLog);
  const conflictsById = new Map<string, Conflict>();
  for (const c of ctx.store.conflicts()) conflictsById.set(c.id, c);
  const notSame = new Set(ctx.store.merges().notSamePerson.map((d) => pairKey(d.a, d.b)));
  const analyst = new Analyst({
    graph,
    extractor: ctx.agents.extractor,
    adjudicator: ctx.agents.adjudicator,
    conflictAnalyst: ctx.agents.conflictAnalyst,
    now: () => ctx.clock.now(),
    newPersonId: () => newId('P'),
    existingConflict: (id) => conflictsById.get(id),
    notSame,
    source: (id) => ctx.store.source(id),
  });
  const researchWith = (engine: EngineState): Research => ({
    engine,
    graph,
    analyst,
    identityNotes,
    conflicts: conflictsById,
    recent: [],
    pendingMerges: [],
    skipped: pre.skipped,
    modelReviewed: new Set(),
  });
  const sameSubject = prior && (!prior.subjectId || prior.subjectId === subject.id);
  // A session that decided to end but was killed before its end was written (outputs, cycle files, the
  // session_end entry) is resumed to finish closing, not continued as a finished one.
  const closed =
    prior?.terminated === true &&
    ctx.store.log().some((e) => e.sessionId === prior.sessionId && e.actionType === 'session_end');
  if (prior && sameSubject && (!prior.terminated || !closed)) {
    const state = fromSession(prior, graph.persons, permissions);
    state.subjectId = subject.id;
    const open = prior.openCycle ? { ...prior.openCycle, before: { ...prior.openCycle.before } } : undefined;
    return { mode: 'resumed', research: researchWith(state), open };
  }
  const sessionId = newId('R');
  const initial = searchTask(ctx, undefined, initialQuery(ctx, subject), { priority: 1, targetPerson: subject.id });
  if (prior && sameSubject) {
    // A finished session: keep its search history (novelty guard) and clues; continue with what a
    // budget cut short, and re-check the archive if it changed since (a time-based revisit).
    const state = fromSession(
      {
        ...prior,
        sessionId,
        terminated: false,
        terminationReason: undefined,
        frontier: [],
        revisitQueue: [],
        parkedTasks: undefined,
      },
      graph.persons,
      permissions,
    );
    state.cycle = 0;
    state.counters = { archiveFingerprint: prior.counters.archiveFingerprint ?? 0 };
    // Parked tasks were queued before (their queries are in the novelty guard): they go straight back.
    for (const t of prior.parkedTasks ?? [])
      if (!t.completed && !state.completedTaskIds.has(t.id)) state.frontier.push(t);
    const fp = archiveFingerprint(ctx);
    if (fp !== (prior.counters.archiveFingerprint ?? 0) && ctx.log.accessed.has('archive')) {
      const t = searchTask(ctx, state.sourcePermissions, initial.query!, {
        priority: 1,
        targetPerson: subject.id,
        revisitReason: 'Time-based record update check',
      });
      state.frontier.push({ ...t, id: stableId('T', t.id, String(fp)) });
    }
    return { mode: 'continued', research: researchWith(state), open: undefined };
  }
  const state = initAncestryEngine({
    sessionId,
    seedPerson: graph.get(subject.id)!,
    initialTask: initial,
    permissions,
    graph: graph.persons,
  });
  return { mode: 'new', research: researchWith(state), open: undefined };
}

function findSubject(ctx: RunContext, persons: Person[]): Person | undefined {
  const want = ctx.opts.person;
  if (want) {
    const byId = ctx.store.person(want);
    if (byId) return byId;
    const f = foldName(want);
    return persons.find((p) => p.names.some((n) => foldName(`${n.given} ${n.surname}`) === f));
  }
  const session = ctx.store.session();
  if (session?.subjectId && ctx.store.person(session.subjectId)) return ctx.store.person(session.subjectId);
  if (ctx.config.subject.person && ctx.store.person(ctx.config.subject.person))
    return ctx.store.person(ctx.config.subject.person);
  const f = foldName(ctx.config.subject.name);
  return persons.find((p) => p.names.some((n) => foldName(`${n.given} ${n.surname}`) === f));
}

async function createSubject(ctx: RunContext): Promise<Person> {
  const name = ctx.opts.person ?? ctx.config.subject.name;
  const { given, surname } = splitPersonaName(name);
  const now = ctx.clock.now().toISOString();
  const assertions: Person['assertions'] = [];
  if (!ctx.opts.person) {
    // The user's starting facts are claims, not evidence: staged, and no source is invented for them.
    const event = 'user-birth';
    if (ctx.config.subject.born)
      assertions.push({
        id: newId('A'),
        field: 'birth.date',
        value: ctx.config.subject.born,
        status: 'staged',
        confidence: 0.5,
        event,
        evidence: [],
        assertedAt: now,
        note: 'given by the user in case.yaml',
      });
    if (ctx.config.subject.place)
      assertions.push({
        id: newId('A'),
        field: 'birth.place',
        value: ctx.config.subject.place,
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
  await ctx.store.writePerson(p);
  // Record the subject in case.yaml when the store can (the file case store can; the port need not).
  const withConfig = ctx.store as CaseStore & { writeConfig?: (c: CaseConfig) => Promise<void> };
  if (!ctx.opts.person && typeof withConfig.writeConfig === 'function')
    await withConfig.writeConfig({ ...ctx.config, subject: { ...ctx.config.subject, person: p.id } });
  return ctx.store.person(p.id) ?? p;
}

function initialQuery(ctx: RunContext, subject: Person): SearchQuery {
  const q = personQuery(subject);
  if (q.birthYear === undefined && ctx.config.subject.born) {
    const r = yearRange(ctx.config.subject.born);
    if (r.min !== undefined && r.max !== undefined) q.birthYear = Math.round((r.min + r.max) / 2);
  }
  return q;
}
