// The younger and the elder of one name as other languages write them (issue #14: a Hungarian
// register's "Pál Kovács ifj." is the son of Pál Kovács, not Pál Kovács himself).
import assert from 'node:assert/strict';
import { generationOf, givenTokens } from '../../../src/model/names';

describe('generational words after a name, across languages', () => {
  it('reads Hungarian ifj./idősebb, French fils, Portuguese Filho, Spanish hijo, British Jnr/Snr', () => {
    for (const n of [
      'Pál Kovács ifj.',
      'Joseph Greenwood fils',
      'João Silva Filho',
      'Juan Pérez hijo',
      'John Smith Jnr',
    ])
      assert.equal(generationOf(n), 'jr', n);
    for (const n of ['Kovács Pál idősebb', 'John Smith Snr', 'John Smith Sr.']) assert.equal(generationOf(n), 'sr', n);
  });

  it('leaves names that only look like them: Pere, Jun and Sen are names', () => {
    for (const n of ['Pere Soler', 'Kim Jun', 'Amartya Sen']) assert.equal(generationOf(n), undefined, n);
    assert.deepEqual(givenTokens('Pere'), ['pere']);
  });
});
