/**
 * A merge proposal as the review panels show it (issue #19 item 3): each member's facts under the
 * labels a reader uses ("Born", "Died", "Married"), their parents, spouses and children (names with
 * years) and the sources their facts cite. Pure (no vscode): the host passes how a person is named
 * (views/labels.ts: living persons redacted by the settings), tests a plain one.
 */
import { factValue, type MergeCluster, type Person } from '../../model';
import type { MergeMember, MergeProposalView, MergeRelative } from '../../protocol/merges';
import type { CaseSnapshot } from '../core/snapshot';
import { fieldLabel } from '../person/view-model';

/** How a person is named in a view: name, years, and whether they are living (then redacted). */
export type Labeller = (p: Person) => { name: string; lifespan: string; living: boolean };

/** The facts a genealogist compares first, in the order of a life; other fields follow as the file has them. */
export const FACT_ORDER = [
  'sex',
  'birth.date',
  'birth.place',
  'baptism.date',
  'baptism.place',
  'marriage.date',
  'marriage.place',
  'death.date',
  'death.place',
  'burial.date',
  'burial.place',
  'residence.place',
  'occupation.value',
];

const SEX_WORDS: Record<string, string> = { M: 'male', F: 'female', X: 'other' };

type Snap = Pick<CaseSnapshot, 'persons' | 'sources'>;

function relativesOf(
  person: Person,
  type: 'parent' | 'spouse' | 'child',
  snap: Snap,
  personLabel: Labeller,
): MergeRelative[] {
  const seen = new Set<string>();
  return person.relationships
    .filter((r) => r.type === type && r.status !== 'rejected' && !seen.has(r.person) && seen.add(r.person))
    .map((r) => {
      const p = snap.persons.get(r.person)?.person;
      if (!p) return { id: r.person, name: r.person, lifespan: '' };
      const l = personLabel(p);
      return { id: r.person, name: l.name, lifespan: l.lifespan };
    });
}

function sourcesOf(person: Person, snap: Snap): MergeMember['sources'] {
  const counts = new Map<string, number>();
  for (const a of person.assertions) {
    if (a.status === 'rejected') continue;
    for (const id of new Set(a.evidence.map((e) => e.source))) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts].map(([id, facts]) => ({ id, title: snap.sources.get(id)?.source.title ?? id, facts }));
}

export function memberView(id: string, snap: Snap, personLabel: Labeller): MergeMember {
  const empty = { lifespan: '', parents: [], spouses: [], children: [], sources: [] };
  const person = snap.persons.get(id)?.person;
  if (!person) return { id, name: id, facts: [], missing: true, ...empty };
  const label = personLabel(person);
  if (label.living)
    return {
      id,
      name: label.name,
      facts: [{ field: 'living', value: 'details redacted', label: 'Living' }],
      missing: false,
      ...empty,
      lifespan: label.lifespan,
    };
  const fields = [...new Set([...FACT_ORDER, ...person.assertions.map((a) => a.field)])];
  const facts = fields.flatMap((field) => {
    const value = field === 'sex' ? SEX_WORDS[person.sex] : factValue(person, field);
    return value ? [{ field, value, label: fieldLabel(field) }] : [];
  });
  return {
    id,
    name: label.name,
    lifespan: label.lifespan,
    facts,
    missing: false,
    parents: relativesOf(person, 'parent', snap, personLabel),
    spouses: relativesOf(person, 'spouse', snap, personLabel),
    children: relativesOf(person, 'child', snap, personLabel),
    sources: sourcesOf(person, snap),
  };
}

export function proposalViews(
  clusters: readonly MergeCluster[],
  snap: Snap,
  personLabel: Labeller,
): MergeProposalView[] {
  const order = { proposed: 0, accepted: 1, undone: 2, rejected: 3 } as const;
  return clusters
    .slice()
    .sort((a, b) => order[a.status] - order[b.status])
    .map((c) => ({
      id: c.id,
      canonicalId: c.canonicalId,
      similarity: c.similarity,
      // Beyond the best reviews a proposal is stored unexplained (issue #15): the CLI explains it.
      rationale:
        c.rationale ||
        `Stored without its reasons (one of the many lower "review" proposals); "ancestry merges <case> --min-score ${c.similarity}" lists it with them.`,
      whyNotMerge: c.whyNotMerge,
      recommendation: c.recommendation,
      status: c.status,
      reason: c.reason,
      decidedAt: c.decidedAt,
      batch: c.batch,
      features: Object.entries(c.features).map(([name, f]) => ({ name, score: f.score, reason: f.reason })),
      members: c.memberIds.map((id) => memberView(id, snap, personLabel)),
    }));
}

/** The persons a list of proposals names that the snapshot does not hold (a big tree's, read elsewhere). */
export function membersNotIn(clusters: readonly MergeCluster[], snap: Pick<Snap, 'persons'>): string[] {
  return [...new Set(clusters.flatMap((c) => c.memberIds))].filter((id) => !snap.persons.has(id));
}

/** The relatives of `persons` the snapshot does not hold (their names and years in a comparison). */
export function relativesNotIn(persons: readonly Person[], snap: Pick<Snap, 'persons'>): string[] {
  const have = new Set(persons.map((p) => p.id));
  return [...new Set(persons.flatMap((p) => p.relationships.map((r) => r.person)))].filter(
    (id) => !have.has(id) && !snap.persons.has(id),
  );
}

/** The snapshot with persons read from the tree index added (their file unknown here: ''). */
export function withPersons<S extends Pick<Snap, 'persons'>>(snap: S, persons: readonly Person[]): S {
  if (!persons.length) return snap;
  const map = new Map(snap.persons);
  for (const p of persons) if (!map.has(p.id)) map.set(p.id, { person: p, file: '' });
  return { ...snap, persons: map };
}
