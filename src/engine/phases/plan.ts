/**
 * Plan (seed 002 cycle start, the Lead): a target and a strategy for the cycle (lead-target.ts),
 * the planner's view of the case and its plan turned into search tasks. cycle.ts composes them:
 * the target, due revisits onto the frontier, the plan, its tasks queued, the plan logged, the
 * cycle opened and persisted with the session, so a resumed run continues it instead of planning anew.
 */
import { MergeCluster, type Conflict, type Person, type Task } from '../../model';
import { displayName } from '../../model';
import type { PlanDecision, PlanningView } from '../agents';
import { personQuery } from '../../agents/analyst/clues';
import { recordTypesFor } from '../../agents/analyst/analyst';
import { goalStatus } from '../../agents/analyst/gps';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import { GAP_QUERY_MARK } from '../lead-planner';
import { quotedStopReason } from '../planner-stop';
import { formatQuery } from '../../model';
import { apSurnameFathers } from '../../model/names';
import { openHypotheses, type EngineState } from '../state';
import type { Strategy } from '../strategy';
import type { RunContext } from './context';
import { REVISIT_PRIORITY, searchTask } from './tasks';
import { resolveTask } from './resolve-conflict';
import { stableId } from '../ids';
import {
  adoptPlannerTarget,
  GAP_RECORD_TYPES,
  leadTargetEntry,
  targetTasks,
  type LeadChoice,
  type LeadViews,
} from './lead-target';

/** What the Lead reads of the research to plan a cycle. */
export interface PlanInput {
  engine: Readonly<EngineState>;
  graph: KnowledgeGraph;
  conflicts: ReadonlyMap<string, Conflict>;
  /** Discoveries so far (the planner sees the last ten). */
  recent: readonly string[];
}

/** The Lead's plan for a cycle. */
export interface Plan {
  view: PlanningView;
  decision: PlanDecision;
  /** The searches it asks for, to queue. */
  tasks: Task[];
  /** Why the planner would stop now (PlanDecision.shouldStop), if it would. */
  plannerStop: string | undefined;
  /** Its `merge` actions as merge proposals for the user (never a merge). */
  merges: MergeCluster[];
  /** The cycle's target and strategy: the planner's choice when it named a candidate, else UCB1's. */
  choice: LeadChoice;
  /** The clue whose queued search the target raises, when the target is a clue. */
  raise?: string;
}

/** The planner asked for the cycle's plan, its actions made search tasks within the permitted tiers. */
export async function planCycle(
  ctx: RunContext,
  input: PlanInput & { lead: LeadChoice & { views: LeadViews } },
): Promise<Plan> {
  const subject = input.graph.get(input.engine.subjectId!)!;
  const permissions = input.engine.sourcePermissions;
  const view = { ...planningView(ctx, { ...input, strategy: input.lead.strategy }), lead: leadView(input.lead) };
  const decision = await ctx.agents.planner.plan(view, ctx.opts.signal);
  const choice = adoptPlannerTarget(input.lead, decision.target);
  // The target's own work first: queued before the planner's, its priority wins a shared search.
  const steer = targetTasks(ctx, input, choice.target);
  const tasks: Task[] = [...steer.tasks];
  for (const a of decision.nextActions)
    if (a.action === 'fetch' && a.query)
      tasks.push(
        searchTask(ctx, permissions, a.query, {
          priority: Math.max(0, Math.min(1, a.priority)),
          targetPerson: subject.id,
        }),
      );
  for (const q of decision.queryExpansions)
    tasks.push(searchTask(ctx, permissions, q, { priority: 0.5, targetPerson: subject.id }));
  for (const r of decision.revisits) {
    if (!ctx.log.accessed.has(r.source)) continue; // ScoutRevisitSource: only a source accessed before
    tasks.push(
      searchTask(
        ctx,
        permissions,
        { ...r.improvedQuery, sources: [r.source] },
        { priority: REVISIT_PRIORITY, targetPerson: subject.id, revisitReason: r.reason },
      ),
    );
  }
  // `resolve`: the conflict weighed again (a ResolveTask); `merge`: a proposal the user decides.
  for (const a of decision.nextActions) {
    const c = a.action === 'resolve' && a.conflict ? input.conflicts.get(a.conflict) : undefined;
    if (c) tasks.push(resolveTask(ctx, c));
  }
  const merges = plannerMerges(ctx, input.graph, decision);
  const plannerStop = decision.shouldStop
    ? decision.stopReason || `the Lead planner (${ctx.agents.planner.kind}) decided to stop`
    : undefined;
  return { view, decision, tasks, plannerStop, merges, choice, raise: steer.raise };
}

