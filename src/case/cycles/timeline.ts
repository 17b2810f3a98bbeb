/**
 * timeline.md (seed 003): the subject's life in date order. Each event shows the preferred value,
 * its status and confidence and the sources cited; values the evidence disagrees on are shown as a
 * conflict (the preferred one and the others), never silently dropped. Living persons appear as
 * the Censor shows them (the caller passes persons through redactPerson).
 */
import type { Assertion, Conflict, Person, SourceRecord } from '../../model';
import { yearRange } from '../../model/gdate';

export interface TimelineInput {
  subject: Person;
  /** Persons as the Censor shows them (redacted when living, without consent). */
  get(id: string): Person | undefined;
  shownName(p: Person): string;
  conflicts: readonly Conflict[];
  source(id: string): SourceRecord | undefined;
}

interface TimelineEvent {
  label: string;
  date?: Assertion;
  place?: Assertion;
  detail?: Assertion;
  others: Assertion[];
  conflicts: Conflict[];
  sources: Set<string>;
  /** The record's date, for an event without a date of its own. */
  recordDate?: string;
  sortYear: number;
}

const LABEL: Record<string, string> = {
  birth: 'Birth',
  baptism: 'Baptism',
  christening: 'Christening',
  marriage: 'Marriage',
  divorce: 'Divorce',
  residence: 'Residence',
  census: 'Census',
  immigration: 'Immigration',
  emigration: 'Emigration',
  naturalization: 'Naturalization',
  occupation: 'Occupation',
  military: 'Military service',
  death: 'Death',
  burial: 'Burial',
  probate: 'Probate',
  will: 'Will',
};

/** Events a person has once. */
export const ONCE = new Set(['birth', 'baptism', 'christening', 'death', 'burial', 'cremation', 'probate']);

const STATUS_RANK: Record<string, number> = { accepted: 0, disputed: 1, staged: 2, rejected: 3 };

function better(a: Assertion, b: Assertion): Assertion {
  const ra = STATUS_RANK[a.status] ?? 9;
  const rb = STATUS_RANK[b.status] ?? 9;
  if (ra !== rb) return ra < rb ? a : b;
  return b.confidence > a.confidence ? b : a;
}

function midYear(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const r = yearRange(value);
  if (r.min === undefined && r.max === undefined) return undefined;
  return r.min !== undefined && r.max !== undefined ? (r.min + r.max) / 2 : (r.min ?? r.max);
}

