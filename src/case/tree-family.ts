/**
 * A person's family from a case opened `trees: 'indexed'` (issue #16): the person by id, their
 * parents, spouses and children, each read from its own tree line (or person file) through the
 * derived tree index, so a chart or a research run of a 100k-person tree reads only the persons it
 * shows, never the whole tree.
 *
 * Stable API (charts, the People view and research read it):
 *   - `familyOf(store, id)`            → `Family | undefined` (undefined: no such person);
 *   - `personById(store, id)`          → `Person | undefined`;
 *   - `neighbourhood(store, id, opts)` → the persons within `ancestors` / `descendants` generations
 *     and their spouses (pedigree, descendants chart, research of one subject).
 * Links are the union of the person's own `relationships` and the other side's (a person file may be
 * the only one to state a link); rejected links are left out. Ids whose person is missing are kept
 * in `missing` (a link to a person removed by hand), never invented.
 *
 * Works on any FileCaseStore: opened 'read' it answers from the persons in memory (the reference the
 * tests compare against); opened 'indexed' it reads one line per person asked for.
 */
import type { Person, Relationship } from '../model';
import type { FileCaseStore } from './store';

/** The minimal store surface the family reader needs (FileCaseStore has it). */
export type FamilySource = Pick<FileCaseStore, 'person' | 'filePersons'>;

export interface Family {
  person: Person;
  parents: Person[];
  spouses: Person[];
  children: Person[];
  /** Ids linked from this person whose person is not in the case. */
  missing: string[];
}

export interface NeighbourhoodOptions {
  /** Generations of ancestors (parents = 1). Default 2. */
  ancestors?: number;
  /** Generations of descendants (children = 1). Default 1. */
  descendants?: number;
  /** Include the spouses of every person reached. Default true. */
  spouses?: boolean;
  /** Stop after this many persons (a dense tree's cousin marriages can fan out). Default 500. */
  limit?: number;
}

const INVERSE = { parent: 'child', child: 'parent', spouse: 'spouse' } as const;

export function personById(store: FamilySource, id: string): Person | undefined {
  return store.person(id);
}

/** Ids of the person's parents, spouses and children (own links, then person files' inverse links), in order. */
export function linkedIds(store: FamilySource, person: Person): Record<Relationship['type'], string[]> {
  const ids = { parent: new Set<string>(), spouse: new Set<string>(), child: new Set<string>() };
  for (const r of person.relationships)
    if (r.status !== 'rejected' && r.person !== person.id) ids[r.type].add(r.person);
  // Person files are few (decision 0001): the other side may be the only one to state the link.
  for (const f of store.filePersons())
    if (f.id !== person.id)
      for (const r of f.relationships)
        if (r.person === person.id && r.status !== 'rejected') ids[INVERSE[r.type]].add(f.id);
  return { parent: [...ids.parent], spouse: [...ids.spouse], child: [...ids.child] };
}

/** The person with their parents, spouses and children, or undefined when there is no such person. */
export function familyOf(store: FamilySource, id: string): Family | undefined {
  const person = store.person(id);
  if (!person) return undefined;
  const links = linkedIds(store, person);
  const missing: string[] = [];
  const read = (ids: string[]) =>
    ids.flatMap((x) => {
      const p = store.person(x);
      if (!p) missing.push(x);
      return p ? [p] : [];
    });
  return { person, parents: read(links.parent), spouses: read(links.spouse), children: read(links.child), missing };
}

/**
 * The persons around `id`: ancestors up to `ancestors` generations, descendants down to
 * `descendants`, with the spouses of each, as a map by id (each person once, however often a
 * cousin marriage reaches them). The subject first. Empty when there is no such person.
 */
export function neighbourhood(store: FamilySource, id: string, opts: NeighbourhoodOptions = {}): Map<string, Person> {
  const { ancestors = 2, descendants = 1, spouses = true, limit = 500 } = opts;
  const out = new Map<string, Person>();
  const links = new Map<string, Record<Relationship['type'], string[]>>();
  const get = (x: string): Person | undefined => {
    if (out.has(x)) return out.get(x);
    if (out.size >= limit) return undefined;
    const p = store.person(x);
    if (p) out.set(x, p);
    return p;
  };
  const linksOf = (p: Person) => {
    let l = links.get(p.id);
    if (!l) links.set(p.id, (l = linkedIds(store, p)));
    return l;
  };
  const subject = get(id);
  if (!subject) return out;
  const walk = (start: Person, type: 'parent' | 'child', depth: number) => {
    let level = [start];
    for (let g = 0; g < depth && level.length; g++) {
      const next: Person[] = [];
      for (const p of level)
        for (const x of linksOf(p)[type]) {
          const seen = out.has(x);
          const q = get(x);
          if (q && !seen) next.push(q);
        }
      level = next;
    }
  };
  walk(subject, 'parent', ancestors);
  walk(subject, 'child', descendants);
  if (spouses) for (const p of [...out.values()]) for (const x of linksOf(p).spouse) get(x);
  return out;
}
