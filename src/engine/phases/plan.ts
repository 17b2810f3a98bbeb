/**
 * Plan (seed 002 cycle start, the Lead): a strategy for the cycle, due revisits back on the
 * frontier, the planner's view of the case and its plan turned into search tasks. The cycle is
 * opened and persisted with the session, so a resumed run continues it instead of planning anew.
 */
import type { Person, Task } from '../../model';
import { displayName } from '../../model';
import type { PlanningView } from '../agents';
import { personQuery } from '../../agents/analyst/clues';
import { recordTypesFor } from '../../agents/analyst/analyst';
import { goalStatus } from '../../agents/analyst/gps';
import { GAP_QUERY_MARK } from '../lead-planner';
import { plannerStopOverruled, quotedStopReason } from '../planner-stop';
import { formatQuery } from '../query';
import { addTasks, openHypotheses } from '../state';
import { chooseStrategy } from '../strategy';
import type { RunContext, RunState } from './context';
import { decide } from './decide';
import { persist } from './session';
import { REVISIT_PRIORITY, searchTask } from './tasks';

/** What the Lead planner sees of the case. */
export function planningView(ctx: RunContext, run: RunState): PlanningView {
  const subject = run.graph.get(run.state.subjectId!)!;
  const clues = openHypotheses(run.state);
  const goals = goalStatus(subject, ctx.config.goals, (id) => run.graph.get(id));
  const budget = ctx.config.budget;
  return {
    cycle: run.state.cycle,
    strategy: run.strategy,
    question: ctx.config.question,
    subject: { id: subject.id, name: displayName(subject) },
    counts: {
      persons: run.graph.size,
      assertions: subject.assertions.length,
      sources: ctx.store.sources().length,
      frontier: run.state.frontier.size,
      clues: clues.length,
      openConflicts: [...run.conflictsById.values()].filter((c) => c.status !== 'resolved').length,
    },
    budgetRemaining: {
      cycles: Math.max(0, ctx.maxCycles - run.state.cycle),
      requests: Math.max(0, budget.maxRequests - (run.state.counters.requests ?? 0)),
      tokens: Math.max(0, budget.maxTokens - (ctx.opts.meter?.tokens() ?? 0)),
      usd: Math.max(0, budget.maxUsd - (ctx.opts.meter?.costUsd() ?? 0)),
    },
    recentDiscoveries: run.recent.slice(-10),
    pendingClues: clues
      .slice(0, 20)
      .map((h) => ({ id: h.id, statement: h.statement, priority: h.priority, suggestedQueries: h.suggestedQueries })),
    frontier: run.state.frontier
      .sorted()
      .slice(0, 20)
      .map((t) => ({ id: t.id, taskType: t.taskType, priority: t.priority, query: t.query })),
    gaps: gaps(ctx, run, subject, goals),
  };
}

/** Unanswered or uncorroborated goals, each with a search that could answer it. */
function gaps(ctx: RunContext, run: RunState, subject: Person, goals: ReturnType<typeof goalStatus>): string[] {
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
  for (const c of run.conflictsById.values()) {
    if (c.person !== subject.id || c.status === 'resolved') continue;
    out.push(
      `conflict on ${c.field} (${c.competing.map((x) => x.value).join(' vs ')})${GAP_QUERY_MARK}${formatQuery(personQuery(subject, { recordTypes: recordTypesFor(c.field) }))}`,
    );
  }
  return out;
}

/** A new cycle: strategy, due revisits, the Lead's plan; persisted with the cycle marked open. */
export async function planCycle(ctx: RunContext, run: RunState): Promise<void> {
  const t0 = ctx.clock.now().getTime();
  run.state.cycle += 1;
  const cycle = run.state.cycle;
  const subject = run.graph.get(run.state.subjectId!)!;
  const goals = goalStatus(subject, ctx.config.goals, (id) => run.graph.get(id));
  run.strategy = chooseStrategy({
    cycle,
    openConflicts: [...run.conflictsById.values()].filter((c) => c.person === subject.id && c.status !== 'resolved')
      .length,
    pendingClues: openHypotheses(run.state).length,
    frontier: run.state.frontier.size,
    unprovenGoals: goals.filter((g) => !g.sufficient).length,
  });
  // Due revisits move from the revisit queue to the frontier (seed 001 RQ → crawler).
  if (run.state.revisitQueue.length) {
    addTasks(run.state, run.state.revisitQueue);
    run.state.revisitQueue = [];
  }
  const view = planningView(ctx, run);
  const plan = await ctx.agents.planner.plan(view, ctx.opts.signal);
  const planned: Task[] = [];
  for (const a of plan.nextActions)
    if (a.action === 'fetch' && a.query)
      planned.push(
        searchTask(ctx, run.state, a.query, {
          priority: Math.max(0, Math.min(1, a.priority)),
          targetPerson: subject.id,
        }),
      );
  for (const q of plan.queryExpansions)
    planned.push(searchTask(ctx, run.state, q, { priority: 0.5, targetPerson: subject.id }));
  for (const r of plan.revisits) {
    if (!ctx.log.accessed.has(r.source)) continue; // ScoutRevisitSource: only a source accessed before
    planned.push(
      searchTask(
        ctx,
        run.state,
        { ...r.improvedQuery, sources: [r.source] },
        { priority: REVISIT_PRIORITY, targetPerson: subject.id, revisitReason: r.reason },
      ),
    );
  }
  const { added } = addTasks(run.state, planned);
  ctx.log.add({
    agent: 'Lead',
    actionType: 'decision',
    decisionType: 'cycle_plan',
    optionsConsidered: ['explore', 'deepen', 'challenge'],
    chosenOption: run.strategy,
    rationale: `${run.strategy}: ${view.counts.frontier} queued, ${view.counts.clues} open clue(s), ${view.gaps.length} gap(s); planner (${ctx.agents.planner.kind}) added ${added.length} task(s)${plan.shouldStop ? `; ${quotedStopReason(ctx.agents.planner.kind, plan.stopReason)}` : ''}`,
    context: added
      .map((t) => formatQuery(t.query ?? {}))
      .join(' | ')
      .slice(0, 2000),
  });
  ctx.log.emit('cycle', `Cycle ${cycle} (${run.strategy}): ${run.state.frontier.size} task(s) queued`);
  run.plannerStop = plan.shouldStop
    ? plan.stopReason || `the Lead planner (${ctx.agents.planner.kind}) decided to stop`
    : undefined;
  run.openCycle = {
    steps: 0,
    strategy: run.strategy,
    plannerStop: run.plannerStop,
    startedAt: t0,
    before: { persons: run.graph.size, sources: ctx.store.sources().length, conflicts: run.conflictsById.size },
  };
  if (run.state.frontier.size === 0) await decide(ctx, run, true);
  else if (run.plannerStop) await decide(ctx, run, false);
  // The planner's stop stands only where the loop's own rules end the run (the deterministic floor).
  if (plan.shouldStop && !run.state.terminated)
    ctx.log.add(
      plannerStopOverruled(ctx.agents.planner.kind, plan.stopReason, {
        frontier: run.state.frontier.size,
        clues: openHypotheses(run.state).length,
        cycle,
      }),
    );
  await ctx.log.flush();
  await persist(ctx, run);
}
