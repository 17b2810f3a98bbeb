// Issue #14 ("abbreviations (Wm., Jno., Joh., Chas.)"): given names as German and English clerks
// shortened them, and the German diminutive Minna. ("Joh." is read as a prefix of Johann already; as a
// full equivalent it outweighed a father named otherwise: identity.test.ts's Adam and Jakob.)
import assert from 'node:assert/strict';
import { namesAlike } from '../../../src/model/names';

describe('abbreviated given names', () => {
  it('Heinr. = Heinrich, Cath. = Catharina, Jac. = Jacob, Friedr. = Friedrich, Minna = Wilhelmine', () => {
    for (const [a, b] of [
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
    assert.ok(!namesAlike('Jac.', 'John') && !namesAlike('Cath.', 'Margaret'));
  });
});
