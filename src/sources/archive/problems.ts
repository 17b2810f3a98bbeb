/**
 * Problems of the case's local archive, for `ancestry validate`, the Problems panel and the run's
 * log: a record the reader cannot use is skipped, so it must be named with the reason (issue #21),
 * never summed up as "N file(s) skipped" while validation says all is well.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { formatProblem, type CaseProblem } from '../../case/problems';
import { listArchiveFiles } from './files';
import { parseArchiveRecord } from './record';

/** Every problem of every archive file, files relative to the case root (`archive/…`). */
export function archiveProblems(root: string): CaseProblem[] {
  const out: CaseProblem[] = [];
  for (const abs of listArchiveFiles(root)) {
    const rel = relative(root, abs).split(sep).join('/');
    let text: string;
    try {
      text = readFileSync(abs, 'utf8');
    } catch (e) {
      out.push({
        file: rel,
        line: 1,
        column: 1,
        message: `archive record skipped: cannot be read (${e instanceof Error ? e.message : String(e)})`,
        severity: 'error',
      });
      continue;
    }
    const r = parseArchiveRecord(text, rel);
    out.push(
      ...(r.ok ? r.problems : r.problems.map((p) => ({ ...p, message: `archive record skipped: ${p.message}` }))),
    );
  }
  return out;
}

/** The log's words for a set of archive problems: each skipped file by name, with every reason. */
export function describeArchiveProblems(problems: readonly CaseProblem[]): {
  skipped: string[];
  warnings: CaseProblem[];
  skippedText: string;
  warningText: string;
} {
  const errors = problems.filter((p) => p.severity === 'error');
  const skipped = [...new Set(errors.map((p) => p.file))];
  const warnings = problems.filter((p) => p.severity !== 'error');
  const skippedText = `archive: ${skipped.length} record(s) skipped: ${skipped.join(', ')}\n${errors.map(formatProblem).join('\n')}`;
  const warningText = `archive: ${warnings.length} unknown key(s) kept and not used:\n${warnings.map(formatProblem).join('\n')}`;
  return { skipped, warnings, skippedText, warningText };
}
