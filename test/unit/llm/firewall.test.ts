import assert from 'node:assert/strict';
import type { GroundedPersona } from '../../../src/engine/agents';
import {
  checkAdjudication,
  checkConflictAnalysis,
  checkPlan,
  checkVerification,
  type Rejection,
} from '../../../src/llm/firewall';
import { containsVerbatim, dateGrounded } from '../../../src/llm/firewall/grounding';
import { ConflictOutput, PlannerOutput, ResolverOutput, VerifierOutput } from '../../../src/llm/schemas';
import type { Conflict } from '../../../src/model';
import { OBITUARY_RECORD as record } from './support';

type Field = VerifierOutput['persons'][number]['fields'][number];
const field = (f: Partial<Field> & Pick<Field, 'field' | 'value'>): Field => ({
  status: 'Verified',
  confidence: 0.9,
  citation_snippet: null,
  rationale: '',
  ...f,
});
const verify = (
  fields: Field[],
  extra: Partial<VerifierOutput> = {},
  extracted: GroundedPersona[] = [],
  ref: number | null = null,
) => checkVerification(VerifierOutput.parse({ persons: [{ ref, fields }], ...extra }), { record, extracted });
const NAME = field({
  field: 'name',
  value: 'Mary Ellen Kowalski',
  citation_snippet: 'Mary Ellen Kowalski, 74, of Scranton',
});
const checks = (r: Rejection[]) => r.map((x) => x.check);

