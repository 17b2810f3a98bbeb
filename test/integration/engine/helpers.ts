import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT, tempDir } from '../../helpers/paths';

export const SAMPLE_CASE = join(REPO_ROOT, 'examples/sample-case');

/** A fresh copy of the bundled sample case (the repository copy is never written). */
export function sampleCopy(): string {
  const dir = join(tempDir('ancestry-loop-'), 'case');
  cpSync(SAMPLE_CASE, dir, { recursive: true });
  return dir;
}

/** Every file the engine wrote (everything but the user's archive and case.yaml), as text. */
export function writtenFiles(root: string): { rel: string; text: string }[] {
  const out: { rel: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const n of readdirSync(dir)) {
      const abs = join(dir, n);
      const rel = relative(root, abs);
      if (rel === 'archive' || rel === 'case.yaml' || rel === 'README.md') continue;
      if (statSync(abs).isDirectory()) walk(abs);
      else out.push({ rel, text: readFileSync(abs, 'utf8') });
    }
  };
  walk(root);
  return out;
}
