/**
 * Reading cycles/ back (`ancestry cycles`): each file's front matter checked against the cycle
 * record's schema; a file that does not parse is named with its line and field, never rewritten.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFrontMatter } from '../frontmatter';
import type { CaseProblem } from '../problems';
import { CycleRecord } from './record';
import { CYCLES_DIR, cycleFile } from './render';

export interface CycleOnDisk {
  n: number;
  file: string;
  record: CycleRecord;
  /** The markdown below the front matter. */
  markdown: string;
}

/** The cycle numbers whose files are in the case, in order. */
export function cycleNumbers(root: string): number[] {
  const dir = join(root, CYCLES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => /^([1-9]\d*)\.md$/.exec(f))
    .filter((m): m is RegExpExecArray => Boolean(m))
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

export function readCycle(root: string, n: number): { cycle: CycleOnDisk } | { problems: CaseProblem[] } {
  const file = cycleFile(n);
  const text = readFileSync(join(root, file), 'utf8');
  const r = readFrontMatter(text, file, CycleRecord);
  if (!r.ok) return { problems: r.problems };
  if (r.value.cycle !== n)
    return {
      problems: [
        {
          file,
          line: r.fm.yamlStartLine,
          column: 1,
          field: 'cycle',
          message: `says cycle ${r.value.cycle}, but the file is cycle ${n}`,
          severity: 'error',
        },
      ],
    };
  return { cycle: { n, file, record: r.value, markdown: r.fm.body.replace(/^\n/, '') } };
}
