import assert from 'node:assert/strict';
import { demoteAmbiguous, featuresOfPerson, searchDuplicates } from '../../../src/agents/analyst/resolve';
import type { PairScore } from '../../../src/agents/analyst/resolve';
import { person } from './fixtures';

const score = (similarity: number): PairScore => ({
  similarity,
  features: {},
  weights: {},
  rationale: '',
  whyNotMerge: '',
  recommendation: 'merge',
});
const f = (id: string) => featuresOfPerson(person({ id, given: 'Rory', surname: 'Kennedy', sex: 'F' }));

describe('resolve: one record that fits two persons held apart (issue #15)', () => {
  it('fitting two sisters about equally, neither merge stands', () => {
    const [x, y, z] = [f('X'), f('Y'), f('Z')];
    const proposals = [
      { a: x, b: y, score: score(0.99) },
      { a: x, b: z, score: score(0.985) },
    ];
    assert.equal(demoteAmbiguous(proposals), 2);
    for (const p of proposals) {
      assert.equal(p.score.recommendation, 'review');
      assert.match(p.score.whyNotMerge, /not one person/);
    }
  });
  it('a clearly better fit keeps its merge; the rival is reviewed', () => {
    const [x, y, z] = [f('X'), f('Y'), f('Z')];
    const proposals = [
      { a: x, b: y, score: score(0.999) },
      { a: x, b: z, score: score(0.9) },
    ];
    assert.equal(demoteAmbiguous(proposals), 1);
    assert.equal(proposals[0].score.recommendation, 'merge');
    assert.equal(proposals[1].score.recommendation, 'review');
  });
  it('three entries of one person, all merges with each other, stay merges', () => {
    const [x, y, z] = [f('X'), f('Y'), f('Z')];
    const proposals = [
      { a: x, b: y, score: score(0.99) },
      { a: x, b: z, score: score(0.99) },
      { a: y, b: z, score: score(0.99) },
    ];
    assert.equal(demoteAmbiguous(proposals), 0);
  });
  it('searchDuplicates: a second entry of twin sisters entered without a name that tells them apart is not merged with either', () => {
    const kid = (id: string, given: string, birth: string) =>
      person({
        id,
        given,
        surname: 'Kennedy',
        sex: 'F',
        birth,
        birthPlace: 'Boston, Massachusetts',
        parents: ['F', 'M'],
      });
    const persons = [
      person({ id: 'F', given: 'Robert', surname: 'Kennedy', sex: 'M', children: ['A', 'B'] }),
      person({ id: 'M', given: 'Ethel', surname: 'Skakel', sex: 'F', children: ['A', 'B'] }),
      kid('A', 'Rory', '1969'),
      kid('B', 'Rory', '1975'),
      person({
        id: 'C',
        given: 'Rory',
        surname: 'Kennedy',
        sex: 'F',
        birth: 'ABT 1972',
        birthPlace: 'Boston, Massachusetts',
      }),
    ];
    const found = searchDuplicates(persons).proposals.filter((p) => [p.a.id, p.b.id].includes('C'));
    assert.ok(found.length > 0);
    for (const p of found) assert.notEqual(p.score.recommendation, 'merge', p.score.rationale);
  });
});
