import assert from 'node:assert/strict';
import { restage } from '../../../src/agents/analyst/staging';
import {
  MAX_ROUNDS,
  refineRound,
  unexplainedContradictions,
  validateAssertion,
  validateRelationship,
  type ValidationContext,
} from '../../../src/agents/validator';
import type { Assertion, Person } from '../../../src/model';
import { evidenceClaim } from '../../helpers/evidence-claim';
import { rawRecord } from '../../helpers/raw-record';

const TEXT = 'Johann Schmidt, son of Peter Schmidt, was born the 3rd of March 1850 at Springfield.';
const sources = new Map([
  ['S-1', rawRecord({ text: TEXT })],
  ['S-2', rawRecord({ text: 'Johann Schmidt born 3 MAR 1850, Springfield' })],
]);
const ctx = (): ValidationContext => ({
  threshold: 0.8,
  source: (id) => sources.get(id),
  personExists: (id) => id === 'P-2',
  grounded: new Map(),
});

const born = evidenceClaim('born the 3rd of March 1850');
const fact = (over: Partial<Assertion> = {}): Assertion => ({
  id: 'A-1',
  field: 'birth.date',
  value: '3 MAR 1850',
  status: 'staged',
  confidence: 0,
  evidence: [born],
  ...over,
});
const person = (assertions: Assertion[], relationships: Person['relationships'] = []): Person => ({
  id: 'P-1',
  names: [{ given: 'Johann', surname: 'Schmidt', type: 'birth' }],
  sex: 'M',
  assertions,
  relationships,
  externalIds: {},
});

describe('the Validator (seed 004, issue #23 item 1)', () => {
  it('passes a fact grounded in an original record with primary, direct information', () => {
    const v = validateAssertion(fact(), [born], ctx());
    assert.equal(v.verdict, 'pass');
  });

  it('rejects a fact whose evidence is not in its captured source (fabricated)', () => {
    const v = validateAssertion(fact(), [evidenceClaim('born the 9th of May 1851')], ctx());
    assert.equal(v.verdict, 'reject');
    assert.match(v.reasons[0], /not in its source/);
  });

  it('an ungrounded claim beside a grounded one does not count, and says so', () => {
    const fake = evidenceClaim('born 1850', { source: 'S-9' });
    const v = validateAssertion(fact(), [born, fake], ctx());
    assert.equal(v.verdict, 'pass');
    assert.match(v.reasons[0], /S-9/);
  });

  it('caps a derivative record: alone it needs an original record or a second source', () => {
    const index = evidenceClaim('born the 3rd of March 1850', { sourceClass: 'derivative' });
    const v = validateAssertion(fact(), [index], ctx());
    assert.equal(v.verdict, 'needs_more_evidence');
    assert.match(v.request!, /original record/);
    assert.match(v.request!, /second independent source/);
    // Two independent derivatives compound past the cap.
    const two = [index, evidenceClaim('Johann Schmidt born 3 MAR 1850', { source: 'S-2', sourceClass: 'derivative' })];
    assert.equal(validateAssertion(fact(), two, ctx()).verdict, 'pass');
  });

  it('caps an authored narrative and secondary information', () => {
    const narrative = evidenceClaim('born the 3rd of March 1850', { sourceClass: 'authored', confidence: 0.95 });
    assert.equal(validateAssertion(fact(), [narrative], ctx()).verdict, 'needs_more_evidence');
    const secondary = evidenceClaim('born the 3rd of March 1850', { information: 'secondary', confidence: 0.95 });
    const v = validateAssertion(fact(), [secondary], ctx());
    assert.equal(v.verdict, 'needs_more_evidence');
    assert.match(v.request!, /primary information/);
  });

  it('requires the fact type’s field: a date for a date, a place for a place', () => {
    assert.equal(validateAssertion(fact({ value: 'in the spring' }), [born], ctx()).verdict, 'needs_more_evidence');
    assert.equal(
      validateAssertion(fact({ field: 'birth.place', value: '1850' }), [born], ctx()).verdict,
      'needs_more_evidence',
    );
    assert.equal(
      validateAssertion(fact({ field: 'birth.place', value: 'Springfield' }), [born], ctx()).verdict,
      'pass',
    );
  });

  it('a relationship needs two persons of the case', () => {
    const r = { type: 'parent' as const, person: 'P-2', evidence: [evidenceClaim('son of Peter Schmidt')] };
    assert.equal(validateRelationship('P-1', r, ctx()).verdict, 'pass');
    assert.equal(validateRelationship('P-1', { ...r, person: 'P-1' }, ctx()).verdict, 'reject');
    assert.equal(validateRelationship('P-1', { ...r, person: 'P-404' }, ctx()).verdict, 'reject');
  });

  it('finds a contradiction with an accepted fact that no conflict weighed, and a death before the birth', () => {
    const f = (id: string, field: string, value: string, over: Partial<Assertion> = {}) => ({
      ...fact({ id, field, value, status: 'accepted' }),
      ...over,
    });
    const facts = [
      f('A', 'birth.date', '1850'),
      f('B', 'birth.date', '1862'),
      f('C', 'death.date', '1840'),
      f('D', 'birth.date', 'ABT 1850'),
    ];
    const found = unexplainedContradictions(facts, new Set(['A', 'B', 'C', 'D']));
    assert.match(found.get('A')!, /contradicts the accepted 1862/);
    assert.match(found.get('B')!, /contradicts/);
    assert.match(found.get('C')!, /death before the birth/);
    // A disputed loser is explained (a conflict weighed it): no contradiction.
    const weighed = unexplainedContradictions([facts[0], { ...facts[1], status: 'disputed' as const }], new Set(['A']));
    assert.equal(weighed.size, 0);
    // Residences and occupations change: only values of one event instance are rivals.
    const lives = [
      f('R1', 'residence.date', '1870', { event: 'E1' }),
      f('R2', 'residence.date', '1880', { event: 'E2' }),
    ];
    assert.equal(unexplainedContradictions(lives, new Set(['R1', 'R2'])).size, 0);
    const jobs = [f('O1', 'occupation.value', 'teamster'), f('O2', 'occupation.value', 'laborer')];
    assert.equal(unexplainedContradictions(jobs, new Set(['O1', 'O2'])).size, 0);
  });
});

