// Names written in Cyrillic or Greek compare, index and search like their Latin forms (issue #14:
// a Ukrainian marriage register in Cyrillic was never found under "Hnatyshyn" and its persons folded to nothing).
import assert from 'node:assert/strict';
import { fold, foldName, latinLetters, nameTokens, namesAlike } from '../../../src/model/names';
import { RawRecord } from '../../../src/model';
import { ArchiveSearchIndex } from '../../../src/sources/archive/search-index';

describe('names in Cyrillic and Greek letters', () => {
  it('are written in Latin letters: Russian and Greek by BGN/PCGN, Ukrainian by its national system', () => {
    assert.equal(foldName('Иван Гнатишин'), 'ivan gnatishin');
    assert.equal(foldName('Іван /Гнатишин/').replace(/\s+/g, ' '), 'ivan hnatyshyn');
    assert.deepEqual(nameTokens('Мовша Лейбович Каган'), ['movsha', 'leybovich', 'kagan']);
    assert.equal(fold('Γεώργιος Παπαδόπουλος'), 'georgios papadopoulos');
    assert.equal(fold('Щербаков, Юрий'), 'shcherbakov yuriy');
  });

  it("a German colonist's names as a Russian revision list writes them are his German names (г for h)", () => {
    for (const [ru, de] of [
      ['Иоганн', 'Johann'],
      ['Генрих', 'Heinrich'],
      ['Вильгельм', 'Wilhelm'],
      ['Людвиг', 'Ludwig'],
      ['Екатерина', 'Katharina'],
      ['Елисавета', 'Elisabetha'],
      ['Августа', 'Augusta'],
      ['Георг', 'Georg'],
    ])
      assert.ok(namesAlike(ru, de), `${ru} = ${de}`);
    // The rows join German names only to their Russian forms, not to other names.
    assert.ok(!namesAlike('Генрих', 'Georg') && !namesAlike('Екатерина', 'Elisabeth'));
  });

  it('Armenian names read as the diaspora writes them (Western Armenian): Յակոբ Սարգսեան is Hagop Sarkissian', () => {
    assert.equal(foldName('Յակոբ /Սարգսեան/').replace(/\s+/g, ' '), 'hagop sarksian');
    assert.equal(foldName('Կարապետ').replace(/\s+/g, ' '), 'garabed');
    assert.equal(foldName('Պօղոս /Գալուստեան/').replace(/\s+/g, ' '), 'boghos kalousdian');
    for (const [hy, en] of [
      ['Յակոբ', 'Jacques'],
      ['Յակոբ', 'Agop'],
      ['Սարգսեան', 'Sarkissian'],
      ['Կարապետ', 'Garabed'],
      ['Պօղոս', 'Paul'],
      ['Grigor', 'Krikor'],
      ['Hovhannes', 'John'],
    ])
      assert.ok(namesAlike(hy, en), `${hy} = ${en}`);
  });

  it('leave Latin text as it was', () => {
    for (const s of ['Müller', 'Jan Kowalski', "O'Sullivan", 'Zołotniki 12']) assert.equal(latinLetters(s), s);
  });

  it('a register written in Cyrillic is found by the Latin and Polish spellings of its names', () => {
    const index = new ArchiveSearchIndex();
    index.add(
      'archive/1903-shliub.md',
      RawRecord.parse({
        title: 'Метрична книга шлюбів, 1903',
        recordType: 'marriage',
        date: '8 FEB 1903',
        place: 'Zołotniki, Galicia',
        repository: 'TsDIAL',
        sourceType: 'original',
        sourceId: 'archive',
        tier: 0,
        persons: [{ name: 'Іван /Гнатишин/', role: 'groom', sex: 'M' }],
        text: 'Іван Гнатишин, син Василя',
      }),
    );
    assert.equal(index.search({ given: 'Ivan', surname: 'Hnatyshyn' }).length, 1);
    assert.equal(index.search({ given: 'Joannes', surname: 'Hnatyszyn' }).length, 1);
    assert.equal(index.search({ given: 'Ivan', surname: 'Kowalski' }).length, 0);
  });
});
