/**
 * runResearch as the hosts call it: the case's local archive handed in with the other sources
 * (the engine takes every source through its ports and creates none itself).
 */
import { runResearch as engineRun, type RunOptions, type RunResult } from '../../src/engine/run';
import { withCaseArchive } from '../../src/sources/archive';

export type { EngineEvent, RunOptions, RunResult } from '../../src/engine/run';

export function runResearch(opts: RunOptions): Promise<RunResult> {
  return engineRun({ ...opts, connectors: withCaseArchive(opts.store.root, opts.connectors) });
}
