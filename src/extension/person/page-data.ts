/**
 * Gathers one person's page from the case as the People worker holds it (opened with the tree
 * index, so a person of a 100k-person imported tree is read from the index, not from the extension
 * host's snapshot, which skips trees over 4 MB). No vscode: runs in the worker and in unit tests.
 */
import { isLiving } from '../../agents/censor/living';
import { detectConflicts } from '../../agents/analyst/conflicts/detect';
import { layout, type FileCaseStore } from '../../case';
import { linkedIds } from '../../case/tree-family';
import type { Conflict, Person } from '../../model';
import type { PersonPage, PersonRef } from '../../protocol/person';
import { personPage } from './view-model';

export interface RelativeRow {
  id: string;
  name: string;
  lifespan: string;
  living: boolean;
}

export interface RelativeRows {
  parents: RelativeRow[];
  spouses: RelativeRow[];
  children: RelativeRow[];
}

/** A stored conflict keeps the user's decision; a fresh detection shows what the files say now. */
export function conflictsOf(person: Person, stored: readonly Conflict[]): Conflict[] {
  const mine = new Map(stored.filter((c) => c.person === person.id).map((c) => [c.id, c]));
  const out = new Map<string, Conflict>();
  for (const c of detectConflicts(person)) out.set(c.id, mine.get(c.id) ?? c);
  for (const [id, c] of mine) if (!out.has(id)) out.set(id, c);
  return [...out.values()];
}

/** "staged", "adopted", "step"…: what a link is when it is not an accepted birth link. */
function qualify(person: Person, type: 'parent' | 'spouse' | 'child', rows: RelativeRow[]): PersonRef[] {
  return rows.map((r) => {
    const rel = person.relationships.find((x) => x.type === type && x.person === r.id);
    const words = [
      rel && rel.status !== 'accepted' ? rel.status : undefined,
      rel?.pedigree && rel.pedigree !== 'birth' ? rel.pedigree : undefined,
    ].filter(Boolean);
    return {
      id: r.id,
      name: r.name,
      lifespan: r.lifespan,
      living: r.living,
      ...(words.length ? { qualifier: words.join(', ') } : {}),
    };
  });
}

/**
 * Each child's other parent: a spouse of the person's when the child names one (the marriage the
 * child belongs to), else any other parent recorded. A child with none keeps no `otherParent`.
 */
function withOtherParents(
  store: FileCaseStore,
  id: string,
  spouses: readonly PersonRef[],
  children: PersonRef[],
): PersonRef[] {
  const married = new Set(spouses.map((s) => s.id));
  return children.map((c) => {
    const child = store.person(c.id);
    if (!child) return c;
    const others = linkedIds(store, child).parent.filter((x) => x !== id);
    const other = others.find((x) => married.has(x)) ?? others[0];
    return other ? { ...c, otherParent: other } : c;
  });
}

export function personPageFromStore(store: FileCaseStore, id: string, relatives: RelativeRows): PersonPage | undefined {
  const person = store.person(id);
  if (!person) return undefined;
  const privacy = store.config().privacy;
  const file = store.personFile(id) ?? '';
  const inTree = file.startsWith(`${layout.TREES_DIR}/`);
  const line = inTree ? store.indexOfTrees()?.lineOf(id) : undefined;
  return personPage({
    person,
    living: isLiving(person, store.clock.now(), privacy.livingThresholdYears),
    consent: privacy.consent,
    parents: qualify(person, 'parent', relatives.parents),
    spouses: qualify(person, 'spouse', relatives.spouses),
    children: withOtherParents(store, id, relatives.spouses, qualify(person, 'child', relatives.children)),
    source: (s) => store.source(s),
    conflicts: conflictsOf(person, store.conflicts()),
    notes: inTree ? '' : (store.personBody(id) ?? ''),
    origin: { kind: inTree ? 'tree' : 'file', file, ...(line !== undefined ? { line } : {}) },
  });
}
