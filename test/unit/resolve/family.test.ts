import assert from 'node:assert/strict';
import { CandidateIndex, dateFeature, featuresOfPerson, scorePair } from '../../../src/agents/analyst/resolve';
import { compareDates } from '../../../src/agents/analyst/resolve/compare';
import { person } from './fixtures';

const f = featuresOfPerson;

describe('resolve: family evidence (royal92 duplicates)', () => {
  it('the same child of one couple entered twice (a slip in the name, no date) merges', () => {
    const a = f(
      person({ id: 'P1', given: 'Valdemar', surname: '', sex: 'M', birth: '27 OCT 1858', parents: ['F', 'M'] }),
    );
    const b = f(person({ id: 'P2', given: 'Valdemra', surname: '', sex: 'M', parents: ['F', 'M'] }));
    const s = scorePair(a, b);
    assert.equal(s.recommendation, 'merge', s.rationale + s.whyNotMerge);
    assert.match(s.features.relationships.reason, /same given name/);
  });
  it('"Frederick" alone among the brothers Frederick Louis and Frederick William is not merged with either', () => {
    const fl = f(person({ id: 'P1', given: 'Frederick Louis', surname: '', sex: 'M', parents: ['F', 'M'] }));
    const fw = f(person({ id: 'P2', given: 'Frederick William', surname: '', sex: 'M', parents: ['F', 'M'] }));
    const dup = f(person({ id: 'P3', given: 'Frederick', surname: '', sex: 'M', parents: ['F', 'M'] }));
    for (const x of [fl, fw]) assert.notEqual(scorePair(dup, x).recommendation, 'merge');
  });
  it('an initial among siblings is not enough (G. may be George or Gerald)', () => {
    const g = f(person({ id: 'P1', given: 'George', surname: 'Lascelles', sex: 'M', parents: ['F', 'M'] }));
    const dup = f(person({ id: 'P2', given: 'G.', surname: 'Lascelles', sex: 'M', parents: ['F', 'M'] }));
    assert.notEqual(scorePair(dup, g).recommendation, 'merge');
  });
  it('a second entry of a spouse with an initial that fits merges; a second wife of another name does not', () => {
    const d = f(person({ id: 'P1', given: 'Desiree', surname: 'Sweden', sex: 'F', spouses: ['H'] }));
    const dup = f(person({ id: 'P2', given: 'D.', surname: 'Sweden', sex: 'F', spouses: ['H'] }));
    assert.equal(scorePair(dup, d).recommendation, 'merge');
    const other = f(person({ id: 'P3', given: 'Mary', surname: 'Jones', sex: 'F', spouses: ['H'] }));
    assert.notEqual(scorePair(other, d).recommendation, 'merge');
  });
  it('two wives of one man with the same first name and different surnames are not merged', () => {
    const a = f(person({ id: 'P1', given: 'Mary', surname: 'Smith', sex: 'F', spouses: ['H'] }));
    const b = f(person({ id: 'P2', given: 'Mary', surname: 'Jones', sex: 'F', spouses: ['H'] }));
    assert.notEqual(scorePair(a, b).recommendation, 'merge');
  });
  it('twins stay separate even with the family rule (different given names)', () => {
    const a = f(
      person({ id: 'P1', given: 'Anne', surname: 'Stuart', sex: 'F', birth: '28 JUN 1692', parents: ['F', 'M'] }),
    );
    const b = f(
      person({ id: 'P2', given: 'Louisa', surname: 'Stuart', sex: 'F', birth: '28 JUN 1692', parents: ['F', 'M'] }),
    );
    const s = scorePair(a, b);
    assert.equal(s.recommendation, 'separate');
    assert.match(s.hardNegative ?? '', /twins/);
  });
  it('same parents and birth day with a name that agrees only in part (a middle name) is left to a reviewer: twins look like that', () => {
    const a = f(
      person({
        id: 'P1',
        given: 'Maude Charlotte Mary',
        surname: '',
        sex: 'F',
        birth: '26 NOV 1869',
        birthPlace: 'Marlborough House, London',
        parents: ['F', 'M'],
      }),
    );
    const b = f(
      person({
        id: 'P2',
        given: 'Maria',
        surname: '',
        sex: 'F',
        birth: '26 NOV 1869',
        birthPlace: 'Marlborough House, London',
        parents: ['F', 'M'],
      }),
    );
    const s = scorePair(a, b);
    assert.notEqual(s.recommendation, 'merge');
    assert.match(s.whyNotMerge, /may be twins/);
  });
  it('close spellings of two names (Charlotte, Charles) are not the same given name among siblings', () => {
    const a = f(person({ id: 'P1', given: 'Charlotte', surname: '', sex: 'F', parents: ['F', 'M'] }));
    const b = f(person({ id: 'P2', given: 'Charles', surname: '', sex: 'F', parents: ['F', 'M'] }));
    assert.notEqual(scorePair(a, b).recommendation, 'merge');
  });
  it('a child named after a dead sibling (same name, births years apart) stays separate', () => {
    const a = f(
      person({ id: 'P1', given: 'Charles', surname: 'Stuart', sex: 'M', birth: '1660', parents: ['F', 'M'] }),
    );
    const b = f(
      person({ id: 'P2', given: 'Charles', surname: 'Stuart', sex: 'M', birth: '1666', parents: ['F', 'M'] }),
    );
    assert.equal(scorePair(a, b).recommendation, 'separate');
  });
  it('the same exact birth day and a one-letter slip in the name merges', () => {
    const a = f(person({ id: 'P1', given: 'Charles', surname: '', sex: 'M', birth: '14 JUL 1966' }));
    const b = f(person({ id: 'P2', given: 'Chrles', surname: '', sex: 'M', birth: '14 JUL 1966' }));
    assert.equal(scorePair(a, b).recommendation, 'merge');
  });
  it('an estimate centred on the stated year agrees more than ranges that merely overlap', () => {
    const centred = compareDates(dateFeature('1905'), dateFeature('ABT 1905'), 'birth')!;
    const overlap = compareDates(dateFeature('1903'), dateFeature('ABT 1905'), 'birth')!;
    assert.ok(centred.score > 0.8 && centred.score < 0.9, String(centred.score));
    assert.match(centred.reason, /centred on the same year/);
    assert.ok(overlap.score < centred.score);
    // Wide ranges (BEF, AFT) are not estimates of one year.
    assert.ok(compareDates(dateFeature('BEF 1461'), dateFeature('BEF 1461'), 'birth')!.score < 0.8);
  });
});

