/**
 * The "done" check: against a model that fabricates everything (names, dates, places,
 * URLs, snippets; hypotheses marked as facts; out-of-range confidences; resolutions that are none
 * of the competing values), a full research run on the sample case ends within its budget, writes
 * no fabricated fact, and sends no living person's exact birth date or address in any prompt.
 */
import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DeterministicExtractor } from '../../../src/agents/analyst/extract';
import { openCase } from '../../../src/case';
import { DeterministicPlanner } from '../../../src/engine/lead-planner';
import { runResearch } from '../../helpers/research';
import { createLlmAgents, withCostReport } from '../../../src/llm';
import type { LlmRequest } from '../../../src/llm/port';
import { ScriptedLlmClient } from '../../../src/llm/scripted-client';
import { forcedTool } from '../../../src/llm/transcript';
import { LogEntry, type NewLogEntry } from '../../../src/model';
import { REPO_ROOT, tempDir } from '../../helpers/paths';

const MARKERS = ['Zebediah', 'Quux', 'Atlantis', '1777', 'fabricated.example', 'S-fabricated'];
/** A marker as a whole token: "1777" inside a content-hash id such as A-3d135241777d is not a fabricated year. */
const asToken = (m: string): RegExp =>
  new RegExp(`(?<![0-9A-Za-z])${m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`);
const LIVING_DETAILS = ['March 5, 1958', '5 MAR 1958', '1958-03-05', '1423 Elm'];

/** The output tool a request asks for: forced, or under tool_choice "any" the last tool listed. */
const outputTool = (req: LlmRequest): string =>
  forcedTool(req) ?? (req.tools?.at(-1) as { name?: string } | undefined)?.name ?? '';

function userText(req: LlmRequest): string {
  const m = req.messages[0];
  return typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
}

/** A model that invents everything it is asked for. */
function fabricate(req: LlmRequest): unknown {
  const tool = outputTool(req);
  const user = userText(req);
  let rawText = '';
  try {
    rawText = (JSON.parse(user) as { raw_text?: string }).raw_text ?? '';
  } catch {
    /* not an extraction prompt */
  }
  const realSnippet = rawText.slice(0, 24) || 'Schmidt';
  const inputs: Record<string, unknown> = {
    submit_plan: {
      reasoning: 'Zebediah Quux of Atlantis is clearly the father.',
      next_actions: [
        {
          action: 'fetch',
          query: { given: 'Zebediah', surname: 'Quux', place: 'Atlantis', birthYear: 1777 },
          source_tier: 0,
          priority: 0.99,
          reason: 'see https://fabricated.example/tree',
        },
        { action: 'fetch', query: { surname: 'Schmidt' }, source_tier: 0, priority: 7, reason: 'out of range' },
      ],
      query_expansions: [{ given: 'Zebediah', surname: 'Schmidt' }],
      revisit_schedule: [{ source_id: 'S-fabricated', improved_query: { surname: 'Quux' }, reason: 'x' }],
      hypotheses: [
        {
          type: 'parental_discovery',
          text: 'Zebediah Quux was his father',
          priority: 0.9,
          is_fact: true,
          suggested_queries: [],
        },
      ],
      should_stop: false,
      stop_reason: null,
    },
    submit_verification: {
      persons: [
        {
          ref: null,
          fields: [
            {
              field: 'name',
              value: 'Zebediah Quux',
              status: 'Verified',
              confidence: 0.99,
              citation_snippet: 'Zebediah Quux, farmer of Atlantis',
              rationale: '',
            },
            {
              field: 'birthDate',
              value: '1 JAN 1777',
              status: 'Verified',
              confidence: 0.99,
              citation_snippet: realSnippet,
              rationale: '',
            },
          ],
        },
        {
          ref: 0,
          fields: [
            {
              field: 'birthDate',
              value: '1 JAN 1777',
              status: 'Verified',
              confidence: 0.95,
              citation_snippet: realSnippet,
              rationale: '',
            },
            {
              field: 'birthPlace',
              value: 'Atlantis',
              status: 'Verified',
              confidence: 0.95,
              citation_snippet: realSnippet,
              rationale: '',
            },
            {
              field: 'deathPlace',
              value: 'Atlantis',
              status: 'Verified',
              confidence: 0.95,
              citation_snippet: null,
              rationale: '',
            },
            {
              field: 'relationship',
              value: 'son of Zebediah Quux',
              status: 'Verified',
              confidence: 0.9,
              citation_snippet: realSnippet,
              rationale: '',
            },
            {
              field: 'occupation',
              value: 'alchemist',
              status: 'Verified',
              confidence: 1.4,
              citation_snippet: realSnippet,
              rationale: '',
            },
            {
              field: 'residence',
              value: 'https://fabricated.example/home',
              status: 'Verified',
              confidence: 0.9,
              citation_snippet: realSnippet,
              rationale: '',
            },
          ],
        },
      ],
      hypotheses: [
        {
          type: 'parental_discovery',
          text: 'Zebediah Quux of Atlantis was the father (1777)',
          evidence_hint: '',
          priority: 0.9,
          is_fact: true,
          suggested_queries: ['Zebediah Quux'],
        },
        {
          type: 'other',
          text: 'A tree at https://fabricated.example/tree lists him',
          evidence_hint: '',
          priority: 0.5,
          is_fact: false,
          suggested_queries: [],
        },
        {
          type: 'other',
          text: 'Search the Quux papers',
          evidence_hint: '',
          priority: 3,
          is_fact: false,
          suggested_queries: [],
        },
      ],
      hallucination_flags: [],
    },
    submit_adjudication: {
      similarity_score: 1.5,
      feature_scores: { name: { score: 2, reason: 'both Zebediah' } },
      merge_rationale: 'Both are in the 1777 census of Atlantis',
      why_not_merge: 'none',
      recommendation: 'merge',
      confidence: 1,
    },
    submit_conflict_analysis: {
      analysis: 'The 1777 register of Atlantis settles it.',
      evidence_ranking: [{ claim_index: 9, rank: 1, reason: 'x' }],
      recommended_value: '1 JAN 1777',
      confidence: 1.2,
      is_tentative: false,
      next_actions: ['Visit https://fabricated.example'],
      preserve_alternatives: false,
    },
  };
  const chars = JSON.stringify(req).length;
  return {
    id: `msg_fab_${tool}`,
    type: 'message',
    role: 'assistant',
    model: req.model,
    content: [{ type: 'tool_use', id: 'toolu_fab', name: tool, input: inputs[tool] ?? {} }],
    stop_reason: 'tool_use',
    usage: {
      input_tokens: Math.ceil(chars / 3.5),
      output_tokens: 700,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    },
  };
}

