/**
 * Issue 7 calibration rules (royal92 injected duplicates): a day-and-month agreement a year apart,
 * both ends of an adult life agreeing, and a given name no one else born that year bears. Each rule
 * must raise true duplicates without merging twins, siblings or a same-name parent and child.
 */
import assert from 'node:assert/strict';
import {
  CandidateIndex,
  dateFeature,
  featuresOfPerson,
  featuresOfPersona,
  scorePair,
  type PersonFeatures,
} from '../../../src/agents/analyst/resolve';
import { compareDates } from '../../../src/agents/analyst/resolve/compare';
import { person } from './fixtures';

const f = featuresOfPerson;

/** A population large enough for name counts to count (NameFrequencies ignores fewer than 500). */
function filler(n: number): PersonFeatures[] {
  const given = [
    'John',
    'Mary',
    'William',
    'Anne',
    'George',
    'Elizabeth',
    'Henry',
    'Margaret',
    'Louis',
    'Sophia',
    'Frederick',
    'Charlotte',
  ];
  const out: PersonFeatures[] = [];
  let s = 4242;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < n; i++)
    out.push(
      f(
        person({
          id: `F${i}`,
          given: given[Math.floor(rnd() * given.length)],
          surname: `S${Math.floor(rnd() * 300)}`,
          birth: String(1500 + Math.floor(rnd() * 450)),
        }),
      ),
    );
  return out;
}

describe('resolve: dates a year apart', () => {
  it('the same day and month one year apart scores above a bare year agreeing, below the exact day', () => {
    const slip = compareDates(dateFeature('27 JUN 1550'), dateFeature('27 JUN 1551'), 'birth')!;
    const bareYear = compareDates(dateFeature('1550'), dateFeature('1550'), 'birth')!;
    const exact = compareDates(dateFeature('27 JUN 1550'), dateFeature('27 JUN 1550'), 'birth')!;
    assert.ok(
      slip.score > bareYear.score && slip.score < exact.score,
      `${slip.score} ${bareYear.score} ${exact.score}`,
    );
    assert.match(slip.reason, /same day and month one year apart/);
    const a = f(person({ id: 'P1', given: 'Charles', surname: 'Valois', sex: 'M', birth: '27 JUN 1550' }));
    const b = f(person({ id: 'P2', given: 'Charles', surname: 'Valois', sex: 'M', birth: '27 JUN 1551' }));
    const c = f(person({ id: 'P3', given: 'Charles', surname: 'Valois', sex: 'M', birth: '1550' }));
    assert.ok(scorePair(a, b).weights.birthDate > scorePair(a, c).weights.birthDate);
    // Old style against new style ("11 JAN 1739/40"), before 1753 and only from January to 24 March.
    assert.equal(compareDates(dateFeature('11 JAN 1739'), dateFeature('11 JAN 1740'), 'birth')!.score, slip.score);
    assert.match(compareDates(dateFeature('11 JAN 1739'), dateFeature('11 JAN 1740'), 'birth')!.reason, /old-style/);
    // Two digits apart in October 1989/1990 is neither a slip of the pen nor double dating.
    assert.ok(compareDates(dateFeature('14 OCT 1989'), dateFeature('14 OCT 1990'), 'birth')!.score < bareYear.score);
    assert.ok(compareDates(dateFeature('11 JAN 1939'), dateFeature('11 JAN 1940'), 'birth')!.score < bareYear.score);
    // Ten years apart on the same day is not a slip of one.
    assert.ok(compareDates(dateFeature('27 JUN 1550'), dateFeature('27 JUN 1560'), 'birth')!.score < bareYear.score);
  });
  it('siblings a year apart to the day are still separated by their different names', () => {
    const a = f(
      person({ id: 'P1', given: 'Anne', surname: 'Stuart', sex: 'F', birth: '6 FEB 1665', parents: ['F', 'M'] }),
    );
    const b = f(
      person({ id: 'P2', given: 'Mary', surname: 'Stuart', sex: 'F', birth: '6 FEB 1666', parents: ['F', 'M'] }),
    );
    assert.equal(scorePair(a, b).recommendation, 'separate');
  });
});

