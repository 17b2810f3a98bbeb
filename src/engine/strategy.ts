/**
 * Winterfox cycle strategies (seed 002): EXPLORE (breadth: new hypotheses), DEEPEN (more evidence
 * for existing claims), CHALLENGE (seek counter-evidence for contested or single-source claims).
 * Deterministic choice from the state, with DEEPEN as the seed's default.
 */
export type Strategy = 'explore' | 'deepen' | 'challenge';

export function chooseStrategy(s: {
  cycle: number;
  openConflicts: number;
  pendingClues: number;
  frontier: number;
  unprovenGoals: number;
}): Strategy {
  if (s.cycle <= 1) return 'explore';
  if (s.openConflicts > 0 && s.cycle % 3 === 0) return 'challenge';
  if (s.pendingClues + s.frontier > 0 && s.cycle % 3 !== 2) return 'explore';
  return s.unprovenGoals > 0 ? 'deepen' : s.openConflicts > 0 ? 'challenge' : 'deepen';
}
