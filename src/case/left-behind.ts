/**
 * What interrupted work left in a case, as problems for `validate`, `status` and the Problems
 * panel: temp files of an atomic write that never finished, an import that did not end, and the
 * journal of a committed step not yet applied. While a
 * live process holds the write lock these are its work in progress, not leftovers: nothing is said.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { interruptedImportProblem } from './import-marker';
import { lockHolder } from './lock';
import type { CaseProblem } from './problems';
import { findStaleTemps, staleTempProblem } from './temp-files';
import { JOURNAL_FILE } from './writer';

export function leftBehind(root: string): CaseProblem[] {
  // (A writer removes the temp files when it takes the lock, before it reads the case.)
  if (lockHolder(root)) return [];
  const out = findStaleTemps(root).map(staleTempProblem);
  const imp = interruptedImportProblem(root);
  if (imp) out.push(imp);
  if (existsSync(join(root, JOURNAL_FILE)))
    out.push({
      file: JOURNAL_FILE,
      line: 1,
      column: 1,
      message:
        'a step an interrupted run committed is not yet in the files (it is read through); the next research, import or merge applies it',
      severity: 'warning',
    });
  return out;
}