describe('resolve: both ends of a life', () => {
  it('birth and death years both agreeing weigh more than the two alone', () => {
    const a = f(person({ id: 'P1', given: 'Francis Charles', surname: '', sex: 'M', birth: '1802', death: '1878' }));
    const b = f(person({ id: 'P2', given: 'F. Charles', surname: '', sex: 'M', birth: '1802', death: '1878' }));
    const s = scorePair(a, b);
    assert.ok(s.weights.lifespan > 0, JSON.stringify(s.weights));
    assert.match(s.features.lifespan.reason, /both ends of an adult life agree/);
  });
  it('a birth year one off beside the same adult death year is an age slip, not a contradiction', () => {
    // An initial only: the year apart is not excused by the given name (see "bare years one apart").
    const a = f(person({ id: 'P1', given: 'William', surname: '', sex: 'M', birth: '1120', death: '1166' }));
    const b = f(person({ id: 'P2', given: 'W.', surname: '', sex: 'M', birth: '1121', death: '1166' }));
    const s = scorePair(a, b);
    assert.ok(s.weights.birthDate < 0);
    assert.ok(s.weights.birthDate + s.weights.lifespan > 0, JSON.stringify(s.weights));
    assert.match(s.features.lifespan.reason, /age slip/);
  });
  it('infants who died in their birth year get nothing for the death year following the birth', () => {
    const a = f(person({ id: 'P1', given: 'Louise', surname: '', sex: 'F', birth: '1795', death: '1795' }));
    const b = f(person({ id: 'P2', given: 'Louise', surname: '', sex: 'F', birth: '1795', death: '1795' }));
    assert.equal(scorePair(a, b).weights.lifespan, undefined);
  });
});

describe('resolve: no one else so named born that year', () => {
  const mathilde = f(person({ id: 'P1', given: 'Mathilde', surname: '', sex: 'F', birth: '1843', death: '1925' }));
  const dup = f(person({ id: 'P2', given: 'Mathilde', surname: '', sex: 'F', birth: '1843' }));
  it('the only two persons named Mathilde born 1842–1844 in a tree of 600 are merged, with the reason', () => {
    const idx = new CandidateIndex([...filler(600), mathilde, dup]);
    const plain = scorePair(dup, mathilde);
    assert.notEqual(plain.recommendation, 'merge', 'without population counts the name and year alone do not merge');
    const s = scorePair(dup, mathilde, { frequencies: idx.frequencies, family: idx });
    assert.equal(s.recommendation, 'merge', s.rationale + s.whyNotMerge);
    assert.ok(s.weights.namesakes > 0);
    assert.match(s.features.namesakes.reason, /no one else here named "mathilde" was born 1842–1844/);
    assert.ok(
      idx.candidates(dup).some((c) => c.id === 'P1'),
      'the pair is a blocking candidate',
    );
  });
  it('weighs less where another field disagrees (a different birth place)', () => {
    const a = f(
      person({ id: 'P1', given: 'Mathilde', surname: '', sex: 'F', birth: '1843', birthPlace: 'Arbroath, Scotland' }),
    );
    const b = f(
      person({ id: 'P2', given: 'Mathilde', surname: '', sex: 'F', birth: '1843', birthPlace: 'Vienna, Austria' }),
    );
    const idx = new CandidateIndex([...filler(600), a, b]);
    const s = scorePair(a, b, { frequencies: idx.frequencies, family: idx });
    assert.ok(s.weights.birthPlace < 0);
    assert.ok(
      s.weights.namesakes > 0 &&
        s.weights.namesakes <
          scorePair(dup, mathilde, { frequencies: new CandidateIndex([...filler(600), mathilde, dup]).frequencies })
            .weights.namesakes,
    );
    assert.match(s.features.namesakes.reason, /though something else disagrees/);
    assert.notEqual(s.recommendation, 'merge');
  });
  it('a third Mathilde born 1844 removes the evidence: no merge', () => {
    const third = f(person({ id: 'P3', given: 'Mathilde', surname: '', sex: 'F', birth: '1844' }));
    const idx = new CandidateIndex([...filler(600), mathilde, dup, third]);
    const s = scorePair(dup, mathilde, { frequencies: idx.frequencies, family: idx });
    assert.equal(s.weights.namesakes, undefined);
    assert.notEqual(s.recommendation, 'merge');
  });
  it('a spelling slip counts the namesakes of both spellings', () => {
    const a = f(person({ id: 'P1', given: 'Valdemar', surname: '', sex: 'M', birth: '1858', death: '1939' }));
    const b = f(person({ id: 'P2', given: 'Valdemra', surname: '', sex: 'M', birth: '1858' }));
    const other = f(person({ id: 'P3', given: 'Valdemra', surname: '', sex: 'M', birth: '1857' }));
    assert.ok(
      scorePair(b, a, { frequencies: new CandidateIndex([...filler(600), a, b]).frequencies }).weights.namesakes > 0,
    );
    assert.equal(
      scorePair(b, a, { frequencies: new CandidateIndex([...filler(600), a, b, other]).frequencies }).weights.namesakes,
      undefined,
    );
  });
  it('with no birth on one side, counts those who died within a year instead', () => {
    const a = f(person({ id: 'P1', given: 'Adalbert', surname: '', sex: 'M', birth: '1828', death: '1875' }));
    const b = f(person({ id: 'P2', given: 'Adalbert', surname: '', sex: 'M', death: '1875' }));
    const s = scorePair(b, a, { frequencies: new CandidateIndex([...filler(600), a, b]).frequencies });
    assert.match(s.features.namesakes.reason, /no one else here named "adalbert" died 1874–1876/);
    const other = f(person({ id: 'P3', given: 'Adalbert', surname: '', sex: 'M', birth: '1790', death: '1876' }));
    assert.equal(
      scorePair(b, a, { frequencies: new CandidateIndex([...filler(600), a, b, other]).frequencies }).weights.namesakes,
      undefined,
    );
  });
  it('does not apply to a day-exact agreement, nor when the population is too small to count', () => {
    const a = f(person({ id: 'P1', given: 'Mathilde', surname: '', sex: 'F', birth: '3 MAY 1843' }));
    const b = f(person({ id: 'P2', given: 'Mathilde', surname: '', sex: 'F', birth: '3 MAY 1843' }));
    assert.equal(
      scorePair(a, b, { frequencies: new CandidateIndex([...filler(600), a, b]).frequencies }).weights.namesakes,
      undefined,
    );
    assert.equal(
      scorePair(dup, mathilde, { frequencies: new CandidateIndex([...filler(100), mathilde, dup]).frequencies }).weights
        .namesakes,
      undefined,
    );
  });
  it('twins (same parents and day, different names) stay separate in a counted population', () => {
    const a = f(person({ id: 'P1', given: 'Anne', surname: 'Stuart', sex: 'F', birth: '1692', parents: ['F', 'M'] }));
    const b = f(person({ id: 'P2', given: 'Louisa', surname: 'Stuart', sex: 'F', birth: '1692', parents: ['F', 'M'] }));
    const idx = new CandidateIndex([...filler(600), a, b]);
    assert.equal(scorePair(a, b, { frequencies: idx.frequencies, family: idx }).recommendation, 'separate');
  });
  it('a same-name father and son stay separate in a counted population', () => {
    const father = f(person({ id: 'P1', given: 'Hugo', surname: '', sex: 'M', birth: '1820', children: ['P2'] }));
    const son = f(person({ id: 'P2', given: 'Hugo', surname: '', sex: 'M', birth: '1821', parents: ['P1'] }));
    const idx = new CandidateIndex([...filler(600), father, son]);
    const s = scorePair(father, son, { frequencies: idx.frequencies, family: idx });
    assert.equal(s.recommendation, 'separate');
  });
});

