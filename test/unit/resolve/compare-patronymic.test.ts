import assert from 'node:assert/strict';
import { compareSurname } from '../../../src/agents/analyst/resolve/compare';
import { nameFeature } from '../../../src/agents/analyst/resolve/features';

describe('surnames by Nordic patronymic', () => {
  it('scores one patronymic in Swedish and Finnish as a near match, whatever farm name goes with it', () => {
    const c = compareSurname(nameFeature('Matti', 'Juhonpoika Mäkelä'), nameFeature('Matts', 'Johansson Kallio'))!;
    assert.equal(c.score, 0.9);
    assert.match(c.reason, /patronymics "Juhonpoika" and "Johansson" name one father/);
    assert.equal(
      compareSurname(nameFeature('Liisa', 'Heikintytär'), nameFeature('Lisa', 'Henriksdotter Mäkelä'))!.score,
      0.9,
    );
  });

  it("codes the farm name beside a patronymic for blocking, so 'Matt Makela' meets 'Matti Juhonpoika Mäkelä'", () => {
    const farm = nameFeature('Matt', 'Makela');
    const full = nameFeature('Matti', 'Juhonpoika Mäkelä');
    assert.ok(farm.surnameDm.some((c) => full.surnameDm.includes(c)));
    // Without a patronymic the codes stay those of the whole surname.
    const berg = nameFeature('Jan', 'Berg').surnameDm;
    assert.ok(!nameFeature('Jan', 'van der Berg').surnameDm.some((c) => berg.includes(c)));
  });

  it('does not take patronymics of different fathers for one', () => {
    assert.ok(compareSurname(nameFeature('Matti', 'Juhonpoika'), nameFeature('Matts', 'Henriksson'))!.score < 0.9);
  });
});
