/**
 * The write lock of a CLI verb: taken before the case is read, released when the verb ends (main's
 * finally), and on process exit by the lock itself. What the lock found is reported on stderr.
 */
import { acquireCaseLock, type CaseLock } from '../case/lock';
import type { CliIo } from './command';

const held: CaseLock[] = [];

export async function lockCase(dir: string, verb: string, io: Pick<CliIo, 'err'>, quiet = false): Promise<CaseLock> {
  const lock = await acquireCaseLock(dir, verb);
  held.push(lock);
  if (!quiet) reportLock(lock, io);
  return lock;
}

export function reportLock(lock: CaseLock, io: Pick<CliIo, 'err'>): void {
  const t = lock.tookOver;
  if (t)
    io.err(
      `Took over the stale lock of "${t.verb}" (pid ${t.pid} on ${t.host}, since ${t.startedAt}): that process is gone`,
    );
  if (lock.tookOverEmpty)
    io.err(`Took over an empty lock file (since ${lock.tookOverEmpty}): a writer was killed as it took the lock`);
  if (lock.replayed)
    io.err(
      `Applied the step an interrupted run had committed (${lock.replayed.files} file(s), ${lock.replayed.logLines} log line(s))`,
    );
  if (lock.removedTemps.length) {
    io.err(
      `Removed ${lock.removedTemps.length} temp file(s) left by an interrupted write: ${lock.removedTemps.map((x) => `${x.rel} (${x.bytes} bytes)`).join(', ')}`,
    );
  }
}

export function releaseCliLocks(): void {
  for (const l of held.splice(0)) l.release();
}
