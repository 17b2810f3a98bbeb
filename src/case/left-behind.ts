/**
 * What interrupted work left in a case, as problems for `validate`, `status` and the Problems
 * panel: temp files of an atomic write that never finished, and an import that did not end. While a
 * live process holds the write lock these are its work in progress, not leftovers: nothing is said.
 */
import { interruptedImportProblem } from './import-marker';
import { lockHolder } from './lock';
import type { CaseProblem } from './problems';
import { findStaleTemps, staleTempProblem } from './temp-files';

export function leftBehind(root: string): CaseProblem[] {
  // (A writer removes the temp files when it takes the lock, before it reads the case.)
  if (lockHolder(root)) return [];
  const out = findStaleTemps(root).map(staleTempProblem);
  const imp = interruptedImportProblem(root);
  if (imp) out.push(imp);
  return out;
}
