/**
 * Which page of a document a fact was read on (issue #17): a transcription of several pages heads
 * each page `## Page N` (sources/documents writes it so), and a one-page PDF is page 1. The page
 * goes into the fact's citation ("p. 2"), so a reader finds the line in the PDF without searching.
 */
import type { RawRecord } from './record';

const PAGE_HEAD = /^##[ \t]+Page[ \t]+(\d+)[ \t]*$/gm;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The pages of a transcription, by the number its heading gives; [] when it has no page headings. */
export function transcriptionPages(text: string): { page: number; text: string }[] {
  const heads = [...text.matchAll(PAGE_HEAD)];
  return heads.map((h, i) => ({
    page: Number(h[1]),
    text: text.slice(h.index + h[0].length, i + 1 < heads.length ? heads[i + 1].index : undefined),
  }));
}

/**
 * "p. N" for a snippet read from a document's transcription, or undefined when the record is not a
 * document, or the snippet is on no page or on several. A snippet that is an index line
 * ("Name: birthDate 1871") is looked for by its value.
 */
export function documentPage(record: Pick<RawRecord, 'text' | 'transcription'>, snippet: string): string | undefined {
  const doc = record.transcription?.document;
  if (!doc) return undefined;
  const pages = transcriptionPages(record.text);
  if (!pages.length) return /\.pdf$/i.test(doc) ? 'p. 1' : undefined;
  const wanted = squash(snippet);
  if (!wanted) return undefined;
  const on = (needle: string) => pages.filter((p) => squash(p.text).includes(needle));
  let found = on(wanted);
  if (!found.length) {
    const value = /^[^:\n]+: \w+ (.+)$/.exec(snippet.trim())?.[1];
    if (value) found = on(squash(value));
  }
  return found.length === 1 ? `p. ${found[0].page}` : undefined;
}
