import assert from 'node:assert/strict';
import {
  featuresOfPerson,
  featuresOfPersona,
  scorePair,
  findDuplicates,
  comparePlaces,
  placeParts,
  ageInYears,
} from '../../../src/agents/analyst/resolve';
import { nicknameMatch } from '../../../src/model/names';
import { compareGiven } from '../../../src/agents/analyst/resolve/compare';
import { person } from './fixtures';

const f = featuresOfPerson;

describe('resolve: features', () => {
  it('derives a birth-year range from a persona age and the record date', () => {
    const p = featuresOfPersona(
      { name: 'Johann /Schmidt/', role: 'head', age: 30, sex: 'M' },
      { date: '1880', place: 'Springfield, Illinois' },
    );
    assert.equal(p.birth?.min, 1849);
    assert.equal(p.birth?.max, 1850);
    assert.equal(p.birth?.stated, false);
    assert.deepEqual(p.names[0].surnames, ['schmidt']);
    assert.deepEqual(p.residences, [['springfield', 'illinois']]);
  });
  it('weighs occupations that share a trade word ("overseer Amoskeag Mfg Co" / "overseer cotton mill"), not a generic one', () => {
    const ctx = { date: '1900', place: 'Manchester, New Hampshire' };
    const directory = featuresOfPersona(
      { name: 'Joseph /Greenwood/', role: 'other', occupation: 'overseer Amoskeag Mfg Co' },
      ctx,
    );
    const census = featuresOfPersona(
      { name: 'Joseph /Greenwood/', role: 'head', occupation: 'overseer cotton mill' },
      ctx,
    );
    const operative = featuresOfPersona(
      { name: 'Joseph /Greenwood/', role: 'head', occupation: 'cotton mill operative' },
      ctx,
    );
    const shared = scorePair(directory, census);
    assert.ok(/occupations share "overseer"/.test(shared.rationale));
    assert.ok(shared.similarity > scorePair(directory, operative).similarity);
    const retired = featuresOfPersona({ name: 'Joseph /Greenwood/', role: 'head', occupation: 'retired farmer' }, ctx);
    const master = featuresOfPersona({ name: 'Joseph /Greenwood/', role: 'head', occupation: 'retired weaver' }, ctx);
    assert.ok(!/occupation/.test(scorePair(retired, master).rationale));
  });
  it('two numbered houses or crofts of one place are not the same place, however alike they are spelt', () => {
    const c = comparePlaces(placeParts('14 Main Street, Dayton, Ohio'), placeParts('16 Main Street, Dayton, Ohio'));
    assert.ok(c && c.score < 1, c?.reason);
    const same = comparePlaces(placeParts('14 Main Street, Dayton'), placeParts('14 Main Street, Dayton, Ohio'));
    assert.equal(same?.score, 1);
  });
  it('reads ages written as text', () => {
    assert.equal(ageInYears('30y'), 30);
    assert.equal(ageInYears('6 months'), 0);
    assert.equal(ageInYears('abt 45'), 45);
    assert.equal(ageInYears('unknown'), undefined);
  });
  it('takes relative names from the same record', () => {
    const persons = [
      { name: 'Anna Weber', role: 'principal' as const },
      { name: 'Georg Weber', role: 'father' as const },
      { name: 'Maria Huber', role: 'mother' as const },
    ];
    const child = featuresOfPersona(persons[0], { date: '1850', persons });
    assert.deepEqual(child.relativeNames.parent.sort(), ['georg weber', 'maria huber']);
    const father = featuresOfPersona(persons[1], { date: '1850', persons });
    assert.deepEqual(father.relativeNames.child, ['anna weber']);
    assert.deepEqual(father.relativeNames.spouse, ['maria huber']);
  });
  it("in an obituary naming the deceased's parents and children, the children's parent is the deceased", () => {
    const persons = [
      { name: 'William Radke', role: 'principal' as const },
      { name: 'Michael Radke', role: 'father' as const },
      { name: 'Augusta Radke', role: 'spouse' as const },
      { name: 'Herman Radke', role: 'child' as const },
    ];
    const son = featuresOfPersona(persons[3], { date: '1923', persons });
    assert.deepEqual(son.relativeNames.parent.sort(), ['augusta radke', 'william radke']);
    const deceased = featuresOfPersona(persons[0], { date: '1923', persons });
    assert.deepEqual(deceased.relativeNames.parent, ['michael radke']);
    assert.deepEqual(deceased.relativeNames.child, ['herman radke']);
    // Michael is Herman's grandfather: his child here is the deceased only.
    const father = featuresOfPersona(persons[1], { date: '1923', persons });
    assert.deepEqual(father.relativeNames.child, ['william radke']);
  });
  it('uses a baptism date as a birth estimate when no birth is known', () => {
    const p = person({ id: 'P1', given: 'Ann', surname: 'Lee' });
    p.assertions.push({
      id: 'A-x',
      field: 'baptism.date',
      value: '3 MAY 1801',
      status: 'accepted',
      confidence: 0.9,
      evidence: [],
    });
    const x = f(p);
    assert.equal(x.birth?.min, 1799);
    assert.equal(x.birth?.max, 1801);
  });
});

