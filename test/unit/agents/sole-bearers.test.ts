// Issue #14 item 2: the case's only two bearers of a name, proposed for review, are one person
// read twice, unless something says "another person" (each veto below is a namesake of the cases).
import assert from 'node:assert/strict';
import { soleBearers } from '../../../src/agents/analyst/merge/sole-bearers';
import { MergeCluster, Person, type Relationship } from '../../../src/model';
import { claim } from '../resolve/fixtures';

type Link = [Relationship['type'], string];
interface Spec {
  sex?: 'M' | 'F' | 'U';
  links?: Link[];
  born?: string;
  sources?: string[];
}
const person = (id: string, given: string, surname: string, spec: Spec = {}) =>
  Person.parse({
    id,
    sex: spec.sex ?? 'M',
    names: [{ given, surname, citations: spec.sources ?? [] }],
    relationships: (spec.links ?? []).map(([type, p]) => ({ type, person: p })),
    assertions: spec.born
      ? [
          {
            id: `A-${id}`,
            field: 'birth.date',
            value: spec.born,
            status: 'accepted',
            confidence: 0.9,
            evidence: [claim({ source: 'S-x', snippet: spec.born })],
          },
        ]
      : [],
  });
const names = { givenName: { score: 1, reason: 'same given name' }, surname: { score: 1, reason: 'same surname' } };
const proposal = (id: string, a: string, b: string, features: MergeCluster['features'] = names) =>
  MergeCluster.parse({
    id,
    canonicalId: a,
    memberIds: [a, b],
    similarity: 0.55,
    features,
    recommendation: 'review',
    status: 'proposed',
    createdAt: '2026-12-01T00:00:00.000Z',
  });
const sources: Record<string, { date?: string; place?: string; persons?: { name: string; role?: string }[] }> = {
  'S-1822-page': {
    date: '1822',
    place: 'St Ouen, Jersey',
    persons: [
      { name: 'Philippe /Renouf/', role: 'principal' },
      { name: 'Jeanne /Renouf/', role: 'godparent' },
    ],
  },
  'S-1822-child': {
    date: '1822',
    place: 'St Ouen, Jersey',
    persons: [{ name: 'Jeanne /Renouf/', role: 'principal' }],
  },
  'S-1767': { date: '14 MAY 1767', place: 'Goshen, Chester, Pennsylvania, USA' },
  'S-1768': { date: '15 AUG 1768', place: 'Goshen, Chester, Pennsylvania, USA' },
  'S-1822': { date: '1822', place: 'St Ouen, Jersey' },
  'S-1885': { date: '24 MAR 1885', place: 'Zambrów, Łomża, Poland' },
  'S-1907': { date: '9 OCT 1907', place: 'New York, New York, USA' },
};
const run = (persons: Person[], proposals: MergeCluster[]) =>
  soleBearers(
    proposals,
    () => persons,
    (id) => persons.find((p) => p.id === id),
    (id) => sources[id],
  ).map((c) => c.cluster.id);

