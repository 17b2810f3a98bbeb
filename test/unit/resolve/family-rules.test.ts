import assert from 'node:assert/strict';
import { featuresOfPerson, scorePair } from '../../../src/agents/analyst/resolve';
import type { Person } from '../../../src/model';
import { person } from './fixtures';

/** Features with the relatives' names looked up among `people`, as a tree import reads them. */
function feats(people: Person[]) {
  const byId = new Map(people.map((p) => [p.id, p]));
  return (id: string) => featuresOfPerson(byId.get(id)!, (x) => byId.get(x));
}

describe('resolve: namesakes real families make (issue #15 item 2)', () => {
  const parents = [
    person({ id: 'F', given: 'Henry', surname: 'Dubois', sex: 'M' }),
    person({ id: 'M', given: 'Elizabeth', surname: 'Smith', sex: 'F' }),
  ];
  it('two children of one couple of one name, births centred four years apart (one an estimate), are at most review', () => {
    const f = feats([
      ...parents,
      person({
        id: 'A',
        given: 'Giulia',
        surname: 'Dubois',
        sex: 'F',
        birth: 'ABT 1875',
        death: 'ABT 1902',
        parents: ['F', 'M'],
      }),
      person({
        id: 'B',
        given: 'Giulia',
        surname: 'Dubois',
        sex: 'F',
        birth: '28 JUL 1879',
        death: '28 DEC 1902',
        parents: ['F', 'M'],
      }),
    ]);
    const s = scorePair(f('A'), f('B'));
    assert.notEqual(s.recommendation, 'merge', s.rationale);
    assert.match(s.whyNotMerge, /named after a sibling who died young/);
  });
  it('variants of one name among siblings (Mary / Maria), births two years apart, are at most review', () => {
    const f = feats([
      ...parents,
      person({ id: 'A', given: 'Mary', surname: 'Dubois', sex: 'F', birth: 'ABT 1878', parents: ['F', 'M'] }),
      person({ id: 'B', given: 'Maria', surname: 'Dubois', sex: 'F', birth: '8 JUN 1880', parents: ['F', 'M'] }),
    ]);
    assert.notEqual(scorePair(f('A'), f('B')).recommendation, 'merge');
  });
  it('the same child entered twice with an estimate of its own year still merges', () => {
    const f = feats([
      ...parents,
      person({ id: 'A', given: 'Giulia', surname: 'Dubois', sex: 'F', birth: 'ABT 1879', parents: ['F', 'M'] }),
      person({ id: 'B', given: 'Giulia', surname: 'Dubois', sex: 'F', birth: '28 JUL 1879', parents: ['F', 'M'] }),
    ]);
    const s = scorePair(f('A'), f('B'));
    assert.equal(s.recommendation, 'merge', s.rationale + s.whyNotMerge);
  });
  it("two living siblings of one name, one's birth date withheld by the Censor, are at most review", () => {
    const f = feats([
      ...parents,
      person({ id: 'A', given: 'Johanna', surname: 'Dubois', sex: 'F', parents: ['F', 'M'] }),
      person({ id: 'B', given: 'Johanna', surname: 'Dubois', sex: 'F', birth: 'ABT 1934', parents: ['F', 'M'] }),
    ]);
    const a = f('A');
    // As a tree line of a living person reads: the generalised birth date is left out, and named.
    a.withheld = ['birth date'];
    const s = scorePair(a, f('B'));
    assert.equal(s.recommendation, 'review', s.rationale);
    assert.match(s.whyNotMerge, /birth date withheld for a living person: a sibling of that name cannot be ruled out/);
    // A birth simply not recorded on one side keeps the merge (royal92's undated duplicates).
    assert.equal(scorePair(f('A'), f('B')).recommendation, 'merge');
  });
  it('cousins of one name and year whose recorded parents differ are not merged', () => {
    const f = feats([
      person({ id: 'F1', given: 'Johann', surname: 'Jansen', sex: 'M' }),
      person({ id: 'M1', given: 'Catherine', surname: 'Taylor', sex: 'F' }),
      person({ id: 'F2', given: 'Pierre', surname: 'Jansen', sex: 'M' }),
      person({ id: 'M2', given: 'Catherine', surname: 'Wright', sex: 'F' }),
      person({
        id: 'A',
        given: 'Charles',
        surname: 'Jansen',
        sex: 'M',
        birth: '11 JAN 1864',
        death: 'ABT 1916',
        parents: ['F1', 'M1'],
      }),
      person({
        id: 'B',
        given: 'Charles',
        surname: 'Jansen',
        sex: 'M',
        birth: 'ABT 1864',
        death: '1916',
        parents: ['F2', 'M2'],
      }),
    ]);
    const s = scorePair(f('A'), f('B'));
    assert.notEqual(s.recommendation, 'merge', s.rationale);
    assert.match(s.features.relationships.reason, /parents on record differ/);
  });
  it('parents of one given name each but mothers of different maiden names are two couples; a mother under her married name is not', () => {
    const f = feats([
      person({ id: 'F1', given: 'William', surname: 'Nuñez', sex: 'M' }),
      person({ id: 'M1', given: 'Jane', surname: 'Müller', sex: 'F' }),
      person({ id: 'F2', given: 'William', surname: 'Nuñez', sex: 'M' }),
      person({ id: 'M2', given: 'Jane', surname: 'Rossi', sex: 'F' }),
      person({ id: 'M3', given: 'Jane', surname: 'Nuñez', sex: 'F' }),
      person({ id: 'A', given: 'Anna', surname: 'Nuñez', sex: 'F', birth: '15 SEP 1888', parents: ['F1', 'M1'] }),
      person({ id: 'B', given: 'Anna', surname: 'Nuñez', sex: 'F', birth: '15 SEP 1888', parents: ['F2', 'M2'] }),
      person({ id: 'C', given: 'Anna', surname: 'Nuñez', sex: 'F', birth: '15 SEP 1888', parents: ['F2', 'M3'] }),
    ]);
    const s = scorePair(f('A'), f('B'));
    assert.notEqual(s.recommendation, 'merge', s.rationale);
    assert.match(s.features.relationships.reason, /parents on record differ/);
    assert.doesNotMatch(scorePair(f('A'), f('C')).features.relationships?.reason ?? '', /parents on record differ/);
  });
  it('one person entered twice under duplicated parents named alike (John / Johann) is not held apart by them', () => {
    const f = feats([
      person({ id: 'F1', given: 'John', surname: 'Jansen', sex: 'M' }),
      person({ id: 'M1', given: 'Catherine', surname: 'Taylor', sex: 'F' }),
      person({ id: 'F2', given: 'Johann', surname: 'Jansen', sex: 'M' }),
      person({ id: 'M2', given: 'Catherine', surname: 'Taylor', sex: 'F' }),
      person({ id: 'A', given: 'Charles', surname: 'Jansen', sex: 'M', birth: '11 JAN 1864', parents: ['F1', 'M1'] }),
      person({ id: 'B', given: 'Charles', surname: 'Jansen', sex: 'M', birth: '11 JAN 1864', parents: ['F2', 'M2'] }),
    ]);
    const s = scorePair(f('A'), f('B'));
    assert.doesNotMatch(s.features.relationships?.reason ?? '', /parents on record differ/);
    assert.equal(s.recommendation, 'merge', s.rationale + s.whyNotMerge);
  });
  it('Sr. and Jr. of one name and year are at most review', () => {
    const f = feats([
      person({
        id: 'A',
        given: 'Surdine',
        surname: 'Paul',
        sex: 'M',
        birth: '16 FEB 1860',
        death: '1920',
        suffix: 'Jr.',
      }),
      person({
        id: 'B',
        given: 'Surdine',
        surname: 'Paul',
        sex: 'M',
        birth: '16 FEB 1860',
        death: '1920',
        suffix: 'Sr.',
      }),
    ]);
    const s = scorePair(f('A'), f('B'));
    assert.notEqual(s.recommendation, 'merge', s.rationale);
    assert.match(s.whyNotMerge, /father and a son/);
  });
  it('a birth place that contradicts (no level in common) leaves the pair to a reviewer; a shorter place does not', () => {
    const base = { given: 'Maria', surname: 'Jansen', sex: 'F' as const, birth: '6 FEB 1813', death: '13 DEC 1879' };
    const f = feats([
      person({ id: 'A', ...base, birthPlace: 'Lyon, Rhône, France' }),
      person({ id: 'B', ...base, birthPlace: 'Leiden, Zuid-Holland, Netherlands' }),
      person({ id: 'C', ...base, birthPlace: 'France' }),
    ]);
    const s = scorePair(f('A'), f('B'));
    assert.equal(s.recommendation, 'review', s.rationale);
    assert.match(s.whyNotMerge, /born in lyon.* vs leiden.*conflicting evidence/);
    assert.equal(scorePair(f('A'), f('C')).recommendation, 'merge');
  });
});
