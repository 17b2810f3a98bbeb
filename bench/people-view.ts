/**
 * The People view and Go to Person at 10k / 100k persons (issue #16 item 3): the requests the view
 * sends (open the case, first page, next pages, each filter, Go to Person searches, a person's
 * family, where a person is) to the People worker (dist/people-worker.js, as the extension runs
 * it), timed from the host's side, while the host thread's event loop is watched
 * (perf_hooks.monitorEventLoopDelay, 1 ms resolution): "host max" is the longest the host thread
 * was blocked during the request, the figure that must stay under 100 ms. On a loaded machine that
 * includes the time the thread waited for a core (the idle row shows how much), so "host busy" is
 * also given: the time the host's event loop was running anything during the request
 * (performance.eventLoopUtilization's active time), which is the host's own work. The first open after an
 * import builds the tree index in the worker. Run: npm run build && npx tsx bench/people-view.ts
 * [--quick] (1k / 10k).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { PeopleClient } from '../src/extension/people/client';
import { generateGedcom } from './gedcom-generate';

const ROOT = resolve(__dirname, '..');
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);

interface Timing {
  name: string;
  ms: number;
  hostMaxMs: number;
  /** Time the host's event loop was active (not waiting) during the request. */
  hostBusyMs: number;
  note: string;
}

async function measure<T>(name: string, run: () => Promise<T>, note: (r: T) => string): Promise<Timing> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const elu = performance.eventLoopUtilization();
  const t = performance.now();
  const r = await run();
  const ms = performance.now() - t;
  const busy = performance.eventLoopUtilization(elu);
  h.disable();
  // max is in ns; the histogram adds its resolution to every sample.
  return { name, ms, hostMaxMs: Math.max(0, h.max / 1e6 - 1), hostBusyMs: busy.active, note: note(r) };
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const sizes = quick ? [1_000, 10_000] : [10_000, 100_000];
  const work = mkdtempSync(join(tmpdir(), 'people-view-'));
  console.log(
    `people-view: load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const all = new Map<number, Timing[]>();
  try {
    for (const n of sizes) {
      const ged = join(work, `gen-${n}.ged`);
      writeFileSync(ged, generateGedcom(n));
      const dir = join(work, `case-${n}`);
      const imp = spawnSync(
        process.execPath,
        [join(ROOT, 'dist/cli.js'), 'import', ged, '--case', dir, '--as', 'tree'],
        {
          encoding: 'utf8',
        },
      );
      if (imp.status !== 0) throw new Error(`import failed: ${imp.stderr}`);
      // What the host thread's event loop shows with no request at all: the machine's own noise.
      const rows: Timing[] = [
        await measure(
          'idle 2 s (no request)',
          () => new Promise((r) => setTimeout(r, 2000)),
          () => 'baseline',
        ),
      ];
      for (const pass of ['first open (builds the index)', 'open again']) {
        const people = new PeopleClient(join(ROOT, 'dist/people-worker.js'));
        rows.push(
          await measure(
            pass,
            () => people.open(dir),
            () => '',
          ),
        );
        if (pass === 'open again') {
          const first = await measure(
            'first page (200)',
            () => people.page({}, 0, 200),
            (p) => `${p.total} persons`,
          );
          rows.push(first);
          rows.push(
            await measure(
              'page 50 (offset 10,000)',
              () => people.page({}, 10_000, 200),
              (p) => `${p.rows.length} rows`,
            ),
          );
          const filters: [string, Parameters<PeopleClient['page']>[0]][] = [
            ['filter surname', { surname: 'Miller' }],
            ['filter given + surname', { given: 'John', surname: 'Mü' }],
            ['filter born 1800–1850', { bornFrom: 1800, bornTo: 1850 }],
            ['filter place', { place: 'cork' }],
            ['filter living', { living: true }],
            ['filter deceased + born', { living: false, bornFrom: 1700, bornTo: 1750 }],
            ['filter has conflicts', { conflicts: true }],
          ];
          for (const [name, f] of filters)
            rows.push(
              await measure(
                name,
                () => people.page(f, 0, 200),
                (p) => `${p.total} match`,
              ),
            );
          for (const text of ['j', 'john', 'john mill', 'jhn mllr', 'zzzz'])
            rows.push(
              await measure(
                `go to "${text}"`,
                () => people.search(text, 50),
                (r) => `${r.length} shown`,
              ),
            );
          const someone = (await people.page({ surname: 'Miller' }, 0, 1)).rows[0];
          rows.push(
            await measure(
              'family of a person',
              () => people.relatives(someone.id),
              (r) => `${r.parents.length}+${r.spouses.length}+${r.children.length}`,
            ),
          );
          rows.push(
            await measure(
              'locate a person',
              () => people.locate(someone.id),
              (r) => `line ${r?.line}`,
            ),
          );
        }
        people.dispose();
      }
      all.set(n, rows);
    }
    console.log(
      `\nrequest                          ${sizes.map((n) => `${String(n).padStart(7)}: time / host max / host busy / answer`.padEnd(60)).join('')}`,
    );
    const names = all.get(sizes[0])!.map((r) => r.name);
    for (const name of names)
      console.log(
        `${name.padEnd(32)} ${sizes
          .map((n) => {
            const r = all.get(n)!.find((x) => x.name === name)!;
            return `${fmt(r.ms).padStart(9)} / ${fmt(r.hostMaxMs).padStart(8)} / ${fmt(r.hostBusyMs).padStart(8)} / ${r.note}`.padEnd(
              61,
            );
          })
          .join('')}`,
      );
    for (const n of sizes)
      console.log(
        `${n}: longest host-thread block over all requests: ${fmt(Math.max(...all.get(n)!.map((r) => r.hostMaxMs)))}; most host busy time in one request: ${fmt(Math.max(...all.get(n)!.map((r) => r.hostBusyMs)))}`,
      );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

void main();
