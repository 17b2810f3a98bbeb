/**
 * Before a research run: the files it cannot do without must be readable. A run on an unreadable
 * case.yaml, merges.json or hypotheses.json, or on a subject whose file does not parse, would start
 * over beside the user's data (a second subject, a new session) and later try to overwrite what it
 * could not read: it refuses instead (CLI exit 2, each problem with file, line and field). Other
 * unreadable files (a spouse's person file, a conflict) are left out of the run and reported. An
 * import that did not finish (its marker is still there) blocks too: the case holds part of a tree.
 */
import { CaseFileError, type CaseProblem } from '../case/problems';
import { MERGES_FILE, PEOPLE_DIR, SESSION_FILE } from '../case/layout';
import { interruptedImportProblem } from '../case/import-marker';
import type { CaseStore } from './ports';

/** What a store that reads files knows about them (FileCaseStore); other stores have no problems. */
interface ProblemSource {
  problems?: CaseProblem[];
  unreadablePersonFile?(id: string): string | undefined;
  root?: string;
}

export interface Preflight {
  /** Problems that stop the run. */
  blocking: CaseProblem[];
  /** Files left out of the run, to report in its output and log. */
  skipped: CaseProblem[];
}

export function researchPreflight(
  store: CaseStore,
  subjectId: string | undefined,
  willCreateSubject: boolean,
): Preflight {
  const s = store as CaseStore & ProblemSource;
  const problems = (s.problems ?? []).filter((p) => p.severity === 'error');
  const required = new Set<string>([MERGES_FILE, SESSION_FILE]);
  const subjectFile = subjectId ? s.unreadablePersonFile?.(subjectId) : undefined;
  if (subjectFile) required.add(subjectFile);
  const blocking = problems.filter((p) => required.has(p.file));
  // A subject to create while a person file is unreadable: that file may well be the subject's.
  if (willCreateSubject) {
    for (const p of problems)
      if (p.file.startsWith(`${PEOPLE_DIR}/`) && !blocking.includes(p))
        blocking.push({
          ...p,
          message: `${p.message} (the subject is not found and may be this file: fix it before research creates another)`,
        });
  }
  // A killed import left part of the tree: research on it would conclude from what happened to be
  // written, and the import, run again to complete it, would then rewrite what research changed.
  const imported = typeof s.root === 'string' ? interruptedImportProblem(s.root) : undefined;
  if (imported) blocking.push({ ...imported, severity: 'error' });
  return { blocking, skipped: problems.filter((p) => !blocking.some((b) => b.file === p.file)) };
}

/** Throws the blocking problems as one CaseFileError. */
export function assertResearchable(pre: Preflight): void {
  if (pre.blocking.length)
    throw new CaseFileError(
      pre.blocking.map((p) => ({ ...p, message: `${p.message}; research does not run on a case it cannot read` })),
    );
}
