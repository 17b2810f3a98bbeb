import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CaseWriter } from '../../../src/case/writer';
import { tempDir } from '../../helpers/paths';

const ctx = () => ({ now: new Date('2026-11-23T00:00:00Z'), thresholdYears: 100, consent: false });

describe('case writer: JSON lines', () => {
  it('writes every line once, in order, across buffer flushes, with multi-byte text and a line longer than a buffer', async () => {
    const root = tempDir();
    const writer = new CaseWriter(root, ctx);
    // ~9 MB of lines (two buffer flushes at least), non-ASCII in every line, and one 5M-character line.
    const items: { n: number; text: string }[] = [];
    for (let n = 0; n < 30000; n++) items.push({ n, text: `Müller ✝ 𝔊 line ${n} ${'é'.repeat(n % 300)}` });
    items.splice(12345, 0, { n: -1, text: 'ß'.repeat(5_000_000) });
    await writer.writeJsonLines('trees/t.jsonl', items);
    const lines = readFileSync(join(root, 'trees/t.jsonl'), 'utf8').split('\n');
    assert.equal(lines.pop(), '', 'the file ends with a newline');
    assert.equal(lines.length, items.length);
    lines.forEach((l, i) => assert.deepEqual(JSON.parse(l), items[i], `line ${i + 1}`));
    assert.deepEqual(readdirSync(join(root, 'trees')), ['t.jsonl'], 'no temp file left behind');
  });

  it('scans each line for PII and leaves the old file and no temp file when an item fails', async () => {
    const root = tempDir();
    const writer = new CaseWriter(root, ctx);
    await writer.writeJsonLines('trees/t.jsonl', [{ note: 'call 555-123-4567' }]);
    assert.equal(readFileSync(join(root, 'trees/t.jsonl'), 'utf8'), '{"note":"call [phone redacted]"}\n');
    function* failing() {
      for (let i = 0; i < 200000; i++) yield { i, pad: 'x'.repeat(100) };
      throw new Error('mapper failed');
    }
    await assert.rejects(writer.writeJsonLines('trees/t.jsonl', failing()), /mapper failed/);
    assert.equal(readFileSync(join(root, 'trees/t.jsonl'), 'utf8'), '{"note":"call [phone redacted]"}\n');
    assert.deepEqual(readdirSync(join(root, 'trees')), ['t.jsonl'], 'no temp file left behind');
  });
});