describe('resolve: names and places', () => {
  it('knows nicknames both ways', () => {
    assert.ok(nicknameMatch('bill', 'william'));
    assert.ok(nicknameMatch('william', 'wilhelm'));
    // Jewish given names as Yiddish, Hebrew, Polish and Russian registers write them; Greek forms.
    assert.ok(
      nicknameMatch('movsha', 'moshe') && nicknameMatch('yitzchak', 'isaac') && nicknameMatch('rywka', 'rebecca'),
    );
    assert.ok(nicknameMatch('georgios', 'george') && nicknameMatch('eleni', 'helen'));
    // Scottish Gaelic: Gilleasbuig is Archibald, Flòraidh Flora, Màiri Mary, Catrìona Catherine.
    assert.ok(
      nicknameMatch('gilleasbuig', 'archibald') &&
        nicknameMatch('floraidh', 'flora') &&
        nicknameMatch('mairi', 'mary') &&
        nicknameMatch('catriona', 'catherine'),
    );
    // Irish forms of the 1901 and 1911 censuses: Máirtín is Martin, Colm and Coley are Coleman, Peadar Peter.
    assert.ok(
      nicknameMatch('mairtin', 'martin') &&
        nicknameMatch('colm', 'coleman') &&
        nicknameMatch('coley', 'colman') &&
        nicknameMatch('peadar', 'peter'),
    );
    assert.ok(!nicknameMatch('colm', 'malcolm'));
    // Goan and Latin forms: Caietanus Franciscus Xaverius is Caetano Francisco Xavier.
    assert.ok(nicknameMatch('caietanus', 'caetano') && nicknameMatch('xaverius', 'xavier'));
    // Slovene Jera is Gertrude, "Gertrudis" in a Latin register.
    assert.ok(nicknameMatch('jera', 'gertrudis') && nicknameMatch('gertrudis', 'gertrude'));
    // Arabic forms as Levantine emigrants' records write them.
    assert.ok(
      nicknameMatch('youssef', 'joseph') && nicknameMatch('boutros', 'peter') && nicknameMatch('ibrahim', 'abraham'),
    );
    assert.ok(!nicknameMatch('moshe', 'max') && !nicknameMatch('leib', 'louis'));
    assert.ok(nicknameMatch('peggy', 'margaret'));
    assert.ok(!nicknameMatch('william', 'john'));
    // Portuguese, Estonian, Frisian, Scottish Gaelic forms, and the Hebrew Chaim as emigrants wrote it.
    assert.ok(
      nicknameMatch('guilherme', 'wilhelm') && nicknameMatch('joao', 'john') && nicknameMatch('jaan', 'johann'),
    );
    assert.ok(
      nicknameMatch('jurri', 'georg') &&
        nicknameMatch('grietje', 'margaretha') &&
        nicknameMatch('trijntje', 'catharina'),
    );
    assert.ok(nicknameMatch('domhnall', 'donald') && nicknameMatch('ciorstaidh', 'christina'));
    assert.ok(
      nicknameMatch('chaim', 'haim') && nicknameMatch('haim', 'hyman') && nicknameMatch('baptiste', 'bautista'),
    );
    assert.ok(!nicknameMatch('haim', 'harry') && !nicknameMatch('jaan', 'jacob'));
  });
  it('treats a place at another precision as the same place', () => {
    const c = comparePlaces(placeParts('Springfield, Illinois'), placeParts('Springfield, Sangamon, Illinois, USA'));
    assert.equal(c?.score, 1);
    const d = comparePlaces(placeParts('Springfield, Illinois'), placeParts('Springfield, Massachusetts'));
    assert.ok(d && d.score < 1 && d.score > 0.3, JSON.stringify(d));
    const e = comparePlaces(placeParts('Boston, Massachusetts'), placeParts('Chicago, Illinois'));
    assert.ok(e && e.score < 0.2);
    assert.equal(comparePlaces(placeParts('Springfield, IL'), placeParts('springfield, Illinois'))?.score, 1);
  });
});

