/**
 * A captured source says what the source said: its body is checked against its sha256, and the
 * front matter fields that came from the capture (title, url, date, persons, sha256, …) against the
 * digests written beside them at capture (`frontSha256`: field → first 12 hex of the sha256 of the
 * field's canonical JSON). One digest per field, so an edit is named by its field. Files captured
 * before `frontSha256` existed have no digests and are checked by their body only. Keys a user adds
 * that are not capture fields are not part of the capture (the schema drops them) and not checked.
 * `accessedAt` is not digested: it is the clock time of the capture, not what the source said (and a
 * resumed run must write the same file as an uninterrupted one, apart from clock times), nor is
 * `supersededBy` (the engine's mark, after capture, that a newer capture of the record replaced it).
 */
import type { SourceRecord } from '../model';
import { type FrontMatterFile, locate } from './frontmatter';
import { sha256 } from './ids';
import type { CaseProblem } from './problems';

export const FRONT_DIGESTS = 'frontSha256';
// `supersededBy` is the engine's mark on a capture a newer one of the same record replaced, added
// after capture (src/case/supersession.ts): not what the source said.
const NOT_DIGESTED = new Set([FRONT_DIGESTS, 'text', 'accessedAt', 'supersededBy']);

/** A captured source's content hash: its verbatim text, or its personas when it has no text. */
export function sourceHash(record: Pick<SourceRecord, 'text' | 'persons'>): string {
  return sha256(record.text ? record.text : JSON.stringify(record.persons));
}

/** JSON with object keys sorted: the same value gives the same text however its keys were ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The digests of a source's front matter as captured (every field but the body and the digests). */
export function capturedFieldDigests(front: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(front).sort()) {
    if (NOT_DIGESTED.has(key) || front[key] === undefined) continue;
    out[key] = sha256(canonicalJson(front[key])).slice(0, 12);
  }
  return out;
}

/** Captured fields whose value no longer matches its digest, or that were removed or added. */
export function editedCapturedFields(front: Record<string, unknown>, digests: Record<string, string>): string[] {
  const now = capturedFieldDigests(front);
  const keys = new Set([...Object.keys(digests), ...Object.keys(now)]);
  return [...keys].filter((k) => digests[k] !== now[k]).sort();
}

/**
 * Problems of one captured source file: a body that does not match its sha256, captured fields that
 * were edited. Warnings: the file is read as it is (the user's edit is kept and never overwritten).
 */
export function sourceEditProblems(
  file: string,
  fm: Pick<FrontMatterFile, 'doc' | 'lineCounter' | 'yamlStartLine'>,
  record: SourceRecord,
): CaseProblem[] {
  const out: CaseProblem[] = [];
  if (sourceHash(record) !== (record.bodySha256 ?? record.sha256))
    out.push({
      file,
      ...locate(fm, ['sha256']),
      field: 'sha256',
      message: 'content does not match its sha256: a captured source was edited',
      severity: 'warning',
    });
  const digests = record.frontSha256;
  if (digests) {
    const front: Record<string, unknown> = { ...record };
    delete front.text;
    for (const field of editedCapturedFields(front, digests)) {
      const how = !(field in front) ? 'removed' : !(field in digests) ? 'added' : 'edited';
      out.push({
        file,
        ...locate(fm, [how === 'removed' ? FRONT_DIGESTS : field]),
        field,
        message: `captured field ${how} after capture (it no longer matches ${FRONT_DIGESTS}): the source no longer says what was captured; research reads it as it is and never rewrites it`,
        severity: 'warning',
      });
    }
  }
  return out;
}
