/**
 * The deterministic Validator (seed 004, issue #23 item 1): the checks a staged fact must pass
 * before it may be promoted, each failed one a reason. Pure: the sources and persons it needs are
 * looked up through the context.
 *
 * - evidence present and grounded: every claim's snippet is verbatim in its captured source
 *   (a GEDCOM citation is the imported tree's, not a capture: it is not looked up);
 * - confidence in line with the evidence kind: each claim's confidence is capped by what it is
 *   (derivative or authored source, secondary information, indirect or negative evidence) before the
 *   independent claims compound (seed 002); the capped confidence must still reach the threshold;
 * - required fields for the fact type: a date field holds a date, a place field a place, a
 *   relationship two persons;
 * - no contradiction with accepted facts left unexplained (contradictions.ts, over the whole person).
 */
import type { Assertion, EvidenceClaim, Relationship, SourceRecord } from '../../model';
import { parseGDate } from '../../model/gdate';
import { compoundConfidence } from '../../engine/priority';
import { snippetInSource } from '../analyst/extract/evidence-text';
import type { Verdict } from './verdict';

/** The most a claim of each kind can say on its own (GPS: a derivative or a secondary report needs support). */
export const CONFIDENCE_CAPS = {
  sourceClass: { original: 1, derivative: 0.75, authored: 0.6 },
  information: { primary: 1, secondary: 0.75, undetermined: 0.75 },
  evidence: { direct: 1, indirect: 0.7, negative: 0.5 },
} as const;

export interface ValidationContext {
  /** The promotion threshold of the compounded, capped confidence. */
  threshold: number;
  /** A captured source by id; absent: grounding is not checked (a caller without the case's sources). */
  source?: (id: string) => Pick<SourceRecord, 'persons' | 'text' | 'title' | 'date' | 'place'> | undefined;
  /** Whether a person is in the case (a relationship needs two). */
  personExists?: (id: string) => boolean;
  /** Grounding answers already computed (sources are never rewritten, so an answer stays true). */
  grounded?: Map<string, boolean>;
}

export function cappedConfidence(e: EvidenceClaim): number {
  return Math.min(
    e.confidence,
    CONFIDENCE_CAPS.sourceClass[e.sourceClass],
    CONFIDENCE_CAPS.information[e.information],
    CONFIDENCE_CAPS.evidence[e.evidence],
  );
}

function isGrounded(e: EvidenceClaim, ctx: ValidationContext): boolean {
  if (!ctx.source || e.method === 'gedcom') return true;
  const key = `${e.source}\u0000${e.snippet}`;
  const known = ctx.grounded?.get(key);
  if (known !== undefined) return known;
  const s = ctx.source(e.source);
  const ok = Boolean(s && e.snippet.trim() && snippetInSource(e.snippet, s));
  ctx.grounded?.set(key, ok);
  return ok;
}

/** Grounding and the capped confidence of the grounded claims (the best claim of each source counts once). */
function weighEvidence(
  evidence: readonly EvidenceClaim[],
  ctx: ValidationContext,
): { ungrounded: EvidenceClaim[]; grounded: EvidenceClaim[]; capped: number; sources: number } {
  const grounded: EvidenceClaim[] = [];
  const ungrounded: EvidenceClaim[] = [];
  for (const e of evidence) (isGrounded(e, ctx) ? grounded : ungrounded).push(e);
  const bySource = new Map<string, number>();
  for (const e of grounded) bySource.set(e.source, Math.max(bySource.get(e.source) ?? 0, cappedConfidence(e)));
  return {
    ungrounded,
    grounded,
    capped: Number(compoundConfidence([...bySource.values()]).toFixed(4)),
    sources: bySource.size,
  };
}

/** What would let the evidence pass, named after what holds it back. */
function requestFor(subject: string, grounded: readonly EvidenceClaim[], sources: number): string {
  const wants: string[] = [];
  if (!grounded.some((e) => e.sourceClass === 'original'))
    wants.push('an original record rather than a derivative or authored one');
  if (!grounded.some((e) => e.information === 'primary'))
    wants.push('primary information (an informant who knew it first-hand)');
  if (!grounded.some((e) => e.evidence === 'direct')) wants.push('a record stating it directly');
  if (sources < 2) wants.push('a second independent source');
  return `${subject}: ${wants.length ? wants.join('; ') : 'more independent evidence'}`;
}

