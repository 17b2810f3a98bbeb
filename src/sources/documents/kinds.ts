/**
 * Which archive files are documents (images and PDFs) and where their transcriptions live: the
 * sidecar `<file>.md` is the record the archive reads; a machine reading kept beside a sidecar a
 * person edited is `<file>.<engine>.md`, for comparison only (the archive does not read it).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.tif', '.tiff', '.webp'] as const;
export const DOCUMENT_EXTENSIONS = [...IMAGE_EXTENSIONS, '.pdf'] as const;
export type TranscriptionEngine = 'pdf' | 'ocr' | 'claude';
export const ENGINES: readonly TranscriptionEngine[] = ['pdf', 'ocr', 'claude'];

const DOC_RE = /\.(jpe?g|png|tiff?|webp|pdf)$/i;
/** `<doc>.<engine>.md`: a machine reading beside a person's sidecar. */
const ALTERNATE_RE = /\.(jpe?g|png|tiff?|webp|pdf)\.(pdf|ocr|claude)\.md$/i;

export function isDocumentFile(name: string): boolean {
  return DOC_RE.test(name);
}

export function isPdf(name: string): boolean {
  return /\.pdf$/i.test(name);
}

/** A comparison reading, not a record: the archive leaves it out. */
export function isAlternateReading(name: string): boolean {
  return ALTERNATE_RE.test(name);
}

export function sidecarOf(doc: string): string {
  return `${doc}.md`;
}

export function alternateOf(doc: string, engine: TranscriptionEngine): string {
  return `${doc}.${engine}.md`;
}

/** Documents under `<root>/archive` (any depth, hidden entries skipped), as case-relative paths with `/`. */
export function listDocuments(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names.sort()) {
      if (n.startsWith('.')) continue;
      const abs = join(dir, n);
      const st = statSync(abs);
      if (st.isDirectory()) walk(abs);
      else if (isDocumentFile(n)) out.push(relative(root, abs).split(sep).join('/'));
    }
  };
  walk(join(root, 'archive'));
  return out;
}

/** What the bytes are, by their signature; undefined when they are not a format we read. */
export function sniffFormat(bytes: Uint8Array): 'png' | 'jpeg' | 'tiff' | 'webp' | 'pdf' | undefined {
  const b = (i: number) => bytes[i];
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (b(0) === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return 'tiff';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 1024).includes('%PDF-')) return 'pdf';
  return undefined;
}
