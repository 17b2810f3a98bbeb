import assert from 'node:assert/strict';
import {
  fold,
  foldName,
  namesAlike,
  nordicPatronymic,
  patronymicsAlike,
  splitName,
  splitPersonaName,
  splitSubjectName,
} from '../../../src/model/names';

describe('Nordic patronymics (the surname word that names the father)', () => {
  it('reads the father and the sex in Finnish, Swedish, Danish-Norwegian and Icelandic forms', () => {
    assert.deepEqual(nordicPatronymic('Juhonpoika'), { fathers: ['juho'], sex: 'M' });
    // Consonant gradation: Heikki → Heikin, Matti → Matin, Jaakko → Jaakon, Erkki → Erkin.
    assert.ok(nordicPatronymic('Heikintytär')!.fathers.includes('heikki'));
    assert.ok(nordicPatronymic('Matinpoika')!.fathers.includes('matti'));
    assert.ok(nordicPatronymic('Jaakonpoika')!.fathers.includes('jaakko'));
    assert.ok(nordicPatronymic('Erkintytär')!.fathers.includes('erkki'));
    assert.equal(nordicPatronymic('Heikintytär')!.sex, 'F');
    assert.ok(nordicPatronymic('Johansson')!.fathers.includes('johan'));
    assert.ok(nordicPatronymic('Andersdotter')!.fathers.includes('anders'));
    assert.ok(nordicPatronymic('Andersen')!.fathers.includes('anders'));
    assert.ok(nordicPatronymic('Olsdatter')!.fathers.includes('ole'));
    assert.ok(nordicPatronymic('Þorsteinsson')!.fathers.includes('thorsteinn'));
    assert.ok(nordicPatronymic('Björnsdóttir')!.fathers.includes('bjorn'));
    assert.ok(nordicPatronymic('Magnusson'));
  });

  it('leaves farm names and English surnames in -son alone', () => {
    for (const w of ['Kallio', 'Mäkelä', 'Koivisto', 'Hudson', 'Mason', 'Johnson', 'Wilson', 'Robinson', 'Jackson'])
      assert.equal(nordicPatronymic(w), undefined, w);
  });

  it('takes one patronymic in two register languages as one name (Juhonpoika = Johansson)', () => {
    assert.ok(patronymicsAlike('Juhonpoika', 'Johansson'));
    assert.ok(patronymicsAlike('Heikintytär', 'Henriksdotter'));
    assert.ok(patronymicsAlike('Jaakonpoika', 'Jakobsson'));
    assert.ok(patronymicsAlike('Matinpoika', 'Mattsson'));
    assert.ok(patronymicsAlike('Þorsteinsson', 'Thorsteinsson'));
    // A son's and a daughter's patronymic are not one name; nor are two fathers'.
    assert.ok(!patronymicsAlike('Juhonpoika', 'Johansdotter'));
    assert.ok(!patronymicsAlike('Juhonpoika', 'Henriksson'));
    assert.ok(namesAlike('Juhonpoika', 'Johansson'));
  });

  it('keeps a patronymic before a farm name with the surname, as the registers write it', () => {
    for (const split of [splitPersonaName, splitName, splitSubjectName]) {
      assert.equal(split('Matti Juhonpoika Kallio').surname, 'Juhonpoika Kallio');
      assert.equal(split('Ole Andersen Bakken').given, 'Ole');
      // Two patronymics or a patronymic last: the last word alone is the surname.
      assert.equal(split('Jón Þorsteinsson').surname, 'Þorsteinsson');
      assert.equal(split('John Henry Smith').surname, 'Smith');
      assert.equal(split('Mary Johnson Smith').surname, 'Smith');
    }
  });

  it("folds the Icelandic letters as emigrants' records write them (Þ = Th, ð = d, ø = o), not to nothing", () => {
    assert.equal(fold('Sigríður Björnsdóttir'), 'sigridur bjornsdottir');
    assert.equal(foldName('Þorsteinn Jónsson'), 'thorsteinn jonsson');
    assert.equal(fold('Guðrún Þorsteinsdóttir'), 'gudrun thorsteinsdottir');
    // Danish and Norwegian ø and æ too, in the archive search's fold (it split 'Sørensen' in two).
    assert.equal(foldName('Søren Sørensen Kræn'), 'soren sorensen kraen');
  });
});
