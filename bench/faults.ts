/**
 * The fault figures of issue #21 in one place, on the built CLI (`npm run build` first):
 * `ancestry research` (the sample case, offline) and `ancestry import` (bourbon.ged with a living
 * person added, once as a tree and once as person files) killed with SIGKILL at seeded random
 * points, then run again. For each kill:
 *   - identical: the resumed case equals an uninterrupted run (random ids and times normalised:
 *     test/helpers/case-compare.ts);
 *   - left by the kill: temp files, the journal, the lock, the import marker (what the next writer
 *     must clean up or finish), and left after running again (must be 0);
 *   - bytes leaked: the living person's details (exact birth date in every form, street address,
 *     postcode, phone, e-mail, SSN) found in any file of the case folder outside archive/ (the
 *     user's own records), .ancestry/ included, after the kill and after the resume (must be 0).
 *
 *   npx tsx bench/faults.ts [--research N] [--import N] [--seed S] [--max-seconds T] [--json]
 *
 * Defaults: 30 research and 15 import kills, seed 21, 1,500 s in all (the loop stops early when the
 * time is up and says so). Not a test: `test/integration/engine/faults.test.ts` asserts the same
 * with a few kills in `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { caseDifferences } from '../test/helpers/case-compare';
import { interruptedWork, runKilledAfter, seededRandom } from '../test/helpers/kill-points';

const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist/cli.js');
const SAMPLE = join(ROOT, 'examples/sample-case');
const BOURBON = join(ROOT, '../shared/data/gedcom/gedcom-samples/bourbon.ged');

/** The sample case's living person (Thomas J. Schmidt, b. 1958) as its archive states him. */
const RESEARCH_SECRETS = ['5 MAR 1958', 'March 5, 1958', '1958-03-05', '03/05/1958', '1423 Elm Street', '62702'];
/** The living person added to the GEDCOM below. */
const IMPORT_SECRETS = [
  '17 MAY 1990',
  '1990-05-17',
  '42 Maple Street',
  '62704',
  '217-555-0199',
  'emma.t@example.com',
  '123-45-6789',
];
const LIVING_GEDCOM = `0 @ILIV1@ INDI
1 NAME Emma /Testperson/
1 SEX F
1 BIRT
2 DATE 17 MAY 1990
2 PLAC 42 Maple Street, Springfield, Illinois 62704, USA
1 RESI
2 ADDR 42 Maple Street
3 CITY Springfield
3 POST 62704
1 NOTE Call her at 217-555-0199 or emma.t@example.com, SSN 123-45-6789
1 FAMC @FLIV1@
0 @ILIV2@ INDI
1 NAME Walter /Testperson/
1 SEX M
1 BIRT
2 DATE 1 FEB 1890
1 DEAT
2 DATE 9 AUG 1961
1 FAMS @FLIV1@
0 @FLIV1@ FAM
1 HUSB @ILIV2@
1 CHIL @ILIV1@
0 TRLR
`;

function cli(...args: string[]): { code: number | null; err: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 600_000, maxBuffer: 64 << 20 });
  return { code: r.status, err: r.stderr };
}

/** Runs the CLI and SIGKILLs its process group after `ms`; true when the kill ended it. */
async function killedAfter(ms: number, ...args: string[]): Promise<boolean> {
  return (await runKilledAfter(ms, [CLI, ...args])).signal === 'SIGKILL';
}

function files(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true }).flatMap((e) => {
    const p = join(root, e.name);
    return e.isDirectory() ? files(p) : [p];
  });
}

/** Bytes of the secrets in every file of the case but the user's own archive/. */
function leaked(root: string, secrets: string[]): { bytes: number; where: string[] } {
  let bytes = 0;
  const where: string[] = [];
  for (const f of files(root)) {
    const rel = relative(root, f);
    if (rel.startsWith('archive/')) continue;
    const text = readFileSync(f, 'latin1');
    for (const s of secrets) {
      const n = text.split(s).length - 1;
      if (n) {
        bytes += n * Buffer.byteLength(s);
        where.push(`${rel}: "${s}" x${n}`);
      }
    }
  }
  return { bytes, where };
}

/** What interrupted work leaves: temp files, journal, lock, import marker (files and bytes). */
function leftBehind(root: string): { files: number; bytes: number; names: string[] } {
  const left = interruptedWork(root);
  return { files: left.length, bytes: left.reduce((n, w) => n + w.bytes, 0), names: left.map((w) => w.rel) };
}

interface Figures {
  verb: string;
  runs: number;
  killed: number;
  finishedBeforeKill: number;
  identical: number;
  differing: string[];
  resumeFailed: string[];
  readerFailed: number;
  leftByKills: { files: number; bytes: number };
  leftAfterRerun: number;
  leakedBytes: number;
  leaks: string[];
  seconds: number;
  stoppedByTime: boolean;
}

function blank(verb: string): Figures {
  return {
    verb,
    runs: 0,
    killed: 0,
    finishedBeforeKill: 0,
    identical: 0,
    differing: [],
    resumeFailed: [],
    readerFailed: 0,
    leftByKills: { files: 0, bytes: 0 },
    leftAfterRerun: 0,
    leakedBytes: 0,
    leaks: [],
    seconds: 0,
    stoppedByTime: false,
  };
}

