/**
 * A family recognised as a whole (issue #14, held-out cases): an estate inventory of 1859 lists
 * "Isaac, about 40; Milly, his wife, 30; Ned 8, Polly 5 and Sam 1, children of Milly", with no
 * surname. Each of them alone is only like a Carter of the 1866 register (a given name or a nickname
 * and an age: left for review), but the five together are Isaac and Milly Carter and their children
 * Edward, Mary and Samuel, the one known family in which every stated tie holds. A genealogist
 * accepts the household as a unit, never one of its members alone.
 *
 * Only groups of three or more personas joined by the record's stated ties, each member with
 * candidates the resolver already finds alike (for review or better), and only when exactly one
 * assignment of distinct known persons satisfies every tie (spouse to spouse, parent to child).
 */

export interface RecordTie {
  /** Persona indices: a is the spouse of b, or a is a parent of b. */
  a: number;
  b: number;
  kind: 'spouse' | 'parent';
}

/** Assignments tried per group at most: a household of ten with three candidates each is 59,049. */
const MAX_TRIES = 100_000;

/** The groups of personas the ties connect (each sorted), largest first. */
function groupsOf(ties: readonly RecordTie[]): number[][] {
  const next = new Map<number, Set<number>>();
  const link = (x: number, y: number) => {
    if (!next.has(x)) next.set(x, new Set());
    next.get(x)!.add(y);
  };
  for (const t of ties) {
    link(t.a, t.b);
    link(t.b, t.a);
  }
  const seen = new Set<number>();
  const out: number[][] = [];
  for (const start of next.keys()) {
    if (seen.has(start)) continue;
    const group: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const x = stack.pop()!;
      group.push(x);
      for (const y of next.get(x) ?? [])
        if (!seen.has(y)) {
          seen.add(y);
          stack.push(y);
        }
    }
    out.push(group.sort((p, q) => p - q));
  }
  return out.sort((p, q) => q.length - p.length);
}

/**
 * Persona index → known person, for each group whose ties only one assignment satisfies.
 * `candidates(i)`: the known persons persona i may be; `related(x, y, kind)`: whether known person x
 * is y's spouse ('spouse') or parent ('parent').
 */
export function familyGroupAssignment(
  ties: readonly RecordTie[],
  candidates: (i: number) => readonly string[],
  related: (x: string, y: string, kind: RecordTie['kind']) => boolean,
): Map<number, string> {
  const out = new Map<number, string>();
  for (const group of groupsOf(ties)) {
    if (group.length < 3) continue;
    const options = group.map((i) => [...new Set(candidates(i))]);
    if (options.some((o) => !o.length)) continue;
    if (options.reduce((n, o) => n * o.length, 1) > MAX_TRIES) continue;
    const inGroup = ties.filter((t) => group.includes(t.a));
    const at = new Map(group.map((i, k) => [i, k]));
    const chosen: string[] = [];
    const found: string[][] = [];
    // Depth first, each tie checked as soon as both its ends are chosen.
    const walk = (k: number): void => {
      if (found.length > 1) return;
      if (k === group.length) {
        found.push([...chosen]);
        return;
      }
      for (const id of options[k]) {
        if (chosen.includes(id)) continue;
        chosen.push(id);
        const ok = inGroup.every((t) => {
          const ka = at.get(t.a)!;
          const kb = at.get(t.b)!;
          if (ka > k || kb > k) return true;
          return related(chosen[ka], chosen[kb], t.kind);
        });
        if (ok) walk(k + 1);
        chosen.pop();
      }
    };
    walk(0);
    if (found.length === 1) group.forEach((i, k) => out.set(i, found[0][k]));
  }
  return out;
}