/** The choice as the planner is shown it: the candidates by id, UCB1's pick and the three views. */
function leadView(lead: LeadChoice & { views: LeadViews }): NonNullable<PlanningView['lead']> {
  const { summary, focused, weakest } = lead.views;
  return {
    suggested: lead.target?.id,
    candidates: lead.candidates.map((c) => ({
      id: c.target.id,
      kind: c.target.kind,
      person: c.target.person,
      label: c.target.label,
      score: Number(c.score.toFixed(3)),
    })),
    summary: { ...summary, goals: summary.goals.map((g) => ({ goal: g.goal, status: g.status })) },
    focused: focused && {
      person: focused.person,
      facts: focused.facts.map((f) => ({ field: f.field, value: f.value, status: f.status, sources: f.sources })),
      gaps: focused.gaps,
    },
    weakest,
  };
}

/**
 * The planner's `merge` actions as merge proposals (merges.json, the Analyst's own path): the persons
 * it names, when each is in the case and no one decided they are not the same person. Its reason is
 * quoted as the planner's rationale, never evidence; the recommendation is 'review' (a person
 * decides: nothing compares the persons' features here), so it is never merged by itself.
 */
function plannerMerges(ctx: RunContext, graph: KnowledgeGraph, decision: PlanDecision): MergeCluster[] {
  const out: MergeCluster[] = [];
  const notSame = ctx.store.merges().notSamePerson;
  const now = ctx.clock.now().toISOString();
  for (const a of decision.nextActions) {
    if (a.action !== 'merge') continue;
    const ids = [...new Set(a.persons ?? [])].filter((id) => graph.get(id));
    if (ids.length < 2) continue;
    if (notSame.some((d) => ids.includes(d.a) && ids.includes(d.b))) continue;
    out.push(
      MergeCluster.parse({
        id: stableId('M', 'planner', ...[...ids].sort()),
        canonicalId: ids[0],
        memberIds: ids,
        similarity: 0,
        rationale: `the Lead planner (${ctx.agents.planner.kind}) proposed these as one person: "${a.reason.replace(/\s+/g, ' ').trim() || '(no reason given)'}"`,
        whyNotMerge:
          "the planner's reason is not evidence and no features were compared: compare the persons' records before accepting",
        recommendation: 'review',
        status: 'proposed',
        createdAt: now,
        proposedBy: 'Lead',
      }),
    );
  }
  return out;
}

/** The plan's decision entry and the host's event, once its tasks are queued (`added`: those the novelty guard let in). */
export function logPlan(
  ctx: RunContext,
  plan: Plan,
  at: { cycle: number; strategy: Strategy; added: readonly Task[]; queued: number },
): void {
  const { view, decision } = plan;
  for (const e of leadTargetEntry(ctx.agents.planner.kind, plan.choice, at.cycle)) ctx.log.add(e);
  ctx.log.add({
    agent: 'Lead',
    actionType: 'decision',
    decisionType: 'cycle_plan',
    optionsConsidered: ['explore', 'deepen', 'challenge'],
    chosenOption: at.strategy,
    rationale: `${at.strategy}: ${view.counts.frontier} queued, ${view.counts.clues} open clue(s), ${view.gaps.length} gap(s); planner (${ctx.agents.planner.kind}) added ${at.added.length} task(s)${decision.shouldStop ? `; ${quotedStopReason(ctx.agents.planner.kind, decision.stopReason)}` : ''}`,
    context: at.added
      .map((t) => formatQuery(t.query ?? {}))
      .join(' | ')
      .slice(0, 2000),
  });
  ctx.log.emit('cycle', `Cycle ${at.cycle} (${at.strategy}): ${at.queued} task(s) queued`);
}