describe('staging through the Validator: no fact is promoted without passing it', () => {
  it('a fact the decision maker would accept stays staged when the Validator does not pass it', () => {
    const index = evidenceClaim('born the 3rd of March 1850', { sourceClass: 'derivative' });
    const r = restage(person([fact({ evidence: [index] })]), new Set(), ctx());
    assert.equal(r.person.assertions[0].status, 'staged');
    assert.equal(r.verdicts[0].verdict.verdict, 'needs_more_evidence');
    // Without grounding lookups (no sources), a grounded original still passes as before.
    const ok = restage(person([fact()]), new Set(), ctx());
    assert.equal(ok.person.assertions[0].status, 'accepted');
    assert.equal(ok.verdicts[0].verdict.verdict, 'pass');
  });

  it('an accepted fact that fails the Validator now goes back to staged (fabricated evidence)', () => {
    const r = restage(
      person([fact({ status: 'accepted', evidence: [evidenceClaim('born the 9th of May 1851')] })]),
      new Set(),
      ctx(),
    );
    assert.equal(r.person.assertions[0].status, 'staged');
    assert.equal(r.verdicts[0].verdict.verdict, 'reject');
    assert.match(r.decisions[0].reason, /the Validator/);
  });

  it('two values no conflict weighed are neither promoted', () => {
    const other = fact({ id: 'A-2', value: '1862', evidence: [evidenceClaim('born 3 MAR 1850', { source: 'S-2' })] });
    const r = restage(
      person([fact(), { ...other, evidence: [evidenceClaim('Johann Schmidt born 3 MAR 1850', { source: 'S-2' })] }]),
      new Set(),
      ctx(),
    );
    assert.deepEqual(
      r.person.assertions.map((a) => a.status),
      ['staged', 'staged'],
    );
  });

  it('a user’s decision is never re-decided by the Validator', () => {
    const reviewed = fact({
      status: 'accepted',
      evidence: [evidenceClaim('not in the source at all')],
      reviewed: { decision: 'accepted', at: '2026-01-01T00:00:00.000Z' },
    });
    const r = restage(person([reviewed]), new Set(), ctx());
    assert.equal(r.person.assertions[0].status, 'accepted');
    assert.equal(r.verdicts.length, 0);
  });

  it('a fact escalated by the Validator is promoted once its evidence passes (escalation and rounds shed)', () => {
    const escalated = fact({
      escalated: { reasons: ['the Validator asked 5 times for more evidence'], rounds: 5 },
      refinement: { rounds: 5, request: 'a second source', at: 'R-1#5' },
    });
    const r = restage(person([escalated]), new Set(), ctx());
    assert.equal(r.person.assertions[0].status, 'accepted');
    assert.equal(r.person.assertions[0].escalated, undefined);
    assert.equal(r.person.assertions[0].refinement, undefined);
    // Escalated because its source failed verification: a person decides, never the engine.
    const held = fact({ escalated: { reasons: ['source S-1 failed verification: changed'] } });
    assert.equal(restage(person([held]), new Set(), ctx()).person.assertions[0].status, 'staged');
  });
});

describe('the refinement loop: rounds, then escalation', () => {
  const needs = {
    verdict: 'needs_more_evidence' as const,
    reasons: ['birth.date = 1850: confidence 0.75 < 0.8'],
    request: 'birth.date = 1850: a second independent source',
    by: 'rules' as const,
  };

  it(`counts one round per cycle and escalates after ${MAX_ROUNDS}, with the reasons`, () => {
    let item: Assertion = fact();
    for (let c = 1; c < MAX_ROUNDS; c++) {
      const r = refineRound(item, needs, `R-1#${c}`);
      assert.deepEqual(r.outcome, { kind: 'round', rounds: c, request: needs.request });
      item = r.item;
      // The same cycle again (a resumed run) does not count twice.
      assert.equal(refineRound(item, needs, `R-1#${c}`).outcome.kind, 'unchanged');
    }
    const last = refineRound(item, needs, 'R-2#1');
    assert.equal(last.outcome.kind, 'escalated');
    assert.equal(last.item.status, 'staged');
    assert.equal(last.item.escalated?.rounds, MAX_ROUNDS);
    assert.match(last.item.escalated.reasons[0], /asked 5 times.*second independent source/);
    assert.equal(refineRound(last.item, needs, 'R-2#2').outcome.kind, 'unchanged');
  });

  it('escalates a rejected (ungrounded) fact at once; a passing or accepted one is left alone', () => {
    const reject = { verdict: 'reject' as const, reasons: ['not in its source'], by: 'rules' as const };
    const r = refineRound(fact(), reject, 'R-1#1');
    assert.equal(r.outcome.kind, 'escalated');
    assert.match(r.item.escalated!.reasons[0], /^the Validator rejected it/);
    assert.equal(refineRound(fact({ status: 'accepted' }), needs, 'R-1#1').outcome.kind, 'unchanged');
    assert.equal(refineRound(fact(), { verdict: 'pass', reasons: [], by: 'rules' }, 'R-1#1').outcome.kind, 'unchanged');
  });
});
