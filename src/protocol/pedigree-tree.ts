/**
 * Builds the family-aware chart of one person (ancestors with empty slots for unknown parents;
 * descendants grouped by family, each child with the other parent) from a lazy family source.
 *
 * Endogamy safe and window bounded: a breadth-first walk over a generations window with one set of
 * persons already drawn, so each person is expanded at most once and the work is linear in the
 * persons inside the window, whatever the size of the tree. A person reached a second time (cousin
 * marriages, pedigree collapse) is emitted as a `ref` leaf linked to the box already drawn, never
 * re-expanded: naive recursive charts blow up exponentially there. The source is asked only for the
 * persons the window reaches, so a 100k-person tree costs what a 100-person one does.
 */
import type { AncestorNode, ChartPerson, DescendantNode, FamilyNode, Generations, PedigreeView } from './pedigree';

/** A person with their links, as a family source answers (ids of persons that may be unknown). */
export interface FamilyMember extends ChartPerson {
  parents: string[];
  spouses: string[];
  children: string[];
}

/** Where the chart reads persons: the case's files and tree index (lazily), or a test's map. */
export interface FamilySource {
  member(id: string): FamilyMember | undefined;
}

/** Other spouses named on an ancestor's box, at most. */
const MAX_OTHER_SPOUSES = 6;

/** Default upper bound on boxes; beyond it the chart says it was truncated. */
export const MAX_BOXES = 4000;

/**
 * Indexes persons by id and makes parent/child and spouse links symmetric (a file may state only
 * one side). Links to unknown ids are dropped. For sources that hold the whole family in memory.
 */
export function indexFamily(members: Iterable<FamilyMember>): FamilySource & { size: number } {
  const byId = new Map<string, FamilyMember>();
  for (const m of members)
    byId.set(m.id, {
      ...m,
      parents: [...new Set(m.parents)],
      spouses: [...new Set(m.spouses)],
      children: [...new Set(m.children)],
    });
  const known = (self: string) => (x: string) => x !== self && byId.has(x);
  for (const m of byId.values()) {
    m.parents = m.parents.filter(known(m.id));
    m.spouses = m.spouses.filter(known(m.id));
    m.children = m.children.filter(known(m.id));
  }
  const link = (list: string[], id: string) => !list.includes(id) && list.push(id);
  for (const m of byId.values()) {
    for (const p of m.parents) link(byId.get(p)!.children, m.id);
    for (const c of m.children) link(byId.get(c)!.parents, m.id);
    for (const s of m.spouses) link(byId.get(s)!.spouses, m.id);
  }
  return { member: (id) => byId.get(id), size: byId.size };
}

function chartPerson(m: FamilyMember): ChartPerson {
  const { parents: _p, spouses: _s, children: _c, ...person } = m;
  return person;
}

/** A birth year for ordering children (undefined sorts last, in the source's order). */
function birthYear(m: FamilyMember | undefined): number {
  const y = m?.birth?.date?.match(/\b(\d{3,4})\b/)?.[1];
  return y ? Number(y) : Number.POSITIVE_INFINITY;
}

class Walk {
  readonly persons: Record<string, ChartPerson> = {};
  /** Persons drawn in full (expanded) or as a spouse: a later meeting is a reference. */
  readonly shown = new Set<string>();
  refs = 0;
  truncated = false;
  private boxes: number;
  private readonly cache = new Map<string, FamilyMember | undefined>();

  constructor(
    private readonly source: FamilySource,
    maxBoxes: number,
  ) {
    this.boxes = maxBoxes;
  }

  get(id: string): FamilyMember | undefined {
    if (!this.cache.has(id)) this.cache.set(id, this.source.member(id));
    return this.cache.get(id);
  }

  /** Takes one box from the budget (false: the chart is full). */
  take(): boolean {
    if (this.boxes <= 0) {
      this.truncated = true;
      return false;
    }
    this.boxes -= 1;
    return true;
  }

  /** Records a person met by the walk: true the first time (draw in full), false for a repeat. */
  meet(m: FamilyMember): boolean {
    this.persons[m.id] ??= chartPerson(m);
    if (this.shown.has(m.id)) {
      this.refs += 1;
      return false;
    }
    this.shown.add(m.id);
    return true;
  }
}

/** Father's slot first, then the mother's, as genealogists read a pedigree; unknown sex fills a free slot. */
function parentSlots(walk: Walk, m: FamilyMember): AncestorNode[] {
  const known = m.parents.map((id) => walk.get(id)).filter((p): p is FamilyMember => p !== undefined);
  const slots: (FamilyMember | undefined)[] = [undefined, undefined];
  const rest: FamilyMember[] = [];
  for (const p of known.slice(0, 2)) {
    const i = p.sex === 'M' ? 0 : p.sex === 'F' ? 1 : -1;
    if (i >= 0 && !slots[i]) slots[i] = p;
    else rest.push(p);
  }
  for (const p of rest) slots[slots[0] ? 1 : 0] ??= p;
  return slots.map((p, i) => ({
    ...(p ? { id: p.id } : {}),
    role: i === 0 ? (p && p.sex !== 'M' ? 'parent' : 'father') : p && p.sex !== 'F' ? 'parent' : 'mother',
    parents: [],
  }));
}

