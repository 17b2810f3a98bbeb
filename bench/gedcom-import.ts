/**
 * GEDCOM import against the bare `gedcom` package parse of the same file, measured in one run:
 * royal92.ged and generated 10k / 100k-person files. Each measurement runs in its own process so
 * its peak memory (maxRSS) is its own. Prints: ratio import/parse, growth for ×10 persons, peak
 * memory. Run: npx tsx bench/gedcom-import.ts [--quick] (--quick: 1k/10k instead of 10k/100k).
 *
 * Also measures the scale decision (docs/decisions/0001-imported-trees.md): importing N persons
 * as person files vs one tree file, and re-opening the case afterwards.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { initCase, openCase } from '../src/case';
import { importGedcom } from '../src/interchange/gedcom/import';
import { decodeGedcom } from '../src/interchange/gedcom/decode';
import { parseGedcom } from '../src/interchange/gedcom/parse';
import { importKeyOf, streamGedcom } from '../src/interchange/gedcom/map-import';
import { referenceParse } from '../src/interchange/gedcom/reference';
import { generateGedcom } from './gedcom-generate';

const ROOT = resolve(__dirname, '..');
const ROYAL = resolve(ROOT, '../shared/data/gedcom/royal92.ged');

type Mode = 'bare' | 'parse' | 'map' | 'import' | 'files' | 'open';

/** One measurement in this process; prints {ms, rssMB}. */
async function one(mode: Mode, file: string, extra?: string): Promise<void> {
  // Load the code first: module loading is not parsing.
  referenceParse('0 HEAD\n0 TRLR\n');
  parseGedcom(decodeGedcom(Buffer.from('0 HEAD\n0 TRLR\n'), 'warmup').text);
  const t = performance.now();
  if (mode === 'bare') {
    // What a program using the `gedcom` package does: read the file as text and parse it.
    referenceParse(readFileSync(file, 'utf8'));
  } else if (mode === 'parse') {
    parseGedcom(decodeGedcom(readFileSync(file), file).text, { file });
  } else if (mode === 'map') {
    // The interchange pipeline as the import runs it, without the case store: bytes → text →
    // records (each INDI parsed when its person is mapped) → persons, each dropped once built → sources.
    const bytes = readFileSync(file);
    const doc = parseGedcom(decodeGedcom(bytes, file).text, { file, defer: new Set(['INDI']) });
    const mapped = streamGedcom(doc, { file, key: importKeyOf(bytes), consume: true });
    for (const _person of mapped.persons) {
      // only drained: each person is built and dropped
    }
    mapped.finish();
  } else if (mode === 'open') {
    (await openCase(file)).persons();
  } else {
    const dir = extra!;
    const store = await initCase(dir, { question: 'bench', subject: { name: 'Bench' } });
    await importGedcom(file, store, { as: mode === 'files' ? 'files' : 'tree' });
  }
  const ms = performance.now() - t;
  process.stdout.write(JSON.stringify({ ms, rssMB: process.resourceUsage().maxRSS / 1024 }));
}

function measure(mode: Mode, file: string, extra?: string): { ms: number; rssMB: number } {
  const r = spawnSync(
    process.execPath,
    [...process.execArgv, __filename, '--one', mode, file, ...(extra ? [extra] : [])],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (r.status !== 0) throw new Error(`${mode} ${file} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { ms: number; rssMB: number };
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === '--one') return one(argv[1] as Mode, argv[2], argv[3]);
  const quick = argv.includes('--quick');
  const work = mkdtempSync(join(tmpdir(), 'gedcom-bench-'));
  try {
    const [small, large] = quick ? [1_000, 10_000] : [10_000, 100_000];
    const files: [string, string][] = [['royal92.ged (3,010 persons)', ROYAL]];
    for (const n of [small, large]) {
      const f = join(work, `gen-${n}.ged`);
      writeFileSync(f, generateGedcom(n));
      files.push([`generated ${n.toLocaleString('en')} persons`, f]);
    }
    console.log('GEDCOM import vs the bare `gedcom` package parse (each in its own process; best of 3 runs)\n');
    console.log(
      'file                           bytes      bare parse   our parse  parse+map  import (tree)  parse+map/bare  import/bare  peak RSS: bare / parse+map / import',
    );
    const rows: Record<string, { bare: number; parse: number; map: number; imp: number }> = {};
    for (const [label, f] of files) {
      // Best of 3, in rounds (bare, parse, map, import, then again): single runs at 100k swung by
      // ±20 % on the shared machine, and a slow spell then fell on one side of the ratio only.
      const modes = ['bare', 'parse', 'map', 'import'] as const;
      const best = Object.fromEntries(modes.map((m) => [m, { ms: Infinity, rssMB: 0 }])) as Record<
        (typeof modes)[number],
        { ms: number; rssMB: number }
      >;
      for (let round = 0; round < 3; round++) {
        for (const mode of modes) {
          const caseDir = join(work, `case-${mode}-${Math.random().toString(36).slice(2)}`);
          const m = measure(mode, f, mode === 'import' ? caseDir : undefined);
          rmSync(caseDir, { recursive: true, force: true });
          if (m.ms < best[mode].ms) best[mode] = m;
        }
      }
      const { bare, parse, map, import: imp } = best;
      rows[label] = { bare: bare.ms, parse: parse.ms, map: map.ms, imp: imp.ms };
      const bytes = readFileSync(f).length;
      console.log(
        `${label.padEnd(30)} ${String(bytes).padStart(10)}  ${fmt(bare.ms).padStart(10)}  ${fmt(parse.ms).padStart(10)}  ${fmt(map.ms).padStart(9)}  ${fmt(imp.ms).padStart(12)}  ${(map.ms / bare.ms).toFixed(2).padStart(13)}×  ${(imp.ms / bare.ms).toFixed(2).padStart(10)}×  ${bare.rssMB.toFixed(0)} / ${map.rssMB.toFixed(0)} / ${imp.rssMB.toFixed(0)} MB`,
      );
    }
    const s = rows[`generated ${small.toLocaleString('en')} persons`];
    const l = rows[`generated ${large.toLocaleString('en')} persons`];
    console.log(
      `\ngrowth ×10 persons (${small} → ${large}): bare parse ×${(l.bare / s.bare).toFixed(1)}, our parse ×${(l.parse / s.parse).toFixed(1)}, parse+map ×${(l.map / s.map).toFixed(1)}, import ×${(l.imp / s.imp).toFixed(1)}`,
    );

    // The scale decision: person files vs one tree file.
    console.log('\nScale decision: N persons imported as person files vs as one tree file, and re-opening the case');
    console.log('persons   files: import   open    tree: import   open');
    for (const n of quick ? [250, 1000] : [250, 1000, 2000]) {
      const f = join(work, `dec-${n}.ged`);
      writeFileSync(f, generateGedcom(n, 7));
      const fd = join(work, `files-${n}`);
      const td = join(work, `tree-${n}`);
      const fi = measure('files', f, fd);
      const fo = measure('open', fd);
      const ti = measure('import', f, td);
      const to = measure('open', td);
      console.log(
        `${String(n).padStart(7)}   ${fmt(fi.ms).padStart(12)}  ${fmt(fo.ms).padStart(7)}  ${fmt(ti.ms).padStart(12)}  ${fmt(to.ms).padStart(7)}`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
