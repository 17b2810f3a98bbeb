/**
 * Genealogical Proof Standard gaps in a person file, at the line of the assertion concerned:
 * uncited assertions, facts without a primary source, citations of sources that were never
 * captured, and conflicts still open. No `vscode` import.
 */
import { locate } from '../../case/frontmatter';
import { isStartingHint } from '../../model/hint';
import type { CaseSnapshot, PersonEntry } from './snapshot';

export interface GpsGap {
  file: string;
  line: number;
  column: number;
  code: 'uncited' | 'no-primary' | 'unknown-source' | 'open-conflict';
  message: string;
  severity: 'error' | 'warning' | 'info';
  /** Source id the gap is about, for quick fixes and hovers. */
  source?: string;
}

export function gpsGapsOf(entry: PersonEntry, snap: Pick<CaseSnapshot, 'sources' | 'conflicts'>): GpsGap[] {
  const fm = entry.fm;
  if (!fm) return [];
  const gaps: GpsGap[] = [];
  const at = (path: (string | number)[]) => locate(fm, path);
  entry.person.assertions.forEach((a, i) => {
    // The case.yaml starting hint is not a claim of evidence: no "uncited" gap for it.
    if (a.status === 'rejected' || isStartingHint(a)) return;
    const where = at(['assertions', i]);
    const label = `${a.field} = "${a.value}"`;
    if (a.evidence.length === 0) {
      gaps.push({
        file: entry.file,
        ...where,
        code: 'uncited',
        severity: 'warning',
        message: `uncited assertion: ${label} has no evidence`,
      });
    } else if (
      a.status === 'accepted' &&
      !a.evidence.some((e) => e.evidenceType === 'Primary' || e.information === 'primary')
    ) {
      gaps.push({
        file: entry.file,
        ...where,
        code: 'no-primary',
        severity: 'info',
        message: `fact without a primary source: ${label} rests only on ${[...new Set(a.evidence.map((e) => e.evidenceType.toLowerCase()))].join(' and ')} evidence`,
      });
    }
    a.evidence.forEach((e, j) => {
      if (!snap.sources.has(e.source)) {
        gaps.push({
          file: entry.file,
          ...at(['assertions', i, 'evidence', j, 'source']),
          code: 'unknown-source',
          severity: 'error',
          source: e.source,
          message: `cites source ${e.source}, which is not in sources/`,
        });
      }
    });
  });
  entry.person.relationships.forEach((r, i) => {
    r.evidence.forEach((e, j) => {
      if (!snap.sources.has(e.source)) {
        gaps.push({
          file: entry.file,
          ...at(['relationships', i, 'evidence', j, 'source']),
          code: 'unknown-source',
          severity: 'error',
          source: e.source,
          message: `cites source ${e.source}, which is not in sources/`,
        });
      }
    });
  });
  for (const { conflict } of snap.conflicts) {
    if (conflict.person !== entry.person.id || conflict.status === 'resolved') continue;
    const idx = entry.person.assertions.findIndex((a) => a.field === conflict.field && a.status !== 'rejected');
    const where = idx >= 0 ? at(['assertions', idx]) : at(['id']);
    const values = conflict.competing.map((c) => `"${c.value}"`).join(' vs ');
    gaps.push({
      file: entry.file,
      ...where,
      code: 'open-conflict',
      severity: 'warning',
      message: `unresolved conflict ${conflict.id} on ${conflict.field}: ${values} (${conflict.status})`,
    });
  }
  return gaps;
}

export function gpsGaps(snap: CaseSnapshot): GpsGap[] {
  const out: GpsGap[] = [];
  for (const entry of snap.persons.values()) out.push(...gpsGapsOf(entry, snap));
  return out;
}
