/**
 * Counts, pages and searches over a case's persons (person files and imported trees) for readers
 * of big cases: `ancestry status`, `ancestry persons`. With a store opened `trees: 'indexed'` they
 * come from the tree index plus the person files, without reading the trees; otherwise from every
 * person read (the reference the tests compare the index against). Same answers either way.
 */
import { isLiving } from '../agents/censor';
import type { Person } from '../model';
import type { FileCaseStore } from './store';
import { matchesQuery, type PersonQuery, type PersonSummary, sortKeyOf, summaryOf } from './tree-index';

export type { PersonQuery, PersonSummary } from './tree-index';

interface Living {
  now: Date;
  thresholdYears: number;
}

function livingRule(store: FileCaseStore): Living {
  return { now: store.clock.now(), thresholdYears: store.config().privacy.livingThresholdYears };
}

function summarise(store: FileCaseStore, persons: Person[], rule: Living): (PersonSummary & { sortKey: string })[] {
  return persons.map((p) => ({
    ...summaryOf(p, store.personFile(p.id) ?? '', isLiving(p, rule.now, rule.thresholdYears)),
    sortKey: sortKeyOf(p),
  }));
}

const byKey = (a: { sortKey: string }, b: { sortKey: string }) =>
  a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0;

const strip = ({ sortKey: _, ...s }: PersonSummary & { sortKey: string }): PersonSummary => s;

export function countPersons(store: FileCaseStore): number {
  const index = store.indexOfTrees();
  return index ? index.count() + store.filePersons().length : store.persons().length;
}

export function countLiving(store: FileCaseStore): number {
  const rule = livingRule(store);
  const index = store.indexOfTrees();
  const alive = (ps: Person[]) => ps.filter((p) => isLiving(p, rule.now, rule.thresholdYears)).length;
  return index ? index.livingCount(rule.now, rule.thresholdYears) + alive(store.filePersons()) : alive(store.persons());
}

/** Persons in listing order (surname, given name, id), `limit` of them from `offset`. */
export function pagePersons(store: FileCaseStore, offset: number, limit: number): PersonSummary[] {
  const rule = livingRule(store);
  const index = store.indexOfTrees();
  const files = summarise(store, index ? store.filePersons() : store.persons(), rule);
  // The first offset+limit of the tree persons hold every tree person of the page.
  const trees = index ? index.page(0, offset + limit, rule.now, rule.thresholdYears) : [];
  return [...trees, ...files]
    .sort(byKey)
    .slice(offset, offset + limit)
    .map(strip);
}

/** Persons matching every part of the query, in listing order, `limit` of them from `offset`. */
export function findPersons(store: FileCaseStore, query: PersonQuery, limit: number, offset = 0): PersonSummary[] {
  const rule = livingRule(store);
  const index = store.indexOfTrees();
  const alive = (p: Person) => isLiving(p, rule.now, rule.thresholdYears);
  const files = summarise(
    store,
    (index ? store.filePersons() : store.persons()).filter((p) => matchesQuery(p, query, alive(p))),
    rule,
  );
  // The first offset+limit matching tree persons hold every tree person of the page.
  const trees = index ? index.find(query, offset + limit, rule.now, rule.thresholdYears) : [];
  return [...trees, ...files]
    .sort(byKey)
    .slice(offset, offset + limit)
    .map(strip);
}

/** How many persons match every part of the query. */
export function countMatching(store: FileCaseStore, query: PersonQuery): number {
  const rule = livingRule(store);
  const index = store.indexOfTrees();
  const alive = (p: Person) => isLiving(p, rule.now, rule.thresholdYears);
  const files = (index ? store.filePersons() : store.persons()).filter((p) => matchesQuery(p, query, alive(p)));
  return files.length + (index ? index.countMatching(query, rule.now, rule.thresholdYears) : 0);
}

/** One person as a listing shows them (read from their file or tree line). */
export function personSummary(store: FileCaseStore, id: string): PersonSummary | undefined {
  const p = store.person(id);
  return p ? strip(summarise(store, [p], livingRule(store))[0]) : undefined;
}
