import assert from 'node:assert/strict';
import { AnthropicLlmClient } from '../../../src/llm/anthropic-client';
import { LlmError } from '../../../src/llm/port';
import { loadTranscript } from '../../../src/llm/transcript';
import { fixture, harness, ofKind } from '../../unit/llm/support';
import { startMessagesServer } from './messages-server';

const call = {
  purpose: 'test note',
  role: 'lead' as const,
  agent: 'Lead' as const,
  system: 'You are a careful genealogist.',
  context: 'Case: Johann Schmidt, born ABT 1850 in Bavaria.',
  user: 'Where should we search next for Johann Schmidt?',
  tools: [
    {
      name: 'submit_note',
      description: 'Submit a note',
      input_schema: { type: 'object' as const, properties: { note: { type: 'string' } }, required: ['note'] },
    },
  ],
  toolChoice: { type: 'tool' as const, name: 'submit_note' },
};

describe('AnthropicLlmClient against a local Messages API (real @anthropic-ai/sdk over HTTP)', () => {
  it('retries 429 and 529 honouring retry-after, then accounts usage including cache reads', async () => {
    const server = await startMessagesServer(loadTranscript(fixture('retry-then-message.json')));
    try {
      const client = new AnthropicLlmClient({ apiKey: 'sk-ant-test-key', baseURL: server.baseURL, maxRetries: 3 });
      const h = harness(client);
      const reply = await h.gateway.call(call);
      assert.deepEqual(server.mismatches, []);
      assert.equal(server.requests.length, 3, 'two faults then the answer');
      assert.equal(reply.attempts, 3);
      assert.equal(reply.message.content[0]?.type, 'tool_use');
      // usage accounting: 412 input, 57 output, 1830 cache reads at Sonnet 4.5 prices ($3 / $15 per MTok, reads 0.1×)
      const expected = (412 * 3 + 57 * 15 + 1830 * 3 * 0.1) / 1_000_000;
      assert.ok(Math.abs(h.meter.costUsd() - expected) < 1e-12, `cost ${h.meter.costUsd()} vs ${expected}`);
      assert.equal(h.meter.tokens(), 412 + 57 + 1830);
      const [logged] = ofKind(h.entries, 'llm_call');
      assert.ok(logged);
      assert.equal(logged.cacheReadTokens, 1830);
      assert.equal(logged.role, 'lead');
      assert.match(logged.rationale, /attempts=3/);
      // the request really went over the wire in the Messages API shape, with the key and cache breakpoints
      const last = server.requests[2];
      assert.equal(last.path, '/v1/messages');
      // this SDK version sends the key as a bearer token; older ones used x-api-key
      assert.ok(
        last.headers['x-api-key'] === 'sk-ant-test-key' || last.headers.authorization === 'Bearer sk-ant-test-key',
      );
      assert.ok(last.headers['anthropic-version']);
      const system = last.body.system as { text: string; cache_control?: { type: string } }[];
      assert.equal(system.length, 2);
      assert.ok(
        system.every((b) => b.cache_control?.type === 'ephemeral'),
        'system and case context are cache breakpoints',
      );
      assert.deepEqual(last.body.tool_choice, { type: 'tool', name: 'submit_note' });
    } finally {
      await server.close();
    }
  });

  it('gives up after maxRetries with an "overloaded" error and logs it', async () => {
    const server = await startMessagesServer(loadTranscript(fixture('overloaded-always.json')));
    try {
      const client = new AnthropicLlmClient({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 2 });
      const h = harness(client);
      await assert.rejects(
        h.gateway.call(call),
        (e: unknown) => e instanceof LlmError && e.kind === 'overloaded' && e.attempts === 3,
      );
      assert.equal(server.requests.length, 3);
      assert.equal(h.meter.costUsd(), 0);
      assert.equal(ofKind(h.entries, 'error').length, 1);
    } finally {
      await server.close();
    }
  });

  it('rejects a malformed 200 body with an error naming the field', async () => {
    const server = await startMessagesServer(loadTranscript(fixture('malformed-response.json')));
    try {
      const client = new AnthropicLlmClient({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 });
      await assert.rejects(
        client.create({ model: 'claude-haiku-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
        /invalid|usage/,
      );
    } finally {
      await server.close();
    }
  });

  it('honours ANTHROPIC_BASE_URL when no baseURL is given', async () => {
    const server = await startMessagesServer(loadTranscript(fixture('retry-then-message.json')));
    const saved = process.env.ANTHROPIC_BASE_URL;
    process.env.ANTHROPIC_BASE_URL = server.baseURL;
    try {
      const client = new AnthropicLlmClient({ apiKey: 'k', maxRetries: 3 });
      assert.equal(client.baseURL, server.baseURL);
      const r = await client.create({
        model: 'claude-haiku-4-5',
        max_tokens: 100,
        system: 'Schmidt',
        messages: [{ role: 'user', content: 'x' }],
        tool_choice: { type: 'tool', name: 'submit_note' },
        tools: call.tools,
      });
      assert.equal(r.attempts, 3);
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_BASE_URL;
      else process.env.ANTHROPIC_BASE_URL = saved;
      await server.close();
    }
  });
});