/** The subject's own events, grouped by the event each fact belongs to (date, place, detail together). */
function ownEvents(input: TimelineInput): TimelineEvent[] {
  const { subject } = input;
  const groups = new Map<string, Assertion[]>();
  for (const a of subject.assertions) {
    if (a.status === 'rejected') continue;
    const kind = a.field.split('.')[0];
    if (kind === 'sex' || kind === 'name') continue;
    // One birth, one death: every claim about it is one event (the user's starting guess included);
    // residences, occupations and marriages are one event per record.
    const key = ONCE.has(kind) ? kind : (a.event ?? `${kind}|${a.id}`);
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const out: TimelineEvent[] = [];
  for (const facts of groups.values()) {
    const kind = facts[0].field.split('.')[0];
    const pick = (suffix: string) => {
      const all = facts.filter((a) => a.field.endsWith(`.${suffix}`));
      const conflict = input.conflicts.find((c) => c.person === subject.id && c.field === `${kind}.${suffix}`);
      const preferred = conflict && all.find((a) => a.value === conflict.preferred && a.status === 'accepted');
      const best = preferred ?? (all.length ? all.reduce(better) : undefined);
      return { best, others: all.filter((a) => a !== best && a.value !== best?.value), conflict };
    };
    const date = pick('date');
    const place = pick('place');
    const detail = facts.find((a) => !a.field.endsWith('.date') && !a.field.endsWith('.place'));
    const conflicts = [date.conflict, place.conflict].filter((c): c is Conflict => Boolean(c));
    // An undated fact (an occupation in a census) is placed by the date of the record that gives it.
    const sources = new Set(facts.flatMap((a) => a.evidence.map((e) => e.source)));
    const recordDate = date.best
      ? undefined
      : [...sources].map((id) => input.source(id)?.date).find((d): d is string => Boolean(d && midYear(d)));
    out.push({
      label: LABEL[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1),
      date: date.best,
      place: place.best,
      detail,
      others: [...date.others, ...place.others],
      conflicts,
      sources,
      recordDate,
      sortYear: midYear(date.best?.value ?? recordDate) ?? Number.POSITIVE_INFINITY,
    });
  }
  return out;
}

/** The births of the subject's children (and the deaths of spouses) belong to the subject's life too. */
function familyEvents(input: TimelineInput): TimelineEvent[] {
  const out: TimelineEvent[] = [];
  for (const r of input.subject.relationships) {
    if (r.status === 'rejected' || (r.type !== 'child' && r.type !== 'spouse')) continue;
    const p = input.get(r.person);
    if (!p) continue;
    const field = r.type === 'child' ? 'birth.date' : 'death.date';
    const facts = p.assertions.filter((a) => a.field === field && a.status !== 'rejected');
    if (!facts.length) continue;
    const best = facts.reduce(better);
    out.push({
      label: `${r.type === 'child' ? 'Birth of child' : 'Death of spouse'} ${input.shownName(p)} (${p.id})`,
      date: best,
      others: [],
      conflicts: [],
      sources: new Set([...best.evidence, ...r.evidence].map((e) => e.source)),
      sortYear: midYear(best.value) ?? Number.POSITIVE_INFINITY,
    });
  }
  return out;
}

function fact(a: Assertion | undefined): string {
  return a ? `${a.value} (${a.status}, ${a.confidence.toFixed(2)})` : '';
}

export function renderTimeline(input: TimelineInput): string {
  const events = [...ownEvents(input), ...familyEvents(input)].sort((a, b) => a.sortYear - b.sortYear);
  const name = input.shownName(input.subject);
  const out: string[] = [
    `# Timeline: ${name} (${input.subject.id})`,
    '',
    'Events in date order (undated ones last). Each shows the preferred value, its status (accepted, staged for review, disputed) and confidence, and the sources cited. Where the evidence disagrees the conflict is shown with every value. Rewritten at the end of every research cycle.',
    '',
  ];
  if (!events.length) out.push('No dated event yet.');
  for (const e of events) {
    const when = e.date ? e.date.value : e.recordDate ? `${e.recordDate} (record date)` : 'undated';
    const parts = [
      e.date ? `date ${fact(e.date)}` : '',
      e.place ? `place ${fact(e.place)}` : '',
      e.detail ? `${e.detail.field.split('.')[0]} ${fact(e.detail)}` : '',
    ].filter(Boolean);
    out.push(`- **${when}** — ${e.label}: ${parts.join('; ')}`);
    const cited = [...e.sources].map((id) => {
      const s = input.source(id);
      return s ? `${id} (${s.title})` : id;
    });
    if (cited.length) out.push(`  - Sources: ${cited.join('; ')}`);
    for (const c of e.conflicts)
      out.push(
        `  - **Conflict ${c.id}** (${c.status}): preferred ${c.preferred}; also recorded ${c.competing
          .filter((x) => x.value !== c.preferred)
          .map((x) => `${x.value} (${x.evidence.map((ev) => ev.source).join(', ') || 'no source'})`)
          .join('; ')}`,
      );
    const unexplained = e.others.filter((o) => !e.conflicts.some((c) => c.competing.some((x) => x.value === o.value)));
    if (unexplained.length)
      out.push(
        `  - Other values: ${unexplained.map((o) => `${o.value} (${o.status}; ${o.evidence.map((ev) => ev.source).join(', ') || 'no source'})`).join('; ')}`,
      );
  }
  out.push('');
  return out.join('\n');
}
