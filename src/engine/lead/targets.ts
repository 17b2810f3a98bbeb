/**
 * The Lead's targets and its three views of the case (seed 002: summary, focused, weakest; issue
 * #23 item 3). Pure: the case goes in as a snapshot, the targets and views come out, nothing is
 * read from or written to the run. A target is what a cycle works on: an unproven goal of the
 * subject (a gap), an open conflict, an ancestor within the target generations who lacks a birth,
 * a death or parents (a person), or an open clue (a hypothesis).
 */
import type { ClueHypothesis, Conflict, Person } from '../../model';
import { displayName } from '../../model';
import type { GoalStatus } from '../../agents/analyst/gps';

export type TargetKind = 'gap' | 'conflict' | 'person' | 'hypothesis';

/** What an ancestor may lack (the facts a person target asks for). */
export type MissingFact = 'birth' | 'death' | 'parents';

export interface LeadTarget {
  /** Stable across cycles and runs: `<kind>:<goal | conflict id | person id | clue id>`. */
  id: string;
  kind: TargetKind;
  /** The engine's own words for what it is, without names (the Censor shows the person: `person`). */
  label: string;
  /** The person its work concerns. */
  person: string;
  goal?: GoalStatus['goal'];
  conflict?: string;
  hypothesis?: string;
  /** person: the facts it lacks; gap: its goal. */
  missing: string[];
  /** Prior terms of its score: open conflicts on its person, how far its goal is from proven (0..1), the clue's priority. */
  openConflicts: number;
  goalGap: number;
  cluePriority: number;
}

/** The case as the Lead reads it at a cycle's start. */
export interface CaseSnapshot {
  subject: Person;
  get: (id: string) => Person | undefined;
  goals: readonly GoalStatus[];
  conflicts: Iterable<Conflict>;
  clues: readonly ClueHypothesis[];
  /** Generations above the subject whose persons are targets (seed 001 target_generations). */
  generations: number;
}

/** At most this many clues are targets (the highest priority ones): the rest wait for a later cycle. */
const MAX_CLUE_TARGETS = 10;

function accepted(p: Person, prefixes: readonly string[]): boolean {
  return p.assertions.some((a) => a.status === 'accepted' && prefixes.some((x) => a.field.startsWith(x)));
}

function parents(p: Person): string[] {
  return p.relationships.filter((r) => r.type === 'parent' && r.status === 'accepted').map((r) => r.person);
}

/** The subject's ancestors up to `generations` (breadth first, each once), with their generation. */
export function ancestors(s: Pick<CaseSnapshot, 'subject' | 'get' | 'generations'>): { p: Person; gen: number }[] {
  const out: { p: Person; gen: number }[] = [];
  const seen = new Set([s.subject.id]);
  let level = [s.subject];
  for (let gen = 1; gen <= s.generations && level.length; gen++) {
    const next: Person[] = [];
    for (const child of level)
      for (const id of parents(child)) {
        const p = s.get(id);
        if (!p || seen.has(id)) continue;
        seen.add(id);
        next.push(p);
        out.push({ p, gen });
      }
    level = next;
  }
  return out;
}

/** What a person lacks: a birth, a death, and (below the last target generation) parents. */
export function missingFacts(p: Person, canHaveParentTarget: boolean): MissingFact[] {
  const out: MissingFact[] = [];
  if (!accepted(p, ['birth.', 'baptism.', 'christening.'])) out.push('birth');
  if (!accepted(p, ['death.', 'burial.'])) out.push('death');
  if (canHaveParentTarget && parents(p).length < 2) out.push('parents');
  return out;
}

