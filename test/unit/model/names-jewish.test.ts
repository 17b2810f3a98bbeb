import { strict as assert } from 'node:assert';
import { namesAlike } from '../../../src/model/names';

describe('given names: Yiddish, Hebrew and English forms of one Jewish name', () => {
  it('Ber is Dov in Hebrew and Bernard or Barnett in English; Avram is Abraham', () => {
    for (const [a, b] of [
      ['Ber', 'Bernard'],
      ['Dov', 'Ber'],
      ['Dov', 'Barnett'],
      ['Avram', 'Abraham'],
      ['Avram', 'Avraham'],
    ])
      assert.ok(namesAlike(a, b), `${a} / ${b}`);
    assert.ok(!namesAlike('Ber', 'Leib'));
    assert.ok(!namesAlike('Bernard', 'Abraham'));
  });
});