describe('resolve: scorePair', () => {
  it('merges a clear duplicate and explains why', () => {
    const a = f(
      person({
        id: 'P1',
        given: 'Johann',
        surname: 'Schmidt',
        sex: 'M',
        birth: '12 MAR 1850',
        birthPlace: 'Springfield, Sangamon, Illinois, USA',
        death: '1901',
        parents: ['P9'],
      }),
    );
    const b = f(
      person({
        id: 'P2',
        given: 'Johann',
        surname: 'Schmitt',
        sex: 'M',
        birth: '12 MAR 1850',
        birthPlace: 'Springfield, Illinois',
        death: 'ABT 1901',
        parents: ['P9'],
      }),
    );
    const s = scorePair(a, b);
    assert.equal(s.recommendation, 'merge');
    assert.ok(s.similarity > 0.95);
    for (const k of ['givenName', 'surname', 'birthDate', 'birthPlace', 'deathDate', 'relationships'])
      assert.ok(k in s.features, k);
    assert.match(s.rationale, /same birth date/);
    assert.match(s.rationale, /shared parent/);
    assert.ok(s.whyNotMerge.length > 0);
  });
  it('matches nicknames and married names but asks for review without dates', () => {
    const a = f(person({ id: 'P1', given: 'Margaret', surname: 'Brown', sex: 'F', married: 'Taylor' }));
    const b = f(person({ id: 'P2', given: 'Peggy', surname: 'Taylor', sex: 'F' }));
    const s = scorePair(a, b);
    assert.match(s.features.givenName.reason, /variants/);
    assert.equal(s.features.surname.score, 1);
    assert.equal(s.recommendation, 'review');
    assert.match(s.whyNotMerge, /birth date/);
  });
  it('separates twins: same parents and birth date, different given names', () => {
    const a = f(
      person({ id: 'P1', given: 'Jacob', surname: 'Esau', sex: 'M', birth: '1 JAN 1800', parents: ['F1', 'M1'] }),
    );
    const b = f(
      person({ id: 'P2', given: 'Joseph', surname: 'Esau', sex: 'M', birth: '1 JAN 1800', parents: ['F1', 'M1'] }),
    );
    const s = scorePair(a, b);
    assert.equal(s.recommendation, 'separate');
    assert.match(s.hardNegative ?? '', /twins/);
    assert.match(s.whyNotMerge, /Never merge/);
  });
  it('separates a parent and child of the same name', () => {
    const father = f(person({ id: 'P1', given: 'John', surname: 'Smith', sex: 'M', birth: '1820', children: ['P2'] }));
    const son = f(person({ id: 'P2', given: 'John', surname: 'Smith', sex: 'M', birth: '1848', parents: ['P1'] }));
    const s = scorePair(father, son);
    assert.equal(s.recommendation, 'separate');
    assert.match(s.hardNegative ?? '', /parent|child/);
    // Even without the link, a generation between the births keeps them apart.
    const s2 = scorePair(
      f(person({ id: 'Q1', given: 'John', surname: 'Smith', birth: '1820' })),
      f(person({ id: 'Q2', given: 'John', surname: 'Smith', birth: '1848' })),
    );
    assert.equal(s2.recommendation, 'separate');
    assert.match(s2.features.birthDate.reason, /generation/);
  });
  it('separates Jr and Sr', () => {
    const s = scorePair(
      f(person({ id: 'P1', given: 'John', surname: 'Smith', suffix: 'Jr.' })),
      f(person({ id: 'P2', given: 'John', surname: 'Smith', suffix: 'Sr.' })),
    );
    assert.notEqual(s.recommendation, 'merge');
    assert.ok(s.weights.generation < 0);
  });
  it('separates people of different sex however alike the rest is', () => {
    const s = scorePair(
      f(person({ id: 'P1', given: 'Francis', surname: 'Lee', sex: 'M', birth: '2 FEB 1790' })),
      f(person({ id: 'P2', given: 'Frances', surname: 'Lee', sex: 'F', birth: '2 FEB 1790' })),
    );
    assert.equal(s.recommendation, 'separate');
  });
  it('separates when one died before the other was born', () => {
    const s = scorePair(
      f(person({ id: 'P1', given: 'Mary', surname: 'Ward', death: '1801' })),
      f(person({ id: 'P2', given: 'Mary', surname: 'Ward', birth: '1805' })),
    );
    assert.equal(s.recommendation, 'separate');
    assert.match(s.hardNegative ?? '', /died/);
  });
  it('recognises a transcription slip in an exact date', () => {
    const s = scorePair(
      f(person({ id: 'P1', given: 'Ann', surname: 'Cole', birth: '12 MAR 1850' })),
      f(person({ id: 'P2', given: 'Ann', surname: 'Cole', birth: '13 MAR 1850' })),
    );
    assert.match(s.features.birthDate.reason, /one digit/);
    assert.ok(s.weights.birthDate > 0);
  });
  it('an identical authority id outweighs spelling; different ids count against', () => {
    const a = f(person({ id: 'P1', given: 'Jon', surname: 'Smyth', externalIds: { wikitree: 'Smith-123' } }));
    const b = f(person({ id: 'P2', given: 'John', surname: 'Smith', externalIds: { wikitree: 'Smith-123' } }));
    assert.equal(scorePair(a, b).recommendation, 'merge');
    const c = f(person({ id: 'P3', given: 'John', surname: 'Smith', externalIds: { wikitree: 'Smith-999' } }));
    assert.ok(scorePair(b, c).weights.identifier < 0);
  });
  it('is symmetric', () => {
    const a = f(person({ id: 'P1', given: 'Wilhelm', surname: 'Becker', birth: 'ABT 1830', birthPlace: 'Bavaria' }));
    const b = f(person({ id: 'P2', given: 'William', surname: 'Baker', birth: '1832', birthPlace: 'Bayern, Germany' }));
    assert.equal(scorePair(a, b).similarity.toFixed(6), scorePair(b, a).similarity.toFixed(6));
  });
});