describe('resolve: a second given name agreeing', () => {
  it('"F. Charles" born 1802 died 1878 is "Francis Charles" with the same dates', () => {
    const a = f(person({ id: 'P1', given: 'Francis Charles', surname: '', sex: 'M', birth: '1802', death: '1878' }));
    const b = f(person({ id: 'P2', given: 'F. Charles', surname: '', sex: 'M', birth: '1802', death: '1878' }));
    const s = scorePair(a, b);
    assert.equal(s.recommendation, 'merge', s.rationale + s.whyNotMerge);
    assert.match(s.features.givenName.reason, /second given name "charles" agrees too/);
    const c = f(person({ id: 'P3', given: 'F. Albert', surname: '', sex: 'M', birth: '1802', death: '1878' }));
    assert.ok(scorePair(a, c).weights.givenName < s.weights.givenName);
  });
  it('an initial and the same middle name, same parents and day, is still left to a reviewer (twins look like that)', () => {
    const a = f(
      person({ id: 'P1', given: 'Carl Philip', surname: '', sex: 'M', birth: '13 MAY 1979', parents: ['F', 'M'] }),
    );
    const b = f(
      person({ id: 'P2', given: 'C. Philip', surname: '', sex: 'M', birth: '13 MAY 1979', parents: ['F', 'M'] }),
    );
    const s = scorePair(a, b);
    assert.equal(s.recommendation, 'review');
    assert.match(s.whyNotMerge, /may be twins/);
  });
  it('numbered placeholders are not second given names', () => {
    const a = f(person({ id: 'P1', given: 'Son 2', surname: 'Grey', sex: 'M', birth: 'BEF 1461' }));
    const b = f(person({ id: 'P2', given: 'Son 2', surname: 'Grey', sex: 'M', birth: 'BEF 1461' }));
    assert.doesNotMatch(scorePair(a, b).features.givenName.reason, /second given name/);
  });
});

