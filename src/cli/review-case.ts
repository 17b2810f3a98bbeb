import { resolve } from 'node:path';
import { CaseFileError, isCaseFolder, openCase, type OpenCaseOptions } from '../case';
import { type CliIo, UsageError } from './command';
import { lockCase } from './locks';

/**
 * Shared by the verbs that open a case to read or review it (merges, merge, conflicts, conflict,
 * show, search, review): a bad case folder is exit 2. The verbs that write (`lock`: merges
 * proposes, merge, conflict resolve) hold the case's write lock. Its own module, so that a verb
 * that only reads does not load the duplicate search with it.
 */
export async function openReviewCase(
  dir: string | undefined,
  usage: string,
  lock?: { verb: string; io: Pick<CliIo, 'err'> },
  opts: OpenCaseOptions = {},
) {
  if (!dir) throw new UsageError(`missing case folder; usage: ${usage}`);
  if (lock && isCaseFolder(resolve(dir))) await lockCase(resolve(dir), lock.verb, lock.io);
  return openCase(resolve(dir), opts).catch((e: unknown) => {
    if (e instanceof CaseFileError) throw new UsageError(e.message);
    throw e;
  });
}
