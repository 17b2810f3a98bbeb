// Runs every benchmark in bench/ (bench/<name>.ts), one after another so they do not compete for
// the two cores, and prints each one's report. `npm run bench -- resolve` runs only matching ones.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const filter = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const flags = process.argv.slice(2).filter((a) => a.startsWith('-'));
// The benchmarks proper; the other files in bench/ are their data generators and tuning tools.
const ENTRY_POINTS = [
  'gedcom-import.ts',
  'loop.ts',
  'resolve.ts',
  'http-client.ts',
  'llm-context.ts',
  'activation.ts',
  'cases.ts',
  'documents.ts',
];
const benches = readdirSync('bench')
  .filter((f) => ENTRY_POINTS.includes(f))
  .filter((f) => !filter.length || filter.some((x) => f.includes(x)))
  .sort();
let failed = 0;
for (const b of benches) {
  console.log(`\n=== bench/${b} ===`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--require', 'tsx/cjs', `bench/${b}`, ...flags], {
    stdio: 'inherit',
  });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
