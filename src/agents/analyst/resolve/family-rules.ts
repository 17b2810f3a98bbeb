/**
 * Rules for the namesakes real families make (issue #15 item 2), each a predicate on two persons'
 * features with a readable reason; score.ts weighs them. Weights are log(m/u) measured by
 * bench/resolve-weights.ts on the tuning injector only (resolve-royal.ts, seeds 1-5, royal92,
 * willis, pres2020) with royal92's own labelled duplicates, add-one-half smoothed.
 */
import { nicknameMatch } from '../../../model/names';
import { eventCentre } from './frequency';
import type { PersonFeatures } from './feature-types';
import { oneEditApart } from './metrics';

/**
 * Two children of one couple under one given name whose births are centred two or more years
 * apart, where one side is an estimate ("ABT 1875" vs "28 JUL 1879") or both are bare years two
 * apart: the pattern of a child named after a sibling who died young, which only dates can tell
 * from one child entered twice. Both dates as written (not worked out from a baptism or an age,
 * whose windows move the centre). Among candidate pairs with a shared parent and given names that
 * agree it fires on 0 of 414 same-person pairs and 225 of 320 others: log(0.0012/0.70) = -6.4. The
 * issue's rule (#15: dates that differ keep such siblings apart); a pair it fires on is also at most
 * "review", so that a wrong estimate still reaches a reviewer when the rest agrees overwhelmingly.
 */
export const SIBLING_BIRTHS_APART = -6.4;

/** The two birth years when `a` and `b` (who share a parent) were born two or more years apart. */
export function siblingBirthsApart(a: PersonFeatures, b: PersonFeatures): [number, number] | undefined {
  if (!a.birth?.stated || !b.birth?.stated) return undefined;
  const ca = eventCentre(a);
  const cb = eventCentre(b);
  return ca !== undefined && cb !== undefined && Math.abs(ca - cb) >= 2 ? [ca, cb] : undefined;
}

/**
 * Both persons have their parents linked, no parent is shared, and the parents' names do not pair
 * up (father with father, mother with mother, in either order; given names that may be one
 * person's, and surnames that may be: unknown, alike, or one a surname the children bear, as a
 * mother recorded under her married name): cousins named after one grandparent, or strangers of a
 * common name, not one person. A duplicate entered twice keeps its own parents or duplicates of
 * them, named alike. Among candidate pairs where both have two linked parents it fires on 0 of 617
 * same-person pairs (none of royal92's 15 labelled duplicates) and 35,239 of 45,262 others:
 * log(0.0008/0.78) = -6.9. The injector keeps a duplicate's parent links, so m is small by
 * construction: a pair it fires on is also at most "review", so that a wrongly recorded parent
 * still reaches a reviewer when the rest agrees overwhelmingly.
 */
export const PARENTS_DIFFER = -6.9;

/** A folded "given surname" name's first given name ('' when it has none that can be compared). */
function firstGiven(name: string | undefined): string {
  const g = name?.split(' ')[0] ?? '';
  return g.length >= 2 ? g : '';
}

/** Given names that may be one person's: the same, a known variant, or one slip of the pen. */
function givenMayAgree(x: string, y: string): boolean {
  return x === y || nicknameMatch(x, y) || (Math.min(x.length, y.length) >= 4 && oneEditApart(x, y));
}

/** The surname of a folded "given surname" name ('' for a single word, which may be either). */
function lastWord(name: string): string {
  const words = name.split(' ');
  return words.length > 1 ? words[words.length - 1] : '';
}

/**
 * Two parents' surnames that may be one person's: either unknown, the same, a slip of the pen, or
 * one of them a surname the children bear (a mother recorded under her married name).
 */
function surnameMayAgree(x: string, y: string, childSurname: (s: string) => boolean): boolean {
  if (!x || !y || x === y || childSurname(x) || childSurname(y)) return true;
  return Math.min(x.length, y.length) >= 4 && oneEditApart(x, y);
}

/** A person's two linked parents' folded names, first given names and surnames (parentsDiffer). */
interface ParentNames {
  parents: string[];
  /** false when a parent has no given name that can be compared */
  named: boolean;
  full: [string, string];
  given: [string, string];
  last: [string, string];
}

/**
 * Per parentNameOf object (withRelativeNames makes a new one whenever the names change), so that
 * bulk scoring splits each person's parents' names once, not once per candidate pair.
 */
const parentNamesOf = new WeakMap<Record<string, string>, ParentNames>();

function parentNames(f: PersonFeatures): ParentNames | undefined {
  const byId = f.parentNameOf;
  if (f.parents.length !== 2 || !byId) return undefined;
  let v = parentNamesOf.get(byId);
  if (!v || v.parents !== f.parents) {
    const full: [string, string] = [byId[f.parents[0]] ?? '', byId[f.parents[1]] ?? ''];
    const given: [string, string] = [firstGiven(full[0]), firstGiven(full[1])];
    v = {
      parents: f.parents,
      named: !!(given[0] && given[1]),
      full,
      given,
      last: [lastWord(full[0]), lastWord(full[1])],
    };
    parentNamesOf.set(byId, v);
  }
  return v.named ? v : undefined;
}

function bearsSurname(f: PersonFeatures, s: string): boolean {
  for (const n of f.names) if (n.surnames.includes(s)) return true;
  return false;
}

/** The two persons' parents' names when they cannot be the same two parents (see PARENTS_DIFFER). */
export function parentsDiffer(a: PersonFeatures, b: PersonFeatures): [string[], string[]] | undefined {
  if (a.parents.length !== 2 || b.parents.length !== 2) return undefined;
  for (const p of a.parents) if (b.parents.includes(p)) return undefined;
  const pa = parentNames(a);
  const pb = parentNames(b);
  if (!pa || !pb) return undefined;
  // A surname the children bear may be a mother's married name (surnameMayAgree).
  const childSurname = (x: string) => bearsSurname(a, x) || bearsSurname(b, x);
  const same = (i: number, j: number) =>
    givenMayAgree(pa.given[i], pb.given[j]) && surnameMayAgree(pa.last[i], pb.last[j], childSurname);
  const straight = same(0, 0) && same(1, 1);
  const crossed = !straight && same(0, 1) && same(1, 0);
  return straight || crossed ? undefined : [[...pa.full], [...pb.full]];
}

/**
 * A place comparison below this is a contradiction: no level in common ("Lyon, France" vs "Leiden,
 * Netherlands"), not a place written more or less fully. The place weights already count it (-1);
 * a birth or a death place that contradicts is conflicting evidence the proof standard wants
 * resolved before a conclusion, so such a pair is at most "review". Not a weight: both injectors
 * keep a duplicate's places compatible (a town dropped, a shorter form) and the tuning one writes
 * no death place, so m cannot be measured there; u (both places contradicting) is 1,247 of 8,107
 * candidate pairs.
 */
export const PLACE_CONTRADICTS = 0.35;
