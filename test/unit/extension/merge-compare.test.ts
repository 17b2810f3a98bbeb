/**
 * Merge review's comparison (issue #19 item 3, src/extension/merge/compare.ts): each member's facts
 * under the labels a reader uses ("Born", "Died", "Married", never `birth.date`), parents, spouses
 * and children with their years, the sources their facts cite; a living member reduced to a name.
 * And the queue's order and filter (review-list.ts): by score or by name, words of a name.
 */
import { strict as assert } from 'node:assert';
import { Person, type MergeCluster, type SourceRecord } from '../../../src/model';
import {
  membersNotIn,
  proposalViews,
  relativesNotIn,
  withPersons,
  type Labeller,
} from '../../../src/extension/merge/compare';
import { reviewPage } from '../../../src/agents/analyst/merge';
import { MergeProposalView, MergesQuery } from '../../../src/protocol/merges';
import type { CaseSnapshot } from '../../../src/extension/core/snapshot';

const ev = (source: string) => ({
  source,
  snippet: `text of ${source}`,
  tier: 0 as const,
  evidenceType: 'Primary' as const,
  sourceClass: 'original' as const,
  information: 'primary' as const,
  evidence: 'direct' as const,
  confidence: 0.9,
});
const fact = (id: string, field: string, value: string, source?: string) => ({
  id,
  field,
  value,
  status: 'accepted' as const,
  confidence: 0.9,
  evidence: source ? [ev(source)] : [],
});
const link = (type: 'parent' | 'spouse' | 'child', person: string) => ({ type, person });

const persons = [
  Person.parse({
    id: 'P-a',
    names: [{ given: 'Johann', surname: 'Schmidt' }],
    sex: 'M',
    assertions: [
      fact('A1', 'birth.date', '12 MAR 1850', 'S-bapt'),
      fact('A2', 'marriage.date', '1875', 'S-bapt'),
      fact('A3', 'death.date', '1901'),
    ],
    relationships: [link('parent', 'P-father'), link('spouse', 'P-wife'), link('child', 'P-son')],
  }),
  Person.parse({
    id: 'P-b',
    names: [{ given: 'John', surname: 'Schmidt' }],
    sex: 'M',
    assertions: [fact('B1', 'birth.date', '1850', 'S-census')],
  }),
  Person.parse({
    id: 'P-father',
    names: [{ given: 'Georg', surname: 'Schmidt' }],
    assertions: [fact('F1', 'birth.date', '1820'), fact('F2', 'death.date', '1890')],
  }),
  Person.parse({ id: 'P-wife', names: [{ given: 'Anna', surname: 'Weber' }] }),
  Person.parse({ id: 'P-son', names: [{ given: 'Karl', surname: 'Schmidt' }], living: true }),
  Person.parse({ id: 'P-c', names: [{ given: 'Adam', surname: 'Zeller' }] }),
  Person.parse({ id: 'P-d', names: [{ given: 'Adam', surname: 'Zeller' }] }),
];
const snap = {
  persons: new Map(persons.map((p) => [p.id, { person: p, file: `${p.id}.md` }])),
  sources: new Map([
    ['S-bapt', { source: { title: 'Baptisms of St. Mary, 1850' } as SourceRecord, file: 'S-bapt.md' }],
  ]),
} as unknown as Pick<CaseSnapshot, 'persons' | 'sources'>;
const label: Labeller = (p) =>
  p.living
    ? { name: `Living ${p.names[0].surname}`, lifespan: 'living', living: true }
    : {
        name: `${p.names[0].given} ${p.names[0].surname}`,
        lifespan: p.id === 'P-father' ? '1820–1890' : '',
        living: false,
      };
const cluster = (id: string, a: string, b: string, similarity: number, extra: Partial<MergeCluster> = {}) =>
  ({
    id,
    canonicalId: a,
    memberIds: [a, b],
    similarity,
    features: {},
    rationale: 'same name and birth',
    whyNotMerge: '',
    recommendation: 'merge',
    status: 'proposed',
    reversible: true,
    createdAt: '2026-11-22T00:00:00.000Z',
    ...extra,
  }) as MergeCluster;

