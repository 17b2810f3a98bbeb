// Issue #14 (held-out cases): one person's given name in Hungarian, German and American records.
import assert from 'node:assert/strict';
import { namesAlike } from '../../../src/model/names';

describe('Hungarian given names and their German and English forms', () => {
  it('Ernő = Ernst = Ernest, Mór = Moritz = Maurice, Ignácz = Ignatz, Gyula = Julius, Jenő = Eugen, Vilmos = William', () => {
    for (const [a, b] of [
      ['Ernő', 'Ernest'],
      ['Ernö', 'Ernst'],
      ['Mór', 'Maurice'],
      ['Moritz', 'Maurice'],
      ['Ignácz', 'Ignatius'],
      ['Ignatz', 'Ignác'],
      ['Gyula', 'Julius'],
      ['Jenő', 'Eugen'],
      ['Frigyes', 'Frederick'],
      ['Vilmos', 'William'],
      ['Ödön', 'Edmund'],
      ['Dezső', 'Desiderius'],
    ])
      assert.ok(namesAlike(a, b), `${a} = ${b}`);
    assert.ok(!namesAlike('Ernő', 'Mór') && !namesAlike('Gyula', 'Vilmos'));
  });
});
