/**
 * `ancestry merges` at the scale of a real tree (issue #15 item 4), against the import of the same
 * tree as the baseline in the same run: generated 10k and 100k-person trees (gedcom-generate.ts)
 * are imported into a case (the baseline), then `ancestry merges <case>` runs on it as a user runs
 * it (first run: finds, scores and stores the proposals; lists the first page). Each measurement in
 * its own process, for its own peak memory (maxRSS). Prints time (wall, and the CPU time of the
 * process, steadier on a shared machine) and memory, the ratio merges / import, growth for ×10
 * persons, and how many proposals there are (merge / review) against how many one page shows. Targets (#15): 100k under 15 s and 1 GB, ×10 persons no worse than ×11.
 *
 *   npx tsx bench/merges-scale.ts [--quick]   (--quick: 1k / 10k)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initCase } from '../src/case';
import { importGedcom } from '../src/interchange/gedcom/import';
import { mergesCommand } from '../src/cli/commands/merges';
import { generateGedcom } from './gedcom-generate';

interface One {
  ms: number;
  /** user + system CPU time of the measuring process: steadier than wall time on a shared machine */
  cpuMs: number;
  rssMB: number;
  proposals?: { merge: number; review: number; shown: number };
}

async function one(mode: 'import' | 'merges', file: string, dir: string): Promise<void> {
  const t = performance.now();
  const cpu = process.cpuUsage();
  let proposals: One['proposals'];
  if (mode === 'import') {
    const store = await initCase(dir, { question: 'bench', subject: { name: 'Bench' } });
    await importGedcom(file, store, { as: 'tree' });
  } else {
    let text = '';
    const io = {
      out: (s: string) => void (text += s),
      err: () => undefined,
      tty: false,
      signal: new AbortController().signal,
    };
    const code = await mergesCommand.run([dir, '--json'], io);
    if (code !== 0) throw new Error(`ancestry merges exited ${code}`);
    const out = JSON.parse(text) as { totals?: { merge: number; review: number }; clusters: unknown[] };
    proposals = { merge: out.totals?.merge ?? -1, review: out.totals?.review ?? -1, shown: out.clusters.length };
  }
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  process.stdout.write(JSON.stringify({ ms, cpuMs, rssMB: process.resourceUsage().maxRSS / 1024, proposals }));
}

function measure(mode: 'import' | 'merges', file: string, dir: string): One {
  const r = spawnSync(process.execPath, [...process.execArgv, __filename, '--one', mode, file, dir], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`${mode} ${file} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as One;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === '--one') return one(argv[1] as 'import' | 'merges', argv[2], argv[3]);
  const sizes = argv.includes('--quick') ? [1_000, 10_000] : [10_000, 100_000];
  const work = mkdtempSync(join(tmpdir(), 'merges-bench-'));
  const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  try {
    const rows: { n: number; imp: One; mer: One }[] = [];
    for (const n of sizes) {
      const file = join(work, `gen-${n}.ged`);
      writeFileSync(file, generateGedcom(n));
      const dir = join(work, `case-${n}`);
      const imp = measure('import', file, dir);
      const mer = measure('merges', file, dir);
      rows.push({ n, imp, mer });
      console.log(
        `${n.toLocaleString('en').padStart(8)} persons: import ${fmt(imp.ms)} (cpu ${fmt(imp.cpuMs)}, ${imp.rssMB.toFixed(0)} MB), merges ${fmt(mer.ms)} (cpu ${fmt(mer.cpuMs)}, ${mer.rssMB.toFixed(0)} MB), merges/import ×${(mer.ms / imp.ms).toFixed(2)} (cpu ×${(mer.cpuMs / imp.cpuMs).toFixed(2)}); proposals: ${mer.proposals?.merge} merge, ${mer.proposals?.review} review, ${mer.proposals?.shown} on the first page`,
      );
    }
    const [s, l] = rows;
    console.log(
      `growth for ×10 persons: merges ×${(l.mer.ms / s.mer.ms).toFixed(1)}, cpu ×${(l.mer.cpuMs / s.mer.cpuMs).toFixed(1)} (import ×${(l.imp.ms / s.imp.ms).toFixed(1)}); memory ×${(l.mer.rssMB / s.mer.rssMB).toFixed(1)}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

void main();