describe('hallucination firewall (seed 001 §6.1, all ten checks)', () => {
  it('passes a well-grounded verification: names, dates, places and a relationship with verbatim citations', () => {
    const out = checkVerification(
      VerifierOutput.parse({
        persons: [
          {
            fields: [
              NAME,
              // the snippet spans an OCR line break: whitespace is not content
              field({ field: 'deathDate', value: '3 MAR 1921', citation_snippet: 'died Tuesday, March 3, 1921' }),
              field({
                field: 'birthDate',
                value: '1846-05-12',
                citation_snippet: 'born May 12, 1846 in Posen, Prussia',
              }),
              field({
                field: 'birthPlace',
                value: 'Posen, Prussia',
                citation_snippet: 'born May 12, 1846 in Posen, Prussia',
              }),
              field({ field: 'age', value: '74', citation_snippet: 'Mary Ellen Kowalski, 74' }),
            ],
          },
          {
            fields: [
              field({
                field: 'name',
                value: 'Stanislaw Kowalski',
                citation_snippet: 'She was the widow of Stanislaw Kowalski.',
              }),
              field({
                field: 'relationship',
                value: 'husband',
                citation_snippet: 'She was the widow of Stanislaw Kowalski.',
              }),
              field({ field: 'role', value: 'spouse', citation_snippet: 'widow of Stanislaw Kowalski' }),
            ],
          },
        ],
        hypotheses: [
          {
            type: 'parental_discovery',
            text: 'Jan Kowalski Jr. implies a father Jan Kowalski Sr.',
            priority: 0.6,
            is_fact: false,
            suggested_queries: ['Jan Kowalski Sr.'],
          },
        ],
      }),
      { record, extracted: [] },
    );
    assert.deepEqual(out.rejected, []);
    assert.equal(out.personas.length, 2);
    assert.equal(out.personas[0].persona.birthDate, '1846-05-12');
    assert.equal(out.personas[0].snippets.birthPlace, 'born May 12, 1846 in Posen, Prussia');
    assert.equal(out.personas[1].persona.relationship, 'husband');
    assert.equal(out.personas[1].persona.role, 'spouse');
    assert.equal(out.hypotheses.length, 1);
  });

  it('check 1: rejects a verified field without a citation snippet', () => {
    const out = verify([NAME, field({ field: 'deathDate', value: '3 MAR 1921', citation_snippet: null })]);
    assert.deepEqual(checks(out.rejected), [1]);
    assert.equal(out.personas[0].persona.deathDate, undefined);
  });

  it('check 2: rejects a citation that is not verbatim in the captured source', () => {
    const out = verify([
      NAME,
      field({ field: 'birthDate', value: '12 MAY 1846', citation_snippet: 'born on the 12th of May, 1846' }),
    ]);
    assert.deepEqual(checks(out.rejected), [2]);
  });

  it('check 3: rejects a date whose year is not in the cited text (and an age-derived year)', () => {
    const out = verify([
      NAME,
      field({ field: 'birthDate', value: '12 MAY 1845', citation_snippet: 'born May 12, 1846 in Posen' }),
    ]);
    assert.deepEqual(checks(out.rejected), [3]);
    const derived = verify([
      NAME,
      field({ field: 'birthDate', value: 'ABT 1847', citation_snippet: 'Mary Ellen Kowalski, 74' }),
    ]);
    assert.deepEqual(checks(derived.rejected), [3]);
    assert.equal(dateGrounded('12 JUN 1846', 'born May 12, 1846').ok, false, 'wrong month');
    assert.equal(dateGrounded('1846-05-12', 'born May 12, 1846').ok, true);
  });

  it('check 4: rejects a person name that is not in the source, and drops that person', () => {
    const out = verify([
      field({ field: 'name', value: 'Mary Ellen Kowalczyk', citation_snippet: 'Mary Ellen Kowalski, 74' }),
    ]);
    assert.ok(checks(out.rejected).every((c) => c === 4));
    assert.equal(out.personas.length, 0);
  });

  it('check 5: rejects a place that is not in the source', () => {
    const out = verify([
      NAME,
      field({ field: 'birthPlace', value: 'Warsaw, Poland', citation_snippet: 'born May 12, 1846 in Posen, Prussia' }),
    ]);
    assert.deepEqual(checks(out.rejected), [5]);
  });

  it('check 6: rejects a hypothesis marked as a fact', () => {
    const out = verify([NAME], {
      hypotheses: [
        {
          type: 'parental_discovery',
          text: 'Her father was Jan Nowak, a baker',
          priority: 0.7,
          is_fact: true,
          evidence_hint: '',
          suggested_queries: [],
        },
      ],
    });
    assert.deepEqual(checks(out.rejected), [6]);
    assert.equal(out.hypotheses.length, 0);
  });

  it('check 7: rejects confidences and priorities outside [0, 1]', () => {
    const out = verify(
      [NAME, field({ field: 'deathDate', value: '3 MAR 1921', confidence: 1.4, citation_snippet: 'March 3, 1921' })],
      {
        hypotheses: [
          {
            type: 'x',
            text: 'look for a marriage record',
            priority: -0.2,
            is_fact: false,
            evidence_hint: '',
            suggested_queries: [],
          },
        ],
      },
    );
    assert.deepEqual(checks(out.rejected), [7, 7]);
  });

  it('check 8: rejects URLs that are not in the input', () => {
    const out = verify([NAME], {
      hypotheses: [
        {
          type: 'x',
          text: 'See https://www.findagrave.example/memorial/123 for her grave',
          priority: 0.5,
          is_fact: false,
          evidence_hint: '',
          suggested_queries: [],
        },
      ],
    });
    assert.deepEqual(checks(out.rejected), [8]);
    const ok = verify([NAME], {
      hypotheses: [
        {
          type: 'x',
          text: `Re-read ${record.url}`,
          priority: 0.5,
          is_fact: false,
          evidence_hint: '',
          suggested_queries: [],
        },
      ],
    });
    assert.deepEqual(ok.rejected, []);
  });

  it('check 9: rejects a relationship whose citation does not state it', () => {
    const out = verify([
      field({ field: 'name', value: 'Jan Kowalski', citation_snippet: 'Jan Kowalski Jr., survives her' }),
      field({ field: 'relationship', value: 'grandson', citation_snippet: 'Jan Kowalski Jr.' }),
    ]);
    assert.deepEqual(checks(out.rejected), [9]);
    const smuggled = verify([
      field({ field: 'name', value: 'Jan Kowalski', citation_snippet: 'Jan Kowalski Jr., survives her' }),
      field({
        field: 'relationship',
        value: 'son of Zebediah Quux',
        citation_snippet: "Mrs. Kowalski's son, Jan Kowalski Jr.",
      }),
    ]);
    assert.deepEqual(checks(smuggled.rejected), [4]);
  });

  it('check 10: rejects a verified value that silently overwrites an extracted one; a "Conflicting" one is kept as a clue', () => {
    const extracted: GroundedPersona[] = [
      {
        persona: { name: 'Mary Ellen Kowalski', role: 'principal', age: 74 },
        snippets: { name: 'Mary Ellen Kowalski', age: 'Mary Ellen Kowalski, 74' },
        confidence: 0.9,
        method: 'pattern',
      },
    ];
    const overwrite = verify(
      [field({ field: 'age', value: '75', citation_snippet: 'gives her age as 75' })],
      {},
      extracted,
      0,
    );
    assert.deepEqual(checks(overwrite.rejected), [10]);
    assert.equal(overwrite.personas[0].persona.age, '74');
    const kept = verify(
      [field({ field: 'age', value: '75', status: 'Conflicting', citation_snippet: 'gives her age as 75' })],
      {},
      extracted,
      0,
    );
    assert.deepEqual(kept.rejected, []);
    assert.equal(kept.personas[0].persona.age, '74');
    assert.match(kept.hypotheses[0].text, /75/);
  });

  it('check 10 for the conflict analyst: the recommendation must be one of the competing values and alternatives are preserved', () => {
    const conflict: Conflict = {
      id: 'C-1',
      person: 'P-1',
      field: 'birth.date',
      preferred: '1846',
      rationale: '',
      status: 'open',
      nextActions: [],
      competing: [
        { value: '12 MAY 1846', weight: 0.56, evidence: [] },
        { value: 'ABT 1847', weight: 0.4, evidence: [] },
      ],
    };
    const input = JSON.stringify(conflict);
    const good = ConflictOutput.parse({
      analysis: 'The 1846 birth date is stated directly.',
      recommended_value: '12 MAY 1846',
      confidence: 0.7,
      is_tentative: true,
      preserve_alternatives: true,
      next_actions: ['Seek the 1846 baptism in Posen'],
    });
    assert.deepEqual(checkConflictAnalysis(good, conflict, input), []);
    const fabricated = ConflictOutput.parse({ ...good, recommended_value: '1845', preserve_alternatives: false });
    assert.deepEqual(checks(checkConflictAnalysis(fabricated, conflict, input)), [10, 10]);
    const wild = ConflictOutput.parse({ ...good, analysis: 'The 1839 census settles it', confidence: 3 });
    assert.deepEqual(checks(checkConflictAnalysis(wild, conflict, input)).sort(), [3, 7]);
    const invented = ConflictOutput.parse({
      ...good,
      analysis: 'The will of Zebediah Quux, proved in Sangamon County, names her as born in May.',
    });
    assert.deepEqual(checks(checkConflictAnalysis(invented, conflict, input)), [4]);
  });

  it('checks planner output: invented names, places, years, source ids and facts are rejected; grounded actions pass', () => {
    const context =
      'Question: who were the parents of Johann Schmidt, born ABT 1850 in Bavaria? Sources: S-1880census (1880 census, Springfield). Plugin wikitree.';
    const out = checkPlan(
      PlannerOutput.parse({
        should_stop: false,
        next_actions: [
          {
            action: 'fetch',
            query: { given: 'Johann', surname: 'Schmidt', birthYear: 1851, place: 'Bavaria' },
            priority: 0.9,
            reason: 'baptism',
          },
          { action: 'fetch', query: { given: 'Friedrich', surname: 'Schmidt' }, priority: 0.8 },
          { action: 'fetch', query: { surname: 'Schmidt', place: 'Hamburg' }, priority: 0.8 },
          { action: 'fetch', query: { surname: 'Schmidt', birthYear: 1777 }, priority: 0.8 },
          { action: 'fetch', query: { surname: 'Schmidt' }, priority: 1.5 },
          { action: 'fetch', query: { text: 'Schmidt family https://ancestry.example/tree/1' }, priority: 0.5 },
        ],
        query_expansions: [
          { surname: 'Schmitt', place: 'Bavaria' },
          { given: 'Johan', surname: 'Schmid' },
          { surname: 'Quux' },
        ],
        revisit_schedule: [
          { source_id: 'S-1880census', improved_query: { surname: 'Schmidt' }, reason: 'narrow' },
          { source_id: 'S-invented', improved_query: { surname: 'Schmidt' }, reason: 'x' },
        ],
        hypotheses: [{ type: 'x', text: 'His father was Friedrich', priority: 0.5, is_fact: true }],
      }),
      { contextText: context, knownSources: ['S-1880census', 'wikitree'] },
    );
    assert.equal(out.decision.nextActions.length, 1);
    assert.deepEqual(out.decision.nextActions[0].query, {
      given: 'Johann',
      surname: 'Schmidt',
      birthYear: 1851,
      place: 'Bavaria',
    });
    assert.deepEqual(checks(out.rejected), [4, 5, 3, 7, 8, 4, 8, 6]);
    // spelling variants that sound like a name in the input are fair search terms; an invented name is not
    assert.deepEqual(out.decision.queryExpansions, [
      { surname: 'Schmitt', place: 'Bavaria' },
      { given: 'Johan', surname: 'Schmid' },
    ]);
    assert.equal(out.decision.revisits.length, 1);
  });

  it('checks adjudications: out-of-range scores and years no record contains are rejected', () => {
    const input = JSON.stringify({
      a: { name: 'Johann Schmidt', birth: '1850' },
      b: { name: 'John Smith', birth: 'ABT 1851' },
    });
    const ok = ResolverOutput.parse({
      similarity_score: 0.7,
      merge_rationale: 'names are translations; 1850 vs 1851',
      why_not_merge: 'different spellings',
      recommendation: 'review',
      confidence: 0.6,
    });
    assert.deepEqual(checkAdjudication(ok, input), []);
    const bad = ResolverOutput.parse({
      ...ok,
      similarity_score: 1.3,
      merge_rationale: 'both in the 1860 census at https://x.example',
    });
    assert.deepEqual(checks(checkAdjudication(bad, input)), [7, 3, 8]);
    // plain prose with single capitalised words passes; an invented full name does not
    const prose = ResolverOutput.parse({
      ...ok,
      merge_rationale: 'Johann and John are the same name in German and English.',
    });
    assert.deepEqual(checkAdjudication(prose, input), []);
    const named = ResolverOutput.parse({
      ...ok,
      why_not_merge: 'Their father Wilhelm Brauer appears only in one record.',
    });
    assert.deepEqual(checks(checkAdjudication(named, input)), [4]);
  });

  it('compares snippets verbatim apart from whitespace and typographic quotes', () => {
    assert.ok(containsVerbatim('widow of\nStanislaw', 'widow of Stanislaw'));
    assert.ok(containsVerbatim("Mrs. Kowalski's son", 'Mrs. Kowalski\u2019s son'));
    assert.ok(!containsVerbatim('widow of Stanislaw', 'Widow of Stanislaw'));
  });
});
