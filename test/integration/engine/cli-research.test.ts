import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { sampleCopy } from './helpers';

/** Captures stdout/stderr of the CLI run in-process (the dispatcher writes through process streams). */
async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = process.stdout.write.bind(process.stdout);
  const e = process.stderr.write.bind(process.stderr);
  process.stdout.write = (s: string | Uint8Array) => ((out += String(s)), true);
  process.stderr.write = (s: string | Uint8Array) => ((err += String(s)), true);
  try {
    const code = await main(args);
    return { code, out, err };
  } finally {
    process.stdout.write = o;
    process.stderr.write = e;
  }
}

describe('ancestry research (CLI verb)', function () {
  this.timeout(180_000);

  it('runs offline with --json, quiet on stderr, and exits 0 with the run result', async () => {
    const dir = sampleCopy();
    const r = await cli(['research', dir, '--offline', '--json']);
    assert.equal(r.code, 0, r.err);
    const result = JSON.parse(r.out) as { status: string; persons: number; summaryPath: string; case: string };
    assert.equal(result.status, 'completed');
    assert.ok(result.persons > 5);
    assert.equal(result.case, dir);
    assert.equal(r.err, '', '--json keeps quiet');
  });

  it('shows progress and where the results are without --json', async () => {
    const dir = sampleCopy();
    const r = await cli(['research', dir, '--offline', '--max-cycles', '1']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /\[cycle 1\] Searching Local archive/);
    assert.match(r.out, /Summary: +.*summary\.md/);
    assert.match(r.out, /budget exceeded: cycle budget \(1\) used|goal achieved|GPS satisfied/);
  });

  it('rejects bad input with exit 2', async () => {
    assert.equal((await cli(['research'])).code, 2);
    assert.equal((await cli(['research', sampleCopy(), '--max-cycles', 'zero'])).code, 2);
    assert.equal((await cli(['research', '/nonexistent/case/folder', '--offline'])).code, 2);
  });
});
