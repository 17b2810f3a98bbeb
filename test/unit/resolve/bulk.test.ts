import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  CandidateIndex,
  featuresOfPerson,
  scorePair,
  searchDuplicateFeatures,
  type PersonFeatures,
} from '../../../src/agents/analyst/resolve';
import { person } from './fixtures';

const given = fc.constantFrom(
  'John',
  'Johann',
  'Jon',
  'William',
  'Bill',
  'Mary',
  'Maria',
  'Anna',
  'J.',
  'Frederick William',
  'Frederick',
);
const surname = fc.constantFrom('Smith', 'Schmidt', 'Smyth', 'Weber', 'Lee', '');
const date = fc.option(
  fc.constantFrom('1850', 'ABT 1850', '12 MAR 1850', '13 MAR 1850', '1851', '1790', 'BET 1848 AND 1852'),
  { nil: undefined },
);
const place = fc.option(fc.constantFrom('Springfield, Illinois', 'Springfield, Sangamon, Illinois, USA', 'Boston'), {
  nil: undefined,
});
const rels = fc.subarray(['F1', 'M1', 'S1']);
const arbPeople = fc
  .array(
    fc.record({
      given,
      surname,
      sex: fc.constantFrom('M' as const, 'F' as const, 'U' as const),
      birth: date,
      death: date,
      birthPlace: place,
      rels,
    }),
    { minLength: 2, maxLength: 40 },
  )
  .map((rs) =>
    rs.map((r, i) =>
      featuresOfPerson(
        person({
          id: `P${i}`,
          given: r.given,
          surname: r.surname,
          sex: r.sex,
          birth: r.birth,
          death: r.death,
          birthPlace: r.birthPlace,
          parents: r.rels.filter((x) => x !== 'S1'),
          spouses: r.rels.filter((x) => x === 'S1'),
        }),
      ),
    ),
  );

const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

