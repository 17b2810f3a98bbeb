/**
 * What a captured source says, for grounding and for the verification checkpoint: its verbatim
 * transcription plus one line per indexed persona field (the front matter index is captured with the
 * source, so a fact read from the index cites the index line).
 */
import type { Persona, RawRecord } from '../../../model';

/** The persona fields a record's `persons` index may hold, besides the name (read and cited in this order). */
export const INDEX_FIELDS = [
  'role',
  'sex',
  'age',
  'birthDate',
  'birthPlace',
  'deathDate',
  'deathPlace',
  'burialDate',
  'burialPlace',
  'residence',
  'occupation',
  'relationship',
] as const;

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
  return [
    `title: ${record.title}`,
    ...(record.date ? [`date: ${record.date}`] : []),
    ...(record.place ? [`place: ${record.place}`] : []),
  ];
}

type Statements = Partial<Pick<RawRecord, 'relationships' | 'events'>> & Pick<RawRecord, 'persons'>;

function personName(record: Statements, key: string): string {
  return record.persons.find((p) => p.key === key)?.name ?? key;
}

/** The index line of a stated relationship (v2): "Anna /Miller/: daughter-in-law of Sara /Hebard/". */
export function relationshipLine(record: Statements, r: NonNullable<RawRecord['relationships']>[number]): string {
  return `${personName(record, r.from)}: ${r.type} of ${personName(record, r.to)}`;
}

/** The index line of one of the record's events (v2): "event: burial 3 MAR 1712/13, Windham: Sara /Hebard/". */
export function eventLine(record: Statements, e: NonNullable<RawRecord['events']>[number]): string {
  const when = [e.date, e.place].filter(Boolean).join(', ');
  return `event: ${e.type}${when ? ` ${when}` : ''}${e.persons.length ? `: ${e.persons.map((k) => personName(record, k)).join('; ')}` : ''}`;
}

/** Index lines of what a v2 record states between its persons (relationships and events). */
export function statementLines(record: Statements): string[] {
  return [
    ...(record.relationships ?? []).map((r) => relationshipLine(record, r)),
    ...(record.events ?? []).map((e) => eventLine(record, e)),
  ];
}

export function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** True when the snippet is verbatim in the source text or is one of its index lines. */
export function snippetInSource(
  snippet: string,
  record: Pick<RawRecord, 'persons' | 'text' | 'title' | 'date' | 'place'> &
    Partial<Pick<RawRecord, 'relationships' | 'events' | 'translation'>>,
): boolean {
  const s = squash(snippet);
  if (!s) return false;
  if (squash(record.text).includes(s)) return true;
  // The record's own heading ("Obituary of William Hritzuk, Canora Courier, 1951") is its text too.
  if (record.title && squash(record.title).includes(s)) return true;
  // The record's own translation, captured with it (v2 `translation:`), is read as its text is.
  if (record.translation && squash(record.translation).includes(s)) return true;
  return (
    indexLines(record).some((l) => squash(l) === s) ||
    recordLines(record).some((l) => squash(l) === s) ||
    statementLines(record).some((l) => squash(l) === s)
  );
}
