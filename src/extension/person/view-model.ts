/**
 * A person as their page shows them (issue #19 item 1): vital facts, an event timeline with dates,
 * places and footnotes, relatives one click away, conflicts and staged facts marked, and reference
 * notes in Evidence Explained's form. Pure (no vscode, no I/O): the People worker and the tests
 * call it with what the case holds.
 */
import { yearRange } from '../../model/gdate';
import { formatCitation } from '../../model/citation-format';
import { isStartingHint } from '../../model/hint';
import { isTranscribed } from '../../model/snippet';
import { compatibleValues, precision } from '../../agents/analyst/conflicts/compatible';
import type { Assertion, Conflict, EvidenceClaim, Person, SourceRecord } from '../../model';
import type {
  CitationView,
  ConflictView,
  EventView,
  FactView,
  PersonPage,
  PersonRef,
  VitalView,
} from '../../protocol/person';

export interface PersonPageInput {
  person: Person;
  /** Living by the case's rule. */
  living: boolean;
  /** The case consents to showing living persons (privacy.consent). */
  consent: boolean;
  parents: PersonRef[];
  spouses: PersonRef[];
  children: PersonRef[];
  source(id: string): SourceRecord | undefined;
  /** The stored and freshly detected conflicts of this person. */
  conflicts: Conflict[];
  /** The person file's markdown body ('' for a tree person). */
  notes: string;
  origin: PersonPage['origin'];
}

const EVENT_LABELS: Record<string, string> = {
  birth: 'Birth',
  baptism: 'Baptism',
  christening: 'Christening',
  death: 'Death',
  burial: 'Burial',
  cremation: 'Cremation',
  marriage: 'Marriage',
  divorce: 'Divorce',
  residence: 'Residence',
  occupation: 'Occupation',
  census: 'Census',
  immigration: 'Immigration',
  emigration: 'Emigration',
  naturalization: 'Naturalisation',
  military: 'Military service',
  probate: 'Probate',
  will: 'Will',
  education: 'Education',
  religion: 'Religion',
  title: 'Title',
  confirmation: 'Confirmation',
};

const FIELD_LABELS: Record<string, string> = { date: 'Date', place: 'Place', age: 'Age', value: '' };

/** An event that happens once in a life: its values, with or without an event id, are one event. */
const ONCE = new Set(['birth', 'baptism', 'christening', 'death', 'burial', 'cremation']);
/** The order of events with no date: the life's start, then the rest, then its end. */
const LIFE_ORDER: Record<string, number> = { birth: 0, baptism: 1, christening: 1, death: 8, burial: 9, cremation: 9 };

export function eventLabel(event: string): string {
  return EVENT_LABELS[event] ?? event.charAt(0).toUpperCase() + event.slice(1).replace(/_/g, ' ');
}

/** "birth.date" → "Born", "occupation.value" → "Occupation" (what a reader calls the field). */
export function fieldLabel(field: string): string {
  if (field === 'sex') return 'Sex';
  const [event, part] = field.split('.') as [string, string];
  const simple: Record<string, string> = {
    'birth.date': 'Born',
    'birth.place': 'Birthplace',
    'death.date': 'Died',
    'death.place': 'Place of death',
    'burial.date': 'Buried',
    'burial.place': 'Place of burial',
    'baptism.date': 'Baptised',
    'baptism.place': 'Place of baptism',
    'marriage.date': 'Married',
    'marriage.place': 'Place of marriage',
  };
  if (simple[field]) return simple[field];
  const sub = FIELD_LABELS[part];
  return sub ? `${eventLabel(event)} ${sub.toLowerCase()}` : eventLabel(event);
}

const SEX: Record<string, { word: string; symbol: string }> = {
  M: { word: 'male', symbol: '♂' },
  F: { word: 'female', symbol: '♀' },
  X: { word: 'other', symbol: '⚥' },
  U: { word: 'unknown', symbol: '?' },
};

