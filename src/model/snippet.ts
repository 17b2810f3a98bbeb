/**
 * Whether a cited snippet is the record's own words (issue #14 item 9). A line made up from a
 * record's indexed fields ("Clara B. /Hoffman/: birthDate 12 MAY 1884") cites the index, not the
 * transcription: wherever a snippet is shown, such a line is labelled, never quoted as if transcribed.
 */
function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** True when the snippet appears in the source's verbatim text. */
export function isTranscribed(snippet: string, sourceText: string | undefined): boolean {
  const s = squash(snippet);
  return Boolean(s) && sourceText !== undefined && squash(sourceText).includes(s);
}

/** The snippet as a reader should see it: quoted when it is the record's words, else marked as an index entry. */
export function snippetForReader(snippet: string, sourceText: string | undefined, open = '“', close = '”'): string {
  const s = squash(snippet);
  return isTranscribed(s, sourceText) ? `${open}${s}${close}` : `(index entry, not the record's words: ${s})`;
}