describe('sole bearers of a name: review proposals confirmed', () => {
  it('confirms the case’s only two Isaac Sharpleses (a witness and a grantee of one township)', () => {
    const persons = [
      person('P-a', 'Isaac', 'Sharples', { sources: ['S-1767'] }),
      person('P-b', 'Isaac', 'Sharples', { sources: ['S-1768'] }),
      person('P-c', 'Joseph', 'Garretson'),
    ];
    const got = soleBearers(
      [proposal('M-1', 'P-a', 'P-b')],
      () => persons,
      (id) => persons.find((p) => p.id === id),
      (id) => sources[id],
    );
    assert.deepEqual(
      got.map((c) => c.cluster.id),
      ['M-1'],
    );
    assert.match(got[0].reasons[0], /only two persons named Isaac Sharples/);
  });

  it('leaves the choice to the user when a third bearer of the name exists', () => {
    const persons = [
      person('P-a', 'Isaac', 'Sharples'),
      person('P-b', 'Isaac', 'Sharples'),
      person('P-c', 'Isaac', 'Sharpless'),
    ];
    assert.deepEqual(run(persons, [proposal('M-1', 'P-a', 'P-b')]), []);
  });

  it('keeps a father and a son of one name apart (the one’s father is the other’s son by name)', () => {
    const persons = [
      person('P-a', 'William', 'Whitcombe', { links: [['child', 'P-t1']] }),
      person('P-b', 'William', 'Whitcombe', { links: [['parent', 'P-t2']] }),
      person('P-t1', 'Thomas', 'Whitcombe'),
      person('P-t2', 'Thomas', 'Whitcombe'),
    ];
    assert.deepEqual(run(persons, [proposal('M-1', 'P-a', 'P-b')]), []);
  });

  it('keeps apart two men whose wives differ (Antje and Grietje Douwes)', () => {
    const persons = [
      person('P-a', 'Sjoerd', 'Jelles', { links: [['spouse', 'P-w1']] }),
      person('P-b', 'Sjoerd', 'Jelles', { links: [['spouse', 'P-w2']] }),
      person('P-w1', 'Antje', 'Douwes', { sex: 'F' }),
      person('P-w2', 'Grietje', 'Douwes', { sex: 'F' }),
    ];
    assert.deepEqual(run(persons, [proposal('M-1', 'P-a', 'P-b')]), []);
  });

  it('keeps apart a godmother of 1822 and a daughter born in 1825', () => {
    const persons = [
      person('P-a', 'Jeanne', 'Renouf', { sex: 'F', sources: ['S-1822'] }),
      person('P-b', 'Jeanne', 'Renouf', { sex: 'F', born: '3 MAR 1825' }),
    ];
    assert.deepEqual(run(persons, [proposal('M-1', 'P-a', 'P-b')]), []);
  });

  it('keeps apart a godmother of 1822 and a daughter born 1821–26: a godmother was twelve or more', () => {
    const persons = [
      person('P-a', 'Jeanne', 'Renouf', { sex: 'F', sources: ['S-1822-page'] }),
      person('P-b', 'Jeanne', 'Renouf', { sex: 'F', born: 'BET 1821 AND 1826' }),
    ];
    assert.deepEqual(run(persons, [proposal('M-1', 'P-a', 'P-b')]), []);
    // The same page naming her as the baptised child says nothing of her age: the two may be one.
    const child = [persons[0], person('P-c', 'Jeanne', 'Renouf', { sex: 'F', sources: ['S-1822-child'] })];
    const born = person('P-d', 'Jeanne', 'Renouf', { sex: 'F', born: 'BET 1821 AND 1826' });
    assert.deepEqual(run([child[1], born], [proposal('M-2', 'P-c', 'P-d')]), ['M-2']);
  });

  it('does not let names alone cross an ocean and a generation (Zambrów 1885, New York 1907)', () => {
    const persons = [
      person('P-a', 'Abram', 'Szapiro', { sources: ['S-1885'] }),
      person('P-b', 'Abram', 'Szapiro', { sources: ['S-1907'] }),
    ];
    assert.deepEqual(run(persons, [proposal('M-1', 'P-a', 'P-b')]), []);
  });

  it('does not take a first name alone for a double one ("Marie Louise" and "Marie")', () => {
    const persons = [
      person('P-a', 'Marie Louise', 'Grandchamp', { sex: 'F' }),
      person('P-b', 'Marie', 'Grandchamp', { sex: 'F' }),
    ];
    assert.deepEqual(run(persons, [proposal('M-1', 'P-a', 'P-b')]), []);
  });

  it('honours the resolver: dates that disagree, or a recommendation to separate', () => {
    const persons = [person('P-a', 'Jean Baptiste', 'Grandchamp'), person('P-b', 'Jean Baptiste', 'Grandchamp')];
    const dates = { ...names, birthDate: { score: 0.15, reason: 'birth years differ by 4' } };
    assert.deepEqual(run(persons, [proposal('M-1', 'P-a', 'P-b', dates)]), []);
    const separate = { ...proposal('M-2', 'P-a', 'P-b'), recommendation: 'separate' as const };
    assert.deepEqual(run(persons, [separate]), []);
  });
});
