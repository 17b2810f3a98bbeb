/**
 * The tree file's size and what it costs to write and read (issue #16 item 2, decision 0003):
 * generated 1k / 10k / 100k-person GEDCOMs imported as a tree by two builds of the CLI, the one
 * before the compact format (`--before=PATH`, a dist/cli.js built from an earlier commit) and this
 * one, alternating in rounds, best of 3. Per size: the GEDCOM's bytes, the tree file's bytes, bytes
 * per person and the ratio to the GEDCOM; the import; the first `ancestry status` (it reads every
 * line to build the tree index); `ancestry status` again (from the index); `ancestry validate`
 * (reads and validates every line). Each its own plain-node process (wall time, peak RSS).
 * Run: npm run build && npx tsx bench/tree-size.ts --before=/path/to/old/dist/cli.js [--quick]
 * [--rounds=N] (--quick: 1k and 10k; rounds: 3). Without --before only this build is measured.
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateGedcom } from './gedcom-generate';
import { loadAverage, timedNode, type TimedRun } from './timed-node';

const ROOT = resolve(__dirname, '..');
const AFTER = join(ROOT, 'dist/cli.js');
const beforeArg = process.argv.find((a) => a.startsWith('--before='))?.slice('--before='.length);
const BEFORE = beforeArg ? resolve(beforeArg) : undefined;
/** Rounds per size (best of them): 3, or --rounds=N on a busy machine. */
const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? 3);

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

type Step = 'import' | 'first' | 'status' | 'validate';
const STEPS: Step[] = ['import', 'first', 'status', 'validate'];

interface Row {
  bytes: number;
  best: Record<Step, TimedRun>;
}

function main(): void {
  const quick = process.argv.includes('--quick');
  if (!existsSync(AFTER)) throw new Error('dist/cli.js is missing: run "npm run build" first');
  if (BEFORE && !existsSync(BEFORE)) throw new Error(`${BEFORE} is missing`);
  const builds: [string, string][] = BEFORE
    ? [
        ['before', BEFORE],
        ['after', AFTER],
      ]
    : [['after', AFTER]];
  const sizes = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000];
  const work = mkdtempSync(join(tmpdir(), 'tree-size-'));
  console.log(`tree-size: load average at start ${loadAverage()}`);
  const results = new Map<number, { ged: number; rows: Map<string, Row> }>();
  try {
    for (const n of sizes) {
      const ged = join(work, `gen-${n}.ged`);
      writeFileSync(ged, generateGedcom(n));
      const rows = new Map<string, Row>();
      for (let round = 0; round < ROUNDS; round++)
        for (const [label, cli] of builds) {
          const dir = join(work, `${label}-${n}`);
          rmSync(dir, { recursive: true, force: true });
          const runs: Record<Step, TimedRun> = {
            import: timedNode([cli, 'import', ged, '--case', dir, '--as', 'tree']),
            first: timedNode([cli, 'status', dir]),
            status: timedNode([cli, 'status', dir]),
            validate: timedNode([cli, 'validate', dir]),
          };
          const bytes = statSync(join(dir, 'trees', `gen-${n}.jsonl`)).size;
          const row = rows.get(label) ?? { bytes, best: runs };
          for (const s of STEPS) if (runs[s].ms < row.best[s].ms) row.best[s] = runs[s];
          rows.set(label, row);
        }
      results.set(n, { ged: statSync(ged).size, rows });
      console.log(`  ${n} done`);
    }
    console.log(
      '\npersons   build    GEDCOM    tree file   bytes/person  ×GEDCOM   import          first status    status          validate        peak RSS import / first / status / validate',
    );
    for (const [n, { ged, rows }] of results)
      for (const [label, r] of rows) {
        const cell = (s: Step) => {
          const base = rows.get('before')?.best[s].ms;
          return `${fmt(r.best[s].ms)}${base && label !== 'before' ? ` (${(r.best[s].ms / base).toFixed(2)}×)` : ''}`.padEnd(
            15,
          );
        };
        console.log(
          `${String(n).padEnd(9)} ${label.padEnd(8)} ${mb(ged).padEnd(9)} ${mb(r.bytes).padEnd(11)} ${String(Math.round(r.bytes / n)).padEnd(13)} ${(r.bytes / ged).toFixed(2).padEnd(9)} ${STEPS.map(cell).join(' ')} ${STEPS.map((s) => r.best[s].rssMB.toFixed(0)).join(' / ')} MB`,
        );
      }
    const [s, l] = [sizes[sizes.length - 2], sizes[sizes.length - 1]].map((n) => results.get(n)!);
    for (const [label] of builds)
      console.log(
        `growth ×10 persons, ${label}: ${STEPS.map((st) => `${st} ×${(l.rows.get(label)!.best[st].ms / s.rows.get(label)!.best[st].ms).toFixed(1)}`).join(', ')}`,
      );
    console.log(`load average at end ${loadAverage()}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
