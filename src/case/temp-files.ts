/**
 * Temp files an interrupted atomic write leaves behind: write-file-atomic's `<file>.<n>` (person,
 * source and conflict files, hypotheses.json, merges.json…) and the tree writer's
 * `trees/<name>.jsonl.<pid>.<t>.tmp` (up to the size of a whole tree). A writer removes them when it
 * takes the case's lock (nobody else can be writing then); a reader only reports them.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseProblem } from './problems';
import { removeLockFile } from './writer';

/** The folders the engine writes into (not archive/, the user's own records). */
const DIRS = ['', 'people', 'sources', 'conflicts', 'trees', 'merges', 'log', 'exports', 'cycles', '.ancestry'];
const ATOMIC_TEMP = /\.(?:md|json|jsonl|yaml|ged|jsonld|gitignore|sqlite)\.\d+$/;
const TREE_TEMP = /\.jsonl\.\d+\.[0-9a-z]+\.tmp$/;

export function isTempFile(name: string): boolean {
  return ATOMIC_TEMP.test(name) || TREE_TEMP.test(name);
}

export interface StaleTemp {
  rel: string;
  bytes: number;
}

export function findStaleTemps(root: string): StaleTemp[] {
  const out: StaleTemp[] = [];
  const walk = (rel: string, depth: number) => {
    const abs = join(root, rel);
    if (!existsSync(abs)) return;
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        // merges/<id>/ snapshots and the HTTP cache nest one or two levels down.
        if (rel && depth < 3) walk(child, depth + 1);
      } else if (isTempFile(e.name)) {
        out.push({ rel: child, bytes: statSync(join(root, child)).size });
      }
    }
  };
  for (const d of DIRS) walk(d, 0);
  return out.sort((a, b) => a.rel.localeCompare(b.rel));
}

/** Removes them (call only while holding the case's write lock). */
export function removeStaleTemps(root: string): StaleTemp[] {
  const found = findStaleTemps(root);
  for (const t of found) removeLockFile(join(root, t.rel));
  return found;
}

export function staleTempProblem(t: StaleTemp): CaseProblem {
  return {
    file: t.rel,
    line: 1,
    column: 1,
    message: `temp file (${t.bytes} bytes) left by an interrupted write; the next research, import or merge removes it`,
    severity: 'warning',
  };
}
