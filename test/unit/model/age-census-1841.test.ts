// The 1841 census of Great Britain rounded the ages of persons 15 and over down to a multiple of 5:
// its "25" is 25 to 29 years, read so when the resolver weighs an age as a birth (issue #14: the framework
// knitter Thomas Ashby, 29 in 1841 and written 25, was a second person beside his own baptism).
import assert from 'node:assert/strict';
import { censusRounding } from '../../../src/model/age';
import { featuresOfPersona } from '../../../src/agents/analyst/resolve/features';
import type { Persona } from '../../../src/model';

const census1841 = { recordType: 'census', date: '6 JUN 1841', place: 'Hinckley, Leicestershire, England' };

describe('ages of the 1841 census', () => {
  it('reads a rounded adult age as five years, in England, Wales, Scotland, Man and the Channel Islands', () => {
    for (const place of [
      'Hinckley, Leicestershire, England',
      'Tŷ Isaf, Llanuwchllyn, Merioneth, Wales',
      'St Ouen, Jersey, Channel Islands',
      'Breakish, Strath, Isle of Skye, Inverness-shire, Scotland',
    ])
      assert.equal(censusRounding(25, { ...census1841, place }), 4, place);
  });

  it('leaves exact ages as written: a child, an age not a multiple of 5, another year, country or record', () => {
    assert.equal(censusRounding(2, census1841), 0);
    assert.equal(censusRounding(14, census1841), 0);
    assert.equal(censusRounding(27, census1841), 0);
    assert.equal(censusRounding(25, { ...census1841, date: '30 MAR 1851' }), 0);
    assert.equal(censusRounding(25, { ...census1841, place: 'Brooke County, Virginia, USA' }), 0);
    assert.equal(censusRounding(25, { ...census1841, recordType: 'burial' }), 0);
  });

  it('gives the resolver the five-year birth range', () => {
    const persona = { name: 'Thomas /Ashby/', role: 'head', age: 25 } as Persona;
    const rounded = featuresOfPersona(persona, census1841).birth!;
    assert.deepEqual([rounded.min, rounded.max], [1811, 1816]);
    assert.match(rounded.text, /25–29: rounded down/);
    const exact = featuresOfPersona(persona, { ...census1841, date: '30 MAR 1851' }).birth!;
    assert.deepEqual([exact.min, exact.max], [1825, 1826]);
  });
});
