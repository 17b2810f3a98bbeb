import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FeatureSource, sureFeatureSource } from '../../../src/agents/analyst/resolve';

/** A field's value: mostly one the schema accepts, now and then one it turns down. */
const mostly = (valid: unknown[], invalid: unknown[]) =>
  fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: fc.constantFrom(...invalid) });
const mostlyOf = (valid: fc.Arbitrary<unknown>, invalid: unknown[]) =>
  fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...invalid) });

const name = fc.record(
  {
    given: mostly(['John', '', 'Mary Anne'], [7, null]),
    surname: mostly(['Smith', ''], [null]),
    prefix: mostly(['Dr'], [3]),
    suffix: mostly(['Jr'], [null]),
    nickname: fc.constant('Jack'),
    type: mostly(['birth', 'married', 'aka', 'religious', 'immigrant', 'nickname'], ['bogus', 1]),
    citations: fc.constant(['S1']),
  },
  { requiredKeys: [] },
);
const assertion = fc.record(
  {
    id: fc.constant('A1'),
    field: mostly(['birth.date', 'death.place', 'occupation.value', 'sex'], ['birth.when', 'Birth.date', 5]),
    value: mostly(['1850', 'Boston', 1850, 0, -1.5], ['', null, true, {}]),
    status: mostly(['accepted', 'staged', 'disputed', 'rejected'], ['maybe']),
    confidence: mostly([0, 1, 0.5], [1.5, -0.1, '0.5', null]),
    generalised: mostly([true], [false, 'true']),
    event: fc.constant('P1.e1'),
    evidence: fc.constant([]),
  },
  { requiredKeys: ['field', 'value', 'status', 'confidence'] },
);
const relationship = fc.record(
  {
    type: mostly(['parent', 'child', 'spouse'], ['sibling']),
    person: mostly(['P2', 'P-3.x_y'], ['bad id', '', 3]),
    status: mostly(['accepted', 'rejected', 'staged'], ['nope']),
    confidence: fc.constant(1),
  },
  { requiredKeys: ['type', 'person'] },
);
const person = fc
  .record(
    {
      id: mostly(['P1', 'P-b19b71-I3', 'a'.repeat(80)], ['bad id', '', '-x', 'a'.repeat(81), 5, null]),
      names: mostlyOf(fc.array(name, { maxLength: 3 }), ['John', null]),
      sex: mostly(['M', 'F', 'U', 'X'], ['Q', null, 1]),
      living: mostly([true, false], ['yes', null]),
      assertions: mostlyOf(fc.array(assertion, { maxLength: 4 }), [{}, null]),
      relationships: mostlyOf(fc.array(relationship, { maxLength: 3 }), ['P2']),
      externalIds: mostlyOf(
        fc.dictionary(fc.constantFrom('_UID', 'wikitree', '1', 'gedcomXref'), mostly(['X1', ''], [1])),
        [null, [], JSON.parse('{"__proto__": "x"}')],
      ),
      gedcom: fc.constant({ xref: '@I1@' }),
    },
    { requiredKeys: ['id', 'names'] },
  )
  // As a tree line gives it: plain objects (fast-check also makes some without a prototype).
  .map((p) => JSON.parse(JSON.stringify(p)) as unknown);

describe('resolve: sureFeatureSource (the fast reader of a tree line for the duplicate search)', () => {
  it('reads only what the schema accepts, and reads it as the schema does', () => {
    let sure = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 9, arbitrary: person }, { weight: 1, arbitrary: fc.anything() }), (value) => {
        const fast = sureFeatureSource(value);
        if (fast === undefined) return;
        sure++;
        const zod = FeatureSource.safeParse(value);
        assert.ok(zod.success, `read a value the schema turns down: ${JSON.stringify(value)}`);
        assert.deepStrictEqual(fast, zod.data);
        assert.equal(JSON.stringify(fast), JSON.stringify(zod.data), 'same keys in the same order');
      }),
      { numRuns: 5000, seed: 15 },
    );
    assert.ok(sure > 200, `${sure} values read without zod`);
  });
  it('is sure of a typical tree person', () => {
    const p = {
      id: 'P-b19b71-I3',
      names: [{ given: 'John', surname: 'Müller', type: 'birth' }],
      sex: 'M',
      assertions: [
        { id: 'P-b19b71-I3.e1.date', field: 'birth.date', value: '13 MAR 1639', status: 'accepted', confidence: 0.9 },
        { id: 'P-b19b71-I3.e1.place', field: 'birth.place', value: 'York', status: 'accepted', confidence: 0.9 },
      ],
      relationships: [{ type: 'parent', person: 'P-b19b71-I1', status: 'accepted', confidence: 1, evidence: [] }],
      externalIds: { _UID: '0001DAA66D13', gedcomXref: '@I3@' },
      gedcom: { file: 'gen.ged' },
    };
    assert.deepStrictEqual(sureFeatureSource(p), FeatureSource.parse(p));
  });
});
