/**
 * The refinement loop of seed 004 without LangGraph: a fact the Validator sends back for more
 * evidence is one round; its request becomes a search of the next cycle (the extractor's next
 * try). After MAX_ROUNDS rounds, or at once when its evidence is not in its sources, the fact is
 * escalated: it stays staged and leads the review queue with the Validator's reasons. One round per
 * cycle at most (`at` names the cycle), so a resumed cycle never counts twice; the count lives in the
 * person file, so a later run goes on from it.
 */
import { createHash } from 'node:crypto';
import type { Escalation, EvidenceClaim, Refinement } from '../../model';
import type { Verdict } from './verdict';

/** Seed 004's recursion_limit: rounds of refinement before a person has to decide. */
export const MAX_ROUNDS = 5;

/** Every reason the Validator escalates with starts so (verify-source.ts has its own). */
export const VALIDATOR_MARK = 'the Validator';

export function isValidatorEscalation(e: Escalation): boolean {
  return e.reasons.every((r) => r.startsWith(VALIDATOR_MARK));
}

/** What a fact's evidence is, in a few characters: a model's hold lasts while it stays the same. */
export function evidenceFingerprint(evidence: readonly EvidenceClaim[]): string {
  const keys = evidence.map((e) => `${e.source}\u0000${e.snippet}`).sort();
  return createHash('sha256').update(keys.join('\u0001')).digest('hex').slice(0, 16);
}

/** A model's hold on an item that the rules passed: it goes back to staged, one round counted. */
export function holdRound<T extends Refinable>(
  item: T,
  reason: string,
  fingerprint: string,
  at: string,
): { item: T; outcome: RoundOutcome } {
  const request = `${VALIDATOR_MARK} (model): ${reason}`;
  const rounds = item.refinement?.at === at ? item.refinement.rounds : (item.refinement?.rounds ?? 0) + 1;
  return {
    item: { ...item, status: 'staged', refinement: { rounds, request, at, held: fingerprint } },
    outcome: { kind: 'round', rounds, request },
  };
}

interface Refinable {
  status: string;
  refinement?: Refinement;
  escalated?: Escalation;
}

export type RoundOutcome =
  /** Sent back with the request (a new round). */
  | { kind: 'round'; rounds: number; request: string }
  /** Escalated now, with its reasons. */
  | { kind: 'escalated'; rounds: number; reasons: string[] }
  /** Nothing new: this cycle's round was counted, or it is escalated already. */
  | { kind: 'unchanged' };

/** One item's round for the cycle `at` ("<session>#<cycle>"): the item as it goes on, and what happened. */
export function refineRound<T extends Refinable>(
  item: T,
  verdict: Verdict,
  at: string,
): { item: T; outcome: RoundOutcome } {
  if (item.status !== 'staged' || verdict.verdict === 'pass' || item.escalated)
    return { item, outcome: { kind: 'unchanged' } };
  const prior = item.refinement;
  if (prior?.at === at) return { item, outcome: { kind: 'unchanged' } };
  const rounds = (prior?.rounds ?? 0) + (verdict.verdict === 'reject' ? 0 : 1);
  if (verdict.verdict === 'reject' || rounds >= MAX_ROUNDS) {
    const why =
      verdict.verdict === 'reject'
        ? `${VALIDATOR_MARK} rejected it: ${verdict.reasons.join('; ')}`
        : `${VALIDATOR_MARK} asked ${rounds} times for more evidence and it did not come: ${verdict.request ?? verdict.reasons.join('; ')}`;
    const reasons = [why, ...verdict.reasons.filter((r) => !why.includes(r)).map((r) => `${VALIDATOR_MARK}: ${r}`)];
    return {
      item: {
        ...item,
        refinement: { ...prior, rounds: Math.max(rounds, 1), request: verdict.request ?? why, at },
        escalated: { reasons, rounds },
      },
      outcome: { kind: 'escalated', rounds, reasons },
    };
  }
  const request = verdict.request ?? verdict.reasons.join('; ');
  return {
    item: { ...item, refinement: { ...prior, rounds, request, at } },
    outcome: { kind: 'round', rounds, request },
  };
}