/** A GEDCOM name as a reader writes it: no slashes around the surname. */
function nameText(n: Person['names'][number]): string {
  return [n.prefix, n.given, n.surname, n.suffix]
    .filter(Boolean)
    .join(' ')
    .replace(/\s*\/\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function year(value: string | undefined): string {
  if (!value) return '';
  const r = yearRange(value);
  return r.min !== undefined ? String(r.min) : (value.match(/\d{3,4}/)?.[0] ?? '');
}

/**
 * Best value of a field: accepted first, then the most confident; then, as the proof summary
 * states it, the most specific accepted value that agrees with it ("Kleinbach, Unterfranken,
 * Bavaria" rather than "Bavaria" when both are accepted).
 */
function best(assertions: Assertion[], field: string): Assertion | undefined {
  const pool = assertions.filter((a) => a.field === field && a.status !== 'rejected');
  const top = pool.sort(
    (a, b) => Number(b.status === 'accepted') - Number(a.status === 'accepted') || b.confidence - a.confidence,
  )[0];
  if (!top || top.status !== 'accepted') return top;
  const level = precision(field, top.value);
  const finer = pool
    .filter(
      (a) =>
        a !== top &&
        a.status === 'accepted' &&
        precision(field, a.value) > level &&
        compatibleValues(field, a.value, top.value),
    )
    .sort((a, b) => precision(field, b.value) - precision(field, a.value) || b.confidence - a.confidence)[0];
  return finer ?? top;
}

/** Numbers each distinct (source, page) once, in the order the page first cites it. */
class Footnotes {
  private readonly byKey = new Map<string, CitationView>();
  constructor(private readonly source: PersonPageInput['source']) {}

  cite(evidence: readonly EvidenceClaim[]): number[] {
    const out: number[] = [];
    for (const e of evidence) {
      const key = `${e.source}\u0000${e.page ?? ''}`;
      let c = this.byKey.get(key);
      if (!c) {
        const record = this.source(e.source);
        const note = formatCitation(record, e);
        c = {
          n: this.byKey.size + 1,
          source: e.source,
          full: note.full,
          short: note.short,
          analysis: note.analysis,
          ...(e.url || record?.url ? { url: e.url ?? record?.url } : {}),
          // The record's own words are quoted; an index line is labelled as such (not a quotation).
          ...(e.snippet
            ? { quote: e.snippet.replace(/\s+/g, ' ').trim(), transcribed: isTranscribed(e.snippet, record?.text) }
            : {}),
          captured: Boolean(record),
        };
        this.byKey.set(key, c);
      }
      if (!out.includes(c.n)) out.push(c.n);
    }
    return out;
  }

  list(): CitationView[] {
    return [...this.byKey.values()];
  }
}

function openConflictOf(conflicts: Conflict[], field: string): string | undefined {
  return conflicts.find((c) => c.field === field && c.status !== 'resolved')?.id;
}

function fact(a: Assertion, notes: Footnotes, conflicts: Conflict[]): FactView {
  const part = a.field === 'sex' ? 'value' : (a.field.split('.')[1] ?? 'value');
  const label = FIELD_LABELS[part] || fieldLabel(a.field);
  return {
    id: a.id,
    label,
    value: a.value,
    status: a.status,
    confidence: a.confidence,
    notes: notes.cite(a.evidence),
    ...(a.status !== 'rejected' && openConflictOf(conflicts, a.field)
      ? { conflict: openConflictOf(conflicts, a.field) }
      : {}),
    ...(a.generalised ? { generalised: true } : {}),
    ...(isStartingHint(a)
      ? { comment: 'starting hint from case.yaml, not evidence' }
      : a.note
        ? { comment: a.note }
        : {}),
  };
}

/** Groups assertions into events (an event id, else one event per once-in-a-life kind, else one per value). */
function timeline(person: Person, notes: Footnotes, conflicts: Conflict[]): EventView[] {
  const groups = new Map<string, { event: string; items: Assertion[] }>();
  for (const a of person.assertions) {
    if (a.field === 'sex' || a.status === 'rejected') continue;
    const event = a.field.split('.')[0];
    // A once-in-a-life event is one event whatever event ids its values came with (the user's
    // starting hint and each record's birth are the same birth).
    const key = ONCE.has(event) ? event : a.event ? `${event}#${a.event}` : `${event}#${a.id}`;
    const g = groups.get(key) ?? { event, items: [] };
    g.items.push(a);
    groups.set(key, g);
  }
  const events = [...groups.entries()].map(([key, g]) => {
    const date = best(g.items, `${g.event}.date`);
    const place = best(g.items, `${g.event}.place`);
    // Dates first, then places, ages and values, each best first.
    const order = (a: Assertion) => ['date', 'place', 'age', 'value'].indexOf(a.field.split('.')[1] ?? 'value');
    const items = g.items
      .slice()
      .sort(
        (a, b) =>
          order(a) - order(b) ||
          Number(b.status === 'accepted') - Number(a.status === 'accepted') ||
          b.confidence - a.confidence,
      );
    const facts = items.map((a) => fact(a, notes, conflicts));
    const view: EventView = {
      key,
      label: eventLabel(g.event),
      ...(date ? { date: date.value } : {}),
      ...(place ? { place: place.value } : {}),
      facts,
      unsettled: facts.some((f) => f.status !== 'accepted' || f.conflict !== undefined),
    };
    const sortYear = date ? yearRange(date.value).min : undefined;
    return { view, sortYear, life: LIFE_ORDER[g.event] ?? 5 };
  });
  // By year; undated events keep the life's order among themselves and go after dated ones of the same rank.
  events.sort((a, b) => {
    if (a.sortYear !== undefined && b.sortYear !== undefined && a.sortYear !== b.sortYear)
      return a.sortYear - b.sortYear;
    if (a.sortYear === undefined && b.sortYear !== undefined) return a.life < 5 ? -1 : 1;
    if (b.sortYear === undefined && a.sortYear !== undefined) return b.life < 5 ? 1 : -1;
    return a.life - b.life;
  });
  return events.map((e) => e.view);
}

function vital(
  label: string,
  a: Assertion | undefined,
  place: Assertion | undefined,
  notes: Footnotes,
  conflicts: Conflict[],
): VitalView | undefined {
  if (!a && !place) return undefined;
  const value = [a?.value, place?.value].filter(Boolean).join(', ');
  const used = [a, place].filter((x): x is Assertion => Boolean(x));
  const status = used.some((x) => x.status === 'disputed')
    ? 'disputed'
    : used.some((x) => x.status === 'staged')
      ? 'staged'
      : 'accepted';
  const conflict = used.map((x) => openConflictOf(conflicts, x.field)).find(Boolean);
  return {
    label,
    value,
    status,
    notes: notes.cite(used.flatMap((x) => x.evidence)),
    ...(conflict ? { conflict } : {}),
  };
}

function conflictView(c: Conflict): ConflictView {
  return {
    id: c.id,
    field: fieldLabel(c.field),
    status: c.status,
    preferred: c.preferred,
    values: c.competing.map((x) => ({ value: x.value, weight: x.weight })),
    ...(c.resolvedBy ? { resolvedBy: c.resolvedBy } : {}),
  };
}

/** The page of one person. A living person without the case's consent shows only the surname. */
export function personPage(input: PersonPageInput): PersonPage {
  const p = input.person;
  const surname = p.names[0]?.surname.replace(/\//g, '').trim() ?? '';
  const redacted = input.living && !input.consent;
  const sex = SEX[p.sex] ?? SEX.U;
  const relatives = { parents: input.parents, spouses: input.spouses, children: input.children };
  if (redacted) {
    return {
      id: p.id,
      name: `Living ${surname}`.trim(),
      otherNames: [],
      sex,
      lifespan: 'living',
      living: true,
      redacted: true,
      origin: input.origin,
      vitals: [],
      timeline: [],
      ...relatives,
      conflicts: [],
      citations: [],
      notes: '',
      counts: { staged: 0, disputed: 0, openConflicts: 0 },
    };
  }
  const notes = new Footnotes((id) => input.source(id));
  const conflicts = input.conflicts;
  const a = p.assertions;
  const born = best(a, 'birth.date') ?? best(a, 'baptism.date') ?? best(a, 'christening.date');
  const bornEvent = born?.field.split('.')[0] ?? 'birth';
  const died = best(a, 'death.date') ?? best(a, 'burial.date');
  const diedEvent = died?.field.split('.')[0] ?? 'death';
  const vitals = [
    vital(
      bornEvent === 'birth' ? 'Born' : 'Baptised',
      born,
      best(a, `${bornEvent}.place`) ?? best(a, 'birth.place'),
      notes,
      conflicts,
    ),
    vital(
      diedEvent === 'death' ? 'Died' : 'Buried',
      died,
      best(a, `${diedEvent}.place`) ?? best(a, 'death.place'),
      notes,
      conflicts,
    ),
  ].filter((v): v is VitalView => Boolean(v));
  const lifespan = born || died ? `${year(born?.value) || '?'}–${year(died?.value)}` : input.living ? 'living' : '';
  const names = p.names.map(nameText).filter(Boolean);
  const live = a.filter((x) => x.status !== 'rejected');
  return {
    id: p.id,
    name: names[0] || '(unnamed)',
    otherNames: [...new Set(names.slice(1))].filter((n) => n !== names[0]),
    sex,
    lifespan,
    living: input.living,
    redacted: false,
    origin: input.origin,
    vitals,
    timeline: timeline(p, notes, conflicts),
    ...relatives,
    conflicts: conflicts.map(conflictView),
    citations: notes.list(),
    notes: input.notes.trim(),
    counts: {
      staged: live.filter((x) => x.status === 'staged').length,
      disputed: live.filter((x) => x.status === 'disputed').length,
      openConflicts: conflicts.filter((c) => c.status !== 'resolved').length,
    },
  };
}
