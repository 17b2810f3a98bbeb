/**
 * Family context of a persona in its record (issue #14 item 2): who its parents, spouses and children
 * are in that record, from the roles and from the relationships the record states (archive v2), and
 * what that family tells about the persona's identity:
 *
 * - a generation: the father of a groom aged 30 was born a generation before him, so he is not the
 *   namesake born 40 years later (a bound on the birth year that an age alone would have given);
 * - a tie between equally alike candidates broken by the family: of two Elijah Barneses, the son of
 *   Elijah senior is the one recorded with him (his household, his records), never a coin toss.
 */
import type { Person, Persona } from '../../../model';
import { citedSources, displayName } from '../../../model';
import type { StatedRelation } from '../../../engine/agents';
import type { KnowledgeGraph } from '../graph';
import type { DateFeature, PersonFeatures } from '../resolve';
import { fold, splitName } from '../../../model/names';
import { yearRange } from '../../../model/gdate';
import { ADULT_ROLES, MIN_ADULT_AGE } from '../../../model/age';
import { ageTolerance, givenNamesAlike, type RecordRelatives } from './hard-facts';

/** Indices of a persona's relatives in its record. */
export interface RecordFamily {
  parents: number[];
  spouses: number[];
  children: number[];
}

/** Youngest age at which a person becomes a parent, as genealogists bound a generation. */
export const MIN_PARENT_AGE = 12;
/** Oldest age at which a person becomes a parent (a father; mothers are well inside it). */
export const MAX_PARENT_AGE = 70;

function add(list: number[], j: number, self: number): void {
  if (j !== self && j >= 0 && !list.includes(j)) list.push(j);
}

/**
 * The family each persona has in its record: the role-based relatives (`roleRelatives`, as
 * hard-facts.ts reads them) joined with the relationships the record states between persona keys.
 * Dutch, Latin or any other wording of a role ("vader van de bruidegom") reaches us this way.
 */
export function recordFamilies(
  personas: readonly Persona[],
  keys: readonly (string | undefined)[],
  roleRelatives: readonly RecordRelatives[],
  stated: readonly StatedRelation[] = [],
): RecordFamily[] {
  const out: RecordFamily[] = personas.map(() => ({ parents: [], spouses: [], children: [] }));
  personas.forEach((_, i) => {
    for (const p of roleRelatives[i]?.parents ?? []) add(out[i].parents, personas.indexOf(p), i);
    for (const s of roleRelatives[i]?.spouses ?? []) add(out[i].spouses, personas.indexOf(s), i);
  });
  // Children are the inverse of parents.
  out.forEach((f, i) => f.parents.forEach((j) => add(out[j].children, i, j)));
  const at = (key: string) => keys.findIndex((k) => k === key);
  for (const r of stated) {
    const from = at(r.from);
    const to = at(r.to);
    if (from < 0 || to < 0 || from === to) continue;
    if (r.type === 'father' || r.type === 'mother' || r.type === 'parent') {
      add(out[to].parents, from, to);
      add(out[from].children, to, from);
    } else if (r.type === 'child') {
      add(out[from].parents, to, from);
      add(out[to].children, from, to);
    } else if (r.type === 'spouse') {
      add(out[from].spouses, to, from);
      add(out[to].spouses, from, to);
    }
  }
  return out;
}

/** The relatives hard-facts.ts compares (spouses and parents), role-based and stated alike. */
export function relativesOf(personas: readonly Persona[], f: RecordFamily): RecordRelatives {
  return { spouses: f.spouses.map((j) => personas[j]), parents: f.parents.map((j) => personas[j]) };
}

/** A range of birth years a persona or person must fall in, and why. */
export interface BirthBound {
  min?: number;
  max?: number;
  why: string;
}

function yearText(b: DateFeature): string {
  return b.text;
}

/** How many generations a bound is carried through relatives the record gives no birth. */
const GENERATIONS_THROUGH = 2;
const KIN_UP = ['parent', 'grandparent'];
const KIN_DOWN = ['child', 'grandchild'];

