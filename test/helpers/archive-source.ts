/**
 * A captured source from the text of a local archive record (front matter and body), as the
 * Analyst's unit tests need one: parsed by the archive connector's own parser, with the id and hash
 * a capture gives it. One builder for every test that feeds records to the identity rules.
 */
import { sha256 } from '../../src/engine/ids';
import type { SourceRecord } from '../../src/model';
import { parseArchiveRecord } from '../../src/sources/archive';

export function archiveSource(text: string, accessedAt = new Date('2026-01-01T00:00:00Z')): SourceRecord {
  const r = parseArchiveRecord(text, 'archive/x.md');
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return {
    ...r.record,
    id: `S-${sha256(text).slice(0, 12)}`,
    accessedAt: accessedAt.toISOString(),
    sha256: sha256(r.record.text),
  };
}
