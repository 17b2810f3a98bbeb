/**
 * Research quality on the development evaluation set (test/cases/*, issue #14): runs every case
 * offline with the deterministic agents on a temporary copy and scores it against its expected.yaml:
 * person clusters (B-cubed over the expected personas), relationships, key facts, conflicts kept,
 * namesakes wrongly joined, junk persons, persons outside the answer key, privacy leaks and time.
 *
 *   npm run bench -- cases [--json] [--details] [--case=<name>[,<name>]] [--dir=<folder of cases>] [--keep] [--runs=N]
 *   (--runs=2: research run twice on the same folder before scoring, as a user running it again would)
 *   npx tsx bench/cases.ts --details
 *
 * Targets for the whole set (issue #14): person and relationship F1 ≥ 0.95, 0 namesakes joined,
 * 0 junk persons, 0 leaks. Exit code 0 even when targets are missed: this is a measurement.
 */
import { basename, resolve } from 'node:path';
import { details, table, totals } from './cases/report';
import { type CaseRun, listCases, runCase } from './cases/run';

async function main() {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const only = args
    .find((a) => a.startsWith('--case='))
    ?.slice('--case='.length)
    .split(',');
  // --dir scores another folder of cases (e.g. a held-out set kept outside the repository).
  const from = args.find((a) => a.startsWith('--dir='))?.slice('--dir='.length);
  const dirs = listCases(from ? resolve(from) : undefined).filter(
    (d) => !only || only.some((o) => basename(d).includes(o)),
  );
  const runs: { name: string; run: CaseRun }[] = [];
  for (const dir of dirs) {
    const name = basename(dir);
    if (!json) process.stderr.write(`  ${name} …\n`);
    let run: CaseRun;
    try {
      run = await runCase(dir, {
        keep: args.includes('--keep'),
        runs: Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 1),
      });
    } catch (e) {
      run = { error: e instanceof Error ? e.message : String(e), seconds: 0 };
    }
    runs.push({ name, run });
  }
  const t = totals(runs);
  if (json) {
    console.log(
      JSON.stringify(
        {
          totals: t,
          cases: runs.map(({ name, run }) => ({
            name,
            seconds: run.seconds,
            status: run.status,
            error: run.error,
            outDir: run.outDir,
            score: run.score,
          })),
        },
        null,
        2,
      ),
    );
    return;
  }
  console.log(
    `Evaluation set: ${runs.length} case(s) from ${from ?? 'test/cases'}, offline, deterministic agents (no model)`,
  );
  console.log('records = archive records captured as sources; placed = expected personas traced to a person file;');
  console.log('pers = person clusters, B-cubed over expected personas; rel = relationships; nsk = namesakes joined;');
  console.log(
    'extra = person files no expected persona traces to (not junk); leaks = privacy bait found in written files\n',
  );
  console.log(table(runs, t));
  console.log(
    `\nTargets: person F1 ≥ 95 (${(t.persons.f1 * 100).toFixed(1)}), relationship F1 ≥ 95 (${(t.relationships.f1 * 100).toFixed(1)}), namesakes joined 0 (${t.namesakesJoined}), junk 0 (${t.junk}), leaks 0 (${t.leaks})`,
  );
  if (args.includes('--details')) console.log(details(runs));
  else console.log('(--details lists what went wrong in each case; --json for everything)');
  for (const { run } of runs) if (run.outDir) console.log(`kept: ${run.outDir}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
