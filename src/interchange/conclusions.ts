/**
 * What an export carries (issue 14): the case's conclusions, i.e. accepted facts and accepted
 * relationships. Staged findings wait for review and are left out, unless the user asks for them
 * (`ancestry export --include-staged`); then they keep their "staged" status, which GEDCOM writes as a
 * NOTE and JSON-LD as a status property, and a person's staged relationships are named in its note.
 * The user's case.yaml starting hint is never exported: it is not evidence.
 */
import type { CaseStore } from '../engine/ports';
import type { Person } from '../model';
import { displayName } from '../model';
import { isStartingHint } from '../model/hint';
import { exportOrder } from './export-order';

export interface ConclusionOptions {
  /** Also export staged facts and relationships, marked as staged. */
  includeStaged?: boolean;
}

type Kept = Person['assertions'][number]['status'];

function keptStatuses(opts: ConclusionOptions): ReadonlySet<Kept> {
  // Disputed values are the alternatives a conflict keeps: exported marked as disputed, beside the accepted one.
  return new Set<Kept>(opts.includeStaged ? ['accepted', 'disputed', 'staged'] : ['accepted', 'disputed']);
}

/**
 * The persons an export writes: a person linked to the case only by unproven relationships (a
 * namesake's wife staged as a second spouse) is not a conclusion; a person without relationships
 * (an imported individual, the subject) is kept.
 */
export function conclusionPersons(
  persons: readonly Person[],
  opts: ConclusionOptions = {},
  subjectId?: string,
): Person[] {
  const kept = keptStatuses(opts);
  const filtered = persons.map((p) => ({
    ...p,
    assertions: p.assertions.filter((a) => kept.has(a.status) && !isStartingHint(a)),
    relationships: p.relationships.filter((r) => kept.has(r.status)),
  }));
  const stays = (p: Person, original: Person) =>
    p.id === subjectId || p.relationships.length > 0 || original.relationships.length === 0;
  const byId = new Map(persons.map((p) => [p.id, p]));
  const ids = new Set(filtered.filter((p) => stays(p, byId.get(p.id)!)).map((p) => p.id));
  return filtered
    .filter((p) => ids.has(p.id))
    .map((p) => ({ ...p, relationships: p.relationships.filter((r) => ids.has(r.person)) }));
}

/** The store as an exporter should see it: every other method is the store's own. */
export function conclusionsOnly<S extends CaseStore>(store: S, opts: ConclusionOptions = {}): S {
  let cache: { persons: Person[]; byId: Map<string, Person>; all: Map<string, Person> } | undefined;
  const load = () => {
    if (cache) return cache;
    const all = store.persons();
    const subjectId = store.config().subject.person;
    const persons = exportOrder(conclusionPersons(all, opts, subjectId), subjectId);
    return (cache = { persons, byId: new Map(persons.map((p) => [p.id, p])), all: new Map(all.map((p) => [p.id, p])) });
  };
  const stagedNote = (id: string): string | undefined => {
    const { byId, all } = load();
    const staged = (byId.get(id)?.relationships ?? []).filter((r) => r.status === 'staged');
    if (!staged.length) return undefined;
    return `Needs review (staged, not proven): ${staged.map((r) => `${r.type} ${all.get(r.person) ? displayName(all.get(r.person)!) : r.person}`).join('; ')}.`;
  };
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'persons') return () => load().persons;
      if (prop === 'person') return (id: string) => load().byId.get(id);
      if (prop === 'personBody' && opts.includeStaged) {
        const own = (target as S & { personBody?(id: string): string | undefined }).personBody?.bind(target);
        return (id: string) => [own?.(id)?.trim(), stagedNote(id)].filter(Boolean).join('\n\n') || undefined;
      }
      const v = Reflect.get(target, prop, receiver) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
