// Issue #14 item 2: a review proposal whose two persons' relatives bear one family's names, though
// no record joined those relatives, is one person: Juho son of Matti and Liisa in a Finnish
// communion book, John Koivisto son of Matt Makela and Lisa Hendrickson on a Michigan certificate.
import assert from 'node:assert/strict';
import { namedFamily } from '../../../src/agents/analyst/merge/named-family';
import { MergeCluster, Person, type Relationship } from '../../../src/model';

type Link = [Relationship['type'], string];
const person = (id: string, given: string, surname: string, sex: 'M' | 'F', links: Link[] = []) =>
  Person.parse({
    id,
    sex,
    names: [{ given, surname }],
    relationships: links.map(([type, p]) => ({ type, person: p })),
  });
const proposal = (a: string, b: string) =>
  MergeCluster.parse({
    id: 'M-1',
    canonicalId: a,
    memberIds: [a, b],
    similarity: 0.47,
    features: { givenName: { score: 0.92, reason: 'variants of one name' } },
    recommendation: 'review',
    status: 'proposed',
    createdAt: '2026-12-01T00:00:00.000Z',
  });
const run = (persons: Person[]) =>
  namedFamily(
    [proposal('P-juho', 'P-john')],
    (id) => persons.find((p) => p.id === id),
    () => undefined,
  );

const finnish = [
  person('P-juho', 'Juho', 'Matinpoika', 'M', [
    ['parent', 'P-matti'],
    ['parent', 'P-liisa'],
  ]),
  person('P-matti', 'Matti', 'Juhonpoika Koivisto', 'M'),
  person('P-liisa', 'Liisa', 'Heikintytär', 'F'),
];

describe('a family named alike: review proposals confirmed', () => {
  it('confirms Juho and John Koivisto: both parents named alike by their given names', () => {
    const got = run([
      ...finnish,
      person('P-john', 'Johan', 'Koivisto', 'M', [
        ['parent', 'P-matt'],
        ['parent', 'P-lisa'],
      ]),
      person('P-matt', 'Matt', 'Makela', 'M'),
      person('P-lisa', 'Lisa', 'Hendrickson', 'F'),
    ]);
    assert.equal(got.length, 1);
    assert.match(got[0].reasons[0], /parent Matti .* ~ Matt Makela; parent Liisa .* ~ Lisa Hendrickson/);
  });

  it('does not take one relative named alike by the given name alone (a wife Mary is common)', () => {
    const persons = [
      person('P-juho', 'John', 'Smith', 'M', [['spouse', 'P-m1']]),
      person('P-m1', 'Mary', 'Brown', 'F'),
      person('P-john', 'John', 'Smith', 'M', [['spouse', 'P-m2']]),
      person('P-m2', 'Mary', 'Jones', 'F'),
    ];
    assert.deepEqual(run(persons), []);
  });

  it('is vetoed when the fathers differ though the mothers are named alike', () => {
    const got = run([
      ...finnish,
      person('P-john', 'Johan', 'Koivisto', 'M', [
        ['parent', 'P-matt'],
        ['parent', 'P-lisa'],
        ['spouse', 'P-hilma'],
      ]),
      person('P-matt', 'Erik', 'Makela', 'M'),
      person('P-lisa', 'Lisa', 'Hendrickson', 'F'),
      person('P-hilma', 'Hilma', 'Koivisto', 'F'),
    ]);
    assert.deepEqual(got, []);
  });
});
