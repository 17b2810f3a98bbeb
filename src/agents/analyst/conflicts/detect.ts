/**
 * Conflicts (seed 001 §3.4): competing assertions for one fact of one person, kept side by side with
 * their evidence, the Z-weighted preferred value, a rationale that names the weights, a status, and
 * next actions. The engine only ever marks a conflict "tentative" or leaves it "open"; "resolved"
 * belongs to the user.
 */
import type { Assertion, Conflict, Person } from '../../../model';
import { isStartingHint } from '../../../model/hint';
import { compatibleValues, fieldKind, precision } from './compatible';
import { nextActionsFor, type NextActionContext } from './next-actions';
import { explainClaim, weighAssertion } from './weigh';

/** Facts one person has once: competing values of these are always a conflict. */
const SINGLE_EVENTS = new Set(['birth', 'death', 'burial', 'baptism', 'christening', 'chr', 'cremation', 'stillbirth']);

/** Two weights closer than this are a tie: the engine does not choose, the conflict stays open. */
export const TIE_MARGIN = 0.05;

export type Competing = Conflict['competing'][number];

/** A stable id so re-detecting the same conflict updates its file instead of adding one. */
export function conflictId(personId: string, field: string, event?: string): string {
  const raw = `C-${personId}-${field}${event ? `-${event}` : ''}`.replace(/[^A-Za-z0-9_.-]/g, '-');
  return raw.length <= 80 ? raw : raw.slice(0, 80);
}

/** Groups of mutually compatible values; each group is one candidate fact. */
export function groupCompatible<T extends { value: string }>(field: string, items: T[]): T[][] {
  const groups: T[][] = [];
  // Precise values found the groups; a vaguer value ("ABT 1842") then joins the group it agrees with,
  // instead of gluing two precise rivals ("14 MAR 1841", "14 MAR 1842") into one.
  const ordered = items
    .map((it, i) => ({ it, i, p: precision(field, it.value) }))
    .sort((a, b) => b.p - a.p || a.i - b.i)
    .map((x) => x.it);
  // A vaguer place is read against the group's founder, its label: "Illinois" and "Springfield" are
  // both "Springfield, Illinois" at a lower precision, though neither says the other. Dates are read
  // against every member: "CAL 1829" and "CAL 1832" each overlap "CAL 1831" and still disagree.
  const founderOnly = fieldKind(field) === 'place';
  for (const it of ordered) {
    const g = groups.find((grp) =>
      founderOnly
        ? compatibleValues(field, grp[0].value, it.value)
        : grp.every((o) => compatibleValues(field, o.value, it.value)),
    );
    if (g) g.push(it);
    else groups.push([it]);
  }
  return groups;
}

function competingOf(a: Assertion): Competing {
  return { assertion: a.id, value: a.value, weight: Number(weighAssertion(a).weight.toFixed(4)), evidence: a.evidence };
}

/** Every conflict in one person's assertions: fields with two or more incompatible non-rejected values. */
/**
 * Which values of a person can be rivals: those with the same key. A single event's field (birth,
 * death, sex …) has one value; a multi-instance event (residence, occupation, marriage …) one per
 * event instance. Undefined: a value nothing rivals (the user's starting hint, which seeds the search
 * and is no evidence, or a multi-instance fact without an event).
 */
export function rivalKey(a: Pick<Assertion, 'field' | 'event' | 'note' | 'evidence'>): string | undefined {
  if (isStartingHint(a)) return undefined;
  const single = a.field === 'sex' || SINGLE_EVENTS.has(a.field.split('.')[0]);
  if (single) return a.field;
  return a.event ? `${a.field}#${a.event}` : undefined;
}

export function detectConflicts(person: Person): Conflict[] {
  const buckets = new Map<string, { field: string; event?: string; items: Assertion[] }>();
  for (const a of person.assertions) {
    if (a.status === 'rejected') continue;
    const key = rivalKey(a);
    if (key === undefined) continue;
    const single = key === a.field;
    let b = buckets.get(key);
    if (!b) buckets.set(key, (b = { field: a.field, event: single ? undefined : a.event, items: [] }));
    b.items.push(a);
  }
  const out: Conflict[] = [];
  for (const { field, event, items } of buckets.values()) {
    if (items.length < 2) continue;
    const groups = groupCompatible(field, items);
    if (groups.length < 2) continue;
    const base: Conflict = {
      id: conflictId(person.id, field, event),
      person: person.id,
      field,
      competing: withSupport(field, items.map(competingOf)),
      preferred: '',
      rationale: '',
      status: 'open',
      nextActions: [],
    };
    const r = resolveByWeight(base);
    out.push({
      ...base,
      preferred: r.preferred,
      rationale: r.rationale,
      status: r.tie ? 'open' : 'tentative',
      ...(r.tie ? {} : { resolvedBy: 'engine' as const }),
      confidence: r.confidence,
      nextActions: nextActionsFor(field, base.competing, nextActionContext(person, field, base.competing, r.preferred)),
    });
  }
  return out;
}