describe('merge review: the comparison of two persons', () => {
  const [view] = proposalViews([cluster('M-1', 'P-a', 'P-b', 0.97)], snap, label);

  it('labels facts as a reader does and keeps the field for the choice', () => {
    const a = view.members[0];
    assert.deepEqual(
      a.facts.map((f) => `${f.label}=${f.value}`),
      ['Sex=male', 'Born=12 MAR 1850', 'Married=1875', 'Died=1901'],
    );
    assert.deepEqual(
      a.facts.map((f) => f.field),
      ['sex', 'birth.date', 'marriage.date', 'death.date'],
    );
    assert.ok(MergeProposalView.safeParse(view).success, 'valid on the wire');
  });

  it('lists parents, spouses and children with their years, a living child by surname only', () => {
    const a = view.members[0];
    assert.deepEqual(a.parents, [{ id: 'P-father', name: 'Georg Schmidt', lifespan: '1820–1890' }]);
    assert.deepEqual(
      a.spouses.map((r) => r.name),
      ['Anna Weber'],
    );
    assert.deepEqual(a.children, [{ id: 'P-son', name: 'Living Schmidt', lifespan: 'living' }]);
    assert.deepEqual(view.members[1].parents, []);
  });

  it('names the sources each member’s facts cite, with how many facts cite them', () => {
    assert.deepEqual(view.members[0].sources, [{ id: 'S-bapt', title: 'Baptisms of St. Mary, 1850', facts: 2 }]);
    assert.deepEqual(view.members[1].sources, [{ id: 'S-census', title: 'S-census', facts: 1 }]);
  });

  it('a member no longer in the case is marked missing', () => {
    const [gone] = proposalViews([cluster('M-2', 'P-a', 'P-gone', 0.9)], snap, label);
    assert.equal(gone.members[1].missing, true);
  });
});

describe('merge review: the queue sorted by score or name and filtered by words', () => {
  const person = (id: string) => persons.find((p) => p.id === id);
  const clusters = [
    cluster('M-1', 'P-a', 'P-b', 0.97),
    cluster('M-2', 'P-c', 'P-d', 0.99),
    cluster('M-3', 'P-father', 'P-b', 0.8, { recommendation: 'review' }),
  ];
  const ids = (q: object) => reviewPage(clusters, MergesQuery.parse(q), person).clusters.map((c) => c.id);

  it('by score: merge before review, best first; by name: surname then given name', () => {
    assert.deepEqual(ids({}), ['M-2', 'M-1', 'M-3']);
    assert.deepEqual(ids({ sort: 'name' }), ['M-3', 'M-1', 'M-2']);
  });

  it('the text filter keeps proposals whose members hold every word (prefixes, any case or accent)', () => {
    assert.deepEqual(ids({ text: 'schmidt' }), ['M-1', 'M-3']);
    assert.deepEqual(ids({ text: 'GEO schm' }), ['M-3']);
    assert.deepEqual(ids({ text: 'zéller' }), ['M-2']);
    assert.deepEqual(ids({ text: 'P-d' }), ['M-2']);
    assert.deepEqual(ids({ text: 'nobody' }), []);
  });

  it('the protocol refuses an unknown sort and an over-long text', () => {
    assert.equal(MergesQuery.safeParse({ sort: 'date' }).success, false);
    assert.equal(MergesQuery.safeParse({ text: 'x'.repeat(201) }).success, false);
  });
});

describe('merge review: persons of a tree too big for the snapshot', () => {
  it('asks for the members and then the relatives it lacks, and compares them once added', () => {
    const treeA = Person.parse({
      id: 'T-a',
      names: [{ given: 'Olaf', surname: 'Berg' }],
      assertions: [fact('T1', 'birth.date', '1801')],
      relationships: [link('parent', 'P-father'), link('parent', 'T-mother')],
    });
    const treeB = Person.parse({ id: 'T-b', names: [{ given: 'Olaf', surname: 'Berg' }] });
    const mother = Person.parse({ id: 'T-mother', names: [{ given: 'Kari', surname: 'Dahl' }] });
    const clusters = [cluster('M-9', 'T-a', 'T-b', 0.95), cluster('M-1', 'P-a', 'P-b', 0.97)];
    assert.deepEqual(membersNotIn(clusters, snap), ['T-a', 'T-b']);
    assert.deepEqual(relativesNotIn([treeA, treeB], snap), ['T-mother']);
    const more = withPersons(snap, [treeA, treeB, mother]);
    assert.equal(snap.persons.has('T-a'), false, 'the snapshot itself is not changed');
    const [view] = proposalViews([clusters[0]], more, label);
    assert.equal(view.members[0].missing, false);
    assert.deepEqual(
      view.members[0].parents.map((r) => r.name),
      ['Georg Schmidt', 'Kari Dahl'],
    );
    assert.deepEqual(
      view.members[0].facts.map((f) => f.label),
      ['Born'],
    );
  });
});
