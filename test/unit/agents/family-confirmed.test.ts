// Issue #14 item 2: review proposals that confirm each other as a family are one family read twice.
import assert from 'node:assert/strict';
import { familyConfirmed } from '../../../src/agents/analyst/merge/family-confirmed';
import { MergeCluster, Person, type Relationship } from '../../../src/model';

type Link = [Relationship['type'], string];
const person = (id: string, given: string, surname: string, sex: 'M' | 'F' | 'U', links: Link[] = []) =>
  Person.parse({
    id,
    sex,
    names: [{ given, surname }],
    relationships: links.map(([type, p]) => ({ type, person: p })),
  });
const proposal = (id: string, a: string, b: string, extra: Partial<MergeCluster> = {}) =>
  MergeCluster.parse({
    id,
    canonicalId: a,
    memberIds: [a, b],
    similarity: 0.47,
    recommendation: 'review',
    status: 'proposed',
    createdAt: '2026-11-28T00:00:00.000Z',
    ...extra,
  });

// A baptism in Latin (Brigida, daughter of Patritius and Maria) and an English record of the same
// family (Bridget, daughter of Patrick and Mary), read as two families of three.
const english = [
  person('P-bridget', 'Bridget', 'Kearney', 'F', [
    ['parent', 'P-patrick'],
    ['parent', 'P-mary'],
  ]),
  person('P-patrick', 'Patrick', 'Kearney', 'M', [
    ['child', 'P-bridget'],
    ['spouse', 'P-mary'],
  ]),
  person('P-mary', 'Mary', 'Walsh', 'F', [
    ['child', 'P-bridget'],
    ['spouse', 'P-patrick'],
  ]),
];
const latin = [
  person('P-brigida', 'Brigida', 'Kearney', 'F', [
    ['parent', 'P-patritius'],
    ['parent', 'P-maria'],
  ]),
  person('P-patritius', 'Patritius', 'Kearney', 'M', [['child', 'P-brigida']]),
  person('P-maria', 'Maria', 'Walsh', 'F', [['child', 'P-brigida']]),
];
const family = [
  proposal('M-1', 'P-bridget', 'P-brigida'),
  proposal('M-2', 'P-patrick', 'P-patritius'),
  proposal('M-3', 'P-mary', 'P-maria'),
];
const lookup = (persons: Person[]) => (id: string) => persons.find((p) => p.id === id);

describe('family-confirmed merge proposals', () => {
  it('confirms every proposal of a family whose members are proposed as one, with the matching relatives', () => {
    const got = familyConfirmed(family, family, lookup([...english, ...latin]));
    assert.deepEqual(
      got.map((c) => c.cluster.id),
      ['M-1', 'M-2', 'M-3'],
    );
    assert.deepEqual(got[0].reasons, [
      'parent Patrick Kearney ~ Patritius Kearney (M-2)',
      'parent Mary Walsh ~ Maria Walsh (M-3)',
    ]);
  });

  it('two given names are two persons, however alike their families (Helena and Anna, wives of a Peter Penner)', () => {
    const differ = { givenName: { score: 0.61, reason: 'different given names "helena" and "anna"' } };
    // The pair itself of two given names is not confirmed, nor are the parents it alone confirmed.
    const daughters = [proposal('M-1', 'P-bridget', 'P-brigida', { features: differ }), family[1], family[2]];
    assert.deepEqual(familyConfirmed(daughters, daughters, lookup([...english, ...latin])), []);
    // Mothers of two given names are two mothers: the daughters are not joined; the fathers still
    // are, by the daughters' open proposal.
    const mothers = [family[0], family[1], proposal('M-3', 'P-mary', 'P-maria', { features: differ })];
    const got = familyConfirmed(mothers, mothers, lookup([...english, ...latin]));
    assert.deepEqual(
      got.map((c) => c.cluster.id),
      ['M-2'],
    );
  });

  it('confirms nothing from a name alone: a proposal without a proposed relative stays for review', () => {
    assert.deepEqual(familyConfirmed([family[0]], [family[0]], lookup([...english, ...latin])), []);
  });

  it('keeps a grandfather and his grandson of one name apart: the son is the one’s parent and the other’s child', () => {
    const persons = [
      person('P-j1', 'Joseph', 'Garretson', 'M', [['parent', 'P-w1']]),
      person('P-w1', 'William', 'Garretson', 'M', [['child', 'P-j1']]),
      person('P-j2', 'Joseph', 'Garretson', 'M', [['child', 'P-w1']]),
    ];
    const ps = [proposal('M-j', 'P-j1', 'P-j2')];
    assert.deepEqual(familyConfirmed(ps, ps, lookup(persons)), []);
  });

  it('keeps two of a name apart when their other parents differ, though one parent pair is proposed', () => {
    const persons = [
      person('P-a', 'John', 'Reilly', 'M', [
        ['parent', 'P-fa'],
        ['parent', 'P-ma'],
      ]),
      person('P-fa', 'Patrick', 'Reilly', 'M', [['child', 'P-a']]),
      person('P-ma', 'Catherine', 'Ward', 'F', [['child', 'P-a']]),
      person('P-b', 'John', 'Reilly', 'M', [
        ['parent', 'P-fb'],
        ['parent', 'P-mb'],
      ]),
      person('P-fb', 'Patrick', 'Reilly', 'M', [['child', 'P-b']]),
      person('P-mb', 'Bridget', 'Lynch', 'F', [['child', 'P-b']]),
    ];
    const ps = [proposal('M-a', 'P-a', 'P-b'), proposal('M-f', 'P-fa', 'P-fb')];
    assert.deepEqual(
      familyConfirmed(ps, ps, lookup(persons)).map((c) => c.cluster.id),
      ['M-f'],
      'the fathers (each with a son John proposed as one) are confirmed; the sons, with other mothers, are not',
    );
  });

  it('never confirms across sexes, between relatives, or what the Lead proposed', () => {
    const persons = [...english, ...latin];
    const lead = [proposal('M-1', 'P-bridget', 'P-brigida', { proposedBy: 'Lead' }), family[1], family[2]];
    assert.deepEqual(
      familyConfirmed(lead, lead, lookup(persons)).map((c) => c.cluster.id),
      ['M-2', 'M-3'],
    );
    const crossSex = [proposal('M-x', 'P-patrick', 'P-maria'), proposal('M-y', 'P-bridget', 'P-brigida')];
    assert.deepEqual(
      familyConfirmed(crossSex, crossSex, lookup(persons)).map((c) => c.cluster.id),
      [],
    );
    const related = [proposal('M-r', 'P-patrick', 'P-mary'), family[0]];
    assert.deepEqual(
      familyConfirmed(related, related, lookup(persons)).map((c) => c.cluster.id),
      [],
    );
  });
});
