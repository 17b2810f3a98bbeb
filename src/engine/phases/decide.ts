/**
 * Decide (Z LeadCheckTermination, seed 001 §7): budgets, goal achieved, GPS satisfied, diminishing
 * returns, exhausted. Goal and GPS endings need the verification checkpoint to pass now.
 */
import { checkGPSCoverage, goalStatus } from '../../agents/analyst/gps';
import { outageNote } from '../source-outage';
import { leadCheckTermination, openHypotheses, type TerminationConditions } from '../state';
import type { RunContext, RunState } from './context';
import { verifiedNow } from './verify';

/** Seed 001 §7 diminishing returns: more than 10 queries since the last discovery. */
const QUERIES_WITHOUT_DISCOVERY = 10;

/** `cycleEnd`: the end of a cycle (or an empty frontier), where the cycle budget and exhaustion count. */
export async function decide(ctx: RunContext, run: RunState, cycleEnd: boolean): Promise<void> {
  if (run.state.terminated) return;
  const budget = ctx.config.budget;
  const subject = run.graph.get(run.state.subjectId!)!;
  const elapsedMin = (ctx.clock.now().getTime() - ctx.startedAt) / 60000;
  const budgetReasons: string[] = [];
  if (run.state.cycle >= ctx.maxCycles && cycleEnd) budgetReasons.push(`cycle budget (${ctx.maxCycles}) used`);
  if ((run.state.counters.requests ?? 0) >= budget.maxRequests)
    budgetReasons.push(`request budget (${budget.maxRequests}) used`);
  if (ctx.opts.meter && ctx.opts.meter.tokens() >= budget.maxTokens)
    budgetReasons.push(`token budget (${budget.maxTokens}) used`);
  if (ctx.opts.meter && ctx.opts.meter.costUsd() >= budget.maxUsd)
    budgetReasons.push(`cost budget ($${budget.maxUsd}) used`);
  // The meter refuses a call before it would pass the budget, so "used up" is its own verdict.
  const meterReason = ctx.opts.meter?.exhausted?.();
  if (meterReason && !budgetReasons.length)
    budgetReasons.push(/budget/i.test(meterReason) ? meterReason : `model budget: ${meterReason}`);
  if (elapsedMin >= budget.maxMinutes) budgetReasons.push(`time budget (${budget.maxMinutes} min) used`);
  if (ctx.log.size > budget.maxLogEntries)
    budgetReasons.push(`research log budget (${budget.maxLogEntries} entries) used`);
  const goals = goalStatus(subject, ctx.config.goals, (id) => run.graph.get(id));
  // Evidence already captured is analysed before the research may end on its results.
  // Anywhere in the queue, not only at its head: a capture queued behind searches of equal priority
  // was otherwise dropped unanalysed when the run ended on diminishing returns.
  const analysisQueued = run.state.frontier.some((t) => t.taskType === 'AnalyzeTask');
  // "Answered with sufficient evidence" also means the leads about the immediate family were followed.
  const familyLeadsOpen = () =>
    openHypotheses(run.state).some((h) => h.targetPersons.some((id) => run.graph.distanceFromSubject(id) <= 1));
  const goalAchieved =
    !analysisQueued &&
    goals.length > 0 &&
    goals.every((g) => g.sufficient) &&
    !familyLeadsOpen() &&
    verifiedNow(ctx, run);
  const exhausted =
    run.state.frontier.size === 0 &&
    openHypotheses(run.state).length === 0 &&
    run.state.revisitQueue.length === 0 &&
    cycleEnd;
  const gpsSatisfied =
    !analysisQueued && cycleEnd && run.verification?.passed === true && checkGPSCoverage(run.graph.persons.values());
  const diminishingReturns =
    !analysisQueued && (run.state.counters.queriesSinceDiscovery ?? 0) > QUERIES_WITHOUT_DISCOVERY;
  const reason = budgetReasons.length
    ? `budget exceeded: ${budgetReasons.join('; ')}`
    : goalAchieved
      ? 'goal achieved: every research goal is answered by accepted, corroborated evidence and the verification checkpoint passed'
      : gpsSatisfied
        ? 'GPS satisfied: every person has primary and secondary evidence and every citation was verified'
        : diminishingReturns
          ? `diminishing returns: ${run.state.counters.queriesSinceDiscovery} searches without a new record`
          : `exhausted: the frontier, clue and revisit queues are empty${outageNote(run.state.parkedTasks)}`;
  const c: TerminationConditions = {
    goalAchieved,
    exhausted,
    budgetExceeded: budgetReasons.length > 0,
    gpsSatisfied,
    diminishingReturns,
    userCancelled: false,
    reason,
  };
  const entry = leadCheckTermination(run.state, c);
  if (entry) {
    ctx.log.add(entry);
    ctx.log.emit('step', `Stopping: ${reason}`);
  }
}
