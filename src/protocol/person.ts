/**
 * Messages of the person page (webview/person): the page's view model, built on the host (or the
 * People worker for an imported tree) by src/extension/person/view-model.ts, and the few things a
 * reader does there (follow a relative, open the raw text, research, show the pedigree).
 */
import { z } from 'zod';

/** A relative one click away; a living relative arrives already redacted unless the case consents. */
export const PersonRef = z.object({
  id: z.string(),
  name: z.string(),
  lifespan: z.string(),
  living: z.boolean(),
  /** A relationship that is not an accepted birth link: "staged", "adopted", "step"… */
  qualifier: z.string().optional(),
  /** A child's other parent (their id), so the page groups children by marriage. */
  otherParent: z.string().optional(),
});
export type PersonRef = z.infer<typeof PersonRef>;

export const FactStatus = z.enum(['accepted', 'staged', 'disputed', 'rejected']);

/** One value of one field (a date, a place, an age, an occupation) with its footnotes. */
export const FactView = z.object({
  id: z.string(),
  /** "Date", "Place", "Age", "Occupation"… */
  label: z.string(),
  value: z.string(),
  status: FactStatus,
  confidence: z.number().min(0).max(1),
  /** Footnote numbers into the page's citations. */
  notes: z.array(z.number().int().min(1)),
  /** The open conflict over this fact's field, if any. */
  conflict: z.string().optional(),
  /** The Censor generalised it (a living person's date to its decade). */
  generalised: z.boolean().optional(),
  comment: z.string().optional(),
});
export type FactView = z.infer<typeof FactView>;

/** One event of the timeline: its best date and place, and every recorded value under it. */
export const EventView = z.object({
  key: z.string(),
  /** "Birth", "Baptism", "Residence"… */
  label: z.string(),
  date: z.string().optional(),
  place: z.string().optional(),
  facts: z.array(FactView),
  /** Some value under this event is staged, disputed or in conflict. */
  unsettled: z.boolean(),
});
export type EventView = z.infer<typeof EventView>;

/** A reference note written the way Evidence Explained writes one, and the analysis of the evidence. */
export const CitationView = z.object({
  n: z.number().int().min(1),
  source: z.string(),
  full: z.string(),
  short: z.string(),
  /** "original source · primary information · direct evidence". */
  analysis: z.string(),
  url: z.string().optional(),
  /** The words of the source the facts rest on (verbatim). */
  quote: z.string().optional(),
  /** The quote is the record's words (false: an index line or a structured entry, not a quotation). */
  transcribed: z.boolean().optional(),
  /** The source file exists in sources/ (it can be opened). */
  captured: z.boolean(),
});
export type CitationView = z.infer<typeof CitationView>;

export const ConflictView = z.object({
  id: z.string(),
  field: z.string(),
  status: z.enum(['open', 'tentative', 'resolved']),
  preferred: z.string(),
  values: z.array(z.object({ value: z.string(), weight: z.number() })),
  resolvedBy: z.enum(['engine', 'user']).optional(),
});
export type ConflictView = z.infer<typeof ConflictView>;

export const VitalView = z.object({
  label: z.string(),
  value: z.string(),
  status: FactStatus.optional(),
  notes: z.array(z.number().int().min(1)).default([]),
  conflict: z.string().optional(),
});
export type VitalView = z.infer<typeof VitalView>;

export const PersonPage = z.object({
  id: z.string(),
  name: z.string(),
  otherNames: z.array(z.string()),
  /** Sex as a word ("male", "female", "unknown") with its symbol, never colour alone. */
  sex: z.object({ word: z.string(), symbol: z.string() }),
  lifespan: z.string(),
  living: z.boolean(),
  /** Living and the case has no consent: only the surname and the links are shown. */
  redacted: z.boolean(),
  /** Where the person's text is: a person file, or one line of an imported tree (read-only). */
  origin: z.object({ kind: z.enum(['file', 'tree']), file: z.string(), line: z.number().int().optional() }),
  vitals: z.array(VitalView),
  timeline: z.array(EventView),
  parents: z.array(PersonRef),
  spouses: z.array(PersonRef),
  children: z.array(PersonRef),
  conflicts: z.array(ConflictView),
  citations: z.array(CitationView),
  /** The person file's own markdown body (the user's notes). */
  notes: z.string(),
  counts: z.object({ staged: z.number().int(), disputed: z.number().int(), openConflicts: z.number().int() }),
});
export type PersonPage = z.infer<typeof PersonPage>;

export const PersonToWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('page'), page: PersonPage, canGoBack: z.boolean() }),
  z.object({ type: z.literal('missing'), id: z.string(), message: z.string() }),
]);
export type PersonToWebview = z.infer<typeof PersonToWebview>;

const id = z.string().min(1).max(200);
export const PersonFromWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('openPerson'), id }),
  z.object({ type: z.literal('back') }),
  z.object({ type: z.literal('openText'), id }),
  z.object({ type: z.literal('openSource'), id }),
  z.object({ type: z.literal('showPedigree'), id }),
  z.object({ type: z.literal('research'), id }),
  z.object({ type: z.literal('reviewConflicts'), id }),
  /** The page drew a person (tests wait for it). */
  z.object({ type: z.literal('rendered'), id, links: z.number().int().min(0) }),
]);
export type PersonFromWebview = z.infer<typeof PersonFromWebview>;

/** What the webview keeps across reloads: the person shown. */
export const PersonState = z.object({ id: z.string().optional() });
export type PersonState = z.infer<typeof PersonState>;