function openConflicts(s: CaseSnapshot): Conflict[] {
  return [...s.conflicts].filter((c) => c.status !== 'resolved').sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Every target of the case, in a stable order (kind, then id). */
export function leadTargets(s: CaseSnapshot): LeadTarget[] {
  const conflicts = openConflicts(s);
  const onPerson = (id: string) => conflicts.filter((c) => c.person === id).length;
  const out: LeadTarget[] = [];
  const base = { openConflicts: 0, goalGap: 0, cluePriority: 0, missing: [] as string[] };
  for (const g of s.goals) {
    if (g.sufficient) continue;
    out.push({
      ...base,
      id: `gap:${g.goal}`,
      kind: 'gap',
      label: `${g.goal} ${g.met ? 'found but not corroborated' : 'not found'}`,
      person: s.subject.id,
      goal: g.goal,
      missing: [g.goal],
      openConflicts: onPerson(s.subject.id),
      goalGap: g.met ? 0.5 : 1,
    });
  }
  for (const c of conflicts)
    out.push({
      ...base,
      id: `conflict:${c.id}`,
      kind: 'conflict',
      label: `conflict ${c.id} on ${c.field} (${c.competing.length} values)`,
      person: c.person,
      conflict: c.id,
      openConflicts: onPerson(c.person),
    });
  for (const { p, gen } of ancestors(s)) {
    const missing = missingFacts(p, gen < s.generations);
    if (!missing.length) continue;
    out.push({
      ...base,
      id: `person:${p.id}`,
      kind: 'person',
      label: `lacks ${missing.join(', ')} (generation ${gen})`,
      person: p.id,
      missing,
      openConflicts: onPerson(p.id),
    });
  }
  const clues = [...s.clues]
    .sort((a, b) => b.priority - a.priority || (a.id < b.id ? -1 : 1))
    .slice(0, MAX_CLUE_TARGETS);
  for (const h of clues)
    out.push({
      ...base,
      id: `hypothesis:${h.id}`,
      kind: 'hypothesis',
      label: `clue ${h.id} (priority ${h.priority.toFixed(2)})`,
      person: h.targetPersons.find((id) => s.get(id)) ?? s.subject.id,
      hypothesis: h.id,
      cluePriority: h.priority,
    });
  return out;
}

/** Summary view: counts, and each goal with its status. */
export interface SummaryView {
  persons: number;
  ancestors: number;
  openConflicts: number;
  openClues: number;
  goals: { goal: string; status: 'proven' | 'found, not corroborated' | 'not found'; detail: string }[];
}

export function summaryView(s: CaseSnapshot, persons: number): SummaryView {
  return {
    persons,
    ancestors: ancestors(s).length,
    openConflicts: openConflicts(s).length,
    openClues: s.clues.length,
    goals: s.goals.map((g) => ({
      goal: g.goal,
      status: g.sufficient ? 'proven' : g.met ? 'found, not corroborated' : 'not found',
      detail: g.detail,
    })),
  };
}

/** A claim as the views show it: the fact, its status and how many sources hold it. */
export interface ClaimView {
  person: string;
  field: string;
  value: string;
  status: string;
  confidence: number;
  sources: number;
}

function claims(p: Person): ClaimView[] {
  return p.assertions.map((a) => ({
    person: p.id,
    field: a.field,
    value: a.value,
    status: a.status,
    confidence: a.confidence,
    sources: new Set(a.evidence.map((e) => e.source)).size,
  }));
}

/** Focused view: the target's person, their facts with their evidence, and what they lack. */
export interface FocusedView {
  target: string;
  person: { id: string; name: string } | undefined;
  facts: ClaimView[];
  gaps: string[];
  conflicts: { id: string; field: string; values: string[] }[];
}

const MAX_FOCUSED_FACTS = 20;

export function focusedView(s: CaseSnapshot, t: LeadTarget): FocusedView {
  const p = s.get(t.person);
  return {
    target: t.id,
    person: p ? { id: p.id, name: displayName(p) } : undefined,
    facts: p ? claims(p).slice(0, MAX_FOCUSED_FACTS) : [],
    gaps: t.kind === 'person' || t.kind === 'gap' ? t.missing : p ? missingFacts(p, false) : [],
    conflicts: openConflicts(s)
      .filter((c) => c.person === t.person)
      .map((c) => ({ id: c.id, field: c.field, values: c.competing.map((x) => x.value) })),
  };
}

const MAX_WEAKEST = 10;

/**
 * Weakest view: the subject's and the ancestors' claims that are contested (disputed or staged),
 * single-source or of low confidence, weakest first (status, then sources, then confidence; ties by
 * person and field, so the view is the same in every run).
 */
export function weakestView(s: CaseSnapshot): ClaimView[] {
  const rank = (c: ClaimView) => (c.status === 'disputed' ? 0 : c.status === 'staged' ? 1 : 2);
  return [s.subject, ...ancestors(s).map((x) => x.p)]
    .flatMap(claims)
    .filter((c) => c.status !== 'rejected' && (rank(c) < 2 || c.sources < 2 || c.confidence < 0.5))
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        a.sources - b.sources ||
        a.confidence - b.confidence ||
        (a.person + a.field < b.person + b.field ? -1 : a.person + a.field > b.person + b.field ? 1 : 0),
    )
    .slice(0, MAX_WEAKEST);
}
