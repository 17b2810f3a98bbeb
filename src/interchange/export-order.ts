/**
 * The order persons are written in an export. A person imported from a tree keeps its place (the
 * tree's own order, before the rest); a person the research made is ordered by what the files say,
 * never by its random id or by the order the run happened to find it: the subject first, then by
 * name, birth and the first record citing them. Two runs that reach the same case (one of them
 * killed and resumed) write the same export, and an export diffs cleanly in git.
 */
import { displayName, factValue, type Person } from '../model';

function imported(p: Person): boolean {
  const s = (p as Person & { gedcom?: unknown }).gedcom;
  return Boolean(s && typeof s === 'object' && 'xref' in s);
}

function firstSource(p: Person): string {
  let min = '';
  const see = (id: string) => {
    if (!min || id < min) min = id;
  };
  for (const n of p.names) for (const c of n.citations ?? []) see(c);
  for (const a of p.assertions) for (const e of a.evidence) see(e.source);
  return min;
}

export function exportOrder(persons: readonly Person[], subjectId: string | undefined): Person[] {
  const tree = persons.filter(imported);
  const made = persons.filter((p) => !imported(p));
  const key = new Map(
    made.map((p) => [
      p.id,
      [
        p.id === subjectId ? '0' : '1',
        displayName(p).toLowerCase(),
        factValue(p, 'birth.date') ?? factValue(p, 'baptism.date') ?? '',
        firstSource(p),
        p.id,
      ],
    ]),
  );
  const cmp = (a: Person, b: Person) => {
    const x = key.get(a.id)!;
    const y = key.get(b.id)!;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
  };
  return [...tree, ...made.sort(cmp)];
}