async function loop(
  f: Figures,
  kills: number,
  seed: number,
  deadline: number,
  variants: { name: string; args: (dir: string) => string[]; reference: string; ms: number; secrets: string[] }[],
  fresh: (i: number) => string,
): Promise<void> {
  const t0 = Date.now();
  const random = seededRandom(seed);
  for (const v of variants) {
    const l = leaked(v.reference, v.secrets);
    f.leakedBytes += l.bytes;
    f.leaks.push(...l.where.map((w) => `reference ${v.name}: ${w}`));
  }
  for (let i = 0; i < kills; i++) {
    if (Date.now() > deadline) {
      f.stoppedByTime = true;
      break;
    }
    const v = variants[i % variants.length];
    const dir = fresh(i);
    const at = Math.round(300 + random() * v.ms * 0.95);
    const where = `${v.name} kill ${i + 1} at ${at} ms (seed ${seed})`;
    f.runs += 1;
    const killed = await killedAfter(at, ...v.args(dir));
    if (!killed) f.finishedBeforeKill += 1;
    else {
      f.killed += 1;
      const left = leftBehind(dir);
      f.leftByKills.files += left.files;
      f.leftByKills.bytes += left.bytes;
      const l = leaked(dir, v.secrets);
      f.leakedBytes += l.bytes;
      f.leaks.push(...l.where.map((w) => `${where}, after the kill: ${w}`));
      // A reader works on whatever the kill left (an import killed before its case.yaml: no case yet).
      if (existsSync(join(dir, 'case.yaml')) && cli('status', dir).code !== 0) f.readerFailed += 1;
      const again = cli(...v.args(dir));
      if (again.code !== 0) {
        f.resumeFailed.push(`${where}: exit ${again.code}: ${again.err.trim().split('\n').pop()}`);
        rmSync(join(dir, '..'), { recursive: true, force: true });
        continue;
      }
    }
    const diff = caseDifferences(v.reference, dir);
    if (!diff.length) {
      if (killed) f.identical += 1;
    } else f.differing.push(`${where}: ${diff.slice(0, 4).join(', ')}${diff.length > 4 ? ', …' : ''}`);
    f.leftAfterRerun += leftBehind(dir).files;
    const l = leaked(dir, v.secrets);
    f.leakedBytes += l.bytes;
    f.leaks.push(...l.where.map((w) => `${where}, after running again: ${w}`));
    rmSync(join(dir, '..'), { recursive: true, force: true });
  }
  f.seconds = Math.round((Date.now() - t0) / 100) / 10;
}

function timed(args: string[]): number {
  const t0 = Date.now();
  const r = cli(...args);
  if (r.code !== 0) throw new Error(`reference run failed: ${args.join(' ')}: ${r.err}`);
  return Date.now() - t0;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      research: { type: 'string', default: '30' },
      import: { type: 'string', default: '15' },
      seed: { type: 'string', default: '21' },
      'max-seconds': { type: 'string', default: '1500' },
      json: { type: 'boolean', default: false },
    },
  });
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run "npm run build" first');
  const seed = Number(values.seed);
  const deadline = Date.now() + Number(values['max-seconds']) * 1000;
  const work = mkdtempSync(join(tmpdir(), 'ancestry-faults-'));
  const copy = (i: number, name: string) => {
    const dir = join(mkdtempSync(join(work, `${name}-${i}-`)), 'case');
    cpSync(SAMPLE, dir, { recursive: true });
    return dir;
  };

  const research = blank('research');
  const refResearch = copy(0, 'reference');
  const msResearch = timed(['research', refResearch, '--offline']);
  await loop(
    research,
    Number(values.research),
    seed,
    deadline,
    [
      {
        name: 'research',
        args: (d) => ['research', d, '--offline'],
        reference: refResearch,
        ms: msResearch,
        secrets: RESEARCH_SECRETS,
      },
    ],
    (i) => copy(i, 'research'),
  );

  const imports = blank('import');
  const ged = join(work, 'bourbon-living.ged');
  const bourbon = readFileSync(BOURBON, 'latin1').replace(/0 TRLR\s*$/, '');
  writeFileSync(ged, bourbon + LIVING_GEDCOM, 'latin1');
  const variants = (['tree', 'files'] as const).map((as) => {
    const reference = join(mkdtempSync(join(work, `import-reference-${as}-`)), 'case');
    const args = (d: string) => ['import', ged, '--case', d, '--as', as];
    return { name: `import --as ${as}`, args, reference, ms: timed(args(reference)), secrets: IMPORT_SECRETS };
  });
  await loop(imports, Number(values.import), seed + 1, deadline, variants, (i) =>
    join(mkdtempSync(join(work, `import-${i}-`)), 'case'),
  );
  rmSync(work, { recursive: true, force: true });

  const all = [research, imports];
  if (values.json) {
    console.log(JSON.stringify(all, null, 2));
    return;
  }
  console.log('Fault figures (issue #21): kill -9 at seeded points, then the same command again');
  console.log(
    '| verb | runs | killed mid-way | resumed identical | left by the kills (files, bytes) | left after running again | bytes leaked | seconds |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const f of all)
    console.log(
      `| ${f.verb} | ${f.runs} | ${f.killed} | ${f.identical}/${f.killed} | ${f.leftByKills.files}, ${f.leftByKills.bytes} | ${f.leftAfterRerun} | ${f.leakedBytes} | ${f.seconds}${f.stoppedByTime ? ' (time limit reached)' : ''} |`,
    );
  for (const f of all) {
    for (const d of f.differing) console.log(`  differs: ${d}`);
    for (const r of f.resumeFailed) console.log(`  run again failed: ${r}`);
    if (f.readerFailed) console.log(`  status failed on ${f.readerFailed} killed case(s)`);
    for (const l of f.leaks.slice(0, 20)) console.log(`  leaked: ${l}`);
    if (f.finishedBeforeKill)
      console.log(`  ${f.verb}: ${f.finishedBeforeKill} run(s) finished before their kill point`);
  }
  const failed = all.some(
    (f) => f.differing.length || f.resumeFailed.length || f.readerFailed || f.leftAfterRerun || f.leakedBytes,
  );
  process.exitCode = failed ? 1 : 0;
}

void main();
