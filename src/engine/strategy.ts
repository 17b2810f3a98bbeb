/**
 * Winterfox cycle strategies (seed 002): EXPLORE (breadth: new hypotheses), DEEPEN (more evidence
 * for existing claims), CHALLENGE (seek counter-evidence for contested or single-source claims).
 * The Lead picks one with its target each cycle (lead/ucb.ts strategyFor), not by cycle number.
 */
export type Strategy = 'explore' | 'deepen' | 'challenge';

export const STRATEGIES = ['explore', 'deepen', 'challenge'] as const satisfies readonly Strategy[];
