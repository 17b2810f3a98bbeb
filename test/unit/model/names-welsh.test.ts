// Issue #14: a Welsh surname made from a patronymic (Price = ap Rhys) ties a baptism that names only the father.
import assert from 'node:assert/strict';
import { apSurnameFathers, apSurnameOf } from '../../../src/model/names';
import { featuresOfPersona, scorePair } from '../../../src/agents/analyst/resolve';
import type { Persona } from '../../../src/model';

describe('Welsh surnames made from a patronymic', () => {
  it('name the fathers they come from: Price ap Rhys, Pritchard ap Richard, Bowen ab Owen', () => {
    assert.ok(apSurnameOf('Price', 'Rhys Evan') && apSurnameOf('Pryce', 'Rees') && apSurnameOf('Pritchard', 'Richard'));
    assert.ok(apSurnameOf('Bowen', 'Owen Jones') && apSurnameOf('Powell', 'Hywel'));
    assert.ok(!apSurnameOf('Price', 'Evan') && !apSurnameOf('Jones', 'John'));
    assert.deepEqual(apSurnameFathers('Smith'), []);
  });

  it('score a surname-less baptism of John son of Rhys as John Price', () => {
    const john: Persona = { name: 'John', role: 'principal', sex: 'M', birthDate: '3 MAR 1796' };
    const baptism = {
      date: '20 MAR 1796',
      place: 'Llanuwchllyn, Merioneth, Wales',
      persons: [john, { name: 'Rhys /Evan/', role: 'father', sex: 'M' } as Persona],
    };
    const other = {
      ...baptism,
      persons: [john, { name: 'Evan /Roberts/', role: 'father', sex: 'M' } as Persona],
    };
    const price = featuresOfPersona(
      {
        name: 'John /Price/',
        role: 'principal',
        sex: 'M',
        birthDate: '1796',
        birthPlace: 'Llanuwchllyn, Merioneth, Wales',
      },
      { date: '1867', place: 'Llanuwchllyn, Merioneth, Wales', persons: [] },
    );
    const ap = scorePair(featuresOfPersona(john, baptism), price, { explain: true });
    const not = scorePair(featuresOfPersona(john, other), price, { explain: true });
    assert.ok(ap.similarity > not.similarity, `${ap.similarity} > ${not.similarity}`);
    assert.match(ap.rationale, /surname "price" is "ap rhys"/);
  });
});
