import assert from 'node:assert/strict';
import { splitName, splitPersonaName, splitSubjectName } from '../../../src/model/names';

describe('splitting a free name into given names and surname', () => {
  it('keeps surname particles with the surname when no slashes mark it ("Maria de Jesus", "Jan de Vries")', () => {
    for (const split of [splitPersonaName, splitName, splitSubjectName]) {
      assert.deepEqual(
        { ...split('Maria de Jesus') },
        { given: 'Maria', surname: 'de Jesus', ...(split === splitName ? { suffix: undefined } : {}) },
      );
      assert.equal(split('Ludwig van der Berg').surname, 'van der Berg');
      assert.equal(split('Manuel de Freitas').given, 'Manuel');
      // A compound devotional name keeps what precedes its last particle as given names.
      assert.deepEqual(
        [split('Maria de Jesus da Conceição').given, split('Maria de Jesus da Conceição').surname],
        ['Maria de Jesus', 'da Conceição'],
      );
    }
  });

  it('never takes the only given name for a particle, and slashes still decide', () => {
    assert.deepEqual(splitPersonaName('De Vries'), { given: 'De', surname: 'Vries' });
    assert.deepEqual(splitPersonaName('Maria /de Jesus/'), { given: 'Maria', surname: 'de Jesus' });
    assert.deepEqual(splitPersonaName('Maria de /Jesus/'), { given: 'Maria de', surname: 'Jesus' });
    assert.deepEqual(splitName('John Smith Jr'), { given: 'John', surname: 'Smith', suffix: 'Jr' });
  });
});
