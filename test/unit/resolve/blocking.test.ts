import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CandidateIndex, featuresOfPerson, featuresOfPersona, blockingKeys } from '../../../src/agents/analyst/resolve';
import { blockingCodes, keyCode } from '../../../src/agents/analyst/resolve/blocking';
import { person } from './fixtures';

const GIVEN = [
  'john',
  'mary',
  'william',
  'anna',
  'george',
  'elizabeth',
  'thomas',
  'sarah',
  'james',
  'margaret',
  'heinrich',
  'katharina',
];
const SURNAMES = [
  'smith',
  'schmidt',
  'miller',
  'mueller',
  'weber',
  'taylor',
  'brown',
  'jones',
  'fischer',
  'wagner',
  'becker',
  'hoffmann',
  'walker',
  'young',
  'king',
  'wright',
];

/** Deterministic pseudo-random persons (a linear congruential generator: no Math.random in tests). */
function population(n: number) {
  let s = 12345;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, (_, i) =>
    featuresOfPerson(
      person({
        id: `P${i}`,
        given: GIVEN[Math.floor(rnd() * GIVEN.length)],
        surname: `${SURNAMES[Math.floor(rnd() * SURNAMES.length)]}${Math.floor(rnd() * 40)}`,
        birth: String(1700 + Math.floor(rnd() * 250)),
      }),
    ),
  );
}

describe('resolve: CandidateIndex (blocking)', () => {
  it('finds spelling, nickname and married-name variants', () => {
    const idx = new CandidateIndex([
      featuresOfPerson(person({ id: 'P1', given: 'Johann', surname: 'Schmidt', birth: '1850' })),
      featuresOfPerson(person({ id: 'P2', given: 'Margaret', surname: 'Brown', sex: 'F', birth: '1860' })),
      featuresOfPerson(person({ id: 'P3', given: 'Zacharias', surname: 'Quist', birth: '1700' })),
    ]);
    const ids = (x: ReturnType<typeof featuresOfPerson>) => idx.candidates(x).map((c) => c.id);
    assert.deepEqual(ids(featuresOfPerson(person({ id: 'Q1', given: 'John', surname: 'Schmitt', birth: '1851' }))), [
      'P1',
    ]);
    // Married name, nickname: found through the given-name sound and birth year.
    assert.deepEqual(
      ids(featuresOfPerson(person({ id: 'Q2', given: 'Peggy', surname: 'Taylor', sex: 'F', birth: '1860' }))),
      ['P2'],
    );
    // A persona with only an age.
    assert.deepEqual(ids(featuresOfPersona({ name: 'Johan Schmidt', role: 'head', age: 30 }, { date: '1880' })), [
      'P1',
    ]);
  });
  it('never returns the query itself, and forgets removed items', () => {
    const a = featuresOfPerson(person({ id: 'P1', given: 'Ann', surname: 'Lee', birth: '1800' }));
    const b = featuresOfPerson(person({ id: 'P2', given: 'Ann', surname: 'Lee', birth: '1800' }));
    const idx = new CandidateIndex([a, b]);
    assert.deepEqual(
      idx.candidates(a).map((c) => c.id),
      ['P2'],
    );
    idx.remove('P2');
    assert.deepEqual(idx.candidates(a), []);
    assert.equal(idx.size, 1);
  });
  it('compares far fewer pairs than all of them (sub-quadratic)', () => {
    const items = population(4000);
    const idx = new CandidateIndex(items);
    let pairs = 0;
    for (const _ of idx.pairs()) pairs++;
    const all = (items.length * (items.length - 1)) / 2;
    assert.ok(pairs < all / 30, `${pairs} candidate pairs of ${all}`);
  });
  it('a person known by one name meets another record of that name, whatever dates either gives', () => {
    // Indentured emigrants, enslaved persons, many Asian and Middle Eastern records: one name only.
    const wife = featuresOfPersona({ name: 'Sukhia', role: 'spouse', sex: 'F' }, { date: '14 OCT 1882' });
    const idx = new CandidateIndex([{ ...wife, id: 'P-wife' }]);
    const own = featuresOfPersona({ name: 'Sukhia', role: 'principal', sex: 'F', age: 19 }, { date: '14 OCT 1882' });
    assert.deepEqual(
      idx.candidates(own).map((c) => c.id),
      ['P-wife'],
    );
  });
  it('gives every person at least one key', () => {
    for (const p of population(200)) assert.ok(blockingKeys(p).length > 0);
  });
  it('hashes the keys from their parts: blockingCodes is keyCode of each key, each code once, in order', () => {
    const arb = fc.record({
      given: fc.constantFrom('John', 'Henry II', 'Son', 'Mary Anne', 'Jo', '', 'Louis XIV', 'Twin 1'),
      surname: fc.constantFrom('Smith', 'Wojciechowski', 'van der Berg', 'Ó Briain', ''),
      birth: fc.option(fc.constantFrom('1850', 'ABT 1850', '12 MAR 1850', 'BET 1848 AND 1859', '45', '9 SEP 1999'), {
        nil: undefined,
      }),
      death: fc.option(fc.constantFrom('1900', 'BEF 1905', '3 JAN 1901', '99', 'BET 1890 AND 1899'), {
        nil: undefined,
      }),
      parents: fc.subarray(['F1', 'M1']),
      spouses: fc.subarray(['S1']),
      children: fc.subarray(['C1', 'C2']),
      ids: fc.constantFrom<Record<string, string>>(
        {},
        { _UID: '0001DAA66D13' },
        { wikitree: 'Smith-12', familysearch: 'L1X2-ABC' },
      ),
    });
    fc.assert(
      fc.property(arb, (r) => {
        const f = featuresOfPerson(
          person({
            id: 'P1',
            given: r.given,
            surname: r.surname,
            birth: r.birth,
            death: r.death,
            parents: r.parents,
            spouses: r.spouses,
            children: r.children,
            externalIds: r.ids,
          }),
        );
        assert.deepEqual(blockingCodes(f), [...new Set(blockingKeys(f).map(keyCode))]);
      }),
      { numRuns: 400 },
    );
  });
});

