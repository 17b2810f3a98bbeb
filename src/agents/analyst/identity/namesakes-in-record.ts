/**
 * Namesakes in one record (issue #14): a father's death register lists his issue "Hugh, dec. 1846;
 * Hugh, 8 years" — two sons given one name, the first dead before the second was born. Each may be
 * matched to only one known person, so the order decides: the one the record tells most about (an
 * age, a birth date) is matched first, to the person it fits, and the one it tells nothing about
 * then takes what is left. Read in the order written, the bare "Hugh" would take whichever Hugh came
 * first and leave the eight-year-old the infant who died in 1846.
 */
import type { Persona } from '../../../model';
import { foldName } from '../../../model/names';

/**
 * `order` (indices of the record's personas, the anchor first) with each group of personas named
 * alike reordered among its own places: those with a birth estimate before those without. The
 * anchor keeps its place; everyone else keeps theirs unless a namesake in the record moves.
 */
export function namesakesByEvidence(
  order: readonly number[],
  names: readonly string[],
  hasBirth: readonly boolean[],
): number[] {
  const out = [...order];
  const key = (i: number) => foldName(names[i].replace(/\//g, ' ')).replace(/\s+/g, ' ').trim();
  const groups = new Map<string, number[]>();
  out.forEach((i, pos) => {
    if (pos === 0) return;
    const k = key(i);
    if (!k) return;
    groups.set(k, [...(groups.get(k) ?? []), pos]);
  });
  for (const positions of groups.values()) {
    if (positions.length < 2) continue;
    const members = positions.map((pos) => out[pos]);
    const sorted = [...members.filter((i) => hasBirth[i]), ...members.filter((i) => !hasBirth[i])];
    positions.forEach((pos, n) => (out[pos] = sorted[n]));
  }
  return out;
}

/** Two personas written with one name (folded, slashes and spacing aside). */
export function sameWrittenName(a: string, b: string): boolean {
  const key = (x: string) => foldName(x.replace(/\//g, ' ')).replace(/\s+/g, ' ').trim();
  return Boolean(key(a)) && key(a) === key(b);
}

/**
 * The record tells nothing of the persona but its name: no date or age, no relative, no occupation,
 * residence or place of its own. Such a persona beside a namesake in the same record cannot be told
 * from him, so it is matched to no one by name alone (a family history naming "Thomas Wroe, potter"
 * and "his grandson Pte Thomas Wroe" without a date for the second gave him to a cousin of the name).
 */
export function toldNothingBut(
  persona: Persona,
  feats: { birth?: unknown; death?: unknown },
  family: { parents: readonly number[]; spouses: readonly number[]; children: readonly number[] },
): boolean {
  return (
    !feats.birth &&
    !feats.death &&
    !family.parents.length &&
    !family.spouses.length &&
    !family.children.length &&
    !persona.occupation &&
    !persona.residence &&
    !persona.birthPlace &&
    !persona.deathPlace &&
    persona.age === undefined
  );
}
