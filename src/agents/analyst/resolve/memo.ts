/**
 * Memoised comparators for bulk scoring. Names, dates and places repeat endlessly in a large tree
 * ("John" vs "Johann", "1850" vs "ABT 1850"), so each distinct comparison is computed — and its
 * explanation allocated — once. Bounded: the table is dropped when it grows too large.
 */
import { compareDates, compareGiven, compareSurname, type Comparison } from './compare';
import type { DateFeature, NameFeature } from './features';
import { comparePlaces } from './places';

const LIMIT = 500_000;
const table = new Map<string, Comparison | undefined>();

function memo(key: string, compute: () => Comparison | undefined): Comparison | undefined {
  if (table.has(key)) return table.get(key);
  const v = compute();
  if (table.size >= LIMIT) table.clear();
  table.set(key, v);
  return v;
}

export function givenM(a: string[], b: string[], ka = a.join(' '), kb = b.join(' ')): Comparison | undefined {
  return memo(`g\u0000${ka}\u0000${kb}`, () => compareGiven(a, b));
}

export function surnameM(a: NameFeature, b: NameFeature): Comparison | undefined {
  return memo(`s\u0000${a.skey}\u0000${b.skey}`, () => compareSurname(a, b));
}

export function datesM(a: DateFeature | undefined, b: DateFeature | undefined, what: string): Comparison | undefined {
  if (!a || !b) return undefined;
  return memo(`d\u0000${what}\u0000${a.text}\u0000${a.min}\u0000${a.max}\u0000${a.stated}\u0000${b.text}\u0000${b.min}\u0000${b.max}\u0000${b.stated}`, () => compareDates(a, b, what));
}

export function placesM(a: string[], b: string[]): Comparison | undefined {
  if (!a.length || !b.length) return undefined;
  return memo(`p\u0000${a.join(',')}\u0000${b.join(',')}`, () => comparePlaces(a, b));
}
