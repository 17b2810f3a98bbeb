import assert from 'node:assert/strict';
import { LlmRecordExtractor } from '../../../src/llm/agents/extractor';
import { LlmLeadPlanner } from '../../../src/llm/agents/planner';
import { compoundConfidence, consensusConfidence, ConsensusExtractor } from '../../../src/llm/consensus';
import type { LlmRequest } from '../../../src/llm/port';
import { ScriptedLlmClient } from '../../../src/llm/scripted-client';
import { ClaudeWebSearchConnector } from '../../../src/llm/web-search';
import { CaseConfig, type NewLogEntry } from '../../../src/model';
import { CONFIG, fixture, harness, OBITUARY_RECORD, ofKind, view } from './support';

const message = (model: string, input: unknown, usage = { input_tokens: 1000, output_tokens: 200 }) => ({
  id: `msg_${model}`,
  type: 'message',
  role: 'assistant',
  model,
  content: [{ type: 'tool_use', id: 'toolu_1', name: 'submit_verification', input }],
  stop_reason: 'tool_use',
  usage,
});
const f = (field: string, value: string, confidence: number, citation_snippet: string) => ({
  field,
  value,
  status: 'Verified',
  confidence,
  citation_snippet,
  rationale: '',
});

describe('consensus, budget and web search', () => {
  it('compounds independent confirmations 1 − ∏(1 − cᵢ) and discounts a single source by 0.7', () => {
    assert.ok(Math.abs(compoundConfidence([0.7, 0.6]) - 0.88) < 1e-12, 'seed 002 example: 0.7 and 0.6 → 0.88');
    assert.ok(Math.abs(consensusConfidence([0.8]) - 0.56) < 1e-12);
    assert.equal(consensusConfidence([]), 0);
  });

  it('several models research the same record in parallel; the synthesiser groups their findings', async () => {
    const byModel: Record<string, unknown> = {
      'claude-opus-4-5': {
        persons: [
          {
            ref: null,
            fields: [
              f('name', 'Mary Ellen Kowalski', 0.8, 'Mary Ellen Kowalski, 74'),
              f('birthDate', '12 MAY 1846', 0.8, 'born May 12, 1846'),
              f('birthPlace', 'Posen, Prussia', 0.8, 'born May 12, 1846 in Posen, Prussia'),
            ],
          },
          { ref: null, fields: [f('name', 'Stanislaw Kowalski', 0.8, 'widow of\nStanislaw Kowalski')] },
        ],
      },
      'claude-haiku-4-5': {
        persons: [
          {
            ref: null,
            fields: [
              f('name', 'Mary Ellen Kowalski', 0.6, 'Mary Ellen Kowalski, 74'),
              f('birthDate', '12 MAY 1846', 0.6, 'born May 12, 1846'),
              f('birthPlace', 'Prussia', 0.6, 'Posen, Prussia'),
            ],
          },
        ],
      },
    };
    const client = new ScriptedLlmClient((req: LlmRequest) => message(req.model, byModel[req.model]));
    const h = harness(client);
    const consensus = new ConsensusExtractor(
      ['claude-opus-4-5', 'claude-haiku-4-5'].map(
        (model) => new LlmRecordExtractor(h.gateway, { model, now: () => new Date('2026-06-01T00:00:00Z') }),
      ),
    );
    const r = await consensus.extract(OBITUARY_RECORD);
    assert.equal(client.requests.length, 2);
    assert.deepEqual(new Set(client.requests.map((q) => q.model)), new Set(['claude-opus-4-5', 'claude-haiku-4-5']));
    const mary = r.personas.find((p) => p.persona.name === 'Mary Ellen Kowalski')!;
    assert.ok(
      Math.abs(mary.confidence - 0.92) < 1e-12,
      `two models agree: 1 − 0.2 × 0.4 = 0.92, got ${mary.confidence}`,
    );
    assert.equal(mary.persona.birthPlace, 'Posen, Prussia', 'tie broken by the more confident model');
    assert.ok(
      r.hypotheses.some((x) => /birthPlace/.test(x.text) && /Prussia/.test(x.text)),
      'the other reading is preserved as a clue',
    );
    const stan = r.personas.find((p) => p.persona.name === 'Stanislaw Kowalski')!;
    assert.ok(Math.abs(stan.confidence - 0.56) < 1e-12, 'one model alone: 0.8 × 0.7');
    assert.deepEqual(consensus.lastReport?.groups.map((g) => g.supportedBy).sort(), [1, 2]);
  });

  it('a USD budget stops the run: calls stop before the budget would be exceeded and the planner asks to stop', async () => {
    const client = new ScriptedLlmClient((req: LlmRequest) => ({
      id: 'msg_plan',
      type: 'message',
      role: 'assistant',
      model: req.model,
      content: [
        {
          type: 'tool_use',
          id: 't',
          name: 'submit_plan',
          input: {
            should_stop: false,
            next_actions: [{ action: 'fetch', query: { surname: 'Schmidt' }, priority: 0.5 }],
          },
        },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 6000, output_tokens: 1000 },
    }));
    const h = harness(client, { maxUsd: 0.1, model: 'claude-sonnet-4-5', outputTokens: 1024 });
    const planner = new LlmLeadPlanner(h.gateway, CONFIG);
    let cycles = 0;
    let last;
    do {
      last = await planner.plan(view({ cycle: ++cycles }));
    } while (!last.shouldStop && cycles < 50);
    assert.ok(last.shouldStop, 'the planner asked to stop');
    assert.match(last.stopReason ?? '', /budget/);
    assert.ok(h.meter.costUsd() <= 0.1, `spent ${h.meter.costUsd()} of 0.1`);
    assert.ok(cycles < 50);
    // each call costs 6000×3 + 1000×15 per MTok = $0.033: at most three fit in $0.10, and the meter
    // refuses a call whose worst case (full max_tokens) would not fit
    assert.ok(client.requests.length >= 2 && client.requests.length <= 3, `${client.requests.length} calls`);
    assert.equal(ofKind(h.entries, 'decision')[0].decisionType, 'llm_budget');
    assert.ok(h.meter.exhausted());
    assert.match(h.meter.reportMarkdown(), new RegExp(`Lead \\(planning\\) \\| ${client.requests.length} \\|`));
  });

  it('a token budget stops calls as well', async () => {
    const client = new ScriptedLlmClient((req: LlmRequest) =>
      message(req.model, { persons: [] }, { input_tokens: 3000, output_tokens: 500 }),
    );
    const h = harness(client, { maxTokens: 9000, maxUsd: 100, outputTokens: 1024 });
    const ex = new LlmRecordExtractor(h.gateway, { now: () => new Date('2026-06-01T00:00:00Z') });
    for (let i = 0; i < 10; i++) await ex.extract({ ...OBITUARY_RECORD, id: `S-${i}` });
    assert.ok(h.meter.tokens() <= 9000, `used ${h.meter.tokens()} tokens`);
    assert.ok(client.requests.length >= 1 && client.requests.length < 10);
  });

  it('web search (server tool): only cited passages become records; the model’s own claims do not', async () => {
    const client = ScriptedLlmClient.fromFile(fixture('web-search.json'));
    const h = harness(client);
    const config = CaseConfig.parse({ ...CONFIG, llm: { webSearch: true } });
    const ws = new ClaudeWebSearchConnector(h.gateway, config);
    const logged: NewLogEntry[] = [];
    const out = await ws.search(
      { given: 'Johann', surname: 'Schmidt', birthYear: 1850, place: 'Bavaria' },
      { log: (e) => logged.push(e) },
    );
    assert.equal(out.records.length, 1);
    const rec = out.records[0];
    assert.equal(rec.url, 'https://www.findagrave.com/memorial/1234567/johann-schmidt');
    assert.equal(rec.repository, 'www.findagrave.com');
    assert.equal(rec.sourceId, 'claude-web-search');
    assert.match(rec.text, /Birth 12 Mar 1850 Bavaria/);
    assert.doesNotMatch(rec.text, /Friedrich/);
    const tools = client.requests[0].tools as { type?: string; max_uses?: number }[];
    assert.equal(tools[0].type, 'web_search_20250305');
    // one search at $10 per 1,000 plus tokens
    const expected = (2650 * 3 + 320 * 15) / 1_000_000 + 0.01;
    assert.ok(Math.abs(h.meter.costUsd() - expected) < 1e-12);
  });

  it('web search continues a paused turn (pause_turn) and cites what the resumed turn quoted', async () => {
    const client = ScriptedLlmClient.fromFile(fixture('web-search-pause.json'));
    const h = harness(client);
    const ws = new ClaudeWebSearchConnector(h.gateway, CaseConfig.parse({ ...CONFIG, llm: { webSearch: true } }));
    const out = await ws.search({ given: 'Katharina', surname: 'Huber', place: 'Springfield' }, { log: () => {} });
    assert.equal(client.requests.length, 2);
    assert.equal(client.requests[1].messages[1].role, 'assistant', 'the paused turn is sent back to be continued');
    assert.equal(out.records.length, 1);
    assert.match(out.records[0].text, /HUBER, KATHARINA 1869-05-11/);
    assert.equal(
      h.meter.calls().reduce((n, c) => n + c.webSearches, 0),
      1,
    );
  });

  it('web search is not called when the setting does not allow it', async () => {
    const client = new ScriptedLlmClient(() => {
      throw new Error('must not be called');
    });
    const h = harness(client);
    const logged: NewLogEntry[] = [];
    const out = await new ClaudeWebSearchConnector(h.gateway, CONFIG).search(
      { surname: 'Schmidt' },
      { log: (e) => logged.push(e) },
    );
    assert.equal(out.records.length, 0);
    assert.equal(client.requests.length, 0);
    assert.equal(ofKind(logged, 'compliance')[0].allowed, false);
  });
});
