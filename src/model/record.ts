import { z } from 'zod';
import { Id, InformationClass, Instant, Sex, SourceClass, Tier } from './common';

export const RecordType = z.enum(['birth', 'baptism', 'marriage', 'death', 'burial', 'census', 'obituary', 'probate', 'military', 'immigration', 'newspaper', 'tree', 'other']);
export type RecordType = z.infer<typeof RecordType>;

export const PersonaRole = z.enum(['principal', 'head', 'father', 'mother', 'spouse', 'child', 'informant', 'witness', 'other']);
export type PersonaRole = z.infer<typeof PersonaRole>;

/**
 * A person as one record names them (GEDCOM X "persona"): what the record says, nothing inferred.
 * This is the shape of the local archive's `persons` entries (DESIGN.md, a public contract) and of
 * every connector's output.
 */
export const Persona = z.looseObject({
  name: z.string().min(1).describe('"Given Surname" or "Given /Surname/"'),
  role: PersonaRole.default('principal'),
  sex: Sex.optional(),
  age: z.union([z.number(), z.string()]).optional(),
  birthDate: z.string().optional(),
  birthPlace: z.string().optional(),
  deathDate: z.string().optional(),
  deathPlace: z.string().optional(),
  burialDate: z.string().optional(),
  burialPlace: z.string().optional(),
  residence: z.string().optional(),
  occupation: z.string().optional(),
  relationship: z.string().optional().describe('to the principal/head, as written in the record'),
  externalId: z.string().optional().describe("the source's own id for this persona, e.g. a WikiTree id"),
});
export type Persona = z.infer<typeof Persona>;

/** What a connector or the archive returns, before the Scout captures it as evidence. */
export const RawRecord = z.object({
  title: z.string().min(1),
  recordType: RecordType.default('other'),
  date: z.string().optional().describe('GEDCOM date phrase of the record event'),
  place: z.string().optional(),
  repository: z.string().min(1),
  sourceType: SourceClass.default('derivative'),
  informationType: InformationClass.optional(),
  url: z.string().optional(),
  sourceId: z.string().min(1).describe('plugin id, e.g. "archive", "wikitree"'),
  tier: Tier,
  persons: z.array(Persona).default([]),
  text: z.string().default('').describe('verbatim transcription or response text'),
  externalId: z.string().optional(),
});
export type RawRecord = z.infer<typeof RawRecord>;

/** A record captured into `sources/<id>.md`: never rewritten; facts cite it by id. */
export const SourceRecord = RawRecord.extend({
  id: Id,
  accessedAt: Instant,
  /** Of the answer as the source gave it, also when the Censor redacted the body written here. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** What the Censor redacted before writing (living-person details, PII): the body is not the answer. */
  redactions: z.array(z.string()).optional(),
  /** Of the body as written, when it differs from the answer (so an edit is still noticed). */
  bodySha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
});
export type SourceRecord = z.infer<typeof SourceRecord>;
