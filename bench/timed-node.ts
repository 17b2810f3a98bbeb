/** One measured child process for the scale benches (open-scale, tree-size, research-scale), and their shared setup. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

export interface TimedRun {
  ms: number;
  /** User + system CPU time of the process (on a loaded machine wall time is mostly the queue). */
  cpuMs: number;
  rssMB: number;
  out: string;
}

/** Runs `node args…` under /usr/bin/time: wall time from spawn to exit, CPU time and the peak RSS. */
export function timedNode(args: string[]): TimedRun {
  const t = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '@@rss %M %U %S', process.execPath, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  const rss = /@@rss (\d+) ([\d.]+) ([\d.]+)/.exec(r.stderr);
  if (!rss) throw new Error(`no RSS from /usr/bin/time: ${r.stderr}`);
  return { ms, cpuMs: (Number(rss[2]) + Number(rss[3])) * 1000, rssMB: Number(rss[1]) / 1024, out: r.stdout };
}

/**
 * The measurement entry (bench/open-scale-entry.ts), bundled as the CLI is (sql.js finds its wasm
 * beside the bundle), under bench/results/ (git-ignored) so the `gedcom` package, loaded at run
 * time, resolves from the checkout's node_modules (which may be another checkout's, linked: nothing
 * is written into it). Returns the bundle's path.
 */
export function bundleScaleEntry(root: string): string {
  const bundleDir = join(root, 'bench/results/scale-entry');
  const entry = join(bundleDir, 'entry.js');
  mkdirSync(bundleDir, { recursive: true });
  buildSync({
    entryPoints: [join(__dirname, 'open-scale-entry.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  copyFileSync(join(root, 'node_modules/sql.js/dist/sql-wasm.wasm'), join(bundleDir, 'sql-wasm.wasm'));
  return entry;
}

/** The machine's load average, for a bench's first and last line (its figures depend on it). */
export function loadAverage(): string {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
}