/**
 * Marks each value that agrees, at a coarser precision, with a more precise value of its group:
 * "ABT 1842", "CAL 1842", "MAR 1842" and "1842" support "14 MAR 1842"; only the groups' labels are rivals.
 */
export function withSupport(field: string, competing: Competing[]): Competing[] {
  const groups = groupCompatible(field, competing);
  const labelOf = new Map<Competing, string>();
  for (const g of groups) {
    const label = [...g].sort((x, y) => precision(field, y.value) - precision(field, x.value) || y.weight - x.weight)[0]
      .value;
    for (const c of g) labelOf.set(c, label);
  }
  return competing.map((c) => {
    const { supports: _old, ...rest } = c;
    const label = labelOf.get(c)!;
    return label !== c.value ? { ...rest, supports: label } : rest;
  });
}

/** The rival values of a conflict: the values no more precise value of the conflict subsumes. */
export function rivals(conflict: Pick<Conflict, 'competing'>): Competing[] {
  return conflict.competing.filter((c) => !c.supports);
}

/**
 * What the next actions must fit: the event's place (the person's most precise accepted place of
 * it) and the records that already give the preferred value (a baptism that is the preferred
 * evidence of a birth date is not a next step).
 */
function nextActionContext(
  person: Person,
  field: string,
  competing: Competing[],
  preferred: string,
): NextActionContext {
  const event = field.split('.')[0];
  const places = person.assertions
    .filter((a) => a.field === `${event}.place` && a.status === 'accepted')
    .sort((a, b) => precision(a.field, b.value) - precision(a.field, a.value));
  const place =
    places[0]?.value ??
    (event === 'birth'
      ? person.assertions.find((a) => a.field === 'baptism.place' && a.status === 'accepted')?.value
      : undefined);
  const preferredSources = new Set(
    competing
      .filter((c) => preferred && compatibleValues(field, c.value, preferred))
      .flatMap((c) => c.evidence.map((e) => e.source)),
  );
  const consulted = new Set<string>();
  for (const a of person.assertions) {
    const ev = a.field.split('.')[0];
    if (a.status === 'rejected' || ev === event) continue;
    if (a.evidence.some((e) => preferredSources.has(e.source)))
      consulted.add(ev === 'christening' || ev === 'chr' ? 'baptism' : ev);
  }
  return { place, consulted };
}

export interface WeightedResolution {
  preferred: string;
  rationale: string;
  /** Value → its best Z weight. */
  weights: Record<string, number>;
  /** Share of the preferred group's weight among the groups' best weights. */
  confidence: number;
  /** The two best groups weigh the same (within TIE_MARGIN): nothing is preferred on weight alone. */
  tie: boolean;
}

/**
 * Seed 000: resolution = argmax of the weights. Values that agree (1850 / ABT 1850) support one
 * group; the group of the heaviest claim wins, labelled by its most precise value. Ties are broken
 * by the number of independent supporting claims, and reported as ties.
 */
export function resolveByWeight(conflict: Pick<Conflict, 'field' | 'competing'>): WeightedResolution {
  const field = conflict.field;
  const weights: Record<string, number> = {};
  for (const c of conflict.competing) weights[c.value] = Math.max(weights[c.value] ?? 0, c.weight);
  const groups = groupCompatible(field, conflict.competing)
    .map((g) => ({
      items: g,
      best: Math.max(...g.map((c) => c.weight)),
      label: [...g].sort((x, y) => precision(field, y.value) - precision(field, x.value) || y.weight - x.weight)[0]
        .value,
    }))
    .sort((x, y) => y.best - x.best || y.items.length - x.items.length);
  const [top, second] = groups;
  const tie = groups.length > 1 && top.best - second.best < TIE_MARGIN && top.items.length === second.items.length;
  const total = groups.reduce((s, g) => s + g.best, 0);
  const confidence = total > 0 ? Number((top.best / total).toFixed(4)) : 0;
  const describe = (c: Competing) => {
    const e = [...c.evidence].sort((x, y) => y.confidence - x.confidence)[0];
    const claim = e
      ? `${explainClaim(e)}, source ${e.source}${e.repository ? ` (${e.repository})` : ''}, ${e.sourceClass}/${e.information}/${e.evidence}`
      : `unsourced: Authored 0.4 × Tier 0 0.8 × confidence = ${c.weight.toFixed(2)}`;
    return `"${c.value}" weighs ${c.weight.toFixed(2)} (${claim})`;
  };
  const ranked = groups.map((g) => g.items.sort((x, y) => y.weight - x.weight)[0]);
  const support =
    top.items.length > 1
      ? ` It agrees with ${top.items.length - 1} other claim(s): ${top.items
          .filter((c) => c !== ranked[0])
          .map((c) => `"${c.value}"`)
          .join(', ')}.`
      : '';
  const rationale = tie
    ? `No value prevails: ${ranked.map(describe).join('; ')}. The weights tie, so the conflict stays open until better evidence is found.`
    : `Preferred "${top.label}": ${describe(ranked[0])} outweighs ${ranked.slice(1).map(describe).join('; ')}.${support} Alternatives are kept, not deleted.`;
  return { preferred: top.label, rationale, weights, confidence, tie };
}
