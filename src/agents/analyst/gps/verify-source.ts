/**
 * VerifyTask's check of one captured source (seed 003: "the content actually contained the cited
 * claims", for one source at a time): the file as it is on disk now has the body and captured
 * fields it was captured with (its sha256 and front digests), and every snippet the case cites from
 * it is still verbatim in it. The verdict names what rests on a failed source, so those facts can be
 * held back from the conclusion (the engine marks them; see engine/phases/verify-source.ts).
 */
import type { EvidenceClaim, Person, SourceRecord } from '../../../model';
import { editedCapturedFields, sourceHash } from '../../../case/source-integrity';
import { snippetInSource } from '../extract/evidence-text';

/** A fact or relationship of a person that cites the source. */
export interface CitingClaim {
  person: string;
  kind: 'assertion' | 'relationship';
  /** The assertion's id, or `<type>:<person>` of a relationship. */
  id: string;
  /** "birth.date = 1850" or "parent P-…", for the log and the summary. */
  what: string;
  snippet: string;
  /** False when the snippet is no longer in the source as read now. */
  found: boolean;
}

export interface SourceVerdict {
  source: string;
  passed: boolean;
  /** Why it failed, in words (empty when it passed). */
  reasons: string[];
  /** Every claim of the case that cites the source (user and GEDCOM claims are not snippets of it). */
  claims: CitingClaim[];
  /**
   * The claims the failure affects: all of them when the file is missing, unreadable or not what
   * was captured (its sha256 or a captured field differs); otherwise those whose snippet is gone.
   */
  affected: CitingClaim[];
}

/**
 * `record`: the source as its file reads now (undefined when it is missing or cannot be read;
 * `unreadable` then says why).
 */
export function verifySource(
  sourceId: string,
  record: SourceRecord | undefined,
  persons: Iterable<Person>,
  unreadable?: string,
): SourceVerdict {
  const claims: CitingClaim[] = [];
  const cites = (e: EvidenceClaim) => e.source === sourceId && e.method !== 'user' && e.method !== 'gedcom';
  const found = (snippet: string) => (record ? snippetInSource(snippet, record) : false);
  for (const p of persons) {
    for (const a of p.assertions) {
      if (a.status === 'rejected') continue;
      for (const e of a.evidence.filter(cites))
        claims.push({
          person: p.id,
          kind: 'assertion',
          id: a.id,
          what: `${a.field} = ${a.value}`,
          snippet: e.snippet,
          found: found(e.snippet),
        });
    }
    for (const r of p.relationships) {
      if (r.status === 'rejected') continue;
      for (const e of r.evidence.filter(cites))
        claims.push({
          person: p.id,
          kind: 'relationship',
          id: `${r.type}:${r.person}`,
          what: `${r.type} ${r.person}`,
          snippet: e.snippet,
          found: found(e.snippet),
        });
    }
  }
  const reasons: string[] = [];
  let whole = false;
  if (!record) {
    reasons.push(unreadable ?? `sources/${sourceId}.md is missing`);
    whole = true;
  } else {
    const captured = record.bodySha256 ?? record.sha256;
    const now = sourceHash(record);
    if (now !== captured) {
      reasons.push(
        `its text does not match the sha256 it was captured with (${captured.slice(0, 12)}, now ${now.slice(0, 12)})`,
      );
      whole = true;
    }
    if (record.frontSha256) {
      const { text: _text, ...front } = record;
      const edited = editedCapturedFields(front, record.frontSha256);
      if (edited.length) {
        reasons.push(`captured field(s) changed since capture: ${edited.join(', ')}`);
        whole = true;
      }
    }
  }
  const missing = claims.filter((c) => !c.found);
  if (record && missing.length)
    reasons.push(
      `${missing.length} of ${claims.length} cited snippet(s) not found verbatim: ${missing
        .slice(0, 5)
        .map((c) => `"${c.snippet.slice(0, 40)}" (${c.what})`)
        .join('; ')}`,
    );
  const affected = whole ? claims : missing;
  return { source: sourceId, passed: reasons.length === 0, reasons, claims, affected };
}