describe('resolve: findDuplicates', () => {
  const persons = [
    person({
      id: 'P1',
      given: 'Johann',
      surname: 'Schmidt',
      sex: 'M',
      birth: '12 MAR 1850',
      birthPlace: 'Springfield, Illinois',
    }),
    person({
      id: 'P2',
      given: 'John',
      surname: 'Schmidt',
      sex: 'M',
      birth: '12 MAR 1850',
      birthPlace: 'Springfield, Sangamon, Illinois',
    }),
    person({ id: 'P3', given: 'Anna', surname: 'Weber', sex: 'F', birth: '1852' }),
  ];
  it('finds the duplicate and nothing else', () => {
    const d = findDuplicates(persons);
    assert.equal(d.length, 1);
    assert.deepEqual([d[0].a.id, d[0].b.id].sort(), ['P1', 'P2']);
  });
  it('never proposes a pair the user declared "not the same person"', () => {
    const d = findDuplicates(persons, {
      notSamePerson: [{ a: 'P2', b: 'P1', reason: 'different fathers', decidedAt: '2026-01-01T00:00:00.000Z' }],
    });
    assert.equal(d.length, 0);
  });
});

describe('resolve: regressions found on royal92', () => {
  it('Joan and Anne, daughters of one couple, are sisters (no phonetic rescue through alternate codes)', () => {
    const a = f(person({ id: 'P1', given: 'Joan', surname: 'Beaufort', sex: 'F', parents: ['F1', 'M1'] }));
    const b = f(person({ id: 'P2', given: 'Anne', surname: 'Beaufort', sex: 'F', parents: ['F1', 'M1'] }));
    const s = scorePair(a, b);
    assert.equal(s.recommendation, 'separate');
    assert.match(s.hardNegative ?? '', /siblings/);
  });
  it('GEDCOM xrefs are file-local and never compared', () => {
    const a = f(person({ id: 'P1', given: 'Ann', surname: 'Lee', externalIds: { gedcomXref: '@I1@' } }));
    const b = f(person({ id: 'P2', given: 'Ann', surname: 'Lee', externalIds: { gedcomXref: '@I1@' } }));
    assert.equal(scorePair(a, b).features.identifier, undefined);
  });
  it("relatives' names alone do not merge a dynasty that repeats them", () => {
    const byId = new Map([
      ['R1', person({ id: 'R1', given: 'Roger', surname: 'Mortimer', sex: 'M' })],
      ['R2', person({ id: 'R2', given: 'Roger', surname: 'Mortimer', sex: 'M' })],
      ['R3', person({ id: 'R3', given: 'Roger', surname: 'Mortimer', sex: 'M' })],
      ['R4', person({ id: 'R4', given: 'Roger', surname: 'Mortimer', sex: 'M' })],
    ]);
    const a = featuresOfPerson(
      person({ id: 'E1', given: 'Edmund', surname: 'Mortimer', sex: 'M', parents: ['R1'], children: ['R2'] }),
      (id) => byId.get(id),
    );
    const b = featuresOfPerson(
      person({ id: 'E2', given: 'Edmund', surname: 'Mortimer', sex: 'M', parents: ['R3'], children: ['R4'] }),
      (id) => byId.get(id),
    );
    const s = scorePair(a, b);
    assert.equal(s.recommendation, 'review');
    assert.match(s.whyNotMerge, /only names agree/);
  });
});

