import assert from 'node:assert/strict';
import { LlmLeadPlanner } from '../../../src/llm/agents/planner';
import { CostMeter } from '../../../src/llm/cost-meter';
import { LlmError } from '../../../src/llm/port';
import { costOf, priceOf } from '../../../src/llm/pricing';
import { ScriptedLlmClient } from '../../../src/llm/scripted-client';
import { CONFIG, harness, view } from './support';

const usage = (
  inputTokens: number,
  outputTokens: number,
  cacheReadTokens = 0,
  cacheWriteTokens = 0,
  webSearches = 0,
) => ({ inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens, webSearches });

describe('cost meter and prices', () => {
  it('prices dated model ids by their family and unknown models at the highest known rate', () => {
    assert.deepEqual(priceOf('claude-sonnet-4-5-20250929'), { price: { input: 3, output: 15 }, known: true });
    assert.deepEqual(priceOf('claude-haiku-4-5'), { price: { input: 1, output: 5 }, known: true });
    assert.equal(priceOf('claude-opus-4-1-20250805').price.output, 75, 'opus-4-1, not opus-4');
    const unknown = priceOf('claude-mythos-9');
    assert.equal(unknown.known, false);
    assert.equal(unknown.price.output, 75);
  });

  it('counts cache writes at 1.25×, cache reads at 0.1× and web searches at $0.01', () => {
    const c = costOf('claude-sonnet-4-5', usage(1000, 100, 10_000, 2000, 2));
    const expected = (1000 * 3 + 100 * 15 + 10_000 * 0.3 + 2000 * 3.75) / 1e6 + 0.02;
    assert.ok(Math.abs(c - expected) < 1e-12);
  });

  it('totals per role and per cycle, and refuses a call whose worst case would exceed the budget', () => {
    const m = new CostMeter({ maxUsd: 0.05, maxTokens: 100_000 });
    m.setCycle(1);
    m.record({ model: 'claude-sonnet-4-5', role: 'lead', purpose: 'plan', promptChars: 9000, ...usage(3000, 500) });
    m.setCycle(2);
    m.record({
      model: 'claude-sonnet-4-5',
      role: 'research',
      purpose: 'verify',
      promptChars: 6000,
      ...usage(2000, 400),
    });
    assert.equal(m.byRole().lead.calls, 1);
    assert.equal(m.byRole().research.tokens, 2400);
    assert.deepEqual(
      m.byCycle().map((c) => c.cycle),
      [1, 2],
    );
    assert.ok(Math.abs(m.costUsd() - (3000 * 3 + 500 * 15 + 2000 * 3 + 400 * 15) / 1e6) < 1e-12);
    // $0.0285 spent; a 9,000-char prompt (~3,000 tokens, $0.009) with 4,096 output tokens ($0.061) does not fit,
    // but fewer output tokens do
    const allowed = m.affordableOutputTokens('claude-sonnet-4-5', 9000, 4096);
    assert.ok(allowed > 256 && allowed < 4096, `${allowed}`);
    assert.equal(m.exhausted(), undefined);
    assert.equal(m.affordableOutputTokens('claude-sonnet-4-5', 60_000, 4096), 0);
    assert.match(m.exhausted() ?? '', /budget exhausted/);
  });

  it('a cancelled run is not a model failure: the planner passes the abort on', async () => {
    const h = harness(new ScriptedLlmClient(() => ({})));
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(
      new LlmLeadPlanner(h.gateway, CONFIG).plan(view(), ac.signal),
      (e: unknown) => e instanceof LlmError && e.kind === 'aborted',
    );
  });
});