describe('resolve: places by how many persons name them', () => {
  it('a town few persons are tied to weighs more than a country most are', () => {
    const people: PersonFeatures[] = [];
    for (const p of filler(600)) people.push({ ...p, birthPlace: ['paris', 'france'] });
    const a = f(
      person({
        id: 'P1',
        given: 'Charles',
        surname: 'Valois',
        sex: 'M',
        birth: '1550',
        birthPlace: 'St. Germain-,en-Laye,France',
      }),
    );
    const b = f(
      person({ id: 'P2', given: 'Charles', surname: 'Valois', sex: 'M', birth: '1550', birthPlace: 'en-Laye,France' }),
    );
    const c = f(
      person({ id: 'P3', given: 'Charles', surname: 'Valois', sex: 'M', birth: '1550', birthPlace: 'Paris,France' }),
    );
    const d = f(
      person({ id: 'P4', given: 'Charles', surname: 'Valois', sex: 'M', birth: '1550', birthPlace: 'France' }),
    );
    const idx = new CandidateIndex([...people, a, b, c, d]);
    const town = scorePair(a, b, { frequencies: idx.frequencies });
    const country = scorePair(c, d, { frequencies: idx.frequencies });
    assert.equal(town.features.birthPlace.score, 1);
    assert.equal(country.features.birthPlace.score, 1);
    assert.ok(
      town.weights.birthPlace > country.weights.birthPlace + 1,
      `${town.weights.birthPlace} vs ${country.weights.birthPlace}`,
    );
    assert.match(town.features.birthPlace.reason, /a place 2 of the 604 persons with a place here are tied to/);
    // Without population counts the flat weight applies to both.
    assert.equal(scorePair(a, b).weights.birthPlace, scorePair(c, d).weights.birthPlace);
  });
});

describe('resolve: a close spelling of the given name', () => {
  it('weighs as the same name; a variant and a short one-letter edit do not', () => {
    const base = { surname: 'Smith', sex: 'M' as const, birth: '1858' };
    const w = (x: string, y: string) =>
      scorePair(f(person({ id: 'P1', given: x, ...base })), f(person({ id: 'P2', given: y, ...base }))).weights
        .givenName;
    assert.equal(w('Valdemar', 'Valdemra'), w('Valdemar', 'Valdemar'));
    assert.ok(w('Mary', 'Maria') < w('Valdemar', 'Valdemra'));
    assert.ok(w('Jon', 'Joan') < w('Valdemar', 'Valdemra'));
  });
  it('"Earl of Harewood" leaves no second given name "of"', () => {
    const a = f(person({ id: 'P1', given: 'George Earl_of_Harewood', surname: 'Lascelles', sex: 'M', birth: '1923' }));
    const b = f(person({ id: 'P2', given: 'G. Earl_of_Harewood', surname: 'Lascelles', sex: 'M' }));
    assert.doesNotMatch(scorePair(a, b).features.givenName.reason, /second given name "of"/);
  });
});

describe('resolve: bare years one apart under the same given name', () => {
  it('count weakly for, not against, when a side gives only the year', () => {
    const a = f(person({ id: 'P1', given: 'Claudine', surname: 'Rhedey', sex: 'F', birth: '1836' }));
    const b = f(person({ id: 'P2', given: 'Claudine', surname: 'Rhedey', sex: 'F', birth: '1835' }));
    const s = scorePair(a, b);
    assert.ok(s.weights.birthDate > 0, JSON.stringify(s.weights));
    assert.match(s.features.birthDate.reason, /as years worked out from an age often are/);
    // An age in a census gives a year of slack already: two years beyond a stated date is no rounding.
    const head = featuresOfPersona({ name: 'John /Smith/', role: 'head', age: 35, sex: 'M' }, { date: '1880' });
    const subject = f(person({ id: 'P9', given: 'John', surname: 'Smith', sex: 'M', birth: '14 MAR 1842' }));
    assert.ok(scorePair(head, subject).weights.birthDate < 0, JSON.stringify(scorePair(head, subject).weights));
    // Different given names: the year apart still counts against.
    const c = f(person({ id: 'P3', given: 'Augusta', surname: 'Rhedey', sex: 'F', birth: '1835' }));
    assert.ok(scorePair(a, c).weights.birthDate < 0);
    // Two full dates a year apart: the days were written down, the year is not a rounding.
    const d = f(person({ id: 'P4', given: 'Claudine', surname: 'Rhedey', sex: 'F', birth: '21 SEP 1812' }));
    const e = f(person({ id: 'P5', given: 'Claudine', surname: 'Rhedey', sex: 'F', birth: '2 MAR 1811' }));
    assert.ok(scorePair(d, e).weights.birthDate < 0);
  });
});
