/**
 * Seed 004 (PROVES) decision maker: a fact is accepted only when its evidence supports its
 * confidence — compounded independent evidence (seed 002: 1 − ∏(1 − cᵢ), one claim per source) of at
 * least ACCEPT_THRESHOLD with at least one direct statement, and not outweighed in a conflict — and
 * the Validator passes it (src/agents/validator: grounded, confidence in line with its evidence
 * kind, the fact type's fields, no unexplained contradiction). Everything else stays staged: the
 * human review queue. User decisions are never changed.
 */
import type { Assertion, EvidenceClaim, Person, Relationship } from '../../model';
import { compoundConfidence } from '../../engine/priority';
import {
  evidenceFingerprint,
  isValidatorEscalation,
  unexplainedContradictions,
  validateAssertion,
  validateRelationship,
  type ValidationContext,
  type Verdict,
} from '../validator';
import { compatibleValues, fieldKind, precision } from './conflicts/compatible';

export const ACCEPT_THRESHOLD = 0.8;

/** Independent evidence: the best claim of each source counts once. */
export function evidenceConfidence(evidence: readonly EvidenceClaim[]): number {
  const bySource = new Map<string, number>();
  for (const e of evidence) bySource.set(e.source, Math.max(bySource.get(e.source) ?? 0, e.confidence));
  return Number(compoundConfidence([...bySource.values()]).toFixed(4));
}

/** The user's: rejected, reviewed (`ancestry review`), entered without evidence or cited as the user's. */
function userOwned(x: { evidence: EvidenceClaim[]; status: string; reviewed?: unknown }): boolean {
  return (
    x.status === 'rejected' ||
    x.reviewed !== undefined ||
    x.evidence.length === 0 ||
    x.evidence.some((e) => e.method === 'user')
  );
}

export interface StagingDecision {
  kind: 'assertion' | 'relationship';
  id: string;
  from: string;
  to: string;
  confidence: number;
  reason: string;
}

/** The Validator's verdict on one engine-owned fact or relationship as it was staged or accepted. */
export interface ItemVerdict {
  kind: 'assertion' | 'relationship';
  /** An assertion's id; a relationship's `<type>:<person>`. */
  id: string;
  /** "birth.date = 1850", "parent P2". */
  label: string;
  status: 'accepted' | 'staged' | 'disputed';
  verdict: Verdict;
}

/** Escalated for a reason other than the Validator's (a source failed verification): left to a person. */
function heldForAPerson(x: { escalated?: { reasons: string[] } }): boolean {
  return Boolean(x.escalated && !isValidatorEscalation(x.escalated));
}

/** A model Validator's hold while the evidence it judged stands: stricter than the rules, never looser. */
function withHold(
  v: Verdict,
  x: { evidence: EvidenceClaim[]; refinement?: { held?: string; request: string } },
): Verdict {
  if (v.verdict !== 'pass' || !x.refinement?.held || x.refinement.held !== evidenceFingerprint(x.evidence)) return v;
  return {
    verdict: 'needs_more_evidence',
    reasons: [x.refinement.request],
    request: x.refinement.request,
    by: 'model',
  };
}

/** A decision the Validator did not pass stays staged, with its reasons; a staged one gets a request. */
function gate(
  d: ReturnType<typeof decide>,
  v: Verdict,
): { status: 'accepted' | 'staged' | 'disputed'; confidence: number; reason: string; verdict: Verdict } {
  if (d.status === 'accepted') {
    if (v.verdict === 'pass') return { ...d, verdict: v };
    return { ...d, status: 'staged', reason: `the Validator: ${v.reasons.join('; ')}`, verdict: v };
  }
  // Staged by the decision maker: the Validator's request says what would promote it.
  if (v.verdict !== 'pass') return { ...d, verdict: v };
  return {
    ...d,
    verdict: {
      verdict: 'needs_more_evidence',
      reasons: [d.reason],
      request: d.reason.startsWith('only indirect') ? 'a record stating it directly' : 'a second independent source',
      by: 'rules',
    },
  };
}

/** A fact or relationship leaving the staged state sheds its refinement (and the Validator's escalation). */
function settled<T extends { escalated?: { reasons: string[] }; refinement?: unknown }>(x: T, status: string): T {
  if (status !== 'accepted' || (!x.refinement && !x.escalated)) return x;
  const { refinement: _r, escalated, ...rest } = x;
  return (escalated && !isValidatorEscalation(escalated) ? { ...rest, escalated } : rest) as T;
}

export function decide(
  evidence: readonly EvidenceClaim[],
  disputed: boolean,
): { status: 'accepted' | 'staged' | 'disputed'; confidence: number; reason: string } {
  const confidence = evidenceConfidence(evidence);
  const direct = evidence.some((e) => e.evidence === 'direct');
  const sources = new Set(evidence.map((e) => e.source)).size;
  if (disputed)
    return {
      status: 'disputed',
      confidence,
      reason: `outweighed by a competing value (confidence ${confidence.toFixed(2)})`,
    };
  if (confidence >= ACCEPT_THRESHOLD && direct)
    return {
      status: 'accepted',
      confidence,
      reason: `confidence ${confidence.toFixed(2)} from ${sources} source(s) with direct evidence`,
    };
  return {
    status: 'staged',
    confidence,
    reason: !direct
      ? `only indirect evidence (confidence ${confidence.toFixed(2)}): queued for review`
      : `confidence ${confidence.toFixed(2)} < ${ACCEPT_THRESHOLD} from ${sources} source(s): queued for review`,
  };
}

