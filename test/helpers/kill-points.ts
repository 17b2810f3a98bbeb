/**
 * What the fault suite (test/integration/engine/faults.test.ts) and its figures (bench/faults.ts)
 * share: seeded kill points, a CLI run SIGKILLed after a delay, and what interrupted work leaves.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IMPORT_MARKER } from '../../src/case/import-marker';
import { LOCK_FILE } from '../../src/case/lock';
import { findStaleTemps } from '../../src/case/temp-files';
import { JOURNAL_FILE } from '../../src/case/writer';

/** mulberry32: a small seeded generator, so a failing kill point can be found again. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `node <argv>` and SIGKILLs its process group after `ms`, if it is still running then. */
export function runKilledAfter(
  ms: number,
  argv: string[],
  cwd?: string,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    // In a process group of its own: the kill reaches whatever it started too.
    const child = spawn(process.execPath, argv, { cwd, stdio: 'ignore', detached: true });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, ms);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

/** What interrupted work left that nothing should leave after a complete run: temp files, journal, lock, import marker. */
export function interruptedWork(root: string): { rel: string; bytes: number }[] {
  return [
    ...findStaleTemps(root).map((t) => ({ rel: t.rel, bytes: t.bytes })),
    ...[JOURNAL_FILE, LOCK_FILE, IMPORT_MARKER]
      .filter((f) => existsSync(join(root, f)))
      .map((f) => ({ rel: f, bytes: statSync(join(root, f)).size })),
  ];
}