function ancestors(walk: Walk, root: FamilyMember, depth: number): AncestorNode {
  const tree: AncestorNode = { id: root.id, role: 'subject', parents: [] };
  let frontier: { node: AncestorNode; member: FamilyMember }[] = [{ node: tree, member: root }];
  for (let gen = 0; frontier.length; gen++) {
    const next: typeof frontier = [];
    for (const { node, member } of frontier) {
      if (gen >= depth) {
        if (member.parents.length) node.more = true;
        continue;
      }
      const slots = parentSlots(walk, member);
      for (const slot of slots) {
        if (!walk.take()) break;
        node.parents.push(slot);
        if (!slot.id) continue; // an empty slot: an unknown parent
        const p = walk.get(slot.id)!;
        // Their other marriages (a widower's second wife): named on the box, not drawn as boxes.
        const coParent = slots.find((x) => x !== slot)?.id;
        const others = families(walk, p, true)
          .map((f) => f.spouse)
          .filter((s): s is string => s !== undefined && s !== coParent)
          .slice(0, MAX_OTHER_SPOUSES);
        if (others.length) {
          slot.otherSpouses = others;
          for (const s of others) walk.persons[s] ??= chartPerson(walk.get(s)!);
        }
        if (walk.meet(p)) next.push({ node: slot, member: p });
        else slot.ref = true;
      }
    }
    frontier = next;
  }
  return tree;
}

/** A person's families: each spouse (stated, or the other parent of a child) with their children. */
function families(walk: Walk, m: FamilyMember, withChildren: boolean): { spouse?: string; children: string[] }[] {
  const out = new Map<string, { spouse?: string; children: string[] }>();
  for (const s of m.spouses) if (walk.get(s)) out.set(s, { spouse: s, children: [] });
  if (!withChildren) return [...out.values()];
  const kids = m.children
    .map((id) => walk.get(id))
    .filter((c): c is FamilyMember => c !== undefined)
    .map((c, i) => ({ c, i }))
    .sort((a, b) => birthYear(a.c) - birthYear(b.c) || a.i - b.i);
  for (const { c } of kids) {
    const other = c.parents.find((p) => p !== m.id && walk.get(p));
    const key = other ?? '';
    if (!out.has(key)) out.set(key, other ? { spouse: other, children: [] } : { children: [] });
    out.get(key)!.children.push(c.id);
  }
  // Children whose other parent is unknown come last.
  const unknown = out.get('');
  out.delete('');
  return unknown ? [...out.values(), unknown] : [...out.values()];
}

function descendants(walk: Walk, root: FamilyMember, depth: number): DescendantNode {
  const tree: DescendantNode = { id: root.id, families: [] };
  let frontier: { node: DescendantNode; member: FamilyMember }[] = [{ node: tree, member: root }];
  for (let gen = 0; frontier.length; gen++) {
    const next: typeof frontier = [];
    for (const { node, member } of frontier) {
      const inWindow = gen < depth;
      if (!inWindow && member.children.length) node.more = true;
      for (const f of families(walk, member, inWindow)) {
        const family: FamilyNode = { children: [] };
        if (f.spouse) {
          if (!walk.take()) break;
          family.spouse = f.spouse;
          if (!walk.meet(walk.get(f.spouse)!)) family.spouseRef = true;
        }
        node.families.push(family);
        for (const id of f.children) {
          if (!walk.take()) break;
          const c = walk.get(id)!;
          const child: DescendantNode = { id, families: [] };
          family.children.push(child);
          if (walk.meet(c)) next.push({ node: child, member: c });
          else child.ref = true;
        }
      }
    }
    frontier = next;
  }
  return tree;
}

/** The chart of `rootId`, or undefined when that person is unknown. */
export function buildPedigree(
  source: FamilySource,
  rootId: string,
  generations: Generations,
  maxBoxes = MAX_BOXES,
): PedigreeView | undefined {
  const walk = new Walk(source, maxBoxes);
  const root = walk.get(rootId);
  if (!root) return undefined;
  walk.meet(root);
  walk.take();
  const up = ancestors(walk, root, generations.up);
  const down = descendants(walk, root, generations.down);
  return {
    rootId,
    generations,
    persons: walk.persons,
    ancestors: up,
    descendants: down,
    stats: { persons: Object.keys(walk.persons).length, refs: walk.refs, truncated: walk.truncated },
  };
}

/** Counts the boxes of a view: persons, references and empty slots (tests and the acknowledgement). */
export function countBoxes(view: Pick<PedigreeView, 'ancestors' | 'descendants'>): number {
  let n = 0;
  const up: AncestorNode[] = [view.ancestors];
  while (up.length) {
    const a = up.pop()!;
    n += 1;
    up.push(...a.parents);
  }
  const down: DescendantNode[] = view.descendants.families.flatMap((f) => f.children);
  n += view.descendants.families.filter((f) => f.spouse).length;
  while (down.length) {
    const d = down.pop()!;
    n += 1 + d.families.filter((f) => f.spouse).length;
    for (const f of d.families) down.push(...f.children);
  }
  return n;
}
