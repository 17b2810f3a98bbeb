/**
 * Charts at the size of a big tree (issue #16 item 4): for persons of royal92 (3,010 persons,
 * dense cousin marriages) and of generated 10k / 100k trees, each imported as a tree, the chart's
 * data (a pedigree window of 5 generations up and 3 down, read through the tree index: only the
 * persons the window reaches) and its layouts (pedigree, descendants, fan), against the baseline of
 * one person read by id from the same index, in the same run. Then the same chart asked of the
 * People worker as the extension asks it (structured clone included). Growth ×10 (10k → 100k)
 * should be flat: the window, not the tree, sets the cost.
 * Run: npm run build && npx tsx bench/pedigree-layout.ts [--quick] (royal92 and 1k / 10k).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openCase } from '../src/case';
import { PeopleClient } from '../src/extension/people/client';
import { chartOf } from '../src/extension/webviews/pedigreeFamily';
import { countBoxes } from '../src/protocol/pedigree-tree';
import { layoutFan, layoutPedigree } from '../src/protocol/pedigree-layout';
import { generateGedcom } from './gedcom-generate';

const ROOT = resolve(__dirname, '..');
const WINDOW = { up: 5, down: 3 };
const SAMPLE = 40;
const privacy = { thresholdYears: 100, consent: false };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}
const ms = (x: number) => (x >= 100 ? `${x.toFixed(0)} ms` : `${x.toFixed(2)} ms`);

function time<T>(run: () => T): [T, number] {
  const t = performance.now();
  const r = run();
  return [r, performance.now() - t];
}

interface Row {
  name: string;
  persons: number;
  lookup: number;
  data: number;
  dataMax: number;
  layout: number;
  layoutMax: number;
  boxes: number;
  boxesMax: number;
  worker: number;
  workerMax: number;
}

function importTree(ged: string, dir: string): void {
  const imp = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'import', ged, '--case', dir, '--as', 'tree'], {
    encoding: 'utf8',
  });
  if (imp.status !== 0) throw new Error(`import failed: ${imp.stderr}`);
}

async function measureCase(name: string, dir: string): Promise<Row> {
  const store = await openCase(dir, { trees: 'indexed' });
  const index = store.indexOfTrees();
  if (!index) throw new Error(`${name}: no tree index`);
  const total = index.count();
  // Persons spread over the listing (a sample of every kind: roots, leaves, the well connected).
  const ids = index
    .page(0, total, new Date(), 100)
    .filter((_, i, all) => i % Math.max(1, Math.floor(all.length / SAMPLE)) === 0)
    .slice(0, SAMPLE)
    .map((s) => s.id);
  const now = new Date();
  const lookups: number[] = [];
  const data: number[] = [];
  const layout: number[] = [];
  const boxes: number[] = [];
  for (const id of ids) {
    // Baseline: one person read by id from the index (the chart reads one per box in its window).
    const [, l] = time(() => {
      const fresh = store.indexOfTrees()!;
      return fresh.lineOf(id);
    });
    lookups.push(l);
    const [view, d] = time(() => chartOf(store, id, WINDOW, privacy, now)!);
    data.push(d);
    const [n, t] = time(() => {
      const a = layoutPedigree(view).boxes.length;
      const b = layoutPedigree(view, { descendantsOnly: true }).boxes.length;
      const c = layoutFan(view.ancestors, WINDOW.up).boxes.length;
      return Math.max(a, b, c);
    });
    layout.push(t);
    boxes.push(Math.max(n, countBoxes(view)));
  }

  const people = new PeopleClient(join(ROOT, 'dist/people-worker.js'));
  await people.open(dir);
  const worker: number[] = [];
  for (const id of ids) {
    const t = performance.now();
    await people.chart(id, WINDOW, privacy);
    worker.push(performance.now() - t);
  }
  people.dispose();
  return {
    name,
    persons: total,
    lookup: median(lookups),
    data: median(data),
    dataMax: Math.max(...data),
    layout: median(layout),
    layoutMax: Math.max(...layout),
    boxes: median(boxes),
    boxesMax: Math.max(...boxes),
    worker: median(worker),
    workerMax: Math.max(...worker),
  };
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const sizes = quick ? [1_000, 10_000] : [10_000, 100_000];
  const work = mkdtempSync(join(tmpdir(), 'pedigree-bench-'));
  console.log(
    `pedigree-layout: window ${WINDOW.up} up / ${WINDOW.down} down, ${SAMPLE} persons per tree; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const rows: Row[] = [];
  try {
    const royal = join(ROOT, '..', 'shared', 'data', 'gedcom', 'royal92.ged');
    if (existsSync(royal)) {
      const dir = join(work, 'royal92');
      importTree(royal, dir);
      rows.push(await measureCase('royal92', dir));
    }
    for (const n of sizes) {
      const ged = join(work, `gen-${n}.ged`);
      writeFileSync(ged, generateGedcom(n));
      const dir = join(work, `case-${n}`);
      importTree(ged, dir);
      rows.push(await measureCase(`generated ${n / 1000}k`, dir));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(
    '\ntree          persons  lookup (base)  chart data med/max (× base)   3 layouts med/max    boxes med/max  via worker med/max',
  );
  for (const r of rows)
    console.log(
      `${r.name.padEnd(13)} ${String(r.persons).padStart(7)}  ${ms(r.lookup).padStart(12)}  ${`${ms(r.data)} / ${ms(r.dataMax)} (×${(r.data / r.lookup).toFixed(0)})`.padEnd(29)} ${`${ms(r.layout)} / ${ms(r.layoutMax)}`.padEnd(20)} ${`${r.boxes} / ${r.boxesMax}`.padEnd(14)} ${ms(r.worker)} / ${ms(r.workerMax)}`,
    );
  const [a, b] = sizes.map((n) => rows.find((r) => r.name === `generated ${n / 1000}k`)!);
  if (a && b)
    console.log(
      `growth ×10 persons: chart data ×${(b.data / a.data).toFixed(2)}, layout ×${(b.layout / a.layout).toFixed(2)}, via worker ×${(b.worker / a.worker).toFixed(2)}, baseline lookup ×${(b.lookup / a.lookup).toFixed(2)}`,
    );
}

void main();
