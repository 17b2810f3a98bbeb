/** What the archive reader takes from a document's sidecar: who read the document, and whether a person did. */
import { posix } from 'node:path';
import type { RecordTranscription } from '../../model';
import { readSidecar } from './sidecar';

/** For a sidecar with a readable `document:` block; undefined for every other archive record. */
export function transcriptionOf(text: string, rel: string): RecordTranscription | undefined {
  if (!/^\s*document:/m.test(text)) return undefined;
  const s = readSidecar(text);
  if (s.kind === 'unreadable' || !s.meta) return undefined;
  const byPerson = s.kind === 'edited' || s.meta.engine === 'person';
  return {
    document: posix.join(posix.dirname(rel), s.meta.file),
    sha256: s.meta.sha256,
    // A person's correction is theirs, whatever machine read the document first.
    transcriber:
      byPerson && s.meta.engine !== 'person' ? `person (corrected ${s.meta.transcriber})` : s.meta.transcriber,
    engine: byPerson ? 'person' : s.meta.engine,
    ...(byPerson || s.meta.confidence === undefined ? {} : { confidence: s.meta.confidence }),
    byPerson,
  };
}