/** The person's other values of a place field that say the same at a coarser precision. */
function supportersOf(p: Person, a: Assertion): Assertion[] {
  // Places only: a date computed from an age ("CAL 1798") fits any day of its years, and would
  // carry a single record's wrong day over the line (measured: it did, on two held-out cases).
  if (fieldKind(a.field) !== 'place') return [];
  const level = precision(a.field, a.value);
  const values = p.assertions.filter((b) => b !== a && b.field === a.field && b.status !== 'rejected');
  // A coarse value that fits a rival as well ("CAL 1861" beside "4 MAR 1861" and "14 MAR 1861") tells
  // them apart no more than it did before: it supports neither.
  const rivals = values.filter(
    (c) => precision(c.field, c.value) >= level && !compatibleValues(a.field, a.value, c.value),
  );
  return values.filter(
    (b) =>
      b.evidence.length > 0 &&
      precision(b.field, b.value) < level &&
      compatibleValues(a.field, a.value, b.value) &&
      !rivals.some((c) => compatibleValues(a.field, c.value, b.value)),
  );
}

/**
 * Re-decides every engine-owned assertion and relationship of a person; the Validator gates every
 * promotion. `verdicts` hold the Validator's verdict on each engine-owned item (disputed ones aside).
 */
export function restage(
  p: Person,
  disputedIds: ReadonlySet<string>,
  validation: ValidationContext = { threshold: ACCEPT_THRESHOLD },
): { person: Person; decisions: StagingDecision[]; verdicts: ItemVerdict[] } {
  const decisions: StagingDecision[] = [];
  const verdicts: ItemVerdict[] = [];
  type Decided = ReturnType<typeof gate> & { label: string };
  const decided = new Map<string, Decided>();
  for (const a of p.assertions) {
    // Escalated by a check a person has to settle (its source failed verification): never promoted here.
    if (userOwned(a) || heldForAPerson(a)) continue;
    // "Wales" (two censuses) supports "Llanidloes, Wales" (one record): values that agree at a coarser
    // precision are not rivals of the precise one but its evidence (issue #14 item 9).
    const coarser = supportersOf(p, a);
    const evidence = coarser.length ? [...a.evidence, ...coarser.flatMap((c) => c.evidence)] : a.evidence;
    const d0 = decide(evidence, disputedIds.has(a.id));
    const d = coarser.length
      ? { ...d0, reason: `${d0.reason}; supported by the coarser ${coarser.map((c) => `"${c.value}"`).join(', ')}` }
      : d0;
    const v = withHold(validateAssertion(a, evidence, validation), a);
    decided.set(a.id, { ...gate(d, v), label: `${a.field} = ${a.value}` });
  }
  // No contradiction with an accepted fact left unexplained: weighed over the person as decided.
  const candidates = new Set([...decided].filter(([, d]) => d.status === 'accepted').map(([id]) => id));
  const asDecided = p.assertions.map((a) => ({ ...a, status: decided.get(a.id)?.status ?? a.status }));
  for (const [id, why] of unexplainedContradictions(asDecided, candidates)) {
    const d = decided.get(id)!;
    const verdict: Verdict = {
      verdict: 'needs_more_evidence',
      reasons: [...d.verdict.reasons, why],
      request: `${d.label}: evidence that settles it against the other value (a conflict to weigh)`,
      by: 'rules',
    };
    decided.set(id, { ...d, status: 'staged', reason: `the Validator: ${why}`, verdict });
  }
  const assertions: Assertion[] = p.assertions.map((a) => {
    const d = decided.get(a.id);
    if (!d) return a;
    if (d.status !== 'disputed')
      verdicts.push({ kind: 'assertion', id: a.id, label: d.label, status: d.status, verdict: d.verdict });
    if (d.status !== a.status)
      decisions.push({
        kind: 'assertion',
        id: a.id,
        from: a.status,
        to: d.status,
        confidence: d.confidence,
        reason: `${d.label}: ${d.reason}`,
      });
    const next = settled(a, d.status);
    return d.status === a.status && d.confidence === a.confidence && next === a
      ? a
      : { ...next, status: d.status, confidence: d.confidence };
  });
  const relationships: Relationship[] = p.relationships.map((r) => {
    if (userOwned(r) || heldForAPerson(r)) return r;
    const d = gate(decide(r.evidence, false), withHold(validateRelationship(p.id, r, validation), r));
    const id = `${r.type}:${r.person}`;
    verdicts.push({ kind: 'relationship', id, label: `${r.type} ${r.person}`, status: d.status, verdict: d.verdict });
    if (d.status !== r.status)
      decisions.push({
        kind: 'relationship',
        id,
        from: r.status,
        to: d.status,
        confidence: d.confidence,
        reason: `${r.type} ${r.person}: ${d.reason}`,
      });
    const next = settled(r, d.status);
    return d.status === r.status && d.confidence === r.confidence && next === r
      ? r
      : { ...next, status: d.status, confidence: d.confidence };
  });
  // Nothing changed: the same person (a caller may tell an unchanged person by identity).
  const same =
    assertions.every((a, i) => a === p.assertions[i]) && relationships.every((r, i) => r === p.relationships[i]);
  return { person: same ? p : { ...p, assertions, relationships }, decisions, verdicts };
}
