import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isCaseFolder } from '../../case';
import { formatProblem } from '../../case/problems';
import { cycleNumbers, readCycle, type CycleOnDisk } from '../../case/cycles/read';
import { rawAnswersFile } from '../../case/cycles/render';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';

const usage = 'ancestry cycles <dir> [n] [--raw] [--json]';

function listLine(c: CycleOnDisk): string {
  const r = c.record;
  const ch = r.changes;
  return [
    String(r.cycle).padStart(3),
    r.status === 'open' ? 'open    ' : 'complete',
    (r.selection.strategy || '—').padEnd(9),
    `${r.tasks.length} task(s), ${r.searches.length} search(es)`,
    `facts +${ch.factsAccepted} accepted/${ch.factsStaged} staged/${ch.factsDisputed} disputed`,
    `persons +${ch.personsCreated.length}`,
    `conflicts ${ch.conflicts.length}`,
    r.model.calls.length ? `$${r.model.costUsd.toFixed(4)} (${r.model.tokens} tokens)` : 'no model',
    ...(r.termination ? [`stop: ${r.termination}`] : []),
  ].join('  ');
}

export const cyclesCommand: CliCommand = {
  name: 'cycles',
  usage: usage.slice('ancestry '.length),
  summary:
    "the research cycles (cycles/<n>.md): list them, or show one — what the Lead selected and why, the searches, the model's answers, what changed, the cost",
  async run(args, io) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' }, raw: { type: 'boolean' } }, usage);
    const [dir, which, ...extra] = positionals;
    if (!dir) throw new UsageError(`missing <dir>; usage: ${usage}`);
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"; usage: ${usage}`);
    const root = resolve(dir);
    if (!isCaseFolder(root)) throw new UsageError(`${dir}: no case.yaml here: not a case folder`);
    const numbers = cycleNumbers(root);
    const range = numbers.length ? `it has cycles ${numbers[0]}–${numbers[numbers.length - 1]}` : 'it has none yet';
    if (values.raw && which === undefined)
      throw new UsageError(`--raw shows one cycle's model answers: give its number; usage: ${usage}`);
    if (which !== undefined) {
      if (!/^[1-9]\d*$/.test(which))
        throw new UsageError(`cycle number must be a positive whole number (got "${which}"); ${range}`);
      const n = Number(which);
      if (!numbers.includes(n)) throw new UsageError(`no cycle ${n} in ${dir}: ${range} (run "ancestry research")`);
      const got = readCycle(root, n);
      if ('problems' in got) throw new UsageError(got.problems.map(formatProblem).join('\n'));
      // The model's answers are derived data beside the case files (.ancestry/cycles/<n>.md).
      const rawFile = join(root, rawAnswersFile(n));
      const raw = values.raw && existsSync(rawFile) ? readFileSync(rawFile, 'utf8') : undefined;
      if (values.json)
        io.out(
          JSON.stringify(
            { ...got.cycle.record, markdown: got.cycle.markdown, ...(values.raw ? { raw: raw ?? null } : {}) },
            null,
            2,
          ),
        );
      else {
        io.out(got.cycle.markdown);
        if (values.raw)
          io.out(raw ?? `No model answers kept for cycle ${n} (no model was called, or .ancestry/ was cleared).`);
      }
      return 0;
    }
    const cycles: CycleOnDisk[] = [];
    const problems: string[] = [];
    for (const n of numbers) {
      const got = readCycle(root, n);
      if ('problems' in got) problems.push(...got.problems.map(formatProblem));
      else cycles.push(got.cycle);
    }
    if (values.json) io.out(JSON.stringify({ cycles: cycles.map((c) => c.record), problems }, null, 2));
    else {
      if (!cycles.length && !problems.length) io.out(`No cycles yet in ${dir} (run "ancestry research").`);
      for (const c of cycles) io.out(listLine(c));
    }
    // A cycle file that does not parse is named, never rewritten; the listing shows the others.
    for (const p of problems) io.err(p);
    return problems.length ? 2 : 0;
  },
};
