/**
 * Property: whatever a model returns, what the firewall lets through is grounded — every snippet
 * verbatim in the source, every name word and place word in the source, every year of a date in
 * its snippet, every confidence in [0, 1], no URL the input lacks, no hypothesis marked as fact.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkVerification } from '../../../src/llm/firewall';
import { containsVerbatim, urlsIn, wordSet, yearsIn } from '../../../src/llm/firewall/grounding';
import { VerifierOutput } from '../../../src/llm/schemas';
import { OBITUARY_RECORD as record } from './support';

const source = `${record.title}\n${record.text}`;
const corpus = wordSet(
  [record.title, record.text, record.place, record.date, record.url, record.repository].join('\n'),
);
const words = record.text.split(/\s+/);

/** Real passages of the source, damaged passages, and invented text. */
const snippet = fc.oneof(
  fc.tuple(fc.nat(words.length - 1), fc.integer({ min: 1, max: 8 })).map(([i, n]) => words.slice(i, i + n).join(' ')),
  fc
    .tuple(
      fc.nat(words.length - 1),
      fc.integer({ min: 2, max: 6 }),
      fc.constantFrom('1777', 'Atlantis', 'Zebediah', 'the'),
    )
    .map(([i, n, w]) => [...words.slice(i, i + n), w].join(' ')),
  fc.string({ minLength: 0, maxLength: 30 }),
);
const value = fc.oneof(
  fc.constantFrom(
    'Mary Ellen Kowalski',
    'Jan Nowak',
    'Zebediah Quux',
    '12 MAY 1846',
    '1777',
    'ABT 1847',
    'Posen, Prussia',
    'Atlantis',
    'son',
    'widow',
    'https://fabricated.example/x',
    '74',
    'M',
    'spouse',
  ),
  fc.tuple(fc.nat(words.length - 1), fc.integer({ min: 1, max: 3 })).map(([i, n]) => words.slice(i, i + n).join(' ')),
  fc.string({ minLength: 1, maxLength: 20 }),
);
const fieldName = fc.constantFrom(
  'name',
  'sex',
  'age',
  'birthDate',
  'birthPlace',
  'deathDate',
  'deathPlace',
  'burialPlace',
  'residence',
  'occupation',
  'role',
  'relationship',
  'favouriteColour',
);
/** Triples a careful model would return, so that grounded output is generated often, not by luck. */
const GROUNDED: [string, string, string][] = [
  ['name', 'Mary Ellen Kowalski', 'Mary Ellen Kowalski, 74, of Scranton'],
  ['name', 'Stanislaw Kowalski', 'widow of\nStanislaw Kowalski'],
  ['birthDate', '12 MAY 1846', 'born May 12, 1846 in Posen, Prussia'],
  ['birthPlace', 'Posen, Prussia', 'born May 12, 1846 in Posen, Prussia'],
  ['deathDate', '3 MAR 1921', 'died Tuesday, March 3, 1921'],
  ['age', '74', 'Mary Ellen Kowalski, 74'],
  ['relationship', 'husband', 'the widow of\nStanislaw Kowalski'],
  ['burialPlace', 'Cathedral Cemetery', 'Burial in Cathedral Cemetery.'],
];
const grounded = fc
  .record({
    triple: fc.constantFrom(...GROUNDED),
    confidence: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ triple: [field, value, citation_snippet], confidence }) => ({
    field,
    value,
    status: 'Verified' as const,
    confidence,
    citation_snippet,
    rationale: '',
  }));

const verification = fc.record({
  persons: fc.array(
    fc.record({
      ref: fc.constant(null),
      fields: fc.array(
        fc.oneof(
          grounded,
          fc.record({
            field: fieldName,
            value,
            status: fc.constantFrom('Verified', 'Verified', 'Conflicting', 'Unverified', 'Not Found'),
            confidence: fc.oneof(
              fc.double({ min: 0, max: 1, noNaN: true }),
              fc.double({ min: -2, max: 3, noNaN: true }),
            ),
            citation_snippet: fc.option(snippet, { nil: null }),
            rationale: fc.constant(''),
          }),
        ),
        { maxLength: 8 },
      ),
    }),
    { maxLength: 4 },
  ),
  hypotheses: fc.array(
    fc.record({
      type: fc.constant('other'),
      text: value,
      evidence_hint: fc.constant(''),
      priority: fc.double({ min: -1, max: 2, noNaN: true }),
      is_fact: fc.boolean(),
      suggested_queries: fc.constant([]),
    }),
    { maxLength: 4 },
  ),
  hallucination_flags: fc.constant([]),
});

const DATE_FIELDS = ['birthDate', 'deathDate', 'burialDate'];
const PLACE_FIELDS = ['birthPlace', 'deathPlace', 'burialPlace', 'residence'];

describe('hallucination firewall (property: what passes is grounded)', () => {
  it('never lets an ungrounded field, an out-of-range confidence, an unknown URL or a fact-labelled hypothesis through', () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(verification, (raw) => {
        const out = checkVerification(VerifierOutput.parse(raw), { record, extracted: [] });
        accepted += out.personas.reduce((n, p) => n + Object.keys(p.snippets).length, 0);
        rejected += out.rejected.length;
        for (const p of out.personas) {
          assert.ok(p.confidence >= 0 && p.confidence <= 1);
          for (const [field, value] of Object.entries(p.persona)) {
            if (field === 'role' && value === 'principal') continue; // the schema default, not a claim
            const s = p.snippets[field];
            assert.ok(s && containsVerbatim(source, s), `${field}: snippet ${JSON.stringify(s)} not in the source`);
            const text = String(value);
            if (field === 'name' || PLACE_FIELDS.includes(field)) {
              // Words as the firewall counts them: quotes around a word are not part of it, and
              // single characters (initials) are not checked; a place must have at least one word.
              const checked = [...wordSet(text)].map((w) => w.replace(/^'+|'+$/g, '')).filter((w) => w.length >= 2);
              if (PLACE_FIELDS.includes(field)) assert.ok(checked.length > 0, `${field} "${text}" has no place name`);
              for (const w of checked) assert.ok(corpus.has(w), `${field} word "${w}" not in the source`);
            }
            if (DATE_FIELDS.includes(field))
              for (const y of yearsIn(text)) assert.ok(yearsIn(s).includes(y), `${field} year ${y} not in "${s}"`);
            for (const u of urlsIn(text)) assert.ok(source.includes(u) || (record.url ?? '').includes(u));
          }
        }
        const factLabelled = raw.hypotheses.filter((h) => h.is_fact).length;
        assert.ok(
          out.hypotheses.filter((h) => h.type !== 'resolve_conflict').length <= raw.hypotheses.length - factLabelled,
        );
        for (const h of out.hypotheses) {
          assert.ok(h.priority >= 0 && h.priority <= 1);
          for (const u of urlsIn(h.text)) assert.ok(source.includes(u) || record.url === u, `hypothesis URL ${u}`);
        }
      }),
      { numRuns: 400 },
    );
    // not vacuous: grounded fields did pass and fabrications were rejected
    assert.ok(accepted > 20, `${accepted} fields accepted`);
    assert.ok(rejected > 100, `${rejected} rejections`);
  });
});
