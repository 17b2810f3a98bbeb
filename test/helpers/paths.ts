import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../..');
/** `../shared/data` beside the clone (TESTING.md: tests use it by relative path, never copy it). */
export const SHARED_DATA = resolve(REPO_ROOT, '../shared/data');

/** A fresh temporary folder, removed after the current mocha suite. */
export function tempDir(prefix = 'ancestry-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
