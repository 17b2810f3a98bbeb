/**
 * A second model provider (issue #23 item 7): an OpenAI-compatible Chat Completions endpoint,
 * chosen per role in case.yaml, on local stand-ins of both APIs over 127.0.0.1. The research role
 * runs on it alone; as llm.challenger it challenges the Anthropic analyst's conflict conclusion,
 * and its verdict (agreeing, disagreeing, or naming no competing value) is recorded as rationale.
 */
import assert from 'node:assert/strict';
import { createAgentsFromEnv } from '../../../src/llm';
import { fromChatResponse, toChatRequest } from '../../../src/llm/openai-client';
import { CaseConfig, type NewLogEntry } from '../../../src/model';
import { CONFIG, CONFLICT, ofKind } from '../../unit/llm/support';
import { startChatServer, toolCallCompletion, type ChatServer } from './chat-server';
import { startMessagesServer, type MessagesServer } from './messages-server';

const KEY = 'sk-local-second-provider';

/** The Anthropic stand-in: the first analyst prefers the baptism's date. */
function anthropicAnalyst(): Promise<MessagesServer> {
  return startMessagesServer(() => ({
    body: {
      id: 'msg_local',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      stop_reason: 'tool_use',
      usage: { input_tokens: 900, output_tokens: 120 },
      content: [
        {
          type: 'tool_use',
          id: 'toolu_1',
          name: 'submit_conflict_analysis',
          input: {
            analysis: 'The baptism is primary information recorded at the event; the obituary age is secondary.',
            recommended_value: '12 MAY 1846',
            confidence: 0.85,
            is_tentative: false,
            preserve_alternatives: true,
            next_actions: [],
          },
        },
      ],
    },
  }));
}

function configWith(llm: Record<string, unknown>, chat: ChatServer): CaseConfig {
  return CaseConfig.parse({
    ...CONFIG,
    llm: {
      ...CONFIG.llm,
      providers: { local: { type: 'openai-compatible', baseURL: chat.baseURL, keyEnv: 'LOCAL_LLM_KEY' } },
      ...llm,
    },
  });
}

