// Child process for the kill/resume test: runs the loop on a case and prints each event as a line.
import { openCase } from '../../../src/case';
import { runResearch } from '../../helpers/research';

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: run-case.ts <case dir>');
  const store = await openCase(dir);
  const r = await runResearch({
    store,
    connectors: [],
    stepsPerCycle: 3,
    onEvent: (e) => process.stdout.write(`${JSON.stringify(e)}\n`),
  });
  process.stdout.write(`RESULT ${JSON.stringify(r)}\n`);
}
main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
