import { z } from 'zod';

/** Ids name files (`people/<id>-<slug>.md`), so they must be safe path segments. */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$/;
export const Id = z.string().regex(ID_PATTERN, 'an id is letters, digits, "_", "-" or "." (at most 80)');
export type Id = z.infer<typeof Id>;

export const Probability = z.number().min(0).max(1);

/** ISO 8601 instant, as written by `new Date().toISOString()`. */
export const Instant = z.iso.datetime({ offset: true });

/**
 * A date phrase as a user types it in YAML: `born: 1884` is a number to YAML, and is kept as the
 * text "1884" instead of being rejected (a bare year is the commonest date a genealogist writes).
 */
export const DateText = z.union([z.string(), z.number().transform((n) => String(n))]);

export const Tier = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type Tier = z.infer<typeof Tier>;

/** The four agents, and `User`: a decision the person at the keyboard made (issue #19 item 6). */
export const Agent = z.enum(['Lead', 'Scout', 'Analyst', 'Censor', 'User']);
export type Agent = z.infer<typeof Agent>;

export const Sex = z.enum(['M', 'F', 'U', 'X']);
export type Sex = z.infer<typeof Sex>;

/** Seed 000 EVIDENCE_TYPE: drives evidenceWeight in conflict resolution. */
export const EvidenceType = z.enum(['Primary', 'Secondary', 'Authored']);
export type EvidenceType = z.infer<typeof EvidenceType>;

/** Mills' evidence analysis (the "3×3"). */
export const SourceClass = z.enum(['original', 'derivative', 'authored']);
export const InformationClass = z.enum(['primary', 'secondary', 'undetermined']);
export const EvidenceClass = z.enum(['direct', 'indirect', 'negative']);
export type SourceClass = z.infer<typeof SourceClass>;
export type InformationClass = z.infer<typeof InformationClass>;
export type EvidenceClass = z.infer<typeof EvidenceClass>;

/** Seed 000 weights. */
export const evidenceWeight: Record<EvidenceType, number> = { Primary: 1.0, Secondary: 0.7, Authored: 0.4 };
export const tierWeight: Record<Tier, number> = { 0: 0.8, 1: 0.9, 2: 1.0 };

/**
 * Seed 000's EVIDENCE_TYPE from the Mills classification: authored works are Authored; otherwise
 * primary information is Primary and everything else Secondary.
 */
export function evidenceTypeOf(source: SourceClass, information: InformationClass): EvidenceType {
  if (source === 'authored') return 'Authored';
  return information === 'primary' ? 'Primary' : 'Secondary';
}