/**
 * The persona's children (or parents) whose birth year the record gives (`year` of their birth:
 * its latest year for a child, its earliest for a parent), in record order, and how many
 * generations away. A relative the record gives no birth passes on its own child's (or parent's),
 * up to GENERATIONS_THROUGH: a grandfather at a baptism of 1869 (his son the father, the child born
 * that year) was born two generations before it.
 */
function datedKin(
  i: number,
  families: readonly RecordFamily[],
  births: readonly (DateFeature | undefined)[],
  kin: 'children' | 'parents',
  yearOf: (b: DateFeature) => number | undefined,
): { at: number; depth: number; year: number; birth: DateFeature }[] {
  const out: { at: number; depth: number; year: number; birth: DateFeature }[] = [];
  const seen = new Set([i]);
  const walk = (from: number, depth: number): void => {
    for (const k of families[from]?.[kin] ?? []) {
      if (seen.has(k)) continue;
      seen.add(k);
      const b = births[k];
      const year = b && yearOf(b);
      if (b && year !== undefined) out.push({ at: k, depth, year, birth: b });
      else if (depth < GENERATIONS_THROUGH) walk(k, depth + 1);
    }
  };
  walk(i, 1);
  return out;
}

/**
 * The birth years a persona's relatives in the record allow: born at least a generation before
 * each child whose birth the record gives, at least a generation after each parent. `slack` is how
 * far the relatives' own estimates may be off (the record type's tolerance).
 */
export function boundFromRecord(
  i: number,
  families: readonly RecordFamily[],
  births: readonly (DateFeature | undefined)[],
  names: readonly string[],
  slack: number,
): BirthBound | undefined {
  let max: number | undefined;
  let min: number | undefined;
  const whys: string[] = [];
  for (const { at, depth, year, birth } of datedKin(i, families, births, 'children', (b) => b.max)) {
    const m = year + slack - depth * MIN_PARENT_AGE;
    if (max === undefined || m < max) {
      max = m;
      whys[0] = `a ${KIN_UP[depth - 1]} of ${names[at]} (born ${yearText(birth)} by this record), so born by ${m}`;
    }
  }
  for (const { at, depth, year, birth } of datedKin(i, families, births, 'parents', (b) => b.min)) {
    const m = year - slack + depth * MIN_PARENT_AGE;
    if (min === undefined || m > min) {
      min = m;
      whys[1] = `a ${KIN_DOWN[depth - 1]} of ${names[at]} (born ${yearText(birth)} by this record), so born in ${m} or later`;
    }
  }
  if (max === undefined && min === undefined) return undefined;
  return { min, max, why: whys.filter(Boolean).join('; ') };
}

/** Birth bounds of a known person from the births of its parents and children in the graph. */
export function boundFromGraph(g: KnowledgeGraph, p: Person, slack: number): BirthBound | undefined {
  let max: number | undefined;
  let min: number | undefined;
  const whys: string[] = [];
  for (const r of p.relationships) {
    if (r.status === 'rejected' || (r.type !== 'child' && r.type !== 'parent')) continue;
    const b = g.features(r.person)?.birth;
    const q = g.get(r.person);
    if (!b || !q) continue;
    if (r.type === 'child' && b.max !== undefined) {
      const m = b.max + slack - MIN_PARENT_AGE;
      if (max === undefined || m < max) {
        max = m;
        whys[0] = `a parent of ${displayName(q)} (born ${b.text}), so born by ${m}`;
      }
    } else if (r.type === 'parent' && b.min !== undefined) {
      const m = b.min - slack + MIN_PARENT_AGE;
      if (min === undefined || m > min) {
        min = m;
        whys[1] = `a child of ${displayName(q)} (born ${b.text}), so born in ${m} or later`;
      }
    }
  }
  if (max === undefined && min === undefined) return undefined;
  return { min, max, why: whys.filter(Boolean).join('; ') };
}

