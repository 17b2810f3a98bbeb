/**
 * What the document view shows (engine side, no `vscode`): the transcription from the sidecar, the
 * machine readings kept beside it, the facts of the case that cite the document with their reference
 * notes, and the scanned pages of a PDF as PNG data URIs (a webview draws PNG, JPEG and WebP itself,
 * not PDF or TIFF). Saving a correction goes through the documents' own code path (correct.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { openCase } from '../case';
import { withCaseLock } from '../case/lock';
import { formatCitation } from '../model/citation-format';
import type { DocumentFact, DocumentImage, DocumentTranscription, DocumentView } from '../protocol/document';
import { CorrectionConflict, correctTranscription } from '../sources/documents/correct';
import {
  alternateOf,
  ENGINES,
  isDocumentFile,
  isPdf,
  listDocuments,
  sidecarOf,
  sniffFormat,
} from '../sources/documents/kinds';
import { pdfPageImages } from '../sources/documents/pdf-images';
import { readSidecar, sha256Hex } from '../sources/documents/sidecar';
import type { CaseSnapshot } from './core/snapshot';
import type { Person } from '../model';

export { CorrectionConflict, listDocuments };

export function hasSidecar(root: string, rel: string): boolean {
  return existsSync(join(root, sidecarOf(rel)));
}

/**
 * The case-relative document of a path: the document itself, or the document of its sidecar or of
 * a machine reading beside it. Throws for anything outside archive/ or not a document.
 */
export function relativeDocument(root: string, abs: string): string {
  let rel = relative(root, abs).split(sep).join('/');
  rel = rel.replace(/(\.(?:jpe?g|png|tiff?|webp|pdf))(?:\.(?:pdf|ocr|claude))?\.md$/i, '$1');
  if (!isDocumentFile(rel)) throw new Error(`${rel} is not an image or PDF (.jpg .png .tif .webp .pdf)`);
  if (rel.startsWith('..') || !rel.startsWith('archive/'))
    throw new Error(`${abs}: documents are read from the case's archive/ folder; copy it there first`);
  return rel;
}

/** Scanned pages shown at most (a long scan is read in the sidecar; the view stays light). */
const MAX_PAGES = 50;

export function transcriptionOf(root: string, rel: string): DocumentTranscription | undefined {
  const sidecar = sidecarOf(rel);
  let text: string;
  try {
    text = readFileSync(join(root, sidecar), 'utf8');
  } catch {
    return undefined;
  }
  const s = readSidecar(text);
  if (s.kind === 'unreadable')
    return { sidecar, body: text, sha256: sha256Hex(text), engine: 'unknown', transcriber: s.reason, byPerson: true };
  const byPerson = s.kind === 'edited' || s.meta.engine === 'person';
  return {
    sidecar,
    body: s.body.replace(/^\s*\n/, '').replace(/\s+$/, ''),
    sha256: sha256Hex(text),
    engine: byPerson ? 'person' : (s.meta?.engine ?? 'person'),
    // A corrected sidecar names the machine that read it first; a person's own names no one.
    transcriber: s.meta && s.meta.engine !== 'person' ? s.meta.transcriber : 'a person',
    ...(s.meta?.date ? { date: s.meta.date } : {}),
    ...(!byPerson && s.meta?.confidence !== undefined ? { confidence: s.meta.confidence } : {}),
    ...(s.meta?.uncertain !== undefined ? { uncertain: s.meta.uncertain } : {}),
    byPerson,
  };
}

/** How a person is named in the view (views/labels.ts's personLabel: a living person redacted). */
export type PersonName = (p: Person) => string;

