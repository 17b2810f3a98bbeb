import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli-in-process';
import { builtCli } from '../../helpers/built-cli';
import { sampleCopy } from './helpers';

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

  it('stops on Ctrl-C after the current step, keeps the work, and exits 130 (not 0: the run did not finish)', async () => {
    const dir = sampleCopy();
    // The built CLI under node itself: a wrapper (tsx) would handle the signal in its own way.
    const child = spawn(process.execPath, [...builtCli(), 'research', dir, '--offline'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (b: Buffer) => {
      const first = !err.includes('[cycle');
      err += b.toString('utf8');
      // The first progress line: the run is under way, so the interrupt lands inside it.
      if (first && err.includes('[cycle')) child.kill('SIGINT');
    });
    child.stdout.resume();
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    assert.equal(code, 130, err);
    assert.match(err, /Stopping after the current step/);
    const log = readFileSync(join(dir, 'log', 'research-log.jsonl'), 'utf8')
      .trim()
      .split('\n');
    assert.match(log[log.length - 1] ?? '', /"actionType":"session_end","status":"cancelled"/);
  });

  it('rejects bad input with exit 2', async () => {
    assert.equal((await cli(['research'])).code, 2);
    assert.equal((await cli(['research', sampleCopy(), '--max-cycles', 'zero'])).code, 2);
    assert.equal((await cli(['research', '/nonexistent/case/folder', '--offline'])).code, 2);
  });
});