describe('resolve: the sibling list (CandidateIndex as family lookup)', () => {
  const kid = (id: string, given: string, birth?: string) =>
    f(person({ id, given, surname: 'Armstrong-Jones', sex: 'M', birth, parents: ['F', 'M'] }));
  it('"David" is the only child of the couple so named: merged with "David Albert Charles"', () => {
    const full = kid('P1', 'David Albert Charles', '3 NOV 1961');
    const dup = kid('P2', 'David');
    const idx = new CandidateIndex([full, dup, kid('P3', 'Sarah Frances Elizabeth', '1 MAY 1964')]);
    assert.notEqual(scorePair(dup, full).recommendation, 'merge');
    const s = scorePair(dup, full, { family: idx });
    assert.equal(s.recommendation, 'merge', s.rationale + s.whyNotMerge);
    assert.ok(idx.pairs().next().value, 'the pair is a blocking candidate');
  });
  it('with a brother "David Edward" it stays a question for the reviewer', () => {
    const full = kid('P1', 'David Albert Charles', '3 NOV 1961');
    const dup = kid('P2', 'David');
    const idx = new CandidateIndex([full, dup, kid('P3', 'David Edward', '1 MAY 1964')]);
    assert.notEqual(scorePair(dup, full, { family: idx }).recommendation, 'merge');
  });
});

