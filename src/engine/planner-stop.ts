/**
 * The Lead planner may ask to stop, but a stop is honoured only when the loop's own termination
 * rules (goal achieved, exhausted, budget, GPS satisfied, diminishing returns) agree: a wrong or
 * hostile model must not end the research before the deterministic loop would (issue 14, the
 * deterministic floor). An overruled stop is logged, its reason quoted and labelled as the planner's.
 */
import type { NewLogEntry } from '../model';

/** The planner's reason as a quoted, labelled opinion: model text never stands as the engine's own words. */
export function quotedStopReason(kind: string, reason: string | undefined): string {
  const text = (reason ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
  return `the Lead planner (${kind}) asked to stop${text ? `, saying: "${text.replace(/"/g, "'")}"` : ''}`;
}

export function plannerStopOverruled(
  kind: string,
  reason: string | undefined,
  state: { frontier: number; clues: number; cycle: number },
): NewLogEntry {
  return {
    agent: 'Lead',
    actionType: 'decision',
    decisionType: 'planner_stop_overruled',
    optionsConsidered: ['stop', 'continue'],
    chosenOption: 'continue',
    rationale: `${quotedStopReason(kind, reason)}; overruled: none of the loop's termination rules holds (goal achieved, queues exhausted, budget used, GPS satisfied, diminishing returns), with ${state.frontier} task(s) queued and ${state.clues} open clue(s)`,
    context: `cycle ${state.cycle}`,
    cycle: state.cycle,
  };
}
