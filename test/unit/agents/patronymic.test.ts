// A patronymic written as a middle name names the father (issue #14: the cousin "Icko Herszkowicz",
// witness at a wedding, is not the groom "Icko Moszkowicz" of the same surname and age).
import assert from 'node:assert/strict';
import { fatherFits, otherFatherByPatronymic, patronymicStem } from '../../../src/agents/analyst/identity/patronymic';
import type { Person } from '../../../src/model';

function person(given: string, surname = 'Gorodecki'): Person {
  return {
    id: 'P-1',
    names: [{ given, surname, type: 'birth', citations: [] }],
    sex: 'M',
    assertions: [],
    relationships: [],
    externalIds: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('identity: a patronymic names the father', () => {
  it('reads Polish, Russian and Ukrainian patronymics in the given-name position only', () => {
    assert.equal(patronymicStem('Icko Herszkowicz'), 'herszk');
    assert.equal(patronymicStem('Riva Leibovna'), 'leib');
    assert.equal(patronymicStem('Itsko Movshovich'), 'movsh');
    assert.equal(patronymicStem('Ivan Vasylovych'), 'vasyl');
    assert.equal(patronymicStem('Icko'), undefined);
    assert.equal(patronymicStem('Anna Maria'), undefined);
    assert.ok(fatherFits('Moszko', 'moszk') && fatherFits('Leib', 'leib') && !fatherFits('Hersz', 'moszk'));
  });

  it('two of one name whose patronymics name other fathers are two persons; a fitting one is no contradiction', () => {
    const groom = person('Icko Moszkowicz');
    const why = otherFatherByPatronymic('Icko Herszkowicz /Gorodecki/', groom, () => [], 'Icko Gorodecki (P-1)');
    assert.match(why ?? '', /different fathers/);
    assert.equal(
      otherFatherByPatronymic('Icko Moszkowicz /Gorodecki/', groom, () => [], 'x'),
      undefined,
    );
    // Without a patronymic of his own, the father the person is known to have decides.
    const known = person('Icko');
    assert.match(
      otherFatherByPatronymic('Icko Herszkowicz /Gorodecki/', known, () => ['Moszko'], 'x') ?? '',
      /child of Moszko/,
    );
    assert.equal(
      otherFatherByPatronymic('Icko Moszkowicz /Gorodecki/', known, () => ['Moszko'], 'x'),
      undefined,
    );
    assert.equal(
      otherFatherByPatronymic('Icko', known, () => ['Moszko'], 'x'),
      undefined,
    );
  });
});