describe('a second model provider (OpenAI-compatible, local stand-ins over 127.0.0.1)', () => {
  let chat: ChatServer | undefined;
  let messages: MessagesServer | undefined;
  afterEach(async () => {
    await chat?.close();
    await messages?.close();
    chat = messages = undefined;
  });

  async function challenged(verdict: unknown) {
    chat = await startChatServer(() => ({ body: toolCallCompletion('gpt-local', 'submit_challenge', verdict) }));
    messages = await anthropicAnalyst();
    const logged: NewLogEntry[] = [];
    const agents = createAgentsFromEnv(
      { ANTHROPIC_API_KEY: 'sk-ant-local', ANTHROPIC_BASE_URL: messages.baseURL, LOCAL_LLM_KEY: KEY },
      {
        config: configWith({ challenger: { provider: 'local', model: 'gpt-local' } }, chat),
        log: (e) => logged.push(e),
      },
    );
    assert.ok(agents?.conflictAnalyst);
    return { analysis: await agents.conflictAnalyst.analyse(CONFLICT), logged };
  }

  it('a challenger that agrees: the conclusion stands, the verdict quoted and labelled in the rationale', async () => {
    const { analysis, logged } = await challenged({
      agrees: true,
      preferred_value: '12 MAY 1846',
      reason: 'A baptism "12 May 1846" outweighs an age given by an informant.',
    });
    assert.equal(analysis.preferred, '12 MAY 1846');
    assert.equal(analysis.tentative, false);
    assert.equal(analysis.confidence, 0.85);
    assert.match(
      analysis.rationale,
      /Challenged by gpt-local \(a second model; its reason, not evidence\): agrees — "A baptism '12 May 1846' outweighs/,
    );
    // What the challenger was sent: the Chat Completions shape, the key as a Bearer token, the forced tool.
    const req = chat!.requests[0];
    assert.equal(req.headers.authorization, `Bearer ${KEY}`);
    assert.equal(req.body.model, 'gpt-local');
    assert.equal(req.body.messages?.[0]?.role, 'system');
    assert.match(String(req.body.messages?.[1]?.content), /The other analyst concluded: "12 MAY 1846"/);
    assert.deepEqual(req.body.tool_choice, { type: 'function', function: { name: 'submit_challenge' } });
    assert.equal(req.body.tools?.[0]?.function.name, 'submit_challenge');
    // Both calls metered and logged, each with its own model; the key never in the log.
    assert.deepEqual(
      ofKind(logged, 'llm_call').map((c) => [c.model, c.inputTokens]),
      [
        ['claude-sonnet-4-5', 900],
        ['gpt-local', 812],
      ],
    );
    assert.ok(!JSON.stringify(logged).includes(KEY));
  });

  it('a challenger that disagrees leaves the conclusion tentative for review, its confidence capped', async () => {
    const { analysis } = await challenged({
      agrees: false,
      preferred_value: 'ABT 1847',
      reason: 'The baptism may be of an elder sibling of the same name.',
    });
    assert.equal(analysis.preferred, '12 MAY 1846', 'the first conclusion is kept, not replaced by the challenger');
    assert.equal(analysis.tentative, true);
    assert.equal(analysis.confidence, 0.5);
    assert.match(analysis.rationale, /disagrees, prefers ABT 1847 — "The baptism may be of an elder sibling/);
    assert.match(analysis.rationale, /Left tentative for review\./);
  });

  it('a challenger naming a value no claim holds is logged and ignored', async () => {
    const { analysis, logged } = await challenged({
      agrees: false,
      preferred_value: '3 JUN 1850',
      reason: 'The parish book of Tarnów says so.',
    });
    assert.equal(analysis.tentative, false);
    assert.doesNotMatch(analysis.rationale, /Tarnów/);
    assert.match(analysis.rationale, /Not challenged: gpt-local's answer named no competing value/);
    assert.ok(ofKind(logged, 'decision').some((d) => d.decisionType === 'challenge_rejected'));
  });

  it('runs the research role on the second provider alone, retrying a 429, with no Anthropic key', async () => {
    let calls = 0;
    chat = await startChatServer(() =>
      ++calls === 1
        ? { status: 429, headers: { 'retry-after': '0' }, body: { error: { message: 'slow down' } } }
        : {
            body: toolCallCompletion('gpt-local', 'submit_conflict_analysis', {
              analysis: 'Primary information at the event outweighs a later age.',
              recommended_value: '12 MAY 1846',
              confidence: 0.8,
              is_tentative: false,
              preserve_alternatives: true,
            }),
          },
    );
    const logged: NewLogEntry[] = [];
    const config = configWith({ research: { provider: 'local', model: 'gpt-local' } }, chat);
    const agents = createAgentsFromEnv({ LOCAL_LLM_KEY: KEY }, { config, log: (e) => logged.push(e) });
    assert.ok(agents);
    assert.equal(agents.planner, undefined, 'the Lead has no key: its deterministic planner runs');
    const analysis = await agents.conflictAnalyst!.analyse(CONFLICT);
    assert.equal(analysis.preferred, '12 MAY 1846');
    assert.equal(analysis.rationale, 'Primary information at the event outweighs a later age.');
    assert.match(ofKind(logged, 'llm_call')[0].rationale, /attempts=2/);
    assert.equal(createAgentsFromEnv({}, { config, log: () => undefined }), undefined, 'no key at all: no model');
  });

  it('falls back to the weighing when the second provider answers arguments that are not JSON', async () => {
    chat = await startChatServer(() => ({
      body: {
        id: 'c',
        model: 'gpt-local',
        choices: [
          {
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'x',
                  type: 'function',
                  function: { name: 'submit_conflict_analysis', arguments: '{"analysis": ' },
                },
              ],
            },
          },
        ],
      },
    }));
    const logged: NewLogEntry[] = [];
    const config = configWith({ research: { provider: 'local', model: 'gpt-local' } }, chat);
    const agents = createAgentsFromEnv({ LOCAL_LLM_KEY: KEY }, { config, log: (e) => logged.push(e) });
    const analysis = await agents!.conflictAnalyst!.analyse(CONFLICT);
    assert.equal(analysis.tentative, true);
    assert.match(analysis.rationale, /model analysis unavailable \(invalid_response\)/);
    assert.ok(ofKind(logged, 'error').some((e) => /not JSON/.test(e.message)));
  });

  it('checks case.yaml: a role names anthropic or a provider under llm.providers', () => {
    const bad = CaseConfig.safeParse({ ...CONFIG, llm: { challenger: { provider: 'nope', model: 'm' } } });
    assert.equal(bad.success, false);
    assert.match(JSON.stringify(bad.error?.issues), /"llm","challenger","provider"/);
    assert.match(bad.error.issues[0].message, /"nope" is neither anthropic nor a name under llm.providers/);
  });
});

describe('Messages API ↔ Chat Completions translation', () => {
  it('turns system blocks, tool turns and tool results into chat messages', () => {
    const body = toChatRequest({
      model: 'm',
      max_tokens: 100,
      system: [
        { type: 'text', text: 'You are the Lead.' },
        { type: 'text', text: 'Case context.' },
      ],
      messages: [
        { role: 'user', content: 'Plan.' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'read_source', input: { id: 'S-1' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'baptised 12 May 1846' }] },
      ],
      tools: [{ name: 'read_source', description: 'read', input_schema: { type: 'object', properties: {} } }],
      tool_choice: { type: 'any' },
    });
    assert.deepEqual(body.messages, [
      { role: 'system', content: 'You are the Lead.\n\nCase context.' },
      { role: 'user', content: 'Plan.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 't1', type: 'function', function: { name: 'read_source', arguments: '{"id":"S-1"}' } }],
      },
      { role: 'tool', tool_call_id: 't1', content: 'baptised 12 May 1846' },
    ]);
    assert.equal(body.tool_choice, 'required');
    assert.deepEqual(body.tools, [
      {
        type: 'function',
        function: { name: 'read_source', description: 'read', parameters: { type: 'object', properties: {} } },
      },
    ]);
  });

  it('reads a completion back as a message, and refuses a malformed one naming the field', () => {
    const m = fromChatResponse(toolCallCompletion('gpt-local', 'submit_plan', { strategy: 'deepen' }), 'local');
    assert.deepEqual(m.content, [
      { type: 'tool_use', id: 'call_1', name: 'submit_plan', input: { strategy: 'deepen' } },
    ]);
    assert.equal(m.stop_reason, 'tool_use');
    assert.deepEqual([m.usage.input_tokens, m.usage.output_tokens], [812, 64]);
    assert.throws(
      () => fromChatResponse({ id: 'x', model: 'm', choices: [] }, 'local'),
      /malformed Chat Completions response at choices/,
    );
  });
});
