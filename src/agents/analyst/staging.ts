/**
 * Seed 004 (PROVES) decision maker: a fact is accepted only when its evidence supports its
 * confidence — compounded independent evidence (seed 002: 1 − ∏(1 − cᵢ), one claim per source) of at
 * least ACCEPT_THRESHOLD with at least one direct statement, and not outweighed in a conflict.
 * Everything else stays staged: the human review queue. User decisions are never changed.
 */
import type { Assertion, EvidenceClaim, Person, Relationship } from '../../model';
import { compoundConfidence } from '../../engine/priority';

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

/** Re-decides every engine-owned assertion and relationship of a person. */
export function restage(p: Person, disputedIds: ReadonlySet<string>): { person: Person; decisions: StagingDecision[] } {
  const decisions: StagingDecision[] = [];
  const assertions: Assertion[] = p.assertions.map((a) => {
    if (userOwned(a)) return a;
    const d = decide(a.evidence, disputedIds.has(a.id));
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
    if (userOwned(r)) return r;
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
