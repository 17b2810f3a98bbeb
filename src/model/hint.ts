/**
 * The user's starting facts (case.yaml subject.born/place/died) seed the first search; they are a
 * hint, not evidence (issue 14): no conflict weighs them, no proof cites them, no GPS gap is raised
 * for them. They are recognised by the note the engine writes when it creates the subject.
 */
import type { Assertion } from './person';

export const HINT_NOTE_RESEARCH = 'given by the user in case.yaml';
export const HINT_NOTE_INIT = 'given by the user at case creation';

export function isStartingHint(a: Pick<Assertion, 'evidence' | 'note'>): boolean {
  return a.evidence.length === 0 && (a.note === HINT_NOTE_RESEARCH || a.note === HINT_NOTE_INIT);
}
