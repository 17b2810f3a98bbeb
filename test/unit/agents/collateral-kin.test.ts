// Issue #14 (held-out cases): the record that calls a man the deceased's nephew says he is not the son.
import assert from 'node:assert/strict';
import { collateralNotChild } from '../../../src/agents/analyst/identity/collateral-kin';
import { Person, type Persona } from '../../../src/model';

const person = (id: string, given: string, rel: { type: 'parent' | 'child'; person: string }[] = []) =>
  Person.parse({
    id,
    names: [{ given, surname: 'Peeters' }],
    sex: 'M',
    relationships: rel.map((r) => ({ ...r, status: 'accepted', confidence: 0.9, evidence: [] })),
  });
const files = new Map([
  ['P-father', person('P-father', 'Hendrik', [{ type: 'child', person: 'P-son' }])],
  ['P-son', person('P-son', 'Jan Baptist', [{ type: 'parent', person: 'P-father' }])],
]);
const deceased: Persona = { name: 'Hendrik /Peeters/', role: 'deceased', age: 68 };
const informant = (relationship: string): Persona => ({
  name: 'Jan Baptist /Peeters/',
  role: 'informant',
  age: 32,
  relationship,
});

describe('identity: a nephew is not a son', () => {
  it('keeps the informant called "neef van den overledene" apart from the deceased’s son of the name', () => {
    for (const words of [
      'neef van den overledene',
      'nephew of the deceased',
      'Neffe des Verstorbenen',
      'neveu du défunt',
    ])
      assert.match(
        collateralNotChild(
          informant(words),
          { persons: [deceased, informant(words)], date: '19 NOV 1886' },
          files.get('P-son')!,
          (id) => files.get(id),
        ) ?? '',
        /is the child of Hendrik Peeters: a nephew, cousin or brother is not a son/,
        words,
      );
  });

  it('says nothing for a son, a base-born son, or when the principal’s name is borne by another in the record', () => {
    const get = (id: string) => files.get(id);
    for (const words of ['son of the deceased', 'base-born son', ''])
      assert.equal(
        collateralNotChild(informant(words), { persons: [deceased], date: '1886' }, files.get('P-son')!, get),
        undefined,
      );
    // A grandson baptised after his grandfather, who stands in the record too: "zia paterna" of which Hendrik?
    const grandfather: Persona = { name: 'Hendrik /Peeters/', role: 'other', relationship: 'grandfather' };
    assert.equal(
      collateralNotChild(
        informant('zia paterna'),
        { persons: [deceased, grandfather], date: '1886' },
        files.get('P-son')!,
        get,
      ),
      undefined,
    );
  });
});
