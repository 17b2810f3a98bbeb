/**
 * Associates recur (issue #14, held-out cases): the witnesses of a family's civil acts, the
 * godparents of its children, the priest of its parish are the same few people record after record
 * (the FAN principle: friends, associates, neighbours). A witness named alike in two acts of one
 * family is one man when he is named there again beside someone he was named with before: Luis
 * Gómez and Cenobio Torres witness the 1892 marriage and the 1895 birth; the priest Ignacio Navarro
 * baptises both José Marías with the same godparents. Names alone leave such a pair for review; the
 * company they keep decides.
 *
 * Only personas in an associate's role (witness, sponsor, godparent, officiant) are judged this way,
 * only against a candidate the resolver already finds alike, and never against a hard fact (the
 * caller has ruled those out first).
 */
import type { Person, Persona } from '../../../model';
import { displayName } from '../../../model';
import { foldName, namesAlike, splitPersonaName } from '../../../model/names';
import type { KnowledgeGraph } from '../graph';

const ASSOCIATE_ROLES = new Set(['witness', 'sponsor', 'godparent', 'officiant']);

export function isAssociateRole(role: string | undefined): boolean {
  return Boolean(role && ASSOCIATE_ROLES.has(role));
}

/**
 * A person a record only mentions, with no kinship to anyone in it and no surname shared with anyone
 * in it (the minister a widow says married her, the attorney, the neighbour): an associate of the
 * family too, whatever role the index gives. One of the family's surname may be kin the record does
 * not state (a son of one name with his father), so he is not judged by the company he keeps.
 */
export function unrelatedMention(
  i: number,
  personas: readonly Persona[],
  family: { parents: readonly number[]; spouses: readonly number[]; children: readonly number[] } | undefined,
): boolean {
  if (personas[i]?.role !== 'mentioned' || family?.parents.length || family?.spouses.length || family?.children.length)
    return false;
  const surname = (p: Persona) => foldName(splitPersonaName(p.name).surname);
  const own = surname(personas[i]);
  return Boolean(own) && !personas.some((p, j) => j !== i && surname(p) === own);
}

/** Records citing the person by name (the records that name them). */
function namedIn(p: Person): Set<string> {
  const out = new Set<string>();
  for (const n of p.names) for (const c of n.citations ?? []) out.add(c);
  return out;
}

/**
 * The associate's own spouse, named beside them here ("Wenzel Kubát and his wife Anna"), is not the
 * candidate's known spouse: the company a godmother keeps does not make her the other Anna Kubát,
 * wife of Wenzel Dwořak. Both names must be alike to be one spouse (a husband keeps his surname; a
 * wife named by maiden and married surnames is compared by her given names).
 */
export function otherKnownSpouse(g: KnowledgeGraph, candidateId: string, spousesHere: readonly string[]): boolean {
  const cand = g.get(candidateId);
  if (!cand || !spousesHere.length) return false;
  const known = cand.relationships
    .filter((r) => r.type === 'spouse' && r.status !== 'rejected')
    .map((r) => g.get(r.person))
    .filter((q): q is Person => Boolean(q));
  if (!known.length) return false;
  const alike = (name: string, q: Person) => {
    const n = splitPersonaName(name);
    return q.names.some(
      (m) =>
        namesAlike(n.given.split(/\s+/)[0] ?? '', m.given.split(/\s+/)[0] ?? '') &&
        (q.sex !== 'M' || !n.surname || !m.surname || namesAlike(n.surname, m.surname)),
    );
  };
  return !spousesHere.some((name) => known.some((q) => alike(name, q)));
}

/**
 * Why the candidate is the associate this persona names (undefined when the company does not tell):
 * a person already matched in this record was named with the candidate in another record.
 */
export function keptCompany(
  g: KnowledgeGraph,
  candidateId: string,
  matched: readonly (string | undefined)[],
  thisSource: string,
): string | undefined {
  const cand = g.get(candidateId);
  if (!cand) return undefined;
  const mine = namedIn(cand);
  mine.delete(thisSource);
  if (!mine.size) return undefined;
  for (const id of new Set(matched)) {
    if (!id || id === candidateId) continue;
    const q = g.get(id);
    if (!q) continue;
    const together = [...namedIn(q)].find((s) => s !== thisSource && mine.has(s));
    if (together)
      return `Associates recur: ${displayName(cand)} was named with ${displayName(q)} in ${together}, and both are named in this record again.`;
  }
  return undefined;
}