/** The checks shared by facts and relationships: evidence present, grounded, confidence in line with its kind. */
function checkEvidence(subject: string, evidence: readonly EvidenceClaim[], ctx: ValidationContext): Verdict {
  if (!evidence.length || evidence.every((e) => !e.snippet.trim()))
    return {
      verdict: 'needs_more_evidence',
      reasons: [`${subject}: no evidence text`],
      request: `${subject}: the exact words of a record that states it`,
      by: 'rules',
    };
  const w = weighEvidence(evidence, ctx);
  if (!w.grounded.length)
    return {
      verdict: 'reject',
      reasons: [
        `${subject}: its evidence is not in its source(s) (${[...new Set(w.ungrounded.map((e) => e.source))].join(', ')})`,
      ],
      by: 'rules',
    };
  const reasons: string[] = [];
  if (w.ungrounded.length)
    reasons.push(
      `${subject}: ${w.ungrounded.length} claim(s) not found in their source (${[...new Set(w.ungrounded.map((e) => e.source))].join(', ')}) do not count`,
    );
  if (w.capped < ctx.threshold) {
    reasons.push(
      `${subject}: confidence ${w.capped.toFixed(2)} for its evidence kind (${describe(w.grounded)}) < ${ctx.threshold}`,
    );
    return {
      verdict: 'needs_more_evidence',
      reasons,
      request: requestFor(subject, w.grounded, w.sources),
      by: 'rules',
    };
  }
  return { verdict: 'pass', reasons, by: 'rules' };
}

function describe(evidence: readonly EvidenceClaim[]): string {
  const kinds = new Set(evidence.map((e) => `${e.sourceClass}/${e.information}/${e.evidence}`));
  return [...kinds].slice(0, 3).join(', ') + (kinds.size > 3 ? ', …' : '');
}

/** The value a fact type requires: a date for a date field, a place for a place field. */
function missingField(a: Pick<Assertion, 'field' | 'value'>): string | undefined {
  const v = a.value.trim();
  if (!v) return `${a.field} has no value`;
  if (a.field.endsWith('.date')) {
    const d = parseGDate(v);
    if (!d.earliest) return `${a.field} = ${v} is not a date`;
  } else if (a.field.endsWith('.place')) {
    if (!/\p{L}/u.test(v)) return `${a.field} = ${v} is not a place`;
  } else if (a.field === 'sex') {
    if (!/^[MFU]$/.test(v)) return `sex = ${v} is not M, F or U`;
  }
  return undefined;
}

/** A fact about to be promoted: `evidence` is what its decision rests on (its own, and coarser supporters'). */
export function validateAssertion(
  a: Pick<Assertion, 'field' | 'value'>,
  evidence: readonly EvidenceClaim[],
  ctx: ValidationContext,
): Verdict {
  const subject = `${a.field} = ${a.value}`;
  const missing = missingField(a);
  if (missing)
    return {
      verdict: 'needs_more_evidence',
      reasons: [missing],
      request: `${subject}: a record giving the ${a.field.split('.').pop()} itself`,
      by: 'rules',
    };
  return checkEvidence(subject, evidence, ctx);
}

/** A relationship about to be promoted: two persons, both in the case, and grounded evidence. */
export function validateRelationship(
  owner: string,
  r: Pick<Relationship, 'type' | 'person' | 'evidence'>,
  ctx: ValidationContext,
): Verdict {
  const subject = `${r.type} ${r.person}`;
  if (!r.person || r.person === owner || (ctx.personExists && !ctx.personExists(r.person)))
    return {
      verdict: 'reject',
      reasons: [`${subject}: a relationship needs two persons of the case`],
      by: 'rules',
    };
  return checkEvidence(subject, r.evidence, ctx);
}
