import { strict as assert } from 'node:assert';
import { age7, asso551, conform7 } from '../../../src/interchange/gedcom/conform7';

describe('GEDCOM 7.0 conformance of kept lines', () => {
  const none = () => {};

  it('writes 5.5.1 ages in the 7.0 grammar, words as a PHRASE', () => {
    assert.deepEqual(age7('76'), { age: '76y' });
    assert.deepEqual(age7('> 5'), { age: '> 5y' });
    assert.deepEqual(age7('3y 2m'), { age: '3y 2m' });
    assert.deepEqual(age7('CHILD'), { age: '< 8y', phrase: 'Child' });
    assert.deepEqual(age7('about thirty'), { age: '', phrase: 'about thirty' });
  });

  it('turns RELA into ROLE (a listed role, else OTHER) with the words as PHRASE, and back for 5.5.1', () => {
    const asso = {
      tag: 'ASSO',
      pointer: 'P:x',
      children: [
        { tag: 'RELA', value: 'Godfather' },
        { tag: 'NOTE', value: 'n' },
      ],
    };
    const v7 = conform7(asso, 'INDI', none);
    assert.deepEqual(v7.children, [
      { tag: 'ROLE', value: 'GODP', children: [{ tag: 'PHRASE', value: 'Godfather' }] },
      { tag: 'NOTE', value: 'n' },
    ]);
    assert.deepEqual(conform7({ ...asso, children: [{ tag: 'RELA', value: 'Cousin' }] }, 'INDI', none).children, [
      { tag: 'ROLE', value: 'OTHER', children: [{ tag: 'PHRASE', value: 'Cousin' }] },
    ]);
    assert.deepEqual(asso551(v7).children?.[0], { tag: 'RELA', value: 'Godfather' });
  });

  it('reports what it changes', () => {
    const seen: string[] = [];
    conform7({ tag: 'MEDI', value: 'Book' }, 'CALN', (w) => seen.push(w));
    conform7({ tag: 'MEDI', value: 'Parish book' }, 'CALN', (w) => seen.push(w));
    assert.equal(seen.length, 1, seen.join('\n'));
    assert.deepEqual(conform7({ tag: 'MEDI', value: 'Parish book' }, 'CALN', none), {
      tag: 'MEDI',
      value: 'OTHER',
      children: [{ tag: 'PHRASE', value: 'Parish book' }],
    });
  });
});
