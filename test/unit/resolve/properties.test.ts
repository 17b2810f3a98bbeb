import assert from 'node:assert/strict';
import fc from 'fast-check';
import { featuresOfPerson, scorePair, CandidateIndex } from '../../../src/agents/analyst/resolve';
import { detectConflicts } from '../../../src/agents/analyst/conflicts';
import { Person } from '../../../src/model';
import { person } from './fixtures';

const given = fc.constantFrom('John', 'Johann', 'Jon', 'William', 'Bill', 'Mary', 'Maria', 'Anna', 'Twin 1', 'J.', '');
const surname = fc.constantFrom('Smith', 'Schmidt', 'Smyth', 'Weber', 'Lee', '');
const date = fc.option(
  fc.constantFrom('1850', 'ABT 1850', '12 MAR 1850', '13 MAR 1850', 'BEF 1860', '1790', 'BET 1848 AND 1852'),
  { nil: undefined },
);
const place = fc.option(
  fc.constantFrom('Springfield, Illinois', 'Springfield, Sangamon, Illinois, USA', 'Boston', 'Bayern'),
  { nil: undefined },
);
const sex = fc.constantFrom('M' as const, 'F' as const, 'U' as const);
const arbPerson = (id: string) =>
  fc
    .record({ given, surname, sex, birth: date, death: date, birthPlace: place })
    .map((r) => person({ id, ...r, given: r.given || 'X' }));

describe('resolve and conflicts: properties', () => {
  it('scorePair is symmetric, bounded, and never merges a hard negative', () => {
    fc.assert(
      fc.property(arbPerson('P1'), arbPerson('P2'), (a, b) => {
        const fa = featuresOfPerson(a);
        const fb = featuresOfPerson(b);
        const x = scorePair(fa, fb);
        const y = scorePair(fb, fa);
        assert.ok(x.similarity >= 0 && x.similarity <= 1);
        assert.equal(x.similarity.toFixed(9), y.similarity.toFixed(9));
        assert.equal(x.recommendation, y.recommendation);
        if (x.hardNegative) assert.equal(x.recommendation, 'separate');
        for (const f of Object.values(x.features)) assert.ok(f.score >= 0 && f.score <= 1 && f.reason.length > 0);
      }),
      { numRuns: 300 },
    );
  });
  it('the index finds a person identical to an indexed one (unless only a placeholder and a vague date describe them)', () => {
    fc.assert(
      fc.property(arbPerson('P1'), (a) => {
        const f = featuresOfPerson(a);
        // A placeholder name with no date narrower than 12 years is no evidence to find anyone by.
        const narrow = (d?: { min?: number; max?: number }) =>
          d?.min !== undefined && d.max !== undefined && d.max - d.min <= 12;
        fc.pre(
          f.names.some((n) => n.givenMeta.length > 0 || n.surnames.length > 0) || narrow(f.birth) || narrow(f.death),
        );
        const idx = new CandidateIndex([f]);
        const copy = featuresOfPerson(Person.parse({ ...a, id: 'P2' }));
        assert.deepEqual(
          idx.candidates(copy).map((c) => c.id),
          ['P1'],
        );
      }),
      { numRuns: 200 },
    );
  });
  it('a conflict always has two mutually incompatible values and prefers one of them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('1850', 'ABT 1850', '12 MAR 1850', '1852', 'BEF 1851', 'AFT 1860'), {
          minLength: 1,
          maxLength: 5,
        }),
        (values) => {
          const p = Person.parse({
            id: 'P1',
            names: [{ given: 'A', surname: 'B' }],
            assertions: values.map((v, i) => ({
              id: `A${i}`,
              field: 'birth.date',
              value: v,
              status: 'accepted',
              confidence: 0.5,
            })),
          });
          for (const c of detectConflicts(p)) {
            assert.ok(c.competing.length >= 2);
            assert.ok(c.competing.some((x) => x.value === c.preferred));
            assert.ok(c.status === 'open' || c.status === 'tentative');
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