describe('resolve: fallback keys (typos in the given name)', () => {
  it('a transposition or a dropped letter in the only name still meets the original', () => {
    const pairs: [string, string][] = [
      ['William', 'Wliliam'],
      ['Anne', 'Anen'],
      ['Joanna', 'Jonana'],
      ['Henry', 'Hnry'],
      ['Waldemar', 'Wadlemar'],
      ['Helene', 'Heene'],
      ['Knud', 'Kud'],
      ['Gorm', 'Gomr'],
    ];
    for (const [right, slip] of pairs) {
      const original = featuresOfPerson(person({ id: 'P1', given: right, surname: '', birth: '1027' }));
      const dup = featuresOfPerson(person({ id: 'P2', given: slip, surname: '', birth: 'ABT 1027' }));
      const idx = new CandidateIndex([original, dup]);
      assert.deepEqual(
        idx.candidates(dup).map((c) => c.id),
        ['P1'],
        `${slip} / ${right}`,
      );
    }
  });
  it('fills only spare places: never displaces a candidate met through a main key', () => {
    // Ten persons share main keys with the query; one more shares only the fallback key.
    const query = featuresOfPerson(person({ id: 'Q', given: 'William', surname: 'Smith', birth: '1850' }));
    const main = Array.from({ length: 10 }, (_, i) =>
      featuresOfPerson(person({ id: `M${i}`, given: 'William', surname: 'Smith', birth: String(1850 + (i % 3)) })),
    );
    const typo = featuresOfPerson(person({ id: 'T', given: 'Wliliam', surname: 'Zzyzx', birth: '1850' }));
    const idx = new CandidateIndex([...main, typo], { maxCandidates: 10 });
    assert.deepEqual(
      idx
        .candidates(query)
        .map((c) => c.id)
        .sort(),
      main.map((m) => m.id).sort(),
    );
    // With a spare place, the fallback candidate comes in last.
    const roomy = new CandidateIndex([...main.slice(0, 5), typo], { maxCandidates: 10 });
    const ids = roomy.candidates(query).map((c) => c.id);
    assert.equal(ids[ids.length - 1], 'T');
    assert.equal(ids.length, 6);
  });
  it('forgets fallback keys of removed persons', () => {
    const original = featuresOfPerson(person({ id: 'P1', given: 'William', surname: '', birth: '1027' }));
    const dup = featuresOfPerson(person({ id: 'P2', given: 'Wliliam', surname: '', birth: '1027' }));
    const idx = new CandidateIndex([original, dup]);
    idx.remove('P1');
    assert.deepEqual(idx.candidates(dup), []);
  });
});
