import { strict as assert } from 'node:assert';
import { describeFilter, filterText, parseFilter } from '../../../src/extension/people/filter';

describe('People view filter text', () => {
  it('reads every filter and writes it back the same', () => {
    const f = parseFilter('surname:Miller given:John born:1800-1850 place:"New York" deceased conflicts');
    assert.deepEqual(f, {
      surname: 'Miller',
      given: 'John',
      bornFrom: 1800,
      bornTo: 1850,
      place: 'New York',
      living: false,
      conflicts: true,
    });
    assert.deepEqual(parseFilter(filterText(f as object)), f);
    assert.equal(
      describeFilter(f as object),
      'surname Miller · given John · born 1800–1850 · place New York · deceased · with conflicts',
    );
  });

  it('takes open year ranges and a single year', () => {
    assert.deepEqual(parseFilter('born:1800-'), { bornFrom: 1800 });
    assert.deepEqual(parseFilter('born:-1750'), { bornTo: 1750 });
    assert.deepEqual(parseFilter('born:1812'), { bornFrom: 1812, bornTo: 1812 });
    assert.deepEqual(parseFilter('  '), {});
    assert.deepEqual(parseFilter('living'), { living: true });
  });

  it('names the word it cannot read', () => {
    assert.match(parseFilter('surname:Miller colour:red') as string, /"colour:red" is not a filter/);
    assert.match(parseFilter('born:soon') as string, /born takes YEAR/);
  });
});
