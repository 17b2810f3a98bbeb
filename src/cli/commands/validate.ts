import { resolve } from 'node:path';
import { CaseFileError, formatProblem, openCase, type CaseProblem } from '../../case';
import { archiveProblems } from '../../sources/archive/problems';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';

const usage = 'ancestry validate <dir> [--json]';

/** Lists every problem in the case's files (file:line:column: field: message); exit 2 when any is an error. */
export const validateCommand: CliCommand = {
  name: 'validate',
  usage: usage.slice('ancestry '.length),
  summary: 'check every case file; list each problem with file, line and field',
  async run(args, io) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' } }, usage);
    if (!positionals[0]) throw new UsageError(`missing <dir>; usage: ${usage}`);
    let problems: CaseProblem[];
    const root = resolve(positionals[0]);
    try {
      problems = (await openCase(root)).problems;
    } catch (e) {
      if (!(e instanceof CaseFileError)) throw e;
      problems = e.problems;
    }
    // The local archive is read by the Scout, not the store: its skipped records are listed here too.
    problems = [...problems, ...archiveProblems(root)];
    const errors = problems.filter((p) => p.severity === 'error').length;
    if (values.json) io.out(JSON.stringify({ ok: errors === 0, problems }, null, 2));
    else if (!problems.length) io.out('No problems found.');
    else {
      for (const p of problems) io.err(formatProblem(p));
      io.err(`${errors} error(s), ${problems.length - errors} warning(s)`);
    }
    return errors ? 2 : 0;
  },
};
