/**
 * What a record states beyond each persona's own fields (archive format v2): the persona's key,
 * its age as written, its information class, whether it is the informant; the relationships the
 * record states between its personas; and the events it holds. Each statement cites the record's
 * own words when a line names it (a will's "my daughter Anna wife of Henry Miller"), else its index line.
 */
import type { Persona, SourceRecord } from '../../../model';
import { parseAge } from '../../../model/age';
import type { ExtractionResult, GroundedPersona, StatedEvent, StatedRelation } from '../../../engine/agents';
import { eventLine, relationshipLine } from './evidence-text';
import { SnippetFinder } from './snippets';

type Stated = Pick<SourceRecord, 'persons' | 'text' | 'informationType' | 'informant' | 'relationships' | 'events'>;

/** The key a persona has in its record: its own, else its place in `persons`. */
export function personaKey(record: Pick<SourceRecord, 'persons'>, persona: Persona): string {
  if (persona.key) return persona.key;
  const i = record.persons.indexOf(persona);
  return `#${i >= 0 ? i : record.persons.findIndex((p) => p.name === persona.name)}`;
}

/** The v2 details of one persona (key, age as read, information class, informant). */
export function personaDetails(
  record: Stated,
  persona: Persona,
  index: number,
): Pick<GroundedPersona, 'key' | 'age' | 'informationType' | 'informant'> {
  const out: Pick<GroundedPersona, 'key' | 'age' | 'informationType' | 'informant'> = {
    key: persona.key ?? `#${index}`,
  };
  const age = parseAge(persona.age);
  if (age) out.age = age;
  const info = persona.informationType ?? record.informationType;
  if (info) out.informationType = info;
  if (record.informant !== undefined && persona.key === record.informant) out.informant = true;
  return out;
}

/** A text line naming both personas, else one naming the first and the relation's word. */
function relationSnippet(
  finder: SnippetFinder,
  record: Stated,
  from: Persona | undefined,
  to: Persona | undefined,
  r: NonNullable<SourceRecord['relationships']>[number],
): string {
  const a = from ? finder.personaLine(from) : undefined;
  const b = to ? finder.personaLine(to) : undefined;
  if (a && a === b) return a;
  const word = r.type.split('-')[0];
  if (a && new RegExp(`\\b${word}`, 'i').test(a)) return a;
  return relationshipLine(record, r);
}

export function extractStatements(record: Stated): Required<Pick<ExtractionResult, 'relations' | 'events'>> {
  const finder = new SnippetFinder(record);
  const byKey = new Map(record.persons.filter((p) => p.key).map((p) => [p.key!, p]));
  const relations: StatedRelation[] = (record.relationships ?? []).map((r) => ({
    from: r.from,
    to: r.to,
    type: r.type,
    snippet:
      r.note && record.text.includes(r.note)
        ? r.note
        : relationSnippet(finder, record, byKey.get(r.from), byKey.get(r.to), r),
  }));
  const events: StatedEvent[] = (record.events ?? []).map((e) => {
    const first = e.persons.map((k) => byKey.get(k)).find(Boolean);
    const dated = first && e.date ? finder.find(first, 'date', e.date) : undefined;
    const snippet = dated && !dated.startsWith(`${first!.name}:`) ? dated : eventLine(record, e);
    const ev: StatedEvent = { type: e.type.toLowerCase(), persons: e.persons, snippet };
    if (e.date) ev.date = e.date;
    if (e.place) ev.place = e.place;
    if (e.informationType) ev.informationType = e.informationType;
    return ev;
  });
  return { relations, events };
}
