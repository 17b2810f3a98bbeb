/**
 * A person's correction of a document's transcription (the document view's Save): the sidecar's
 * body becomes the person's text, its front matter (the image's hash, who read it first) stays, and
 * the machine's seal no longer matches, so the sidecar is the person's from now on: the archive
 * reads it as theirs (byPerson), a later machine reading goes beside it, and the correction is
 * logged. The write is refused when the sidecar changed on disk since the person opened it (an edit
 * in a text editor, a transcription run), so no one's version is overwritten unseen.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { redactText } from '../../agents/censor';
import type { FileCaseStore } from '../../case';
import { isDocumentFile, sidecarOf } from './kinds';
import { readSidecar, renderSidecar, sha256Hex, withBody } from './sidecar';
import { logTranscriptionCorrection } from './transcribe';

export class CorrectionConflict extends Error {}

export interface CorrectionResult {
  sidecar: string;
  /** Of the sidecar as written (the base of the next save). */
  sha256: string;
  status: 'saved' | 'unchanged';
  /** The Censor changed the text before it was written (a living person's details, PII). */
  redacted: boolean;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * `baseSha256` is the sidecar's hash when the person opened it (null: there was none). `who` names
 * the transcriber of a sidecar the person writes from nothing.
 */
export async function correctTranscription(
  store: FileCaseStore,
  docRel: string,
  body: string,
  baseSha256: string | null,
  who = 'person',
): Promise<CorrectionResult> {
  if (!isDocumentFile(docRel)) throw new Error(`${docRel} is not an image or PDF`);
  const sidecar = sidecarOf(docRel);
  const current = readText(join(store.root, sidecar));
  const currentSha = current === undefined ? null : sha256Hex(current);
  if (currentSha !== baseSha256)
    throw new CorrectionConflict(
      `${sidecar} changed on disk since it was opened (${current === undefined ? 'it was deleted' : 'edited or transcribed again'}): reload the view, then make the correction again`,
    );
  let draft: string;
  if (current !== undefined) {
    const s = readSidecar(current);
    if (s.kind === 'unreadable')
      throw new Error(`${sidecar} cannot be read (${s.reason}): fix it in a text editor first`);
    draft = withBody(current, body);
  } else {
    const bytes = readFileSync(join(store.root, docRel));
    draft = renderSidecar({
      title: `${basename(docRel)} (transcription)`,
      docRel,
      meta: {
        file: basename(docRel),
        sha256: sha256Hex(bytes),
        transcriber: who,
        engine: 'person',
        date: store.clock.now().toISOString(),
      },
      body,
      // A person's own sidecar carries no machine seal (an empty one would not read as a hash).
    }).replace(/^[ \t]*machineSha256:[ \t]*\r?\n/m, '');
  }
  const text = redactText(draft, store.censorContext()).text;
  if (text === current) return { sidecar, sha256: currentSha!, status: 'unchanged', redacted: false };
  await store.writer.writeText(sidecar, text);
  const sha = sha256Hex(text);
  await logTranscriptionCorrection(store, sidecar, sha, 'was corrected by a person in the document view');
  return { sidecar, sha256: sha, status: 'saved', redacted: text !== draft };
}
