import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

/**
 * The built CLI (dist/cli.js), as users run it: one process that starts in a fraction of a second,
 * where tsx compiles the sources again in every process (tests that start dozens of CLI runs).
 * `npm test` builds before the tests; a targeted run builds it if it is missing (after a source
 * change, run `npm run build` first).
 */
export function builtCli(): string[] {
  const cli = join(REPO_ROOT, 'dist/cli.js');
  if (!existsSync(cli)) {
    const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
  }
  return [cli];
}
