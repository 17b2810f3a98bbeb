/**
 * Seed 004 (PROVES) decision maker: a fact is accepted only when its evidence supports its
 * confidence — compounded independent evidence (seed 002: 1 − ∏(1 − cᵢ), one claim per source) of at
 * least ACCEPT_THRESHOLD with at least one direct statement, and not outweighed in a conflict.
 * Everything else stays staged: the human review queue. User decisions are never changed.
 */
import type { Assertion, EvidenceClaim, Person, Relationship } from '../../model';
import { compoundConfidence } from '../../engine/priority';
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

/** Re-decides every engine-owned assertion and relationship of a person. */
export function restage(p: Person, disputedIds: ReadonlySet<string>): { person: Person; decisions: StagingDecision[] } {
  const decisions: StagingDecision[] = [];
  const assertions: Assertion[] = p.assertions.map((a) => {
    // Escalated (a person has to decide, e.g. its source failed verification): never promoted here.
    if (userOwned(a) || a.escalated) return a;
    // "Wales" (two censuses) supports "Llanidloes, Wales" (one record): values that agree at a coarser
    // precision are not rivals of the precise one but its evidence (issue #14 item 9).
    const coarser = supportersOf(p, a);
    const d0 = decide(
      coarser.length ? [...a.evidence, ...coarser.flatMap((c) => c.evidence)] : a.evidence,
      disputedIds.has(a.id),
    );
    const d = coarser.length
      ? { ...d0, reason: `${d0.reason}; supported by the coarser ${coarser.map((c) => `"${c.value}"`).join(', ')}` }
      : d0;
    if (d.status !== a.status)
      decisions.push({
        kind: 'assertion',
        id: a.id,
        from: a.status,
        to: d.status,
        confidence: d.confidence,
        reason: `${a.field} = ${a.value}: ${d.reason}`,
      });
    return d.status === a.status && d.confidence === a.confidence
      ? a
      : { ...a, status: d.status, confidence: d.confidence };
  });
  const relationships: Relationship[] = p.relationships.map((r) => {
    if (userOwned(r) || r.escalated) return r;
    const d = decide(r.evidence, false);
    if (d.status !== r.status)
      decisions.push({
        kind: 'relationship',
        id: `${r.type}:${r.person}`,
        from: r.status,
        to: d.status,
        confidence: d.confidence,
        reason: `${r.type} ${r.person}: ${d.reason}`,
      });
    return d.status === r.status && d.confidence === r.confidence
      ? r
      : { ...r, status: d.status, confidence: d.confidence };
  });
  return { person: { ...p, assertions, relationships }, decisions };
}
