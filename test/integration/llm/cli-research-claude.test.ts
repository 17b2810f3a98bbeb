/**
 * `ancestry research` with ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL set: the CLI builds the Claude
 * agents, the real SDK talks to a local Messages API (a careful model: grounded or empty answers,
 * one 529 along the way), and the run's log records every call, its cost and the Censor's check.
 * Every network source points at a dead local port, so nothing leaves the machine.
 */
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { cli } from '../../helpers/cli-in-process';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import { researchCommand } from '../../../src/cli/commands/research';
import { overrideEnvName } from '../../../src/sources';
import { REPO_ROOT, tempDir } from '../../helpers/paths';
import { deadPort } from '../../helpers/replay-server';
import { startMessagesServer } from './messages-server';

/** A careful model: plans nothing new, verifies nothing it cannot quote, prefers the heaviest claim, leaves pairs for review. */
function careful(body: Record<string, unknown>): unknown {
  const choice = body.tool_choice as { type: string; name?: string } | undefined;
  const tools = (body.tools as { name: string }[] | undefined) ?? [];
  const tool = choice?.type === 'tool' ? choice.name! : tools[tools.length - 1].name;
  const user = JSON.stringify((body.messages as unknown[])[0]);
  const competing = /"competing_claims"/.test(user)
    ? (
        JSON.parse((JSON.parse(user) as { content: string }).content) as {
          competing_claims: { value: string; weight: number }[];
        }
      ).competing_claims
    : [];
  const inputs: Record<string, unknown> = {
    submit_plan: {
      reasoning: 'The frontier already covers the open questions.',
      next_actions: [],
      query_expansions: [],
      revisit_schedule: [],
      hypotheses: [],
      should_stop: false,
      stop_reason: null,
    },
    submit_verification: { persons: [], hypotheses: [], hallucination_flags: [] },
    submit_adjudication: {
      similarity_score: 0.6,
      feature_scores: {},
      merge_rationale: 'similar names',
      why_not_merge: 'too little shared evidence',
      recommendation: 'review',
      confidence: 0.5,
    },
    submit_conflict_analysis: {
      analysis: 'The heavier claim rests on the better evidence.',
      evidence_ranking: [],
      recommended_value: [...competing].sort((a, b) => b.weight - a.weight)[0]?.value ?? '',
      confidence: 0.6,
      is_tentative: true,
      next_actions: [],
      preserve_alternatives: true,
    },
  };
  return {
    id: 'msg_careful',
    type: 'message',
    role: 'assistant',
    model: String(body.model),
    content: [{ type: 'tool_use', id: 'toolu_c', name: tool, input: inputs[tool] ?? {} }],
    stop_reason: 'tool_use',
    usage: {
      input_tokens: Math.ceil(JSON.stringify(body).length / 4),
      output_tokens: 120,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    },
  };
}

describe('ancestry research with Claude agents (real SDK against a local Messages API)', function () {
  this.timeout(180_000);

  it('runs the sample case with Claude agents, logging each call with cost, tokens and the prompt Censor check', async () => {
    let calls = 0;
    const server = await startMessagesServer((body) => {
      calls += 1;
      // one overload along the way: the SDK retries it
      if (calls === 2)
        return {
          status: 529,
          headers: { 'retry-after-ms': '10' },
          body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
        };
      return { body: careful(body) };
    });
    const root = join(tempDir('ancestry-cli-claude-'), 'case');
    cpSync(join(REPO_ROOT, 'examples/sample-case'), root, { recursive: true });
    const yamlPath = join(root, 'case.yaml');
    writeFileSync(
      yamlPath,
      readFileSync(yamlPath, 'utf8')
        .replace('offline: true', 'offline: false')
        .replace(/\nllm:[\s\S]*$/, '') + '\nllm:\n  model: claude-haiku-4-5\n',
    );
    const saved = { ...process.env };
    const dead = `http://127.0.0.1:${await deadPort()}`;
    try {
      process.env.ANTHROPIC_API_KEY = 'sk-ant-cli-test';
      process.env.ANTHROPIC_BASE_URL = server.baseURL;
      for (const id of ['wikitree', 'wikidata', 'loc', 'openarchives', 'internetarchive', 'familysearch', 'nara'])
        process.env[overrideEnvName(id)] = dead;
      const out: string[] = [];
      const err: string[] = [];
      const code = await researchCommand.run([root, '--max-cycles', '2', '--json'], {
        out: (t) => out.push(t),
        err: (t) => err.push(t),
        tty: false,
        signal: new AbortController().signal,
      });
      assert.equal(code, 0, err.join('\n'));
      assert.ok(server.requests.length >= 2, `${server.requests.length} model requests`);
      assert.ok(
        server.requests.every(
          (r) => r.headers.authorization === 'Bearer sk-ant-cli-test' || r.headers['x-api-key'] === 'sk-ant-cli-test',
        ),
      );
      const store = await openCase(root);
      await new Promise((r) => setTimeout(r, 200)); // the CLI appends LLM log entries without awaiting them
      const log = (await openCase(root)).log();
      const llmCalls = log.filter((e) => e.actionType === 'llm_call');
      assert.ok(llmCalls.length >= 1, 'llm_call entries in the research log');
      assert.ok(llmCalls.some((e) => e.actionType === 'llm_call' && e.role === 'lead'));
      assert.ok(
        llmCalls.every(
          (e) =>
            e.actionType === 'llm_call' && e.costUsd > 0 && e.inputTokens > 0 && e.model.startsWith('claude-haiku-4-5'),
        ),
      );
      assert.ok(
        llmCalls.some((e) => e.actionType === 'llm_call' && /attempts=2/.test(e.rationale)),
        'the 529 was retried',
      );
      assert.ok(log.some((e) => e.actionType === 'compliance' && e.check === 'prompt'));
      assert.ok(store.persons().length > 0);
      // The CLI wraps the store with withCostReport: summary.md ends with the meter's cost section.
      const summary = readFileSync(join(root, 'summary.md'), 'utf8');
      assert.match(summary, /^## Model cost$/m, 'summary.md has the cost section');
      assert.match(summary, /Run total: \$\d+\.\d{4} of \$[\d.]+ budget; \d+ of \d+ tokens; [1-9]\d* call\(s\)\./);
      assert.match(summary, /\| Lead \(planning\) \| [1-9]/);
      // Each cycle file lists the model calls of its cycle, with their cost and the answers verbatim.
      const cycle1 = readFileSync(join(root, 'cycles/1.md'), 'utf8');
      assert.match(cycle1, /^## Model$\n\n[1-9]\d* call\(s\), [1-9]\d* tokens, \$\d+\.\d{4}\./m);
      assert.match(cycle1, /answer\(s\), verbatim, are kept in `\.ancestry\/cycles\/1\.md`/);
      const raw = readFileSync(join(root, '.ancestry/cycles/1.md'), 'utf8');
      assert.match(raw, /^## 1\. Lead — /m, 'the raw answers are kept, derived');
      const shown = await cli(['cycles', root, '1', '--raw']);
      assert.equal(shown.code, 0, shown.err);
      assert.ok(shown.out.includes(raw.trim()), 'cycles --raw shows them');
      assert.ok(
        llmCalls.every((e) => e.actionType === 'llm_call' && typeof e.output === 'string' && e.output.length > 0),
        'every llm_call keeps the answer',
      );
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) Reflect.deleteProperty(process.env, k);
      Object.assign(process.env, saved);
      await server.close();
    }
  });
});
