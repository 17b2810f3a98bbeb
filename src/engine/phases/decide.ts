/**
 * Decide (Z LeadCheckTermination, seed 001 §7): budgets, goal achieved, GPS satisfied, diminishing
 * returns, exhausted. Goal and GPS endings need the verification checkpoint to pass now.
 */
import { checkGPSCoverage, goalStatus, type VerificationResult } from '../../agents/analyst/gps';
import type { KnowledgeGraph } from '../../agents/analyst/graph';
import { outageNote } from '../source-outage';
import { openHypotheses, type EngineState, type TerminationConditions } from '../state';
import type { RunContext } from './context';
import { verifiedNow } from './verify';
import { isArchiveSweep } from './archive-sweep';
import { generationDepth } from '../generations';
import { ESTATE_LEAD, NEW_NAME_CLUE } from '../../model';

/** Seed 001 §7 diminishing returns: more than 10 queries since the last discovery. */
const QUERIES_WITHOUT_DISCOVERY = 10;

export interface DecideInput {
  /** The end of a cycle (or an empty frontier), where the cycle budget and exhaustion count. */
  cycleEnd: boolean;
  engine: Readonly<EngineState>;
  graph: KnowledgeGraph;
  /** The last verification checkpoint. */
  verification: VerificationResult | undefined;
}

/** The conditions of LeadCheckTermination (the loop ends when one holds), and the check run for them. */
export interface Decision {
  conditions: TerminationConditions;
  /** The verification the goal ending needed, when it was run. */
  verification?: VerificationResult;
}

/** Undefined when the session has already ended. */
export function decide(ctx: RunContext, input: DecideInput): Decision | undefined {
  const { engine, graph, cycleEnd } = input;
  if (engine.terminated) return undefined;
  const budget = ctx.config.budget;
  const subject = graph.get(engine.subjectId!)!;
  const elapsedMin = (ctx.clock.now().getTime() - ctx.startedAt) / 60000;
  const budgetReasons: string[] = [];
  if (engine.cycle >= ctx.maxCycles && cycleEnd) budgetReasons.push(`cycle budget (${ctx.maxCycles}) used`);
  if ((engine.counters.requests ?? 0) >= budget.maxRequests)
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
  const goals = goalStatus(subject, ctx.config.goals, (id) => graph.get(id));
  // Evidence already captured is analysed before the research may end on its results.
  // Anywhere in the queue, not only at its head: a capture queued behind searches of equal priority
  // was otherwise dropped unanalysed when the run ended on diminishing returns.
  // So is the sweep of the archive (archive-sweep.ts), queued when the research was about to end.
  const analysisQueued = engine.frontier.some((t) => t.taskType === 'AnalyzeTask' || isArchiveSweep(t));
  // "Answered with sufficient evidence" also means the leads about the immediate family were followed.
  const familyLeadsOpen = () =>
    openHypotheses(engine).some((h) => h.targetPersons.some((id) => graph.distanceFromSubject(id) <= 1));
  const exhausted =
    engine.frontier.size === 0 && openHypotheses(engine).length === 0 && engine.revisitQueue.length === 0 && cycleEnd;
  // A search under a name the subject or their immediate family was just found to bear (seed 000's
  // "new name" clue) is not more of the same: the run does not tire before it is tried.
  const newNameQueued = engine.frontier.some((t) => {
    const h = t.hypothesis ? engine.hypotheses.get(t.hypothesis) : undefined;
    return Boolean(
      (h?.statement.startsWith(NEW_NAME_CLUE) && h.targetPersons.some((id) => graph.distanceFromSubject(id) <= 1)) ||
      h?.statement.startsWith(ESTATE_LEAD),
    );
  });
  const diminishingReturns =
    !analysisQueued && !newNameQueued && (engine.counters.queriesSinceDiscovery ?? 0) > QUERIES_WITHOUT_DISCOVERY;
  // Seed 001 confidence_achieved: every goal proven (accepted, two sources each) and the target
  // generations reached. The family's leads must have been followed first, or have stopped yielding
  // (diminishing returns, nothing left): then the search was reasonably exhaustive (GPS element 1)
  // and the goal, not the search's tiredness, is why the research ends.
  const target = ctx.config.targetGenerations;
  const depth = target ? generationDepth(subject.id, (id) => graph.get(id)) : 0;
  const goalsAnswered =
    !analysisQueued &&
    goals.length > 0 &&
    goals.every((g) => g.sufficient) &&
    (!target || depth >= target) &&
    (diminishingReturns || exhausted || !familyLeadsOpen());
  // A goal ending needs the verification checkpoint to pass now.
  const verification = goalsAnswered ? verifiedNow(ctx, graph) : undefined;
  const goalAchieved = goalsAnswered && verification!.passed;
  const gpsSatisfied =
    !analysisQueued &&
    cycleEnd &&
    (verification ?? input.verification)?.passed === true &&
    checkGPSCoverage(graph.persons.values());
  const reason = budgetReasons.length
    ? `budget exceeded: ${budgetReasons.join('; ')}`
    : goalAchieved
      ? `goal achieved (confidence achieved): every research goal (${goals.map((g) => g.goal).join(', ')}) is proven by accepted evidence from at least two sources${target ? `, ${depth} generation(s) proven (target ${target})` : ''} and the verification checkpoint passed${familyLeadsOpen() ? `; the ${openHypotheses(engine).length} lead(s) still open stopped yielding (${engine.counters.queriesSinceDiscovery ?? 0} searches without a new record)` : ''}${outageNote(engine.parkedTasks)}`
      : gpsSatisfied
        ? 'GPS satisfied: every person has primary and secondary evidence and every citation was verified'
        : diminishingReturns
          ? `diminishing returns: ${engine.counters.queriesSinceDiscovery} searches without a new record`
          : `exhausted: the frontier, clue and revisit queues are empty${outageNote(engine.parkedTasks)}`;
  const conditions: TerminationConditions = {
    goalAchieved,
    exhausted,
    budgetExceeded: budgetReasons.length > 0,
    gpsSatisfied,
    diminishingReturns,
    userCancelled: false,
    reason,
  };
  return verification ? { conditions, verification } : { conditions };
}
