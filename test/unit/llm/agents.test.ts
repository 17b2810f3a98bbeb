import assert from 'node:assert/strict';
import { LlmPairAdjudicator } from '../../../src/llm/agents/adjudicator';
import { LlmConflictAnalyst } from '../../../src/llm/agents/conflict-analyst';
import { LlmRecordExtractor } from '../../../src/llm/agents/extractor';
import { LlmLeadPlanner, planningUserPrompt } from '../../../src/llm/agents/planner';
import { LlmError } from '../../../src/llm/port';
import { ScriptedLlmClient } from '../../../src/llm/scripted-client';
import { CONFIG, CONFLICT, fixture, harness, OBITUARY_RECORD, ofKind, view } from './support';

describe('Claude agents with scripted transcripts', () => {
  it('Lead planner: the strategy shapes the prompt, grounded actions pass, invented ones are rejected and logged', async () => {
    const client = ScriptedLlmClient.fromFile(fixture('planner-deepen.json'));
    const h = harness(client);
    const planner = new LlmLeadPlanner(h.gateway, CONFIG, { knownSources: () => ['S-1880census', 'archive'] });
    const d = await planner.plan(view());
    assert.equal(client.remaining, 0);
    assert.equal(d.nextActions.length, 1);
    assert.deepEqual(d.nextActions[0].query, {
      given: 'Johann',
      surname: 'Schmidt',
      birthYear: 1850,
      place: 'Bavaria',
      recordTypes: ['baptism'],
    });
    assert.deepEqual(d.queryExpansions, [{ given: 'John', surname: 'Schmidt', place: 'Springfield' }]);
    assert.deepEqual(
      d.revisits.map((r) => r.source),
      ['S-1880census'],
    );
    assert.equal(d.shouldStop, false);
    const rejections = ofKind(h.entries, 'firewall_rejection');
    assert.deepEqual(
      rejections.map((r) => r.check),
      [4, 8],
    );
    assert.match(rejections[0].reason, /Wilhelmina/);
    const [call] = ofKind(h.entries, 'llm_call');
    assert.equal(call.role, 'lead');
    assert.equal(call.cacheWriteTokens, 2200);
    assert.ok(call.promptChars! > 1000);
    const prompt = client.promptTexts()[0];
    assert.match(prompt, /Strategy: DEEPEN/);
    assert.doesNotMatch(prompt, /Strategy: EXPLORE/);
    assert.equal(h.meter.byRole().lead.calls, 1);
    assert.equal(h.meter.byCycle()[0].cycle, 3);
  });

  it('each Winterfox strategy shapes the planner prompt with its own instructions', () => {
    const explore = planningUserPrompt(view({ strategy: 'explore' }));
    const challenge = planningUserPrompt(view({ strategy: 'challenge' }));
    assert.match(explore, /Strategy: EXPLORE[\s\S]*new lines of inquiry/);
    assert.match(challenge, /Strategy: CHALLENGE[\s\S]*counter-evidence/);
    assert.doesNotMatch(explore, /CHALLENGE|DEEPEN/);
  });

  it('extractor/verifier on an obituary: grounded persons and relationships come back, fabrications are rejected with their check number', async () => {
    const client = ScriptedLlmClient.fromFile(fixture('verifier-obituary.json'));
    const h = harness(client);
    const r = await new LlmRecordExtractor(h.gateway, { now: () => new Date('2026-06-01T00:00:00Z') }).extract(
      OBITUARY_RECORD,
    );
    assert.deepEqual(
      r.personas.map((p) => p.persona.name),
      ['Mary Ellen Kowalski', 'Stanislaw Kowalski', 'Jan Nowak'],
    );
    const mary = r.personas[0];
    assert.equal(mary.persona.birthDate, '12 MAY 1846');
    assert.equal(mary.persona.burialPlace, 'Cathedral Cemetery, Scranton');
    assert.equal(mary.method, 'llm');
    assert.equal(r.personas[1].persona.deathDate, undefined, 'BEF 1921 was not in the cited text');
    assert.equal(r.personas[2].persona.birthDate, undefined);
    assert.equal(r.personas[2].persona.role, 'principal', 'the unsupported role claim was rejected');
    assert.deepEqual(
      r.rejected.map((x) => x.check),
      [3, 3, 9, 6],
    );
    assert.deepEqual(
      ofKind(h.entries, 'firewall_rejection').map((e) => e.check),
      [3, 3, 9, 6],
    );
    assert.equal(r.hypotheses.length, 1);
    assert.equal(ofKind(h.entries, 'llm_call')[0].role, 'research');
  });

  it('extractor tool loop: the model checks a quotation with find_in_source and cites the passage it gets back', async () => {
    const client = ScriptedLlmClient.fromFile(fixture('verifier-tool-loop.json'));
    const h = harness(client);
    const r = await new LlmRecordExtractor(h.gateway, { now: () => new Date('2026-06-01T00:00:00Z') }).extract(
      OBITUARY_RECORD,
    );
    assert.equal(client.remaining, 0);
    assert.deepEqual(
      client.requests.map((q) => (q.tool_choice as { type: string }).type),
      ['any', 'any'],
    );
    const second = client.requests[1].messages;
    assert.equal(second.length, 3, 'user, assistant tool_use, user tool_result');
    assert.match(JSON.stringify(second[2]), /tool_result.*NOT FOUND\. Closest passage/);
    assert.equal(r.personas[0].persona.birthDate, '12 MAY 1846');
    assert.deepEqual(r.rejected, []);
    assert.equal(ofKind(h.entries, 'llm_call').length, 2, 'each turn is metered');
  });

  it('extractor leaves structured records to the deterministic path (no model call)', async () => {
    const client = new ScriptedLlmClient(() => {
      throw new Error('must not be called');
    });
    const h = harness(client);
    const structured = {
      ...OBITUARY_RECORD,
      recordType: 'census' as const,
      text: '',
      persons: [{ name: 'Johann Schmidt', role: 'head' as const, age: 30 }],
    };
    const r = await new LlmRecordExtractor(h.gateway).extract(structured);
    assert.equal(r.personas.length, 1);
    assert.equal(client.requests.length, 0);
  });

  it('adjudicator: an unsure "merge" becomes "review"; a rejected answer leaves the pair for a human', async () => {
    const client = ScriptedLlmClient.fromFile(fixture('adjudicator.json'));
    const h = harness(client);
    const adj = new LlmPairAdjudicator(h.gateway);
    const a = { id: 'P-1', name: 'Johann Schmidt', birth: '1850', place: 'Springfield' };
    const b = { id: 'P-7', name: 'John Schmidt', birth: 'ABT 1851', place: 'Springfield' };
    const features = { name: { score: 0.8, reason: 'translation' }, dates: { score: 0.7, reason: 'one year apart' } };
    const first = await adj.adjudicate(a, b, features);
    assert.equal(first.recommendation, 'review');
    assert.equal(first.similarity, 0.82);
    assert.match(first.whyNotMerge, /common/);
    const second = await adj.adjudicate(a, b, features);
    assert.equal(second.recommendation, 'review');
    assert.equal(second.confidence, 0);
    assert.deepEqual(
      ofKind(h.entries, 'firewall_rejection').map((e) => e.check),
      [7, 3],
    );
  });

  it('adjudication prompts never carry a living person’s exact birth date or address', async () => {
    const client = ScriptedLlmClient.fromFile(fixture('adjudicator.json'));
    const h = harness(client);
    const a = {
      id: 'P-2',
      name: 'Thomas J. Schmidt',
      birthDate: '5 MAR 1958',
      residence: '1423 Elm Street, Springfield, Illinois',
      phone: '217-555-0142',
    };
    const b = { id: 'P-8', name: 'Thomas Schmidt', birthDate: 'March 5, 1958' };
    await new LlmPairAdjudicator(h.gateway).adjudicate(a, b, { name: { score: 0.9, reason: 'same' } });
    const prompt = client.promptTexts()[0];
    for (const secret of ['5 MAR 1958', 'March 5, 1958', '1423 Elm', '555-0142'])
      assert.ok(!prompt.includes(secret), secret);
    assert.match(prompt, /Thomas J\. Schmidt/);
    assert.match(prompt, /1950s/);
  });

  it('conflict analyst: a sound analysis is kept; a fabricated resolution falls back to the heaviest claim, tentative', async () => {
    const client = ScriptedLlmClient.fromFile(fixture('conflict-analyst.json'));
    const h = harness(client);
    const analyst = new LlmConflictAnalyst(h.gateway);
    const good = await analyst.analyse(CONFLICT);
    assert.equal(good.preferred, '12 MAY 1846');
    assert.equal(good.tentative, true);
    assert.deepEqual(good.nextActions, ['Seek the civil birth register of Posen']);
    const bad = await analyst.analyse(CONFLICT);
    assert.equal(bad.preferred, '12 MAY 1846');
    assert.equal(bad.tentative, true);
    assert.match(bad.rationale, /firewall/);
    assert.deepEqual(
      ofKind(h.entries, 'firewall_rejection').map((e) => e.check),
      [10, 10],
    );
  });

  it('retry: the scripted client follows the retry policy (429, 529, then success; or give up)', async () => {
    const ok = ScriptedLlmClient.fromFile(fixture('retry-then-message.json'), { maxRetries: 3 });
    const r = await ok.create({
      model: 'claude-haiku-4-5',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Schmidt' }],
      tool_choice: { type: 'tool', name: 'submit_note' },
    });
    assert.equal(r.attempts, 3);
    const impatient = ScriptedLlmClient.fromFile(fixture('retry-then-message.json'), { maxRetries: 1 });
    await assert.rejects(
      impatient.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }),
      (e: unknown) => e instanceof LlmError && e.kind === 'overloaded',
    );
  });

  it('a model failure makes the planner fall back instead of failing the run', async () => {
    const h = harness(ScriptedLlmClient.fromFile(fixture('overloaded-always.json'), { maxRetries: 3 }));
    const fallback = {
      kind: 'deterministic' as const,
      plan: async () => ({
        nextActions: [],
        queryExpansions: [{ surname: 'Schmidt' }],
        revisits: [],
        shouldStop: false,
      }),
    };
    const d = await new LlmLeadPlanner(h.gateway, CONFIG, { fallback }).plan(view());
    assert.deepEqual(d.queryExpansions, [{ surname: 'Schmidt' }]);
    assert.equal(ofKind(h.entries, 'error').length, 1);
  });
});
