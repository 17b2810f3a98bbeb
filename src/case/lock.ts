/**
 * One writer per case: `research`, `import`, `merge`, `conflict resolve` and the extension's writes
 * hold `.ancestry/write.lock` while they write. The lock file is created with O_EXCL (no race
 * between two writers started at once) and names its holder (pid, host, verb, start time), so a
 * second writer can say who holds it. A lock whose process is gone (same host, pid not alive) is
 * stale: it is taken over and the takeover is reported, as is an empty lock over 10 s old (its writer
 * was killed between creating and writing it). Readers never look at it, and never write:
 * the journal of a step a killed writer committed is applied by the next lock holder only.
 */
import { readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { DERIVED_DIR } from './layout';
import { createLockFile, removeLockFile, replayJournal } from './writer';
import { removeStaleTemps, type StaleTemp } from './temp-files';

export const LOCK_FILE = `${DERIVED_DIR}/write.lock`;

const LockHolder = z.object({ pid: z.number().int(), host: z.string(), verb: z.string(), startedAt: z.string() });
export type LockHolder = z.infer<typeof LockHolder>;

/** Another live process holds the case: a second writer exits 2 with this message. */
export class CaseLockedError extends Error {
  constructor(
    readonly root: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      holder
        ? `${root} is being written by "${holder.verb}" (pid ${holder.pid} on ${holder.host}, since ${holder.startedAt}); wait for it to finish, or remove ${LOCK_FILE} if that process is gone`
        : `${root} is locked by another writer (${LOCK_FILE} is unreadable); remove it if no other ancestry process runs on this case`,
    );
    this.name = 'CaseLockedError';
  }
}

export interface CaseLock {
  readonly holder: LockHolder;
  /** A stale lock that was taken over (its holder had died), to report. */
  readonly tookOver?: LockHolder;
  /** An empty lock file taken over (a writer killed between creating and writing it): since when. */
  readonly tookOverEmpty?: string;
  /** Temp files of interrupted writes, removed on taking the lock (to report). */
  readonly removedTemps: StaleTemp[];
  /** A step a killed run had committed (its journal), applied on taking the lock (to report). */
  readonly replayed?: { files: number; logLines: number };
  release(): void;
}

export interface AcquireOptions {
  /** Wait up to this many milliseconds for the holder to finish (default 0: fail at once). */
  waitMs?: number;
  now?: () => Date;
}

/** An empty lock this much older than now cannot be a live writer's (it writes the lock at once). */
const EMPTY_LOCK_STALE_MS = 10_000;

/** When an empty lock file was last written (ms), or undefined when it is absent or not empty. */
function emptySince(abs: string): number | undefined {
  try {
    const st = statSync(abs);
    return st.size === 0 ? st.mtimeMs : undefined;
  } catch {
    return undefined;
  }
}

function readHolder(abs: string): LockHolder | undefined {
  try {
    const r = LockHolder.safeParse(JSON.parse(readFileSync(abs, 'utf8')));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A holder we can prove is gone: on this host, and its pid no longer runs (or is ourselves from a previous life). */
export function isStale(holder: LockHolder | undefined): boolean {
  if (!holder) return false;
  return holder.host === hostname() && !alive(holder.pid);
}

/** Who holds the case's write lock, if anyone live does (for `status`). */
export function lockHolder(root: string): LockHolder | undefined {
  const h = readHolder(join(root, LOCK_FILE));
  return h && !isStale(h) ? h : undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function acquireCaseLock(root: string, verb: string, opts: AcquireOptions = {}): Promise<CaseLock> {
  const abs = join(root, LOCK_FILE);
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    verb,
    startedAt: (opts.now?.() ?? new Date()).toISOString(),
  };
  const deadline = Date.now() + (opts.waitMs ?? 0);
  let tookOver: LockHolder | undefined;
  let tookOverEmpty: string | undefined;
  for (;;) {
    if (createLockFile(abs, `${JSON.stringify(holder)}\n`)) break;
    const current = readHolder(abs);
    if (!current) {
      // Created but not yet written by a writer starting this very moment: look again shortly.
      if (Date.now() < deadline + 200) {
        await sleep(25);
        continue;
      }
      // Still empty long after: its writer was killed between creating and writing it (a live one
      // writes it at once). Anything else unreadable may be someone's: the user decides.
      const empty = emptySince(abs);
      if (empty !== undefined && Date.now() - empty > EMPTY_LOCK_STALE_MS) {
        removeLockFile(abs);
        tookOverEmpty = new Date(empty).toISOString();
        continue;
      }
      throw new CaseLockedError(root, undefined);
    }
    if (isStale(current)) {
      tookOver = current;
      // Remove only the stale file we read: a rename-free check keeps a live newcomer's lock intact.
      if (JSON.stringify(readHolder(abs)) === JSON.stringify(current)) removeLockFile(abs);
      continue;
    }
    if (Date.now() >= deadline) throw new CaseLockedError(root, current);
    await sleep(100);
  }
  // Nobody else writes now: what an interrupted write left behind can go.
  const removedTemps = removeStaleTemps(root);
  // Only the lock holder applies a killed run's committed step: a reader reads through it.
  const replayed = replayJournal(root);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const now = readHolder(abs);
    if (now && now.pid === holder.pid && now.startedAt === holder.startedAt) removeLockFile(abs);
  };
  // A process that ends without releasing (an error, a second Ctrl-C) still leaves no lock behind.
  process.on('exit', release);
  return {
    holder,
    tookOver,
    ...(tookOverEmpty ? { tookOverEmpty } : {}),
    removedTemps,
    ...(replayed ? { replayed } : {}),
    release,
  };
}

/** Runs `fn` holding the case's write lock. */
export async function withCaseLock<T>(
  root: string,
  verb: string,
  fn: (lock: CaseLock) => Promise<T>,
  opts: AcquireOptions = {},
): Promise<T> {
  const lock = await acquireCaseLock(root, verb, opts);
  try {
    return await fn(lock);
  } finally {
    lock.release();
  }
}
