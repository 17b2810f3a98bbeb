import { FileCaseStore, type OpenCaseOptions } from './store';

export { FileCaseStore, isCaseFolder, sourceHash, type OpenCaseOptions } from './store';
export { initCase, type CaseConfigInput } from './init';
export { newId, sha256 } from './ids';
export { CaseFileError, formatProblem, type CaseProblem } from './problems';
export { readFrontMatter, renderFrontMatter, splitFrontMatter } from './frontmatter';
export * as layout from './layout';
export { acquireCaseLock, CaseLockedError, lockHolder, withCaseLock, type CaseLock, type LockHolder } from './lock';

/** Opens a case folder; throws CaseFileError only when case.yaml itself is unusable. */
export async function openCase(root: string, opts: OpenCaseOptions = {}): Promise<FileCaseStore> {
  return new FileCaseStore(root, opts).open();
}
export { openIndex, CaseIndex, loadSqlJs, type PersonRow } from './index-db';
