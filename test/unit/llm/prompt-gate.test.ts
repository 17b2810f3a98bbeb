import assert from 'node:assert/strict';
import { buildPlanningContext, CONTEXT_BUDGET_CHARS } from '../../../src/llm/context';
import { livingNamesOf, preparePrompt } from '../../../src/llm/prompt-gate';
import { type NewLogEntry, Person } from '../../../src/model';
import { NOW, ofKind, view } from './support';

const RAW =
  'His son, Thomas J. Schmidt, born March 5, 1958, who lives at 1423 Elm Street, Springfield, Illinois 62702 ' +
  '(telephone 217-555-0142, tjs@example.com), accepted the plaque. Robert Schmidt was born in 1912; John F. Schmidt died 14 March 1911.';

describe('Censor before every prompt (preparePrompt)', () => {
  const ctx = { now: NOW, thresholdYears: 100, consent: false, livingNames: ['Thomas J. Schmidt'] };

  it('redacts a living person’s exact birth date, address and all PII, keeps historical facts, and logs a compliance entry', () => {
    const log: NewLogEntry[] = [];
    const p = preparePrompt(
      { system: 'You are careful.', context: 'Case: Schmidt', user: RAW },
      ctx,
      'verify S-1985',
      (e) => log.push(e),
    );
    assert.doesNotMatch(p.user, /March 5, 1958/);
    assert.doesNotMatch(p.user, /1423 Elm/);
    assert.doesNotMatch(p.user, /555-0142/);
    assert.doesNotMatch(p.user, /tjs@example\.com/);
    assert.match(p.user, /1950s/, 'generalised to the decade');
    assert.match(p.user, /died 14 March 1911/, 'the dead keep their exact dates');
    assert.match(p.user, /Thomas J\. Schmidt/, 'names are preserved for tree building (seed 001 §8.2)');
    assert.ok(p.redactions >= 4);
    const [c] = ofKind(log, 'compliance');
    assert.equal(c.check, 'prompt');
    assert.equal(c.subject, 'verify S-1985');
    assert.match(c.reason, /redaction/);
  });

  it('respects consent: living-person details are sent, and the log says why', () => {
    const log: NewLogEntry[] = [];
    const p = preparePrompt({ system: 's', user: RAW }, { ...ctx, consent: true }, 'plan', (e) => log.push(e));
    assert.match(p.user, /1423 Elm Street/);
    assert.match(ofKind(log, 'compliance')[0].reason, /consent/);
  });

  it('finds living persons among the case persons (born within the threshold, no death)', () => {
    const living = Person.parse({
      id: 'P-2',
      names: [{ given: 'Thomas J.', surname: 'Schmidt' }],
      assertions: [{ id: 'A-1', field: 'birth.date', value: '1958', status: 'accepted', confidence: 1 }],
    });
    const dead = Person.parse({
      id: 'P-3',
      names: [{ given: 'Robert', surname: 'Schmidt' }],
      assertions: [
        { id: 'A-2', field: 'birth.date', value: '1912', status: 'accepted', confidence: 1 },
        { id: 'A-3', field: 'death.date', value: '18 FEB 1989', status: 'accepted', confidence: 1 },
      ],
    });
    assert.deepEqual(livingNamesOf([living, dead], NOW, 100), ['Thomas J. Schmidt', 'Schmidt, Thomas J.']);
  });
});

describe('token-budgeted planning context (Winterfox ~16,000 characters)', () => {
  it('stays within its budget however large the case grows, and says how much it left out', () => {
    const big = (n: number) =>
      view({
        recentDiscoveries: Array.from(
          { length: n },
          (_, i) => `S-${i}: record ${i} of Johann Schmidt in Springfield, ${'details '.repeat(20)}`,
        ),
        pendingClues: Array.from({ length: n }, (_, i) => ({
          id: `H-${i}`,
          statement: `clue ${i} about Schmidt`,
          priority: (i % 100) / 100,
          suggestedQueries: [`Schmidt ${i}`],
        })),
        frontier: Array.from({ length: n }, (_, i) => ({
          id: `T-${i}`,
          taskType: 'SearchTask' as const,
          priority: 0.5,
          query: { surname: 'Schmidt', place: `Town ${i}` },
        })),
        gaps: Array.from({ length: n }, (_, i) => `gap ${i}`),
      });
    const small = buildPlanningContext(big(5));
    const large = buildPlanningContext(big(10_000));
    assert.ok(small.chars < CONTEXT_BUDGET_CHARS);
    assert.ok(large.chars <= CONTEXT_BUDGET_CHARS, `${large.chars} chars`);
    assert.equal(CONTEXT_BUDGET_CHARS, 16_000);
    const prior = large.sections.find((s) => s.key === 'prior_cycles')!;
    assert.ok(prior.omitted > 9_000);
    assert.match(prior.text, /and \d+ more not shown/);
    // the highest-priority clue is shown first
    assert.match(large.sections.find((s) => s.key === 'weakest_nodes')!.text, /priority 0\.99/);
  });
});
