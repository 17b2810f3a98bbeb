// Issue #14 (held-out cases): a Polish surname made from a given name, spelt the Czech way in a US census.
import assert from 'node:assert/strict';
import { surnameRootKey } from '../../../src/model/names';
import { compareSurname } from '../../../src/agents/analyst/resolve/compare';
import { nameFeature } from '../../../src/agents/analyst/resolve/features';
import { ArchiveSearchIndex } from '../../../src/sources/archive/search-index';
import { RawRecord } from '../../../src/model';

describe('Slavic surnames made from a given name', () => {
  it('key Wojciechowski, Woyciechowski and Vojtěchovský alike (Wojciech = Vojtěch), and other surnames not at all', () => {
    const key = surnameRootKey('Wojciechowski');
    assert.ok(key);
    for (const s of ['Vojtěchovský', 'Vojtechovsky', 'Woyciechowski', 'Wojciechowska'])
      assert.equal(surnameRootKey(s), key, s);
    for (const s of ['Kowalski', 'Nowakowski', 'Smith', 'Lewkowicz']) assert.equal(surnameRootKey(s), undefined, s);
    assert.notEqual(surnameRootKey('Petrovsky'), key);
  });

  it('compare as one surname and are found by each other in the archive', () => {
    const c = compareSurname(nameFeature('Albert', 'Vojtechovsky'), nameFeature('Adalbert', 'Wojciechowski'))!;
    assert.equal(c.score, 0.88);
    const index = new ArchiveSearchIndex();
    index.add(
      'archive/1910-census.md',
      RawRecord.parse({
        title: '1910 census, Coal Township',
        recordType: 'census',
        date: '1910',
        place: 'Coal Township, Northumberland, Pennsylvania',
        repository: 'NARA',
        sourceType: 'original',
        sourceId: 'archive',
        tier: 0,
        persons: [{ name: 'Albert /Vojtechovsky/', role: 'head', sex: 'M', age: 30 }],
        text: 'Vojtechovsky, Albert, head, 30',
      }),
    );
    assert.deepEqual(
      index.search({ given: 'Albert', surname: 'Wojciechowski' }).map((h) => h.rel),
      ['archive/1910-census.md'],
    );
  });
});
