/**
 * A newer capture of the same local archive record supersedes the older ones (issue #17 item 3: a
 * person's correction of a transcription, or any edit of an archive file, replaces what was read
 * before). Captures of one record share its archive path (`externalId: archive:<rel>`); the newest
 * capture is the record as it reads now. An older capture is kept in sources/ (nothing is lost) and
 * marked `supersededBy: <newer id>` in its front matter, one line added after capture: the captured
 * bytes stay as they were, and the mark is not a digested field (source-integrity.ts).
 */
import type { SourceRecord } from '../model';

/** The key of the mark in a source's front matter. */
export const SUPERSEDED_BY = 'supersededBy';

const ARCHIVE_SOURCE = 'archive';
const SOURCE_ID = /^S-[0-9a-f]{12}$/;

/** What identifies one archive record across its captures (undefined: not an archive record). */
export function archiveRecordKey(s: Pick<SourceRecord, 'sourceId' | 'externalId'>): string | undefined {
  return s.sourceId === ARCHIVE_SOURCE && s.externalId?.startsWith('archive:') ? s.externalId : undefined;
}

export interface Supersession {
  /** The older capture. */
  old: string;
  /** The newer capture of the same record that replaces it. */
  by: string;
  /** The record's archive path (`archive:<rel>`). */
  record: string;
}

/**
 * The older captures `latest` supersedes: the other captures of its archive record that said
 * something else, not marked yet (a capture already marked keeps its mark). `latest` is the record
 * as the archive holds it now. Captures of the same answer (`sha256`, of the record before the
 * Censor) are the same reading: one the Censor redacted differently (a person since known to be
 * living) supersedes nothing.
 */
export function supersededBy(latest: SourceRecord, sources: Iterable<SourceRecord>): Supersession[] {
  const key = archiveRecordKey(latest);
  if (!key || latest.supersededBy) return [];
  const out: Supersession[] = [];
  for (const s of sources)
    if (s.id !== latest.id && !s.supersededBy && s.sha256 !== latest.sha256 && archiveRecordKey(s) === key)
      out.push({ old: s.id, by: latest.id, record: key });
  return out.sort((a, b) => a.old.localeCompare(b.old));
}

/**
 * A captured source's text with `key: value` in its front matter (the line replaced when the key is
 * there, else added last); every other byte as it was. Throws on a file without front matter.
 */
export function withFrontKey(text: string, key: string, value: string): string {
  if (!SOURCE_ID.test(value)) throw new Error(`${key}: "${value}" is not a source id`);
  const fence = /^(\uFEFF?---[ \t]*\r?\n)([\s\S]*?\r?\n)?(---[ \t]*(?:\r?\n|$))/.exec(text);
  if (!fence) throw new Error('a captured source without front matter cannot be marked');
  const eol = fence[1].endsWith('\r\n') ? '\r\n' : '\n';
  const front = fence[2] ?? '';
  const line = new RegExp(`^${key}:.*$`, 'm');
  const next = line.test(front) ? front.replace(line, `${key}: ${value}`) : `${front}${key}: ${value}${eol}`;
  return fence[1] + next + fence[3] + text.slice(fence[0].length);
}