describe('resolve: bulk scoring paths agree with the explained score', () => {
  it('pairs() yields every candidate pair exactly once, whatever the per-person cut', () => {
    fc.assert(
      fc.property(arbPeople, fc.integer({ min: 1, max: 6 }), (feats, maxCandidates) => {
        const idx = new CandidateIndex(feats, { maxCandidates });
        const expected = new Set<string>();
        for (const f of feats) for (const c of idx.candidates(f)) expected.add(key(f.id, c.id));
        const seen: string[] = [];
        for (const [a, b] of idx.pairs()) {
          assert.notEqual(a.id, b.id);
          seen.push(key(a.id, b.id));
        }
        assert.equal(new Set(seen).size, seen.length, 'a pair came twice');
        assert.deepEqual(new Set(seen), expected);
      }),
      { numRuns: 150 },
    );
  });
  it('explain: false gives the same similarity, recommendation and hard negative; a floor only ever stops below it', () => {
    fc.assert(
      fc.property(arbPeople, fc.constantFrom(0.3, 0.5, 0.85), (feats, floor) => {
        const idx = new CandidateIndex(feats);
        for (let i = 0; i + 1 < feats.length; i++) {
          const [a, b]: PersonFeatures[] = [feats[i], feats[i + 1]];
          const full = scorePair(a, b, { frequencies: idx.frequencies });
          const quick = scorePair(a, b, { frequencies: idx.frequencies, explain: false });
          assert.equal(quick.similarity, full.similarity);
          assert.equal(quick.recommendation, full.recommendation);
          assert.equal(quick.hardNegative, full.hardNegative);
          const floored = scorePair(a, b, { frequencies: idx.frequencies, explain: false, floor });
          if (floored.bounded) {
            assert.ok(
              floored.similarity < floor && full.similarity <= floored.similarity + 1e-12,
              `${full.similarity} ≤ bound ${floored.similarity} < ${floor}`,
            );
            assert.equal(floored.recommendation, 'separate');
            assert.equal(full.recommendation, floor > 0.3 && full.similarity >= 0.3 ? full.recommendation : 'separate');
          } else assert.equal(floored.similarity, full.similarity);
        }
      }),
      { numRuns: 150 },
    );
  });
  it('dropSeparate stops only pairs a rule makes "separate", and changes no other score', () => {
    let stopped = 0;
    fc.assert(
      fc.property(arbPeople, fc.constantFrom(0.3, 0.85), (feats, floor) => {
        const idx = new CandidateIndex(feats);
        for (let i = 0; i < feats.length; i++)
          for (let j = i + 1; j < feats.length; j++) {
            const [a, b] = [feats[i], feats[j]];
            const opts = { frequencies: idx.frequencies, family: idx, explain: false, floor };
            const kept = scorePair(a, b, opts);
            const dropping = scorePair(a, b, { ...opts, dropSeparate: true });
            if (dropping.bounded && dropping.similarity === 0) {
              stopped++;
              assert.equal(dropping.recommendation, 'separate');
              assert.equal(scorePair(a, b, { frequencies: idx.frequencies, family: idx }).recommendation, 'separate');
            } else assert.deepEqual(dropping, kept);
          }
      }),
      { numRuns: 100, seed: 15 },
    );
    assert.ok(stopped > 100, `${stopped} pairs stopped`);
  });
  it('with population counts (namesakes, place shares), bulk and explained scores still agree and the floor stays safe', () => {
    // A population of 520 makes NameFrequencies informative, so the rules that read counts run.
    const names = ['Anne', 'George', 'Louise', 'Henry', 'Sophia', 'Charles', 'Augusta', 'Ernest'];
    const filler = Array.from({ length: 520 }, (_, i) =>
      featuresOfPerson(
        person({
          id: `F${i}`,
          given: names[i % names.length],
          surname: `S${i % 97}`,
          birth: String(1700 + ((i * 37) % 250)),
          birthPlace: i % 3 ? 'Paris, France' : 'London, England',
        }),
      ),
    );
    const rare = fc.constantFrom(
      'Hardicanute',
      'Mathilde',
      'Valdemar',
      'Valdemra',
      'Anne',
      'Francis Charles',
      'F. Charles',
    );
    const years = fc.option(fc.constantFrom('1843', '1844', 'ABT 1843', '3 MAY 1843', '1878', '1903'), {
      nil: undefined,
    });
    const arb = fc.array(
      fc.record({
        given: rare,
        birth: years,
        death: years,
        birthPlace: fc.option(fc.constantFrom('St. Germain-,en-Laye,France', 'en-Laye,France', 'France'), {
          nil: undefined,
        }),
      }),
      { minLength: 2, maxLength: 12 },
    );
    fc.assert(
      fc.property(arb, fc.constantFrom(0.3, 0.5, 0.85), (rs, floor) => {
        const feats = rs.map((r, i) =>
          featuresOfPerson(
            person({
              id: `P${i}`,
              given: r.given,
              surname: '',
              sex: 'M',
              birth: r.birth,
              death: r.death,
              birthPlace: r.birthPlace,
            }),
          ),
        );
        const idx = new CandidateIndex([...filler, ...feats]);
        for (let i = 0; i + 1 < feats.length; i++) {
          const [a, b] = [feats[i], feats[i + 1]];
          const full = scorePair(a, b, { frequencies: idx.frequencies, family: idx });
          const quick = scorePair(a, b, { frequencies: idx.frequencies, family: idx, explain: false });
          assert.equal(quick.similarity, full.similarity);
          assert.equal(quick.recommendation, full.recommendation);
          const floored = scorePair(a, b, { frequencies: idx.frequencies, family: idx, explain: false, floor });
          if (floored.bounded)
            assert.ok(
              floored.similarity < floor && full.similarity <= floored.similarity + 1e-12,
              `${full.similarity} ≤ bound ${floored.similarity} < ${floor}`,
            );
          else assert.equal(floored.similarity, full.similarity);
        }
      }),
      { numRuns: 60 },
    );
  });
  it('with identifiers (a file _UID, an authority id) and relatives named alike, the floor stays safe', () => {
    // Relatives outside the pairs, so that each person's relatives are named (parent, spouse, child),
    // two of each name: relatives named alike that are not the same relative.
    const kin = [
      person({ id: 'R1', given: 'Hans', surname: 'Weber' }),
      person({ id: 'R2', given: 'Hans', surname: 'Weber' }),
      person({ id: 'R3', given: 'Greta', surname: 'Lee' }),
      person({ id: 'R4', given: 'Greta', surname: 'Lee' }),
      person({ id: 'R5', given: 'Anna', surname: 'Smith' }),
      person({ id: 'R6', given: 'Anna', surname: 'Smith' }),
    ];
    const byId = new Map(kin.map((p) => [p.id, p]));
    const arb = fc.array(
      fc.record({
        given,
        surname,
        sex: fc.constantFrom('M' as const, 'F' as const, 'U' as const),
        birth: date,
        death: date,
        // the same, one keystroke apart, unlike
        uid: fc.option(fc.constantFrom('0001DAA66D13', '0001DAA66D14', '00009E3779B1'), { nil: undefined }),
        wikitree: fc.option(fc.constantFrom('Weber-12', 'Weber-13', 'Lee-7'), { nil: undefined }),
        parents: fc.subarray(['R1', 'R2']),
        spouses: fc.subarray(['R3', 'R4']),
        children: fc.subarray(['R5', 'R6']),
      }),
      { minLength: 2, maxLength: 20 },
    );
    fc.assert(
      fc.property(arb, fc.constantFrom(0.3, 0.5, 0.85), (rs, floor) => {
        const feats = rs.map((r, i) =>
          featuresOfPerson(
            person({
              id: `P${i}`,
              given: r.given,
              surname: r.surname,
              sex: r.sex,
              birth: r.birth,
              death: r.death,
              parents: r.parents,
              spouses: r.spouses,
              children: r.children,
              externalIds: {
                ...(r.uid ? { _UID: r.uid } : {}),
                ...(r.wikitree ? { wikitree: r.wikitree } : {}),
              },
            }),
            (id) => byId.get(id),
          ),
        );
        const idx = new CandidateIndex(feats);
        for (let i = 0; i < feats.length; i++)
          for (let j = i + 1; j < feats.length; j++) {
            const [a, b] = [feats[i], feats[j]];
            const full = scorePair(a, b, { frequencies: idx.frequencies, family: idx });
            const floored = scorePair(a, b, { frequencies: idx.frequencies, family: idx, explain: false, floor });
            if (floored.bounded)
              assert.ok(
                floored.similarity < floor && full.similarity <= floored.similarity + 1e-12,
                `${full.similarity} ≤ bound ${floored.similarity} < ${floor}`,
              );
            else assert.equal(floored.similarity, full.similarity);
          }
      }),
      { numRuns: 150 },
    );
  });
  it('maxReviews keeps every merge and exactly the best reviews of the full search, and says below what it cut', () => {
    fc.assert(
      fc.property(arbPeople, fc.integer({ min: 0, max: 6 }), (feats, k) => {
        const row = (d: {
          a: PersonFeatures;
          b: PersonFeatures;
          score: { similarity: number; recommendation: string };
        }) => `${key(d.a.id, d.b.id)} ${d.score.similarity.toFixed(6)} ${d.score.recommendation}`;
        const full = searchDuplicateFeatures(feats).proposals;
        const cut = searchDuplicateFeatures(feats, { maxReviews: k });
        const reviews = full.filter((d) => d.score.recommendation === 'review');
        const expected = full.filter((d) => d.score.recommendation !== 'review' || reviews.indexOf(d) < k).map(row);
        assert.deepEqual(cut.proposals.map(row), expected);
        if (reviews.length > k) {
          assert.ok(cut.reviewsBelow !== undefined, 'a cut is reported');
          for (const d of reviews.slice(k)) assert.ok(d.score.similarity <= cut.reviewsBelow);
        }
        assert.equal(searchDuplicateFeatures(feats).reviewsBelow, undefined);
      }),
      { numRuns: 300, seed: 15 },
    );
  });

  it('removing and re-adding persons keeps the index consistent', () => {
    const a = featuresOfPerson(person({ id: 'P1', given: 'Ann', surname: 'Lee', birth: '1800' }));
    const b = featuresOfPerson(person({ id: 'P2', given: 'Ann', surname: 'Lee', birth: '1800' }));
    const c = featuresOfPerson(person({ id: 'P3', given: 'Anne', surname: 'Lee', birth: '1801' }));
    const idx = new CandidateIndex([a, b, c]);
    idx.remove('P2');
    idx.add(featuresOfPerson(person({ id: 'P2', given: 'Zeno', surname: 'Quist', birth: '1700' })));
    idx.add(b);
    assert.deepEqual(
      idx
        .candidates(a)
        .map((x) => x.id)
        .sort(),
      ['P2', 'P3'],
    );
    assert.equal(idx.size, 3);
    assert.equal(idx.get('P2'), b);
  });
});
