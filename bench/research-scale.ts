/**
 * Research against a big tree (issue #16 item 5): `ancestry research --person <id> --offline` on an
 * imported 10k / 100k-person case, one cycle (the start: open, setup, a cycle, summary) and three
 * cycles (the two more cycles' time is the per-cycle cost), against the bare `gedcom` package parse
 * of the same GEDCOM in the same run. Each run is its own plain-node process on a fresh copy of the
 * case (research writes its session; the copy's tree index is built first, untimed: a copy has new
 * inodes, so its index is stale), wall time, CPU time and peak RSS, best of `--rounds` (default 2).
 * `--before=PATH` also runs an earlier dist/cli.js on its own copies (it reads the whole tree).
 * Run: npm run build && npx tsx bench/research-scale.ts [--quick] [--before=PATH] [--cli=PATH] [--rounds=N]
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { contextOfText, readTreeLine } from '../src/case/tree-format';
import { generateGedcom } from './gedcom-generate';
import { bundleScaleEntry, loadAverage, timedNode, type TimedRun } from './timed-node';

const ROOT = resolve(__dirname, '..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
// --cli=PATH measures another build as "now" (a copy of dist/, so a rebuild during the run does not change it).
const CLI = arg('cli') ? resolve(arg('cli')!) : join(ROOT, 'dist/cli.js');
const BEFORE = arg('before') ? resolve(arg('before')!) : undefined;
const ROUNDS = Number(arg('rounds') ?? 2);
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

function main(): void {
  const sizes = process.argv.includes('--quick') ? [1_000, 10_000] : [10_000, 100_000];
  const work = mkdtempSync(join(tmpdir(), 'research-scale-'));
  try {
    const entry = bundleScaleEntry(ROOT);
    console.log(`research-scale: load average at start ${loadAverage()}`);
    const builds: [string, string][] = [['now', CLI], ...(BEFORE ? [['before', BEFORE] as [string, string]] : [])];
    type Row = { bare: TimedRun; runs: Map<string, { one: TimedRun; three: TimedRun }> };
    const rows = new Map<number, Row>();
    for (const n of sizes) {
      const ged = join(work, `gen-${n}.ged`);
      writeFileSync(ged, generateGedcom(n));
      const master = join(work, `case-${n}`);
      const imp = spawnSync(process.execPath, [CLI, 'import', ged, '--case', master, '--as', 'tree'], {
        encoding: 'utf8',
      });
      if (imp.status !== 0) throw new Error(`import of ${n} failed: ${imp.stderr}`);
      // The subject: a person from the middle of the tree.
      const treeFile = join(master, 'trees', `gen-${n}.jsonl`);
      const text = readFileSync(treeFile, 'utf8');
      const lines = text.split('\n');
      const read = readTreeLine(lines[Math.floor(lines.length / 2)], 2, contextOfText(text));
      if (read.kind !== 'person') throw new Error(`the middle line of ${treeFile} is not a person`);
      const subject = read.person.id;
      // Each build's own master copy with its derived files built (an index of one build is not the other's).
      const masters = new Map<string, string>();
      for (const [name, cli] of builds) {
        const m = join(work, `case-${n}-${name}`);
        cpSync(master, m, { recursive: true });
        timedNode([cli, 'status', m]);
        masters.set(name, m);
      }
      let bare: TimedRun = { ms: Infinity, cpuMs: Infinity, rssMB: 0, out: '' };
      const best = new Map(
        builds.map(([name]) => [
          name,
          { one: { ms: Infinity, cpuMs: Infinity } as TimedRun, three: { ms: Infinity, cpuMs: Infinity } as TimedRun },
        ]),
      );
      let copy = 0;
      const research = (cli: string, from: string, cycles: number) => {
        const dir = join(work, `run-${copy++}`);
        cpSync(from, dir, { recursive: true });
        // A copy has new inodes and mtimes, so its tree index is stale: built here, untimed, as the
        // case being researched already has it (the first open after an import or a copy pays it once).
        timedNode([cli, 'status', dir]);
        const r = timedNode([cli, 'research', dir, '--person', subject, '--offline', '--max-cycles', String(cycles)]);
        rmSync(dir, { recursive: true, force: true });
        return r;
      };
      for (let round = 0; round < ROUNDS; round++) {
        const b = timedNode([entry, 'bare', ged]);
        if (b.ms < bare.ms) bare = { ...b, cpuMs: Math.min(b.cpuMs, bare.cpuMs) };
        else bare.cpuMs = Math.min(b.cpuMs, bare.cpuMs);
        for (const [name, cli] of builds) {
          const slot = best.get(name)!;
          const one = research(cli, masters.get(name)!, 1);
          const three = research(cli, masters.get(name)!, 3);
          // Best wall time, and the CPU time (wall is mostly the queue on a loaded machine) best on its own.
          slot.one =
            one.ms < slot.one.ms
              ? { ...one, cpuMs: Math.min(one.cpuMs, slot.one.cpuMs) }
              : { ...slot.one, cpuMs: Math.min(one.cpuMs, slot.one.cpuMs) };
          slot.three =
            three.ms < slot.three.ms
              ? { ...three, cpuMs: Math.min(three.cpuMs, slot.three.cpuMs) }
              : { ...slot.three, cpuMs: Math.min(three.cpuMs, slot.three.cpuMs) };
        }
      }
      rows.set(n, { bare, runs: best });
      console.log(`  ${n}: subject ${subject}`);
    }
    console.log('\npersons   build    bare parse   start (1 cycle)        per cycle (3−1)/2    peak RSS bare / 1 / 3');
    for (const [n, r] of rows)
      for (const [name, { one, three }] of r.runs) {
        const per = (three.ms - one.ms) / 2;
        console.log(
          `${String(n).padEnd(9)} ${name.padEnd(8)} ${fmt(r.bare.ms).padEnd(12)} ${`${fmt(one.ms)} (${(one.ms / r.bare.ms).toFixed(2)}×)`.padEnd(22)} ${`${fmt(per)} (${(per / r.bare.ms).toFixed(2)}×)`.padEnd(20)} ${r.bare.rssMB.toFixed(0)} / ${one.rssMB.toFixed(0)} / ${three.rssMB.toFixed(0)} MB`,
        );
      }
    console.log('CPU time, user + system:');
    for (const [n, r] of rows)
      for (const [name, { one, three }] of r.runs) {
        const per = (three.cpuMs - one.cpuMs) / 2;
        console.log(
          `${String(n).padEnd(9)} ${name.padEnd(8)} ${fmt(r.bare.cpuMs).padEnd(12)} ${`${fmt(one.cpuMs)} (${(one.cpuMs / r.bare.cpuMs).toFixed(2)}×)`.padEnd(22)} ${`${fmt(per)} (${(per / r.bare.cpuMs).toFixed(2)}×)`.padEnd(20)}`,
        );
      }
    const [s, l] = sizes.map((n) => rows.get(n)!);
    for (const [name] of builds) {
      const a = s.runs.get(name)!;
      const b = l.runs.get(name)!;
      const perA = (a.three.ms - a.one.ms) / 2;
      const perB = (b.three.ms - b.one.ms) / 2;
      console.log(
        `growth ×10 persons (${name}): bare ×${(l.bare.ms / s.bare.ms).toFixed(1)}, start ×${(b.one.ms / a.one.ms).toFixed(1)}, per cycle ×${(perB / Math.max(perA, 1)).toFixed(1)}; CPU: start ×${(b.one.cpuMs / a.one.cpuMs).toFixed(1)}, per cycle ×${((b.three.cpuMs - b.one.cpuMs) / Math.max(a.three.cpuMs - a.one.cpuMs, 1)).toFixed(1)}`,
      );
    }
    console.log(`load average at end ${loadAverage()}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
