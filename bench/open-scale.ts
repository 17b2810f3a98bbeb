/**
 * Opening an imported 10k / 100k-person case (issue #16 item 1): `ancestry status`, the first page
 * of people, one person by id and persons by name, against the bare `gedcom` package parse of the
 * same GEDCOM. Each measurement is its own process (plain node running the bundled CLI or a bundle
 * of bench/open-scale-entry.ts, so no tsx loader is in the figures): wall time from spawn to exit,
 * peak RSS from /usr/bin/time. Best of 3, interleaved in rounds. "first status" is the first
 * `ancestry status` after the import (it pays for building a derived index, if there is one).
 * Run: npm run build && npx tsx bench/open-scale.ts [--quick] [--cli=PATH] (--quick: 1k/10k).
 * "node" is an empty `node -e ''`: the floor every process pays on this machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { contextOfText, readTreeLine } from '../src/case/tree-format';
import { generateGedcom } from './gedcom-generate';
import { bundleScaleEntry, loadAverage, timedNode, type TimedRun } from './timed-node';

const ROOT = resolve(__dirname, '..');
// --cli=PATH measures another build of the CLI (a copy of dist/ kept from an earlier commit).
const CLI = resolve(
  process.argv.find((a) => a.startsWith('--cli='))?.slice('--cli='.length) ?? join(ROOT, 'dist/cli.js'),
);

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

function main(): void {
  const quick = process.argv.includes('--quick');
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run "npm run build" first');
  const work = mkdtempSync(join(tmpdir(), 'open-scale-'));
  try {
    const entry = bundleScaleEntry(ROOT);

    const hasPersonsVerb = !/unknown verb/.test(
      spawnSync(process.execPath, [CLI, 'persons'], { encoding: 'utf8' }).stderr,
    );
    console.log(`page, id and name through ${hasPersonsVerb ? '`ancestry persons`' : 'openCase (no persons verb)'}`);
    const sizes = quick ? [1_000, 10_000] : [10_000, 100_000];
    type Mode = 'bare' | 'status' | 'page' | 'id' | 'name';
    const modes: Mode[] = ['bare', 'status', 'page', 'id', 'name'];
    const rows = new Map<
      number,
      Record<Mode, TimedRun> & { first: TimedRun; floor: number; ged: number; tree: number }
    >();
    console.log(`open-scale: load average at start ${loadAverage()}`);
    for (const n of sizes) {
      const ged = join(work, `gen-${n}.ged`);
      writeFileSync(ged, generateGedcom(n));
      const dir = join(work, `case-${n}`);
      const imp = spawnSync(process.execPath, [CLI, 'import', ged, '--case', dir, '--as', 'tree'], {
        encoding: 'utf8',
      });
      if (imp.status !== 0) throw new Error(`import of ${n} failed: ${imp.stderr}`);
      const treeFile = join(dir, 'trees', `gen-${n}.jsonl`);
      // A person from the middle of the tree, and the name to look them up by.
      const text = readFileSync(treeFile, 'utf8');
      const lines = text.split('\n');
      const read = readTreeLine(lines[Math.floor(lines.length / 2)], 2, contextOfText(text));
      if (read.kind !== 'person') throw new Error(`the middle line of ${treeFile} is not a person`);
      const mid = read.person;
      const name = `${mid.names[0].given.split(' ')[0]} ${mid.names[0].surname}`;
      // `ancestry persons` where the CLI has it; before it existed, the store as a program would use it.
      const args: Record<Mode, string[]> = hasPersonsVerb
        ? {
            bare: [entry, 'bare', ged],
            status: [CLI, 'status', dir],
            page: [CLI, 'persons', dir, '--limit', '50'],
            id: [CLI, 'persons', dir, '--id', mid.id],
            name: [CLI, 'persons', dir, '--name', name, '--limit', '100000'],
          }
        : {
            bare: [entry, 'bare', ged],
            status: [CLI, 'status', dir],
            page: [entry, 'page', dir],
            id: [entry, 'id', dir, mid.id],
            name: [entry, 'name', dir, name],
          };
      const first = timedNode(args.status);
      let floor = Infinity;
      for (let i = 0; i < 3; i++) floor = Math.min(floor, timedNode(['-e', '']).ms);
      // Best of 3 for each figure on its own: wall time, CPU time (on a loaded machine the wall time
      // is mostly the queue) and peak RSS.
      const best = Object.fromEntries(
        modes.map((m) => [m, { ms: Infinity, cpuMs: Infinity, rssMB: Infinity, out: '' }]),
      ) as Record<Mode, TimedRun>;
      for (let round = 0; round < 3; round++)
        for (const m of modes) {
          const r = timedNode(args[m]);
          if (best[m].out && m !== 'status' && r.out !== best[m].out)
            throw new Error(`${m} at ${n} answered differently between runs`);
          best[m] = {
            ms: Math.min(best[m].ms, r.ms),
            cpuMs: Math.min(best[m].cpuMs, r.cpuMs),
            rssMB: Math.min(best[m].rssMB, r.rssMB),
            out: r.out,
          };
        }
      if (!best.id.out.startsWith(mid.id)) throw new Error(`id lookup at ${n} found ${best.id.out}, not ${mid.id}`);
      rows.set(n, { ...best, first, floor, ged: statSync(ged).size, tree: statSync(treeFile).size });
      const found = hasPersonsVerb ? `${best.name.out.trim().split('\n').length} found` : best.name.out;
      console.log(`  ${n}: "${name}" → ${found}; first page starts ${best.page.out.slice(0, 40)}…`);
    }
    console.log(
      '\nwall time (ratio to the bare parse)\npersons   GEDCOM    tree file   node    bare parse   first status   status        first page    by id         by name       peak RSS: bare / status / page / id / name',
    );
    for (const [n, r] of rows) {
      const cell = (m: Mode) => `${fmt(r[m].ms)} (${(r[m].ms / r.bare.ms).toFixed(2)}×)`.padEnd(13);
      console.log(
        `${String(n).padEnd(9)} ${mb(r.ged).padEnd(9)} ${mb(r.tree).padEnd(11)} ${fmt(r.floor).padEnd(7)} ${fmt(r.bare.ms).padEnd(12)} ${fmt(r.first.ms).padEnd(14)} ${cell('status')} ${cell('page')} ${cell('id')} ${cell('name')} ${modes.map((m) => r[m].rssMB.toFixed(0)).join(' / ')} MB`,
      );
    }
    console.log(
      '\nCPU time, user + system (ratio to the bare parse)\npersons   bare parse   first status   status        first page    by id         by name',
    );
    for (const [n, r] of rows) {
      const cell = (m: Mode) => `${fmt(r[m].cpuMs)} (${(r[m].cpuMs / r.bare.cpuMs).toFixed(2)}×)`.padEnd(13);
      console.log(
        `${String(n).padEnd(9)} ${fmt(r.bare.cpuMs).padEnd(12)} ${fmt(r.first.cpuMs).padEnd(14)} ${cell('status')} ${cell('page')} ${cell('id')} ${cell('name')}`,
      );
    }
    const [s, l] = sizes.map((n) => rows.get(n)!);
    console.log(
      `\ngrowth ×10 persons (${sizes[0]} → ${sizes[1]}), wall: ${modes.map((m) => `${m} ×${(l[m].ms / s[m].ms).toFixed(1)}`).join(', ')}, first status ×${(l.first.ms / s.first.ms).toFixed(1)}`,
    );
    console.log(
      `growth ×10 persons, CPU: ${modes.map((m) => `${m} ×${(l[m].cpuMs / s[m].cpuMs).toFixed(1)}`).join(', ')}; peak RSS: ${modes.map((m) => `${m} ×${(l[m].rssMB / s[m].rssMB).toFixed(1)}`).join(', ')}`,
    );
    console.log(`load average at end ${loadAverage()}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
