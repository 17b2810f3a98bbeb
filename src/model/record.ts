import { z } from 'zod';
import { Id, InformationClass, Instant, Sex, SourceClass, Tier } from './common';

/** Archive format v1 types, then the v2 additions (DESIGN.md "Local archive record format"). */
export const RecordType = z.enum([
  'birth',
  'baptism',
  'marriage',
  'death',
  'burial',
  'census',
  'obituary',
  'probate',
  'military',
  'immigration',
  'newspaper',
  'tree',
  'other',
  'will',
  'deed',
  'land',
  'tax',
  'church-membership',
  'register',
  'court',
  'directory',
  'passport',
  'naturalization',
  'school',
  'photograph',
  'letter',
  'bible',
]);
export type RecordType = z.infer<typeof RecordType>;

/** Archive format v1 roles, then the v2 additions. */
export const PersonaRole = z.enum([
  'principal',
  'head',
  'father',
  'mother',
  'spouse',
  'child',
  'informant',
  'witness',
  'other',
  'deceased',
  'testator',
  'executor',
  'heir',
  'legatee',
  'grantor',
  'grantee',
  'sponsor',
  'godparent',
  'officiant',
  'bride',
  'groom',
  'neighbour',
  'mentioned',
]);
export type PersonaRole = z.infer<typeof PersonaRole>;

/** How a record's dates are written (v2 `calendar`): a dual date "14 FEB 1730/31" is one day of 1731. */
export const RecordCalendar = z.enum(['julian', 'gregorian', 'dual', 'hebrew', 'french-republican']);
export type RecordCalendar = z.infer<typeof RecordCalendar>;

/** A relationship the record states between two of its persons: `from` is `type` of `to` ("P3 is father of P1"). */
export const StatedRelationType = z.enum([
  'father',
  'mother',
  'parent',
  'child',
  'spouse',
  'sibling',
  'brother',
  'sister',
  'son-in-law',
  'daughter-in-law',
  'grandchild',
  'heir',
  'other',
]);
export type StatedRelationType = z.infer<typeof StatedRelationType>;

/**
 * The words a record writer uses for the same ties: "D is daughter of H" is a child, "wife of" a
 * spouse, a grandson a grandchild. Read as the types above (the person's own sex says the rest).
 */
const RELATION_WORDS: Record<string, StatedRelationType> = {
  son: 'child',
  daughter: 'child',
  husband: 'spouse',
  wife: 'spouse',
  grandson: 'grandchild',
  granddaughter: 'grandchild',
};
const StatedRelationWord = z.preprocess(
  (v) => (typeof v === 'string' ? (RELATION_WORDS[v.trim().toLowerCase()] ?? v) : v),
  StatedRelationType,
);

export const RecordRelationship = z.object({
  from: z.string().min(1).describe('person key'),
  to: z.string().min(1).describe('person key'),
  type: StatedRelationWord,
  note: z.string().optional().describe('the words of the record, e.g. "my daughter Anna wife of …"'),
});
export type RecordRelationship = z.infer<typeof RecordRelationship>;

/** YAML reads `date: 1712` as a number; a date is a GEDCOM date phrase, so keep it as text. */
const DateText = z.union([z.string(), z.number()]).transform(String);

/** One event of a record that holds several (a family register page, an abstract, a will's bequests). */
export const RecordEvent = z.looseObject({
  type: z.string().min(1).describe('birth|baptism|marriage|death|burial|residence|probate|… as the record has it'),
  date: DateText.optional(),
  place: z.string().optional(),
  persons: z.array(z.string().min(1)).default([]).describe('person keys'),
  informationType: InformationClass.optional(),
});
export type RecordEvent = z.infer<typeof RecordEvent>;

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
  // Archive format v2 (all optional).
  key: z.string().min(1).optional().describe("local key used by the record's events and relationships"),
  informationType: InformationClass.optional().describe("overrides the record's for what this person is named with"),
});
export type Persona = z.infer<typeof Persona>;

/**
 * Who read a document into the record's text (issue #17): the image, cited by its hash, is the
 * original; `byPerson` is false while the text is the machine's own reading (OCR, PDF text layer,
 * vision), whose facts weigh by the reading's confidence.
 */
export const RecordTranscription = z.object({
  document: z.string().min(1).describe('case-relative path of the image or PDF'),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  transcriber: z.string().min(1),
  engine: z.string().min(1),
  confidence: z.number().min(0).max(1).optional(),
  byPerson: z.boolean(),
});
export type RecordTranscription = z.infer<typeof RecordTranscription>;

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
  // Archive format v2 (all optional, absent for v1 records so their shape and hash do not change).
  language: z.string().optional().describe('BCP 47 of the record as written'),
  translation: z.string().optional(),
  calendar: RecordCalendar.optional(),
  informant: z.string().optional().describe('key of the person who gave the information'),
  events: z.array(RecordEvent).optional(),
  relationships: z.array(RecordRelationship).optional(),
  /** A document's transcription (archive sidecar): the image is the original, this text a derivative of it. */
  transcription: RecordTranscription.optional(),
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
  bodySha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** Per captured front matter field, a digest written at capture: an edited field is named (src/case/source-integrity.ts). */
  frontSha256: z.record(z.string(), z.string().regex(/^[0-9a-f]{12}$/)).optional(),
  /**
   * A newer capture of the same archive record (the file edited, a transcription corrected): this
   * capture is kept, and the facts read from it are withdrawn. Written after capture, not digested.
   */
  supersededBy: Id.optional(),
});
export type SourceRecord = z.infer<typeof SourceRecord>;
