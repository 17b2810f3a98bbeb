/**
 * A namesake the record's own family points to. A search for one man can find the record of another
 * man of his name (two John Ungarians from one village): the record names a wife and a son, and they
 * are the namesake's, not the sought man's. The aim of the search then does not decide the match; the
 * resolver compares every candidate, and the relatives named alike weigh there.
 */
import type { PairScore } from '../resolve/score';

/** In log-odds: the rival's score ahead of the sought person's. */
const MARGIN = 2;
/**
 * The family weight that ties a rival: two relatives named alike (1.2 to 1.5 each, score.ts) or a
 * shared one. One alone is too common among a village's cousins (a father Johann Georg, a son Ramón).
 */
const TIED = 2.5;

const logOdds = (similarity: number): number => {
  const p = Math.min(1 - 1e-9, Math.max(1e-9, similarity));
  return Math.log(p / (1 - p));
};

/**
 * Whether a rival the record's relatives tie to, when none ties the sought person, outscores the
 * sought person by MARGIN or more.
 */
export function familyFavoursRival(target: PairScore, rivals: readonly PairScore[]): boolean {
  if ((target.weights.relationships ?? 0) > 0) return false;
  const bar = logOdds(target.similarity) + MARGIN;
  return rivals.some(
    (r) =>
      !r.hardNegative &&
      r.recommendation !== 'separate' &&
      (r.weights.relationships ?? 0) >= TIED &&
      logOdds(r.similarity) >= bar,
  );
}
