import assert from 'node:assert/strict';
import { CandidateIndex, featuresOfPerson, featuresOfPersona, blockingKeys } from '../../../src/agents/analyst/resolve';
import { person } from './fixtures';

const GIVEN = ['john', 'mary', 'william', 'anna', 'george', 'elizabeth', 'thomas', 'sarah', 'james', 'margaret', 'heinrich', 'katharina'];
const SURNAMES = ['smith', 'schmidt', 'miller', 'mueller', 'weber', 'taylor', 'brown', 'jones', 'fischer', 'wagner', 'becker', 'hoffmann', 'walker', 'young', 'king', 'wright'];

/** Deterministic pseudo-random persons (a linear congruential generator: no Math.random in tests). */
function population(n: number) {
  let s = 12345;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
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
    assert.deepEqual(ids(featuresOfPerson(person({ id: 'Q1', given: 'John', surname: 'Schmitt', birth: '1851' }))), ['P1']);
    // Married name, nickname: found through the given-name sound and birth year.
    assert.deepEqual(ids(featuresOfPerson(person({ id: 'Q2', given: 'Peggy', surname: 'Taylor', sex: 'F', birth: '1860' }))), ['P2']);
    // A persona with only an age.
    assert.deepEqual(ids(featuresOfPersona({ name: 'Johan Schmidt', role: 'head', age: 30 }, { date: '1880' })), ['P1']);
  });
  it('never returns the query itself, and forgets removed items', () => {
    const a = featuresOfPerson(person({ id: 'P1', given: 'Ann', surname: 'Lee', birth: '1800' }));
    const b = featuresOfPerson(person({ id: 'P2', given: 'Ann', surname: 'Lee', birth: '1800' }));
    const idx = new CandidateIndex([a, b]);
    assert.deepEqual(idx.candidates(a).map((c) => c.id), ['P2']);
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
  it('gives every person at least one key', () => {
    for (const p of population(200)) assert.ok(blockingKeys(p).length > 0);
  });
});