describe('resolve: regnal numbers, epithets and hyphenated names are styles, not spellings (issue #15)', () => {
  const royal = (id: string, given: string, birth?: string, death?: string) =>
    f(person({ id, given, surname: '', sex: 'M', birth, death, parents: ['F', 'M'] }));
  const contradicted = (x: ReturnType<typeof royal>, y: ReturnType<typeof royal>) => {
    const s = scorePair(x, y);
    assert.notEqual(s.recommendation, 'merge', s.rationale);
    assert.ok((s.weights.regnal ?? 0) < 0, `a style contradiction is weighed: ${s.whyNotMerge}`);
    return s;
  };
  it('"Louis XVI" and "Louis-Philippe Joseph" are two men', () => {
    const s = contradicted(royal('P1', 'Louis XVI', '1754'), royal('P2', 'Louis-Philippe Joseph', '1754'));
    assert.match(s.features.regnal.reason, /"louis-philippe" is one name/);
  });
  it('"Louis the Young" and "Louis III", or two different epithets, are two men', () => {
    assert.match(
      contradicted(royal('P1', 'Louis the_Young', '835'), royal('P2', 'Louis III', '835')).features.regnal.reason,
      /regnal number against an epithet/,
    );
    assert.match(
      contradicted(royal('P1', 'Louis the Young', '835'), royal('P2', 'Louis the Stammerer', '835')).features.regnal
        .reason,
      /different epithets/,
    );
  });
  it('the same style, or a style left out by one entry, is no contradiction', () => {
    for (const [x, y] of [
      ['Louis the Young', 'Louis the Younger'],
      ['Louis XVI', 'Louis'],
      ['Louis the Young', 'Louis'],
    ]) {
      const s = scorePair(royal('P1', x, '3 MAY 1120', '1180'), royal('P2', y, '3 MAY 1120', '1180'));
      assert.equal(s.weights.regnal, undefined, `${x} / ${y}: ${s.whyNotMerge}`);
      assert.equal(s.recommendation, 'merge', `${x} / ${y}: ${s.rationale}`);
    }
    assert.equal(
      scorePair(royal('P1', 'Louis-Philippe', '1747'), royal('P2', 'Louis-Philippe Joseph', '1747')).weights.regnal,
      undefined,
    );
  });
});

describe('resolve: same-name siblings (necronyms, issue #15)', () => {
  const kid = (id: string, given: string, birth?: string, death?: string) =>
    f(person({ id, given, surname: 'Becker', sex: 'M', birth, death, parents: ['F', 'M'] }));
  it('births years apart keep them apart; a death before the other birth too', () => {
    assert.equal(scorePair(kid('P1', 'Johann', '1850'), kid('P2', 'Johann', '1854')).recommendation, 'separate');
    assert.equal(
      scorePair(kid('P1', 'Johann', '3 MAR 1850', '1851'), kid('P2', 'Johann', '1853')).recommendation,
      'separate',
    );
  });
  it('with no date on either side the pair is at most "review"', () => {
    const s = scorePair(kid('P1', 'Johann'), kid('P2', 'Johann'));
    assert.equal(s.recommendation, 'review', s.rationale);
    assert.match(s.whyNotMerge, /named after a sibling who died young/);
  });
});

describe('resolve: same-name siblings dated to the day or buried young', () => {
  const kid = (id: string, given: string, birth?: string, death?: string) =>
    f(person({ id, given, surname: 'Becker', sex: 'M', birth, death, parents: ['F', 'M'] }));
  it('two births written to the day, two years apart, are two children; a slip of one digit is not', () => {
    assert.equal(
      scorePair(kid('P1', 'Johann', '4 MAR 1850'), kid('P2', 'Johann', '19 NOV 1852')).recommendation,
      'separate',
    );
    assert.notEqual(
      scorePair(kid('P1', 'Johann', '4 MAR 1850'), kid('P2', 'Johann', '4 MAR 1852')).recommendation,
      'separate',
    );
  });
  it('a burial before the other birth keeps them apart', () => {
    const buried = f(person({ id: 'P1', given: 'Johann', surname: 'Becker', sex: 'M', parents: ['F', 'M'] }));
    buried.death = { text: '12 DEC 1850', min: 1849, max: 1850, stated: false };
    const s = scorePair(buried, kid('P2', 'Johann', '3 JAN 1851'));
    assert.equal(s.recommendation, 'separate', s.rationale);
    assert.match(s.hardNegative ?? '', /before .* was born/);
    // Bare years a year apart may be one child with a slipped year: no rule of its own.
    assert.equal(
      scorePair(kid('P1', 'Johann', '1880', '1880'), kid('P2', 'Johann', '1881', '1880')).hardNegative,
      undefined,
    );
  });
});