describe("resolve: parents' given names decide where their surname is the child's", () => {
  it('a father of another given name and the same surname counts against, not for', () => {
    const persons = [
      { key: 'H', name: 'Chaim /Benveniste/', role: 'principal' as const, sex: 'M' as const },
      { key: 'F', name: 'Jacob /Benveniste/', role: 'father' as const, sex: 'M' as const },
    ];
    const draft = featuresOfPersona(persons[0], { date: '1917', persons });
    const cousin = featuresOfPersona(
      { name: 'Haim /Benveniste/', role: 'principal', sex: 'M' },
      {
        date: '1907',
        persons: [
          { name: 'Haim /Benveniste/', role: 'principal' },
          { name: 'Avram /Benveniste/', role: 'father' },
        ],
      },
    );
    const same = featuresOfPersona(
      { name: 'Haim /Benveniste/', role: 'principal', sex: 'M' },
      {
        date: '1907',
        persons: [
          { name: 'Haim /Benveniste/', role: 'principal' },
          { name: 'Jacob /Benveniste/', role: 'father' },
        ],
      },
    );
    const other = scorePair(draft, cousin);
    assert.match(other.whyNotMerge, /parents' names differ \(jacob benveniste vs avram benveniste\)/);
    assert.ok(scorePair(draft, same).similarity > other.similarity);
  });
});

describe('resolve: a name written with an initial for every given name', () => {
  it('takes "C. F. X." for "Caetano Francisco Xavier", each in its place, above a single initial', () => {
    const given = (g: string) =>
      compareGiven(
        g.split(' ').map((t) => t.toLowerCase()),
        ['caetano', 'francisco', 'xavier'],
      )!.score;
    assert.ok(given('c f x') > 0.9);
    assert.ok(given('c x') <= 0.75, 'a namesake "C. X." has other given names');
    assert.ok(given('c') <= 0.75);
  });
});
