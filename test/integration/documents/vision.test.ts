import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { transcribeDocuments } from '../../../src/sources/documents/transcribe';
import { visionFromEnv } from '../../../src/sources/documents/vision-setup';
import { readSidecar } from '../../../src/sources/documents/sidecar';
import { parseArchiveRecord } from '../../../src/sources/archive/record';
import { PAGES, renderPng } from '../../documents/pages';
import { tempDir } from '../../helpers/paths';
import { startMessagesServer, type MessagesServer } from '../llm/messages-server';

type Body = Record<string, unknown>;
const toolName = (b: Body) => (b.tool_choice as { name?: string } | undefined)?.name ?? '';
const reply = (name: string, input: unknown, n: number) => ({
  body: {
    id: `msg_${n}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-6',
    content: [{ type: 'tool_use', id: `tu_${n}`, name, input }],
    stop_reason: 'tool_use',
    usage: { input_tokens: 1500, output_tokens: 120 },
  },
});

/** Answers per call: the first reading, the second reading, then the extraction. */
function scripted(first: string[], second: string[], facts: unknown) {
  let n = 0;
  let readings = 0;
  return (b: Body) => {
    n += 1;
    if (toolName(b) === 'record_transcription')
      return reply('record_transcription', { lines: readings++ === 0 ? first : second }, n);
    return reply('record_facts', facts, n);
  };
}

async function caseWithGravestone(privacy?: { consent: boolean }) {
  const root = join(tempDir(), 'case');
  await initCase(root, {
    question: 'When did Thomas Owens die?',
    subject: { name: 'Thomas Owens' },
    llm: { vision: true },
    ...(privacy ? { privacy } : {}),
  });
  writeFileSync(join(root, 'archive/grave.png'), await renderPng(PAGES[2], { px: 20, skew: 1, noise: 0.005, seed: 4 }));
  return root;
}

describe('documents: Claude vision against a local Messages API', function () {
  this.timeout(120_000);
  let server: MessagesServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function run(root: string, env: Body = {}) {
    const store = await openCase(root);
    const setup = visionFromEnv({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server!.baseURL, ...env }, store);
    assert.ok(setup.reader, setup.why);
    const out = await transcribeDocuments(store, { vision: setup.reader });
    return { out, store: await openCase(root) };
  }

  it('marks the words two readings disagree on, and keeps only facts grounded in the certain words', async () => {
    const root = await caseWithGravestone();
    server = await startMessagesServer(
      scripted(
        ['IN MEMORY OF', 'THOMAS OWENS', 'DIED MARCH 3 1871', 'AGED 67 YEARS'],
        ['In memory of', 'Thomas Owens', 'died March 8 1871', 'aged 67 years'],
        {
          recordType: 'burial',
          persons: [
            { name: 'THOMAS OWENS', role: 'deceased', deathDate: '3 MARCH 1871', age: '67' },
            { name: 'Zebediah Quux', role: 'father' },
          ],
          place: 'Atlantis',
        },
      ),
    );
    const { out, store } = await run(root);
    assert.deepEqual(
      out.map((o) => [o.status, 'engine' in o ? o.engine : undefined]),
      [['written', 'claude']],
    );
    const text = readFileSync(join(root, 'archive/grave.png.md'), 'utf8');
    const side = readSidecar(text);
    assert.equal(side.kind, 'machine');
    assert.match(side.kind === 'machine' ? side.body : '', /DIED MARCH \[3\?\] 1871/);
    assert.equal(side.kind === 'machine' && side.meta.uncertain, 1);
    const r = parseArchiveRecord(text, 'archive/grave.png.md');
    assert.ok(r.ok);
    if (!r.ok) return;
    assert.equal(r.record.recordType, 'burial');
    // The death date rests on the doubted "3"; the invented father and place are not in the text.
    assert.deepEqual(r.record.persons, [{ name: 'THOMAS OWENS', role: 'deceased', age: '67' }]);
    assert.equal(r.record.place, undefined);
    assert.doesNotMatch(text, /Zebediah|Quux|Atlantis/);
    // The image went out once per reading, as an image block, after the Censor said so; the meter counted 3 calls.
    const withImage = server.requests.filter((q) => JSON.stringify(q.body.messages).includes('"type":"image"'));
    assert.equal(withImage.length, 2);
    assert.equal(server.requests.length, 3);
    const log = store.log();
    assert.equal(log.filter((e) => e.actionType === 'llm_call').length, 3);
    assert.ok(log.some((e) => e.actionType === 'compliance' && e.subject === 'archive/grave.png' && e.allowed));
    const firewall = log.find((e) => e.actionType === 'decision' && e.decisionType === 'firewall');
    assert.ok(firewall && firewall.actionType === 'decision');
    assert.match(JSON.stringify(firewall.optionsConsidered), /Zebediah Quux/);
  });

  it('against a hostile model: a second reading that invents everything leaves no fact standing', async () => {
    const root = await caseWithGravestone();
    server = await startMessagesServer(
      scripted(
        ['IN MEMORY OF', 'THOMAS OWENS', 'DIED MARCH 3 1871', 'AGED 67 YEARS'],
        ['Here lies', 'Zebediah Quux', 'of Atlantis', 'born 1702'],
        {
          recordType: 'burial',
          date: '1702',
          persons: [
            { name: 'Zebediah Quux', birthDate: '1702' },
            { name: 'Thomas Owens', deathDate: '1871' },
          ],
        },
      ),
    );
    await run(root);
    const text = readFileSync(join(root, 'archive/grave.png.md'), 'utf8');
    const r = parseArchiveRecord(text, 'archive/grave.png.md');
    assert.ok(r.ok);
    if (!r.ok) return;
    assert.deepEqual(r.record.persons, []);
    assert.equal(r.record.date, undefined);
    // The OCR agrees with the first reading, but every word the second reading lacks is doubted.
    assert.match(r.record.text, /\[THOMAS\?\] \[OWENS\?\]/);
    assert.ok((r.record.transcription?.confidence ?? 1) < 0.3);
    assert.doesNotMatch(text, /Zebediah|Quux|Atlantis/);
  });

  it('does not send a document that may be about a living person without consent', async () => {
    const root = join(tempDir(), 'case');
    await initCase(root, { question: 'Q?', subject: { name: 'Anna Hoffman' }, llm: { vision: true } });
    const modern = { name: 'modern', lines: ['Certificate of Birth', 'Anna Hoffman born 4 May 1990'] };
    writeFileSync(join(root, 'archive/birth.png'), await renderPng(modern, { px: 20 }));
    server = await startMessagesServer(scripted(['x'], ['x'], { persons: [] }));
    const { out, store } = await run(root);
    assert.equal(out[0].status, 'failed');
    assert.match(out[0].status === 'failed' ? out[0].reason : '', /Censor kept archive\/birth.png.*1990/);
    assert.equal(server.requests.length, 0, 'nothing left the machine');
    assert.ok(!existsSync(join(root, 'archive/birth.png.md')));
    assert.ok(
      store.log().some((e) => e.actionType === 'compliance' && e.subject === 'archive/birth.png' && !e.allowed),
    );
  });

  it('is off unless case.yaml allows it, whatever the key', async () => {
    const root = join(tempDir(), 'case');
    await initCase(root, { question: 'Q?', subject: { name: 'Anna Hoffman' } });
    const setup = visionFromEnv({ ANTHROPIC_API_KEY: 'k' }, await openCase(root));
    assert.equal(setup.reader, undefined);
    assert.match(setup.why, /llm.vision: true/);
  });
});
