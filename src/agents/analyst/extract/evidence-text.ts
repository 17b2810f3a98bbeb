/**
 * What a captured source says, for grounding and for the verification checkpoint: its verbatim
 * transcription plus one line per indexed persona field (the front matter index is captured with the
 * source, so a fact read from the index cites the index line).
 */
import type { Persona, RawRecord } from '../../../model';

const INDEX_FIELDS = ['role', 'sex', 'age', 'birthDate', 'birthPlace', 'deathDate', 'deathPlace', 'burialDate', 'burialPlace', 'residence', 'occupation', 'relationship'] as const;

export function indexLine(p: Persona, field: string, value: unknown): string {
  return `${p.name}: ${field} ${String(value)}`;
}

export function indexLines(record: Pick<RawRecord, 'persons'>): string[] {
  const out: string[] = [];
  for (const p of record.persons) {
    out.push(`${p.name}: name ${p.name}`);
    for (const f of INDEX_FIELDS) {
      const v = p[f];
      if (v !== undefined && v !== '') out.push(indexLine(p, f, v));
    }
  }
  return out;
}

/** The record's own index lines (title, date, place): facts of the record's event cite these. */
export function recordLines(record: Pick<RawRecord, 'title' | 'date' | 'place'>): string[] {
  return [`title: ${record.title}`, ...(record.date ? [`date: ${record.date}`] : []), ...(record.place ? [`place: ${record.place}`] : [])];
}

export function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** True when the snippet is verbatim in the source text or is one of its index lines. */
export function snippetInSource(snippet: string, record: Pick<RawRecord, 'persons' | 'text' | 'title' | 'date' | 'place'>): boolean {
  const s = squash(snippet);
  if (!s) return false;
  if (squash(record.text).includes(s)) return true;
  return indexLines(record).some((l) => squash(l) === s) || recordLines(record).some((l) => squash(l) === s);
}
