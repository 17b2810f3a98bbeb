/**
 * A register entry is the event it records (issue #14, held-out cases): a child is born once and
 * baptised once. Two baptism entries of one name ten months apart in one parish are two children (a
 * cousin, or a sibling given the name of one who died), whatever their parents; so are two birth
 * entries of 1832 and 1833. A genealogist reads the second entry as another child, never as the
 * first child baptised again.
 *
 * Only first-hand register entries are compared: the record's own birth or baptism of its principal
 * (or a v2 event naming the persona), against the person's birth or baptism dates that a register
 * states as primary, direct evidence. A birth date told later (a death certificate, a census) may
 * disagree with the register by any amount: that is a conflict to weigh, not another person.
 */
import type { Person, SourceRecord } from '../../../model';
import { displayName } from '../../../model';
import { dateFeature } from '../resolve/features';

export interface RecordEvent {
  type: string;
  date?: string;
  place?: string;
  persons: readonly string[];
}

/** Days two entries of one event may differ by: a registration a few days after, a misread day. */
const SAME_EVENT_DAYS = 31;

const VITAL: Record<string, 'birth' | 'baptism'> = { birth: 'birth', baptism: 'baptism', christening: 'baptism' };

/**
 * The record's events, with a version 1 birth or baptism register's own event added for its
 * principal (its date is the event's): the principal of an 1846 baptism was born by 1846, which bounds
 * a generation (the father named in it is not the son born in 1875).
 */
export function withRegisterEvent(
  source: Pick<SourceRecord, 'recordType' | 'date' | 'place'>,
  events: readonly RecordEvent[] | undefined,
  principalKey: string | undefined,
  principalRole: string | undefined,
): RecordEvent[] {
  const out = [...(events ?? [])];
  const type = VITAL[source.recordType];
  if (!type || !source.date || !principalKey || principalRole !== 'principal') return out;
  const named = out.some((e) => VITAL[e.type.toLowerCase()] && e.persons.includes(principalKey));
  if (!named) out.push({ type, date: source.date, place: source.place, persons: [principalKey] });
  return out;
}

/**
 * Records that register births and baptisms as they happen. A death certificate, a census or a
 * marriage entry may carry a birth event (version 2), but it is a birth told later, often by an
 * informant who guessed: a conflict to weigh, not a second register entry.
 */
const REGISTERS = new Set(['birth', 'baptism', 'christening', 'register']);

/** The birth and baptism dates this record registers for the persona keyed `key`. */
export function registeredVitals(
  events: readonly RecordEvent[],
  key: string | undefined,
  recordType: string,
): { type: 'birth' | 'baptism'; date: string }[] {
  if (!key || !REGISTERS.has(recordType)) return [];
  const out: { type: 'birth' | 'baptism'; date: string }[] = [];
  for (const e of events) {
    const type = VITAL[e.type.toLowerCase()];
    if (type && e.date && e.persons.includes(key)) out.push({ type, date: e.date });
  }
  return out;
}

function dayNumber(date: string): { days: number; y: number; md: string } | undefined {
  const ymd = dateFeature(date)?.ymd;
  if (!ymd) return undefined;
  const y = Number(ymd.slice(0, 4));
  const m = Number(ymd.slice(4, 6));
  const d = Number(ymd.slice(6, 8));
  return { days: Date.UTC(y, m - 1, d) / 86_400_000, y, md: ymd.slice(4) };
}

/** One event written twice: within a month, or the same day a year apart (an old-style year). */
function sameEvent(a: string, b: string): boolean | undefined {
  const x = dayNumber(a);
  const y = dayNumber(b);
  if (!x || !y) return undefined;
  if (Math.abs(x.days - y.days) <= SAME_EVENT_DAYS) return true;
  return x.md === y.md && Math.abs(x.y - y.y) === 1;
}

/**
 * Why the persona registered as born or baptised on `vitals` cannot be person `p`, who has a
 * register entry of the same event on another day (undefined when nothing contradicts).
 */
export function registeredTwice(
  vitals: readonly { type: 'birth' | 'baptism'; date: string }[],
  p: Person,
  sourceId: string,
): string | undefined {
  for (const v of vitals) {
    const field = `${v.type}.date`;
    const entries = p.assertions.filter(
      (a) =>
        a.field === field &&
        a.status !== 'rejected' &&
        a.evidence.some((e) => e.source !== sourceId && e.information === 'primary' && e.evidence === 'direct'),
    );
    const compared = entries.map((a) => ({ a, same: sameEvent(v.date, a.value) })).filter((x) => x.same !== undefined);
    if (!compared.length || compared.some((x) => x.same)) continue;
    const other = compared[0].a;
    const where = other.evidence.find((e) => e.information === 'primary' && e.evidence === 'direct')?.source;
    const verb = v.type === 'birth' ? 'born' : 'baptised';
    return `${verb} ${v.date} by this register, while ${displayName(p)} (${p.id}) was ${verb} ${other.value}${where ? ` (${where})` : ''}: a child is ${verb} once, so a second ${v.type} of the name is another child (a cousin, or a sibling named for one who died)`;
  }
  return undefined;
}
