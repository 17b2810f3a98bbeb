/**
 * The Validator on a model (seed 004, issue #23 item 1) through the real SDK against a local
 * Messages API: its answer is zod-validated and passes the hallucination firewall; a grounded hold
 * makes the result stricter (a fact the rules passed waits for review), never looser; a hostile
 * model's fabrications change nothing (the deterministic floor, issue #14 item 6).
 */
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import type { ValidationItem } from '../../../src/engine/agents';
import { createLlmAgents } from '../../../src/llm';
import { displayName, type NewLogEntry } from '../../../src/model';
import { CONFIG, ofKind } from '../../unit/llm/support';
import { REPO_ROOT, tempDir } from '../../helpers/paths';
import { runResearch } from '../../helpers/research';
import { hostileResponder } from './hostile-model';
import { startMessagesServer, type MessagesResponder } from './messages-server';

type Verdicts = { item: string; verdict: string; reason: string; quote?: string }[];

/** A model that answers submit_validation with `verdicts(items)`. */
function validatorModel(verdicts: (items: ValidationItem[]) => Verdicts): MessagesResponder {
  let calls = 0;
  return (body) => {
    calls += 1;
    const m = (body.messages as { content: unknown }[])[0];
    const items = (JSON.parse(String(m.content)) as { items: ValidationItem[] }).items;
    return {
      body: {
        id: `msg_v${calls}`,
        type: 'message',
        role: 'assistant',
        model: String(body.model),
        content: [
          { type: 'tool_use', id: `toolu_v${calls}`, name: 'submit_validation', input: { verdicts: verdicts(items) } },
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 100, output_tokens: 50, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    };
  };
}

function validatorAt(baseURL: string, log: NewLogEntry[]) {
  const agents = createLlmAgents({ config: CONFIG, apiKey: 'sk-ant-local', baseURL, log: (e) => log.push(e) });
  assert.ok(agents?.validator, 'the Validator runs on the research model when case.yaml names none');
  return agents.validator;
}

const ITEMS: ValidationItem[] = [
  {
    id: 'P-1/A-1',
    label: 'birth.date = 3 MAR 1850',
    evidence: [
      {
        source: 'S-1',
        snippet: 'Johann Schmidt, born 3 March 1850',
        sourceClass: 'derivative',
        information: 'primary',
        evidence: 'direct',
      },
    ],
  },
  {
    id: 'P-1/A-2',
    label: 'birth.place = Springfield',
    evidence: [
      { source: 'S-2', snippet: 'of Springfield', sourceClass: 'original', information: 'primary', evidence: 'direct' },
    ],
  },
];

describe('the model Validator (local Messages API, real SDK)', function () {
  this.timeout(300_000);

  it('keeps only a grounded hold: an unknown item, an unquoted one and an invented name are rejected by the firewall', async () => {
    const server = await startMessagesServer(
      validatorModel(() => [
        { item: 'P-1/A-1', verdict: 'needs_more_evidence', reason: 'Only an index.', quote: 'born 3 March 1850' },
        { item: 'P-9/A-9', verdict: 'needs_more_evidence', reason: 'Not given.', quote: 'x' },
        { item: 'P-1/A-2', verdict: 'reject', reason: 'Doubtful.' },
        { item: 'P-1/A-2', verdict: 'needs_more_evidence', reason: 'Zebediah Quux says no.', quote: 'of Springfield' },
        { item: 'P-1/A-2', verdict: 'pass', reason: 'Fine.' },
      ]),
    );
    try {
      const log: NewLogEntry[] = [];
      const held = await validatorAt(server.baseURL, log).review(ITEMS);
      assert.deepEqual([...held.keys()], ['P-1/A-1']);
      assert.equal(held.get('P-1/A-1')?.reason, 'Only an index.');
      assert.deepEqual(
        ofKind(log, 'firewall_rejection').map((r) => r.check),
        [8, 2, 4],
      );
      assert.equal(ofKind(log, 'llm_call').length, 1);
    } finally {
      await server.close();
    }
  });

  it('an answer of the wrong shape or a failed call leaves the rules’ verdicts', async () => {
    const server = await startMessagesServer(validatorModel(() => [{ item: 'P-1/A-1', verdict: 'maybe', reason: '' }]));
    try {
      assert.equal((await validatorAt(server.baseURL, []).review(ITEMS)).size, 0);
    } finally {
      await server.close();
    }
  });

  /** The sample case researched offline with only the Validator on the model; its facts by person name. */
  async function research(responder: MessagesResponder | undefined): Promise<{ facts: string[]; log: string[] }> {
    const dir = join(tempDir('ancestry-validator-'), 'case');
    cpSync(join(REPO_ROOT, 'examples/sample-case'), dir, { recursive: true });
    const server = responder && (await startMessagesServer(responder));
    try {
      const agents = server ? { validator: validatorAt(server.baseURL, []) } : {};
      await runResearch({ store: await openCase(dir), connectors: [], agents, maxCycles: 4 });
    } finally {
      await server?.close();
    }
    const store = await openCase(dir);
    const facts = store
      .persons()
      .flatMap((p) => p.assertions.map((a) => `${displayName(p)} ${a.field} = ${a.value} [${a.status}]`))
      .sort();
    const log = store
      .log()
      .filter((e) => e.actionType === 'decision' && e.decisionType === 'validation')
      .map((e) => (e.actionType === 'decision' ? `${e.chosenOption}: ${e.rationale}` : ''));
    return { facts, log };
  }

  it('a grounded hold makes the result stricter, never looser; a hostile model changes nothing', async () => {
    const plain = await research(undefined);
    // A strict model: holds back every fact it is shown, quoting its evidence.
    const strict = await research(
      validatorModel((items) =>
        items.map((i) => ({
          item: i.id,
          verdict: 'needs_more_evidence',
          reason: 'A second record is wanted.',
          quote: i.evidence[0]?.snippet ?? '',
        })),
      ),
    );
    const accepted = (facts: string[]) => facts.filter((f) => f.endsWith('[accepted]'));
    assert.ok(accepted(plain.facts).length > 0);
    for (const f of accepted(strict.facts)) assert.ok(plain.facts.includes(f), `accepted only with the model: ${f}`);
    assert.ok(accepted(strict.facts).length < accepted(plain.facts).length, 'the model held some facts back');
    assert.ok(strict.log.some((l) => /by the model Validator/.test(l) && /A second record is wanted/.test(l)));

    const hostile = await research(hostileResponder());
    assert.deepEqual(hostile.facts, plain.facts);
    assert.ok(!hostile.log.some((l) => /model/.test(l)), 'no hold of the hostile model stood');
  });
});
