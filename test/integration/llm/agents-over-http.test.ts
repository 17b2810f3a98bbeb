/**
 * createLlmAgents as the CLI uses it (API key + ANTHROPIC_BASE_URL): the real SDK client talks to a
 * local Messages API replaying recorded transcripts, with a rate-limit fault first. Proves the
 * whole path — Censor, budget, HTTP, retries, zod, firewall, usage accounting — on the wire.
 */
import assert from 'node:assert/strict';
import { createAgentsFromEnv } from '../../../src/llm';
import { loadTranscript, type Transcript } from '../../../src/llm/transcript';
import { CaseConfig, type NewLogEntry } from '../../../src/model';
import { CONFIG, fixture, OBITUARY_RECORD, ofKind, view } from '../../unit/llm/support';
import { startMessagesServer } from './messages-server';

describe('Claude agents over HTTP (real SDK, local Messages API)', () => {
  it('plans and verifies through the firewall, retrying a 429, with usage and cost logged per call', async () => {
    const rateLimit = loadTranscript(fixture('retry-then-message.json')).exchanges[0];
    const transcript: Transcript = {
      description: 'rate limit, then the planner and verifier transcripts',
      exchanges: [
        rateLimit,
        ...loadTranscript(fixture('planner-deepen.json')).exchanges,
        ...loadTranscript(fixture('verifier-obituary.json')).exchanges,
      ],
    };
    const server = await startMessagesServer(transcript);
    try {
      const logged: NewLogEntry[] = [];
      const agents = createAgentsFromEnv(
        { ANTHROPIC_API_KEY: 'sk-ant-local', ANTHROPIC_BASE_URL: server.baseURL },
        {
          config: CONFIG,
          log: (e) => logged.push(e),
          knownSources: () => ['S-1880census'],
          now: () => new Date('2026-06-01T00:00:00Z'),
        },
      );
      assert.ok(agents?.planner && agents.extractor);
      const plan = await agents.planner.plan(view());
      assert.deepEqual(
        plan.nextActions.map((a) => a.query?.given),
        ['Johann'],
      );
      const extraction = await agents.extractor.extract(OBITUARY_RECORD);
      assert.deepEqual(
        extraction.personas.map((p) => p.persona.name),
        ['Mary Ellen Kowalski', 'Stanislaw Kowalski', 'Jan Nowak'],
      );
      assert.deepEqual(server.mismatches, []);
      assert.equal(server.requests.length, 3, 'one retry, then one request per agent');
      const calls = ofKind(logged, 'llm_call');
      assert.deepEqual(
        calls.map((c) => c.role),
        ['lead', 'research'],
      );
      assert.match(calls[0].rationale, /attempts=2/);
      assert.equal(calls[1].cacheReadTokens, 1500);
      assert.ok(Math.abs(agents.meter.costUsd() - calls.reduce((s, c) => s + c.costUsd, 0)) < 1e-12);
      assert.deepEqual(
        ofKind(logged, 'firewall_rejection').map((r) => r.check),
        [4, 8, 3, 3, 9, 6],
      );
      assert.equal(ofKind(logged, 'compliance').filter((c) => c.check === 'prompt').length, 2);
    } finally {
      await server.close();
    }
  });

  it('without a key there are no Claude agents (the deterministic ones run); web search only when the setting allows it', () => {
    assert.equal(createAgentsFromEnv({}, { config: CONFIG, log: () => {} }), undefined);
    const env = { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' };
    assert.equal(createAgentsFromEnv(env, { config: CONFIG, log: () => {} })?.webSearch, undefined);
    const on = CaseConfig.parse({ ...CONFIG, llm: { ...CONFIG.llm, webSearch: true } });
    assert.equal(createAgentsFromEnv(env, { config: on, log: () => {} })?.webSearch?.id, 'claude-web-search');
    const consensus = CaseConfig.parse({
      ...CONFIG,
      llm: { ...CONFIG.llm, consensusModels: ['claude-opus-4-5', 'claude-haiku-4-5'] },
    });
    assert.equal(
      createAgentsFromEnv(env, { config: consensus, log: () => {} })?.extractor?.constructor.name,
      'ConsensusExtractor',
    );
  });
});