function asBound(b: DateFeature | undefined, slack: number): BirthBound | undefined {
  if (!b || b.min === undefined || b.max === undefined) return undefined;
  return { min: b.min - slack, max: b.max + slack, why: `born ${b.text}` };
}

/**
 * Why the persona and the person are of different generations (undefined when their births may
 * agree). Only used when at least one side's birth is a family bound: two stated births are compared
 * by hard-facts.ts's age rule, with its own tolerance.
 */
export function generationGap(
  persona: { name: string; birth?: DateFeature; bound?: BirthBound },
  person: { label: string; birth?: DateFeature; bound?: BirthBound },
  slack: number,
): string | undefined {
  const sides: [BirthBound | undefined, BirthBound | undefined][] = [
    [persona.bound, asBound(person.birth, slack)],
    [asBound(persona.birth, slack), person.bound],
    [persona.bound, person.bound],
  ];
  for (const [a, b] of sides) {
    if (!a || !b) continue;
    const apart =
      (a.max !== undefined && b.min !== undefined && b.min > a.max) ||
      (a.min !== undefined && b.max !== undefined && a.min > b.max);
    if (!apart) continue;
    const name = persona.name.replace(/\//g, '').replace(/\s+/g, ' ').trim();
    return `"${name}" is ${a.why}, while ${person.label} is ${b.why}: a different generation, so a namesake`;
  }
  return undefined;
}

/**
 * How strongly the family ties a candidate to the persona's relatives already matched in this record:
 * a relationship of the same kind (the son already linked to this father) counts most; each other
 * record naming the candidate together with the relative counts once (a household, a register page).
 */
export function familyTies(
  g: KnowledgeGraph,
  candidateId: string,
  relatives: readonly { id: string; kind: 'parent' | 'spouse' | 'child' }[],
  thisSource: string,
): { score: number; why: string[] } {
  const cand = g.get(candidateId);
  if (!cand) return { score: 0, why: [] };
  const mine = citedSources(cand);
  let score = 0;
  const why: string[] = [];
  for (const rel of relatives) {
    const q = g.get(rel.id);
    if (!q) continue;
    if (cand.relationships.some((r) => r.person === rel.id && r.type === rel.kind && r.status !== 'rejected')) {
      score += 10;
      why.push(`already linked to ${displayName(q)} as ${rel.kind}`);
    }
    const together = [...citedSources(q)].filter((s) => s !== thisSource && mine.has(s)).length;
    if (together) {
      score += together;
      why.push(`named with ${displayName(q)} in ${together} other record${together > 1 ? 's' : ''}`);
    }
  }
  return { score, why };
}

/** The birth bound a persona's role gives: born by the record's year less the youngest age of that role. */
export function boundFromRole(
  role: string | undefined,
  recordDate: string | undefined,
  recordType: string,
): BirthBound | undefined {
  if (!role || !recordDate) return undefined;
  const when = yearRange(recordDate);
  if (when.max === undefined) return undefined;
  // The father or mother in a birth or baptism record had the child then: "Jacobus Hauck", father at
  // a baptism of 1714, is not the Jacob born in 1712, even when the record gives the child no birth date.
  if (PARENT_ROLES.has(role) && BIRTH_RECORDS.has(recordType)) {
    const max = when.max - MIN_PARENT_AGE;
    return { max, why: `the ${role} in this ${recordType} record of ${recordDate}, so born by ${max}` };
  }
  if (!ADULT_ROLES.has(role)) return undefined;
  const max = when.max - MIN_ADULT_AGE;
  return { max, why: `a ${role} in this ${recordType} record of ${recordDate}, so an adult then, born by ${max}` };
}
const PARENT_ROLES = new Set(['father', 'mother']);
const BIRTH_RECORDS = new Set(['birth', 'baptism', 'christening']);

/** The tighter of two bounds (the later least year, the earlier greatest), with both reasons. */
function tighter(a: BirthBound | undefined, b: BirthBound | undefined): BirthBound | undefined {
  if (!a || !b) return a ?? b;
  const min = a.min === undefined ? b.min : b.min === undefined ? a.min : Math.max(a.min, b.min);
  const max = a.max === undefined ? b.max : b.max === undefined ? a.max : Math.min(a.max, b.max);
  return { min, max, why: `${a.why}; ${b.why}` };
}

/** Tolerance on the estimated births of a known person's relatives (their records are not at hand). */
const GRAPH_SLACK = 10;

/**
 * Why persona `i` of this record and known person `id` are of different generations, judged by the
 * family on either side (undefined when nothing tells, or their births may agree).
 */
export function generationAgainst(
  g: KnowledgeGraph,
  id: string,
  i: number,
  families: readonly RecordFamily[],
  feats: readonly { birth?: DateFeature; label: string }[],
  personas: readonly Persona[],
  source: { recordType: string; date?: string },
): string | undefined {
  const p = g.get(id);
  if (!p) return undefined;
  const slack = ageTolerance(source.recordType);
  const bound = tighter(
    boundFromRecord(
      i,
      families,
      feats.map((f) => f.birth),
      feats.map((f) => f.label),
      slack,
    ),
    boundFromRole(personas[i].role, source.date, source.recordType),
  );
  const personBound = boundFromGraph(g, p, GRAPH_SLACK);
  if (!bound && !personBound) return undefined;
  return generationGap(
    { name: personas[i].name, birth: feats[i].birth, bound },
    { label: `${displayName(p)} (${p.id})`, birth: g.features(id)?.birth, bound: personBound },
    slack,
  );
}

/** Similarities this close are a tie: the resolver alone cannot tell the candidates apart. */
export const TIE = 0.02;

/**
 * Of candidates the resolver finds equally alike, the one the family ties to the persona's relatives
 * already matched in this record; undefined when the family does not tell them apart either (a
 * genealogist would not guess between them).
 */
export function pickByFamily(
  g: KnowledgeGraph,
  tied: readonly string[],
  relatives: readonly { id: string; kind: 'parent' | 'spouse' | 'child' }[],
  thisSource: string,
): { id: string; why: string } | undefined {
  const scored = tied
    .map((id) => ({ id, ...familyTies(g, id, relatives, thisSource) }))
    .sort((a, b) => b.score - a.score);
  if (scored.length < 2 || scored[0].score <= scored[1].score) return undefined;
  const other = scored
    .slice(1)
    .map((x) => `${displayName(g.get(x.id)!)} (${x.id}): ${x.why.join(', ') || 'no tie to them'}`)
    .join('; ');
  return {
    id: scored[0].id,
    why: `Family context breaks a tie between equally alike candidates: ${scored[0].why.join(', ')}; against ${other}.`,
  };
}

/**
 * The persona's relatives as the resolver compares them (its relative-name feature): the names of
 * the record's family, roles and stated relationships alike, added to those the roles already gave.
 * A testator's wife and children named in his will then weigh as they do for a head of household.
 * Mentions (a title, a bare given name) name no one and are left out.
 *
 * `stated(i)`: the record states who persona i's relatives are (archive v2). Its family then replaces
 * what the roles alone suggested: minutes that disown "Joseph son of John" and, in the same entry,
 * accept "Sarah daughter of William" name two fathers, and only John is Joseph's.
 */
export function withFamilyNames(
  feats: PersonFeatures[],
  families: readonly RecordFamily[],
  personas: readonly Persona[],
  counts: (j: number) => boolean,
  enrich: (i: number) => boolean = () => true,
  stated: (i: number) => boolean = () => false,
): void {
  const full = (o: Persona) => {
    const s = splitName(o.name);
    return fold(`${s.given} ${s.surname}`);
  };
  feats.forEach((f, i) => {
    if (!enrich(i)) return;
    const kinds = { parent: families[i].parents, spouse: families[i].spouses, child: families[i].children };
    const names: PersonFeatures['relativeNames'] = stated(i)
      ? { parent: [], spouse: [], child: [] }
      : { ...f.relativeNames };
    for (const kind of ['parent', 'spouse', 'child'] as const) {
      const add = kinds[kind].filter(counts).map((j) => full(personas[j]));
      names[kind] = [...new Set([...names[kind], ...add])].filter(Boolean);
    }
    f.relativeNames = names;
  });
}

/**
 * Known persons the record's family points to for persona `i`: the children of its matched parent,
 * the spouses of its matched spouse, the parents of its matched child (roles and stated relationships
 * alike, so a Dutch "vader van de bruidegom" counts as "father").
 */
export function familyPool(
  g: KnowledgeGraph,
  family: RecordFamily,
  personIds: readonly (string | undefined)[],
): string[] {
  const out: string[] = [];
  const from = (js: number[], kind: 'child' | 'spouse' | 'parent') => {
    for (const j of js) {
      const p = personIds[j] ? g.get(personIds[j]) : undefined;
      for (const r of p?.relationships ?? [])
        if (r.type === kind && r.status !== 'rejected' && !out.includes(r.person)) out.push(r.person);
    }
  };
  from(family.parents, 'child');
  from(family.spouses, 'spouse');
  from(family.children, 'parent');
  return out;
}

/**
 * A household listed without relationships (a census before 1880): a member is likely one of the
 * head's known relatives. The pool is every relative of the head's person; the caller still asks the
 * resolver and the hard facts, since a lodger or a namesake nephew lives there too.
 */
export function householdPool(g: KnowledgeGraph, headId: string | undefined): string[] {
  const head = headId ? g.get(headId) : undefined;
  return [...new Set((head?.relationships ?? []).filter((r) => r.status !== 'rejected').map((r) => r.person))];
}

/**
 * The head's known wife listed in his household under his surname ("Marguerite Laviolette" in Jean
 * Baptiste Laviolette's house, married as Marguerite Gagnon): a census before relationships were
 * written names a wife so, and her given name with his surname is what a genealogist reads her by,
 * her age unknown on one side. The caller has checked her given name and the hard facts.
 */
export function wifeUnderHusbandsName(
  g: KnowledgeGraph,
  headId: string | undefined,
  id: string,
  personaName: string,
): boolean {
  const head = headId ? g.get(headId) : undefined;
  if (!head?.relationships.some((r) => r.type === 'spouse' && r.person === id && r.status !== 'rejected')) return false;
  const surname = fold(splitName(personaName).surname);
  // A "dit" name is either of its surnames: Lefebvre dit Laviolette is called Laviolette in the census.
  const his = head.names.flatMap((n) => [n.surname, ...n.surname.split(/\s+(?:dit|dite|genannt|vulgo|alias)\s+/i)]);
  return Boolean(surname) && his.some((x) => fold(x) === surname);
}

/** A persona's given names agree with one of a person's names (variants, abbreviations, a second given name). */
export function familyGivenAlike(personaName: string, p: Person): boolean {
  const given = splitName(personaName).given;
  return Boolean(given) && p.names.some((n) => Boolean(n.given) && givenNamesAlike(given, n.given));
}

/** Years two census-like ages may be off and still be one person's (an age rounded, a birthday passed). */
const HOUSEHOLD_AGE_SLACK = 2;

/**
 * Both births known and within a couple of years: with the given name and the head's family, what a
 * genealogist needs to see the wife renamed Martha from Marit, or the son Andrew from Anders, in
 * the next census (the resolver alone sees a new surname and a new given name).
 */
export function birthsAgree(a: DateFeature | undefined, b: DateFeature | undefined): boolean {
  if (a?.min === undefined || a.max === undefined || b?.min === undefined || b.max === undefined) return false;
  return a.min - HOUSEHOLD_AGE_SLACK <= b.max && b.min - HOUSEHOLD_AGE_SLACK <= a.max;
}