function filesUnder(dir: string, skip: (rel: string) => boolean, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    const rel = relative(root, p);
    if (skip(rel)) return [];
    return statSync(p).isDirectory() ? filesUnder(p, skip, root) : [p];
  });
}

describe('a research run against a model that fabricates everything', function () {
  this.timeout(180_000);

  it('ends within its budget, writes no fabricated fact and sends no living person’s details', async () => {
    const root = join(tempDir('ancestry-fabricating-'), 'case');
    cpSync(join(REPO_ROOT, 'examples/sample-case'), root, { recursive: true });
    const yamlPath = join(root, 'case.yaml');
    writeFileSync(
      yamlPath,
      readFileSync(yamlPath, 'utf8').replace('maxRequests: 300', 'maxRequests: 300\n  maxUsd: 1'),
    );
    const store = await openCase(root);
    const client = new ScriptedLlmClient(fabricate);
    const logged: NewLogEntry[] = [];
    const agents = createLlmAgents({
      client,
      config: store.config(),
      log: (e) => logged.push(e),
      persons: () => store.persons(),
      knownSources: () => store.sources().map((s) => s.id),
      fallback: { planner: new DeterministicPlanner(), extractor: new DeterministicExtractor() },
    })!;
    assert.ok(agents);
    const result = await runResearch({
      store: withCostReport(store, agents.meter),
      connectors: [],
      agents,
      meter: agents.meter,
      maxCycles: 6,
    });
    assert.notEqual(result.status, 'failed', result.terminationReason);

    // within budget
    assert.ok(agents.meter.costUsd() <= 1, `spent $${agents.meter.costUsd()}`);
    assert.ok(agents.meter.tokens() <= store.config().budget.maxTokens);
    assert.ok(client.requests.length > 0, 'the model was asked');
    const tools = new Set(client.requests.map(outputTool));
    assert.ok(tools.has('submit_plan') && tools.has('submit_verification'), [...tools].join(', '));

    // the summary reports the model cost per role and per cycle
    const summary = readFileSync(join(root, 'summary.md'), 'utf8');
    assert.match(summary, /## Model cost/);
    assert.match(summary, /Lead \(planning\)/);

    // nothing fabricated in what the run wrote (the archive is input; the log records the rejections)
    const written = filesUnder(
      root,
      (rel) => rel === 'archive' || rel === 'log' || rel.startsWith('.ancestry') || rel === 'case.yaml',
    );
    assert.ok(
      written.some((f) => f.includes('people')),
      'the run wrote person files',
    );
    for (const file of written) {
      const text = readFileSync(file, 'utf8');
      for (const m of MARKERS)
        assert.ok(!asToken(m).test(text), `${relative(root, file)} contains fabricated "${m}"\n${text}`);
    }

    // every rejection is logged with its check number; several kinds fired
    const rejections = logged.filter(
      (e): e is Extract<NewLogEntry, { actionType: 'firewall_rejection' }> => e.actionType === 'firewall_rejection',
    );
    const kinds = new Set(rejections.map((r) => r.check));
    for (const k of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
      assert.ok(kinds.has(k), `check ${k} rejected something (got ${[...kinds].sort().join(', ')})`);

    // no living person's exact birth date or address left the machine
    for (const prompt of client.promptTexts())
      for (const d of LIVING_DETAILS) assert.ok(!prompt.includes(d), `a prompt contains "${d}"`);
    assert.ok(logged.some((e) => e.actionType === 'compliance' && e.check === 'prompt'));
    assert.equal(logged.filter((e) => e.actionType === 'llm_call').length, agents.meter.calls().length);
    // every entry the LLM layer logs is a valid research-log entry (hosts append them unawaited)
    for (const e of logged) {
      const r = LogEntry.safeParse({ ...e, id: 'L-1', timestamp: new Date().toISOString(), sessionId: 'R-1' });
      assert.ok(r.success, `${e.actionType}: ${r.success ? '' : JSON.stringify(r.error.issues[0])}`);
    }
  });
});