/** What the Lead planner sees of the case. */
export function planningView(ctx: RunContext, input: PlanInput & { strategy: Strategy }): PlanningView {
  const { engine, graph } = input;
  const subject = graph.get(engine.subjectId!)!;
  const clues = openHypotheses(engine);
  const goals = goalStatus(subject, ctx.config.goals, (id) => graph.get(id));
  const budget = ctx.config.budget;
  return {
    cycle: engine.cycle,
    strategy: input.strategy,
    question: ctx.config.question,
    subject: { id: subject.id, name: displayName(subject) },
    counts: {
      persons: graph.size,
      assertions: subject.assertions.length,
      sources: ctx.store.sources().length,
      frontier: engine.frontier.size,
      clues: clues.length,
      openConflicts: [...input.conflicts.values()].filter((c) => c.status !== 'resolved').length,
    },
    budgetRemaining: {
      cycles: Math.max(0, ctx.maxCycles - engine.cycle),
      requests: Math.max(0, budget.maxRequests - (engine.counters.requests ?? 0)),
      tokens: Math.max(0, budget.maxTokens - (ctx.opts.meter?.tokens() ?? 0)),
      usd: Math.max(0, budget.maxUsd - (ctx.opts.meter?.costUsd() ?? 0)),
    },
    recentDiscoveries: input.recent.slice(-10),
    pendingClues: clues
      .slice(0, 20)
      .map((h) => ({ id: h.id, statement: h.statement, priority: h.priority, suggestedQueries: h.suggestedQueries })),
    frontier: engine.frontier
      .sorted()
      .slice(0, 20)
      .map((t) => ({ id: t.id, taskType: t.taskType, priority: t.priority, query: t.query })),
    gaps: gaps(input.conflicts, subject, goals),
    persons: [subject, ...subject.relationships.map((r) => graph.get(r.person))]
      .filter((p): p is Person => p !== undefined)
      .filter((p, i, all) => all.findIndex((x) => x.id === p.id) === i)
      .slice(0, 20)
      .map((p) => ({ id: p.id, name: displayName(p) })),
    conflicts: [...input.conflicts.values()]
      .filter((c) => c.status !== 'resolved')
      .slice(0, 10)
      .map((c) => ({ id: c.id, person: c.person, field: c.field, values: c.competing.map((x) => x.value) })),
  };
}

/** Unanswered or uncorroborated goals, each with a search that could answer it. */
function gaps(
  conflicts: ReadonlyMap<string, Conflict>,
  subject: Person,
  goals: ReturnType<typeof goalStatus>,
): string[] {
  const out: string[] = [];
  const types = GAP_RECORD_TYPES;
  // A Welsh surname made from a patronymic (Price, ap Rhys): the baptism is under the father's name.
  const surname = (subject.names.find((n) => n.type === 'birth') ?? subject.names[0])?.surname ?? '';
  const welsh = apSurnameFathers(surname);
  for (const g of goals) {
    if (g.sufficient) continue;
    const q = personQuery(subject, { recordTypes: types[g.goal] });
    out.push(`${g.goal}: ${g.met ? 'found but not corroborated' : 'not found'}${GAP_QUERY_MARK}${formatQuery(q)}`);
    if (welsh.length && (g.goal === 'birth' || g.goal === 'parents'))
      out.push(
        `${g.goal}: ${surname} is "ap ${welsh[0]}", so the baptism may name the father, not a surname${GAP_QUERY_MARK}${formatQuery(personQuery(subject, { surname: undefined, recordTypes: ['birth', 'baptism'] }))}`,
      );
  }
  for (const c of conflicts.values()) {
    if (c.person !== subject.id || c.status === 'resolved') continue;
    out.push(
      `conflict on ${c.field} (${c.competing.map((x) => x.value).join(' vs ')})${GAP_QUERY_MARK}${formatQuery(personQuery(subject, { recordTypes: recordTypesFor(c.field) }))}`,
    );
  }
  return out;
}
