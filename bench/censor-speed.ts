/**
 * The Censor's cost on free text (it runs over every file written): redactText on real GEDCOM
 * notes as a dead person's and as a living person's, and redactRecord on a modern record's prose
 * body, for N and 10·N characters. Printed as ratios against a baseline in the same run (one
 * lower-casing and one word scan of the same text, which any text pass pays) and as ×10 growth.
 *
 *   npx tsx bench/censor-speed.ts [--src=DIR]   (--src: another checkout's src/, for before/after)
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const src = resolve(process.argv.find((a) => a.startsWith('--src='))?.slice(6) ?? join(__dirname, '..', 'src'));
const GEDCOM = join(__dirname, '..', '..', 'shared', 'data', 'gedcom', 'gedcom-samples');

interface CensorApi {
  redactText(t: string, ctx: unknown): { text: string };
  redactRecord(r: unknown, ctx: unknown): { record: { text: string } };
}

/** Notes of real trees (kennedy, pres2020, Queen), one paragraph each, repeated to the size asked. */
function corpus(chars: number): string[] {
  const notes: string[] = [];
  for (const f of ['kennedy.ged', 'pres2020.ged', 'Queen.ged']) {
    let cur = '';
    for (const line of readFileSync(join(GEDCOM, f), 'latin1').split(/\r?\n/)) {
      const m = /^\d+ (NOTE|CONT|CONC|TEXT) ?(.*)$/.exec(line);
      if (m && m[1] !== 'NOTE' && m[1] !== 'TEXT') cur += (m[1] === 'CONT' ? '\n' : '') + m[2];
      else {
        if (cur.length > 20) notes.push(cur);
        cur = m ? m[2] : '';
      }
    }
  }
  const out: string[] = [];
  for (let total = 0, i = 0; total < chars; i++) {
    const n = notes[i % notes.length];
    out.push(n);
    total += n.length;
  }
  return out;
}

/** The least CPU time (user + system, ms) of some rounds: on a loaded shared machine wall time is mostly the neighbours'. */
function best(run: () => void, rounds = 15): number {
  let min = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t = process.cpuUsage();
    run();
    const d = process.cpuUsage(t);
    min = Math.min(min, (d.user + d.system) / 1000);
  }
  return min;
}

async function main(): Promise<void> {
  const censor = (await import(pathToFileURL(join(src, 'agents', 'censor', 'index.ts')).href)) as CensorApi;
  const ctx = { now: new Date('2026-11-25T00:00:00Z'), thresholdYears: 100, consent: false };
  const living = { ...ctx, aboutLiving: true };
  const record = (text: string): unknown => ({
    title: 'Notes',
    recordType: 'other',
    repository: 'Tree notes',
    sourceType: 'derivative',
    sourceId: 'archive',
    tier: 0,
    persons: [],
    text,
    date: '2019',
  });
  console.log(`Censor from ${src}`);
  console.log(
    'chars      baseline ms  dead ms (×base)   living ms (×base)  modern record ms (×base)   (CPU ms, least of the rounds)',
  );
  const rows: number[][] = [];
  for (const size of [200_000, 2_000_000]) {
    const notes = corpus(size);
    const body = notes.join('\n\n');
    let sink = 0;
    const base = best(() => {
      for (const n of notes) sink += n.toLowerCase().length + (n.match(/[\p{L}\p{N}]+/gu)?.length ?? 0);
    });
    const dead = best(() => {
      for (const n of notes) sink += censor.redactText(n, ctx).text.length;
    });
    const alive = best(() => {
      for (const n of notes) sink += censor.redactText(n, living).text.length;
    });
    const modern = best(() => {
      sink += censor.redactRecord(record(body), ctx).record.text.length;
    }, 3);
    if (sink < 0) console.log(sink);
    rows.push([dead, alive, modern]);
    const r = (x: number): string => `${x.toFixed(1).padStart(8)} (${(x / base).toFixed(2)}×)`;
    console.log(`${String(size).padEnd(10)} ${base.toFixed(1).padStart(10)}  ${r(dead)}  ${r(alive)}    ${r(modern)}`);
  }
  const g = rows[1].map((x, i) => (x / rows[0][i]).toFixed(1));
  console.log(`×10 input: dead ×${g[0]}, living ×${g[1]}, modern record ×${g[2]}`);
}

void main();
