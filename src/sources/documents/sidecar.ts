/**
 * The sidecar of a document: a local archive record (DESIGN.md format, version 2) whose body is the
 * transcription and whose `document:` block names the image by its sha256, who or what read it,
 * when, and how sure it was. The machine seals what it wrote (`machineSha256`: the file's hash with
 * that value left empty), so a sidecar a person changed is recognised and never written over.
 */
import { createHash } from 'node:crypto';
import { parse as parseYaml, stringify } from 'yaml';
import { z } from 'zod';
import { ENGINES } from './kinds';

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex (64 characters)');

export const DocumentMeta = z.object({
  /** The document, relative to the sidecar's folder. */
  file: z.string().min(1),
  sha256: Hex64,
  /** A person's name, "tesseract.js 7.0.0 (eng)", "PDF text layer (unpdf 1.8.1)", or a model name. */
  transcriber: z.string().min(1),
  engine: z.enum([...ENGINES, 'person']),
  date: z.string().min(1),
  /** 0..1: the engine's own mean confidence (1 for a PDF text layer); a person's reading has none. */
  confidence: z.number().min(0).max(1).optional(),
  pages: z.number().int().min(1).optional(),
  /** Words marked `[word?]` in the body: read with low confidence or read differently by two readings. */
  uncertain: z.number().int().min(0).optional(),
  machineSha256: Hex64.optional(),
});
export type DocumentMeta = z.infer<typeof DocumentMeta>;

export interface SidecarContent {
  title: string;
  /** Case-relative path of the document, for the citation. */
  docRel: string;
  meta: Omit<DocumentMeta, 'machineSha256'>;
  body: string;
  /** Grounded facts of a vision reading, as archive record keys. */
  front?: { recordType?: string; date?: string; place?: string; persons: object[] };
}

const SEAL_KEY = 'machineSha256';
// The key and one space are kept when the value is left out, so the line stays valid YAML once sealed.
const SEAL_LINE = new RegExp(`^([ \\t]*${SEAL_KEY}: ?)([0-9a-f]{64})?[ \\t]*$`, 'm');

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The file's text with the seal's value left empty: what the seal is the hash of. */
function unsealed(text: string): string {
  return text.replace(SEAL_LINE, (_m, key: string) => (key.endsWith(' ') ? key : `${key} `));
}

/**
 * The sidecar's text before sealing. The transcription is Derivative (Mills): the image is the
 * original, cited by its hash in `url` and `document.sha256`.
 */
export function renderSidecar(c: SidecarContent): string {
  const front = {
    version: 2,
    title: c.title,
    recordType: c.front?.recordType ?? 'other',
    ...(c.front?.date ? { date: c.front.date } : {}),
    ...(c.front?.place ? { place: c.front.place } : {}),
    repository: 'Local archive',
    sourceType: 'derivative',
    url: `archive:${c.docRel}#sha256=${c.meta.sha256}`,
    ...(c.front?.persons.length ? { persons: c.front.persons } : {}),
    document: { ...c.meta, [SEAL_KEY]: '' },
  };
  const yaml = stringify(front, { lineWidth: 0 }).replace(new RegExp(`(${SEAL_KEY}:).*$`, 'm'), '$1 ');
  return `---\n${yaml}---\n${c.body.replace(/\s+$/, '')}\n`;
}

/** Fills the seal in: the hash of the text as it is (after the Censor, so the written file matches). */
export function seal(text: string): string {
  const h = sha256Hex(unsealed(text));
  return text.replace(SEAL_LINE, (_m, key: string) => `${key.endsWith(' ') ? key : `${key} `}${h}`);
}

export type SidecarState =
  | { kind: 'machine'; meta: DocumentMeta; body: string }
  | { kind: 'edited'; meta: DocumentMeta | undefined; body: string; sha256: string }
  | { kind: 'unreadable'; reason: string };

const FENCED = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Who wrote the sidecar as it is now. A file the machine wrote and nobody changed is 'machine';
 * anything else that reads (a person's edit, a person's own sidecar without a seal) is 'edited'.
 */
export function readSidecar(text: string): SidecarState {
  const m = FENCED.exec(text);
  const body = m ? text.slice(m[0].length) : text;
  let meta: DocumentMeta | undefined;
  if (m) {
    let front: unknown;
    try {
      front = parseYaml(m[1]);
    } catch (e) {
      return { kind: 'unreadable', reason: `YAML: ${(e as Error).message.split('\n')[0]}` };
    }
    const doc = (front as { document?: unknown } | null)?.document;
    const parsed = doc === undefined ? undefined : DocumentMeta.safeParse(doc);
    if (parsed?.success) meta = parsed.data;
  }
  const sealValue = SEAL_LINE.exec(text)?.[2];
  if (meta && sealValue && sealValue === sha256Hex(unsealed(text))) return { kind: 'machine', meta, body };
  return { kind: 'edited', meta, body, sha256: sha256Hex(text) };
}

/** The same sidecar with another body: the front matter (and its seal, now stale) as it was. */
export function withBody(text: string, body: string): string {
  const m = FENCED.exec(text);
  const front = m ? m[0].replace(/\r?\n?$/, '\n') : '';
  return `${front}${body.replace(/\r\n/g, '\n').replace(/\s+$/, '')}\n`;
}
