/**
 * Behaviour check for refactors of the research loop: runs research (offline, deterministic agents,
 * as `ancestry research --offline`) on the sample case and on every case of test/cases into a
 * folder, then compares two such folders file by file.
 *
 *   npx tsx scripts/research-snapshot.ts --out /tmp/before      # on the commit before the change
 *   npx tsx scripts/research-snapshot.ts --out /tmp/after       # on the commit after it
 *   npx tsx scripts/research-snapshot.ts --compare /tmp/before /tmp/after
 *
 * Ids come from a seeded generator in this process (the same calls give the same ids, so files sort
 * the same in both runs), and are masked anyway, with ISO timestamps and clock durations; every
 * other byte of every file (person files, sources, conflicts, merges, session, summary, exports
 * and the research log) must match. Derived data (.ancestry/: the sql.js index) is left out.
 */
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

// Before any module of src/ runs: a seeded randomUUID, so a run's ids do not depend on chance.
let seed = 0x2545f491;
function nextHex(): string {
  seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
  return seed.toString(16).padStart(8, '0');
}
(crypto as { randomUUID: () => string }).randomUUID = () => {
  const h = Array.from({ length: 4 }, nextHex).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

syncBuiltinESMExports();

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g;
// Generated ids: a kind letter and 8–16 hex digits (sources, S-, are named by their content and stay).
const ID = /\b([A-RT-Z])-[0-9a-f]{8,16}\b/g;
const CLOCK = /("?(?:durationMs|responseTimeMs|startedAt|seconds|elapsedMs)"?:\s*)\d+(?:\.\d+)?/g;
const MS = /\b\d+(?:\.\d+)? ms\b/g;

export function mask(text: string): string {
  return text.replace(ISO, '<time>').replace(ID, '$1-<id>').replace(CLOCK, '$1<n>').replace(MS, '<n> ms');
}

function files(root: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (r === '.ancestry' || r.endsWith('/.ancestry')) continue;
    if (e.isDirectory()) out.push(...files(root, r));
    else out.push(r);
  }
  return out.sort();
}

async function snapshot(out: string): Promise<void> {
  // Imported here, after the seeded randomUUID is in place.
  const { openCase } = await import('../src/case');
  const { runResearch } = await import('../src/engine/run');
  const { loadConnectors } = await import('../src/sources');
  const { withCaseArchive } = await import('../src/sources/archive');
  const { caseRoot, loadExpected } = await import('../bench/cases/expected');
  const { listCases } = await import('../bench/cases/run');
  const sample = join(__dirname, '..', 'examples', 'sample-case');
  const cases: [string, string][] = [['examples-sample-case', sample]];
  for (const dir of listCases()) cases.push([basename(dir), caseRoot(dir, loadExpected(dir))]);
  if (existsSync(out)) throw new Error(`${out} exists: give a new folder`);
  mkdirSync(out, { recursive: true });
  for (const [name, from] of cases) {
    seed = 0x2545f491; // each case starts from the same seed, whatever ran before it
    const dir = join(out, name);
    mkdirSync(dir);
    cpSync(join(from, 'case.yaml'), join(dir, 'case.yaml'));
    if (existsSync(join(from, 'archive'))) cpSync(join(from, 'archive'), join(dir, 'archive'), { recursive: true });
    const store = await openCase(dir);
    const { connectors } = await loadConnectors({ config: store.config(), env: {}, store, offline: true });
    const r = await runResearch({ store, connectors: withCaseArchive(store.root, connectors) });
    console.log(`${name}: ${r.status} (${r.terminationReason}), ${r.cycles} cycle(s), ${files(dir).length} file(s)`);
  }
}

function compare(a: string, b: string): number {
  let compared = 0;
  const differences: string[] = [];
  const cases = [...new Set([...readdirSync(a), ...readdirSync(b)])].sort();
  for (const c of cases) {
    const ca = join(a, c);
    const cb = join(b, c);
    if (!existsSync(ca) || !existsSync(cb) || !statSync(ca).isDirectory()) {
      differences.push(`${c}: only in ${existsSync(ca) ? a : b}`);
      continue;
    }
    const fa = files(ca);
    const fb = files(cb);
    for (const f of [...new Set([...fa, ...fb])].sort()) {
      compared += 1;
      const pa = join(ca, f);
      const pb = join(cb, f);
      if (!existsSync(pa) || !existsSync(pb)) {
        differences.push(`${c}/${f}: only in ${existsSync(pa) ? a : b}`);
        continue;
      }
      const ta = mask(readFileSync(pa, 'utf8'));
      const tb = mask(readFileSync(pb, 'utf8'));
      if (ta === tb) continue;
      const la = ta.split('\n');
      const lb = tb.split('\n');
      const line = la.findIndex((l, i) => l !== lb[i]);
      differences.push(
        `${c}/${f}: line ${line + 1}\n  - ${(la[line] ?? '').slice(0, 200)}\n  + ${(lb[line] ?? '').slice(0, 200)}`,
      );
    }
  }
  for (const d of differences) console.log(d);
  console.log(`${cases.length} case(s), ${compared} file(s) compared, ${differences.length} difference(s)`);
  return differences.length;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const i = args.indexOf('--out');
  const j = args.indexOf('--compare');
  if (i >= 0 && args[i + 1]) return snapshot(args[i + 1]);
  if (j >= 0 && args[j + 1] && args[j + 2]) {
    process.exitCode = compare(args[j + 1], args[j + 2]) ? 1 : 0;
    return;
  }
  console.error('usage: research-snapshot.ts --out DIR | --compare DIR_A DIR_B');
  process.exitCode = 2;
}

void main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exitCode = 1;
});
