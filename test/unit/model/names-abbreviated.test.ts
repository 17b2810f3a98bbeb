// Issue #14 ("abbreviations (Wm., Jno., Joh., Chas.)"): given names as German and English clerks
// shortened them, and the German diminutive Minna.
import assert from 'node:assert/strict';
import { namesAlike } from '../../../src/model/names';

describe('abbreviated given names', () => {
  it('Joh. = Johann, Heinr. = Heinrich, Cath. = Catharina, Jac. = Jacob, Friedr. = Friedrich, Minna = Wilhelmine', () => {
    for (const [a, b] of [
      ['Joh.', 'Johann'],
      ['Heinr.', 'Heinrich'],
      ['Heinr.', 'Henry'],
      ['Cath.', 'Catharina'],
      ['Jac.', 'Jacob'],
      ['Friedr.', 'Friedrich'],
      ['Saml.', 'Samuel'],
      ['Eliz.', 'Elizabeth'],
      ['Marg.', 'Margaret'],
      ['Minna', 'Wilhelmine'],
    ])
      assert.ok(namesAlike(a, b), `${a} = ${b}`);
    assert.ok(!namesAlike('Jac.', 'John') && !namesAlike('Cath.', 'Margaret') && !namesAlike('Joh.', 'Jacob'));
  });
});