/** Facts of the case whose evidence is a source captured from this document's sidecar. */
export function factsCiting(snap: CaseSnapshot, rel: string, name: PersonName): DocumentFact[] {
  const sources = new Map(
    [...snap.sources.values()]
      .filter((e) => e.source.transcription?.document === rel)
      .map((e) => [e.source.id, e.source] as const),
  );
  if (!sources.size) return [];
  const out: DocumentFact[] = [];
  for (const { person } of snap.persons.values())
    for (const a of person.assertions)
      for (const e of a.evidence) {
        const source = sources.get(e.source);
        if (!source) continue;
        out.push({
          personId: person.id,
          person: name(person),
          field: a.field,
          value: a.value,
          status: a.status,
          confidence: a.confidence,
          citation: formatCitation(source, e).full,
          ...(e.page ? { page: e.page } : {}),
          snippet: e.snippet,
        });
      }
  return out.sort((x, y) => x.person.localeCompare(y.person) || x.field.localeCompare(y.field));
}

/** A scanned PDF's pages, decoded once per version of the file (the view redraws on every case change). */
const pageCache = new Map<string, DocumentImage[]>();

async function scannedPages(bytes: Uint8Array): Promise<DocumentImage[]> {
  const key = sha256Hex(bytes);
  const hit = pageCache.get(key);
  if (hit) return hit;
  const images: DocumentImage[] = [];
  for await (const p of pdfPageImages(bytes)) {
    if (p.png) images.push({ page: p.page, src: `data:image/png;base64,${Buffer.from(p.png).toString('base64')}` });
    if (p.page >= MAX_PAGES) break;
  }
  if (pageCache.size >= 4) pageCache.delete(pageCache.keys().next().value!);
  pageCache.set(key, images);
  return images;
}

/**
 * The view without its image sources: `fileUri` turns the document into the webview's URI
 * (host side). A scanned PDF's pages are data: URIs; a TIFF or a PDF with a text layer shows a note.
 */
export async function documentView(
  root: string,
  rel: string,
  snap: CaseSnapshot | undefined,
  fileUri: (rel: string) => string,
  name: PersonName,
): Promise<DocumentView> {
  const bytes = new Uint8Array(readFileSync(join(root, rel)));
  const format = sniffFormat(bytes);
  const view: DocumentView = {
    file: rel,
    name: basename(rel),
    images: [],
    alternates: ENGINES.map((engine) => ({ engine, sidecar: alternateOf(rel, engine) })).filter((a) =>
      existsSync(join(root, a.sidecar)),
    ),
    facts: snap ? factsCiting(snap, rel, name) : [],
  };
  const t = transcriptionOf(root, rel);
  if (t) view.transcription = t;
  if (format === 'png' || format === 'jpeg' || format === 'webp') view.images = [{ page: 1, src: fileUri(rel) }];
  else if (format === 'tiff')
    view.imageNote = 'A TIFF cannot be drawn in VS Code: open it in an image viewer beside this transcription.';
  else if (format === 'pdf' && isPdf(rel)) {
    view.images = await scannedPages(bytes);
    if (!view.images.length)
      view.imageNote = 'This PDF has a text layer and no scanned pages: its text is the transcription.';
  } else view.imageNote = 'Not an image or PDF this view can show.';
  return view;
}

/** The document view's Save: under the case lock, through the documents' correction path. */
export async function saveCorrection(req: {
  root: string;
  rel: string;
  text: string;
  base: string | null;
}): Promise<{ ok: true; sha256: string; message: string } | { ok: false; conflict: boolean; message: string }> {
  try {
    return await withCaseLock(req.root, 'correct transcription (VS Code)', async () => {
      const store = await openCase(req.root);
      const r = await correctTranscription(store, req.rel, req.text, req.base);
      const message =
        r.status === 'unchanged'
          ? 'Nothing changed'
          : `Saved to ${r.sidecar} as your correction: research reads it from now on${r.redacted ? ' (the Censor redacted details of a living person)' : ''}`;
      return { ok: true as const, sha256: r.sha256, message };
    });
  } catch (e) {
    return { ok: false, conflict: e instanceof CorrectionConflict, message: (e as Error).message };
  }
}
