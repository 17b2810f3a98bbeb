import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../../helpers/paths';
import { SAMPLE_CASE } from './helpers';

function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const abs = join(d, n);
      const st = statSync(abs);
      if (st.isDirectory()) walk(abs);
      else out.push(`${relative(dir, abs)}:${st.size}:${st.mtimeMs}`);
    }
  };
  walk(dir);
  return out.sort();
}

describe('npm run demo (the README main command)', function () {
  this.timeout(300_000);

  it('researches a temporary copy of the sample case offline and leaves the repository untouched', () => {
    // npm test builds dist/ before the tests run; a bare mocha run builds it here rather than skip.
    if (!existsSync(join(REPO_ROOT, 'dist/cli.js'))) {
      const build = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/build.mjs')], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      });
      assert.equal(build.status, 0, build.stderr);
    }
    const before = snapshot(SAMPLE_CASE);
    const env = { ...process.env, ANTHROPIC_API_KEY: 'sk-must-not-be-used' };
    const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/demo.mjs')], {
      cwd: REPO_ROOT,
      env,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /\[cycle 1\] Searching Local archive/, 'progress is shown');
    assert.match(r.stdout, /Johann Friedrich Schmidt was born 14 MAR 1842/);
    assert.match(r.stdout, /Results are in .*ancestry-demo-/);
    assert.match(r.stdout, /birth\.date/);
    assert.deepEqual(snapshot(SAMPLE_CASE), before, 'examples/sample-case is not written to');
  });
});
