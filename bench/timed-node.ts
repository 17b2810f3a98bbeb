/** One measured child process for the scale benches (open-scale, tree-size). */
import { spawnSync } from 'node:child_process';

export interface TimedRun {
  ms: number;
  rssMB: number;
  out: string;
}

/** Runs `node args…` under /usr/bin/time: wall time from spawn to exit, and the peak RSS. */
export function timedNode(args: string[]): TimedRun {
  const t = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '@@rss %M', process.execPath, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  const rss = /@@rss (\d+)/.exec(r.stderr);
  if (!rss) throw new Error(`no RSS from /usr/bin/time: ${r.stderr}`);
  return { ms, rssMB: Number(rss[1]) / 1024, out: r.stdout };
}
