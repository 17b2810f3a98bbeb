/** Messages of the document view (webview/document): a document's image beside its transcription (issue #17). */
import { z } from 'zod';

const Sha = z.string().regex(/^[0-9a-f]{64}$/);

export const DocumentImage = z.object({
  page: z.number().int().min(1),
  /** A webview URI of the file, or a data: URI of a PNG made from a scanned PDF's page. */
  src: z.string().min(1),
});
export type DocumentImage = z.infer<typeof DocumentImage>;

export const DocumentFact = z.object({
  personId: z.string(),
  person: z.string(),
  field: z.string(),
  value: z.string(),
  status: z.string(),
  confidence: z.number().min(0).max(1),
  /** The full reference note (Evidence Explained), with the page for a PDF. */
  citation: z.string(),
  page: z.string().optional(),
  snippet: z.string(),
});
export type DocumentFact = z.infer<typeof DocumentFact>;

export const DocumentTranscription = z.object({
  sidecar: z.string(),
  body: z.string(),
  /** Of the sidecar file: the base a Save is checked against. */
  sha256: Sha,
  engine: z.string(),
  transcriber: z.string(),
  date: z.string().optional(),
  confidence: z.number().min(0).max(1).optional(),
  uncertain: z.number().int().min(0).optional(),
  byPerson: z.boolean(),
});
export type DocumentTranscription = z.infer<typeof DocumentTranscription>;

export const DocumentView = z.object({
  file: z.string(),
  name: z.string(),
  images: z.array(DocumentImage),
  /** Why no image is shown (a PDF with only a text layer, a TIFF, which webviews cannot draw). */
  imageNote: z.string().optional(),
  transcription: DocumentTranscription.optional(),
  /** Machine readings kept beside a person's sidecar, for comparison. */
  alternates: z.array(z.object({ engine: z.string(), sidecar: z.string() })),
  facts: z.array(DocumentFact),
});
export type DocumentView = z.infer<typeof DocumentView>;

export const DocumentToWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), view: DocumentView }),
  z.object({
    type: z.literal('saved'),
    ok: z.boolean(),
    message: z.string(),
    /** On success: the new base for the next save. */
    sha256: Sha.optional(),
    /** The text is not saved because the file changed on disk: the view must be reloaded first. */
    conflict: z.boolean().optional(),
  }),
]);
export type DocumentToWebview = z.infer<typeof DocumentToWebview>;

export const DocumentFromWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('save'),
    text: z.string().max(2_000_000),
    /** The sidecar's sha256 when the text was loaded; null when there was no sidecar. */
    base: Sha.nullable(),
  }),
  z.object({ type: z.literal('reload') }),
  z.object({ type: z.literal('openSidecar'), sidecar: z.string().min(1).max(1000) }),
  z.object({ type: z.literal('openPerson'), id: z.string().min(1).max(200) }),
]);
export type DocumentFromWebview = z.infer<typeof DocumentFromWebview>;

/** Kept across reloads of the webview: how the image is shown. */
export const DocumentState = z.object({
  zoom: z.number().min(0.05).max(20).default(1),
  rotation: z.number().int().default(0),
  x: z.number().default(0),
  y: z.number().default(0),
  page: z.number().int().min(1).default(1),
});
export type DocumentState = z.infer<typeof DocumentState>;
