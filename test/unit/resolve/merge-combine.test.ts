import assert from 'node:assert/strict';
import { combinePersons, repointRelationships } from '../../../src/agents/analyst/merge';
import { Person } from '../../../src/model';
import { claim, person } from './fixtures';

const now = new Date('2026-11-22T00:00:00Z');

describe('merge: combinePersons (nothing dropped)', () => {
  it('unites names, facts with their evidence, links and ids, and records provenance', () => {
    const a = person({
      id: 'P1',
      given: 'Johann',
      surname: 'Schmidt',
      sex: 'U',
      birth: '1850',
      parents: ['F1', 'M1'],
      externalIds: { gedcomXref: '@I1@' },
    });
    const b = person({
      id: 'P2',
      given: 'John',
      surname: 'Smith',
      sex: 'M',
      birth: '1850',
      death: '1901',
      children: ['C1'],
      externalIds: { gedcomXref: '@I9@', wikitree: 'Smith-1' },
    });
    a.assertions[0].evidence = [claim({ source: 'S-1' })];
    b.assertions[0].evidence = [claim({ source: 'S-2' }), claim({ source: 'S-1' })];
    const m = Person.parse(combinePersons(a, [b], 'M-x', now));
    assert.deepEqual(
      m.names.map((n) => `${n.given} ${n.surname} ${n.type}`),
      ['Johann Schmidt birth', 'John Smith aka'],
    );
    assert.equal(m.sex, 'M');
    const births = m.assertions.filter((x) => x.field === 'birth.date');
    assert.equal(births.length, 1, 'the same fact once');
    assert.deepEqual(births[0].evidence.map((e) => e.source).sort(), ['S-1', 'S-2'], 'with the evidence of both');
    const death = m.assertions.find((x) => x.field === 'death.date')!;
    assert.match(death.note ?? '', /merged from P2 \(M-x\)/);
    assert.deepEqual(m.relationships.map((r) => `${r.type}:${r.person}`).sort(), [
      'child:C1',
      'parent:F1',
      'parent:M1',
    ]);
    assert.equal(m.externalIds.gedcomXref, '@I1@');
    assert.equal(m.externalIds['gedcomXref@P2'], '@I9@');
    assert.equal(m.externalIds.wikitree, 'Smith-1');
    assert.deepEqual((m as Record<string, unknown>).mergedFrom, [{ id: 'P2', cluster: 'M-x', names: ['John Smith'] }]);
  });
  it('keeps the citations of a name both persons bear (the same name read in two records)', () => {
    const a = person({ id: 'P1', given: 'Mart', surname: 'Tamm', sex: 'M' });
    const b = person({ id: 'P2', given: 'Mart', surname: 'Tamm', sex: 'M' });
    a.names[0].citations = ['S-1858'];
    b.names[0].citations = ['S-1913', 'S-1858'];
    const m = Person.parse(combinePersons(a, [b], 'M-z', now));
    assert.equal(m.names.length, 1, 'one name');
    assert.deepEqual(m.names[0].citations, ['S-1858', 'S-1913'], 'cited by both records');
    assert.deepEqual(a.names[0].citations, ['S-1858'], 'the canonical person read is not changed in place');
  });
  it('keeps a third parent but marks it rejected so the two-parent invariant holds', () => {
    const a = person({ id: 'P1', given: 'Ann', surname: 'Lee', parents: ['F1', 'M1'] });
    const b = person({ id: 'P2', given: 'Ann', surname: 'Lee', parents: ['F2', 'M1'] });
    const m = Person.parse(combinePersons(a, [b], 'M-y', now));
    const f2 = m.relationships.find((r) => r.person === 'F2')!;
    assert.equal(f2.status, 'rejected');
    assert.equal(m.relationships.filter((r) => r.type === 'parent' && r.status !== 'rejected').length, 2);
  });
  it('drops links between the merged members themselves', () => {
    const a = person({ id: 'P1', given: 'Ann', surname: 'Lee', spouses: ['P2'] });
    const b = person({ id: 'P2', given: 'Ann', surname: 'Lee', spouses: ['P1', 'S9'] });
    const m = Person.parse(combinePersons(a, [b], 'M-z', now));
    assert.deepEqual(
      m.relationships.map((r) => r.person),
      ['S9'],
    );
  });
  it('re-points a relative from absorbed ids to the canonical one, once', () => {
    const kid = person({ id: 'K', given: 'Karl', surname: 'Lee', parents: ['P1', 'P2'] });
    const r = repointRelationships(kid, new Set(['P2']), 'P1')!;
    assert.deepEqual(
      r.relationships.map((x) => x.person),
      ['P1'],
    );
    assert.equal(repointRelationships(kid, new Set(['X']), 'P1'), undefined);
  });
});
