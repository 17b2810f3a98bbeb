import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { initCase } from '../../../src/case';
import type { FileCaseStore } from '../../../src/case';
import type { Person } from '../../../src/model';
import { REPO_ROOT, tempDir } from '../../helpers/paths';

export const clock = { now: () => new Date('2026-11-22T00:00:00Z'), sleep: async () => {} };

export async function newCase() {
  const root = join(tempDir('ancestry-review-'), 'case');
  const store = await initCase(
    root,
    { question: 'Who were the parents of Johann Schmidt?', subject: { name: 'Johann Schmidt', born: 'ABT 1850' } },
    { clock },
  );
  return { root, store };
}

let n = 0;
export function person(
  id: string,
  given: string,
  surname: string,
  facts: Record<string, string> = {},
  rel: Person['relationships'] = [],
  sex: Person['sex'] = 'M',
  extra: Partial<Person> = {},
): Person {
  return {
    id,
    names: [{ given, surname, type: 'birth' }],
    sex,
    assertions: Object.entries(facts).map(([field, value]) => ({
      id: `A-${id}-${++n}`,
      field,
      value,
      status: 'accepted' as const,
      confidence: 0.8,
      evidence: [],
    })),
    relationships: rel,
    externalIds: {},
    ...extra,
  };
}

export const rel = (type: 'parent' | 'child' | 'spouse', personId: string): Person['relationships'][number] => ({
  type,
  person: personId,
  status: 'accepted',
  confidence: 1,
  evidence: [],
});

/**
 * The Becker family as the GEDCOM import lays out an imported tree (one Person JSON per line in
 * trees/imported.jsonl): Wilhelm (I-1) with his daughter Anna (I-2), and Maria Huber (I-3).
 */
export function writeImportedTree(root: string, store: FileCaseStore, make: typeof person = person): Person[] {
  mkdirSync(join(root, 'trees'), { recursive: true });
  const tree = [
    make('I-1', 'Wilhelm', 'Becker', { 'birth.date': '3 APR 1832', 'birth.place': 'Bayern' }, [rel('child', 'I-2')]),
    make('I-2', 'Anna', 'Becker', { 'birth.date': '1860' }, [rel('parent', 'I-1')], 'F'),
    make('I-3', 'Maria', 'Huber', { 'birth.date': '1835' }, [], 'F'),
  ];
  writeFileSync(join(root, 'trees/imported.jsonl'), `${tree.map((p) => JSON.stringify(p)).join('\n')}\n`);
  store.load();
  return tree;
}

/** Every file of the case except the append-only log, merges.json and merge snapshots, with its bytes. */
export function caseFiles(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      const rel = relative(root, abs);
      if (rel === 'merges.json' || rel.startsWith('merges/') || rel.startsWith('log/') || rel.startsWith('.ancestry'))
        continue;
      if (statSync(abs).isDirectory()) walk(abs);
      else out.set(rel, readFileSync(abs).toString('base64'));
    }
  };
  walk(root);
  return out;
}

export function cli(args: string[]) {
  return spawnSync(process.execPath, ['--require', 'tsx/cjs', join(REPO_ROOT, 'src/cli/main.ts'), ...args], {
    encoding: 'utf8',
    cwd: REPO_ROOT,
  });
}
