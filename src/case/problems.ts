/** A problem in a case file, with where it is: shown by `ancestry validate` and as a VS Code diagnostic. */
export interface CaseProblem {
  file: string;
  line: number;
  column: number;
  field?: string;
  message: string;
  severity: 'error' | 'warning';
}

export function formatProblem(p: CaseProblem): string {
  // One problem, one line: a parser's message can quote the file's own text, line breaks and all.
  const message = p.message.replace(/\s*[\r\n]+\s*/g, ' ');
  return `${p.file}:${p.line}:${p.column}: ${p.severity}: ${p.field ? `${p.field}: ` : ''}${message}`;
}

/** A file the case cannot use; it is reported and never overwritten. */
export class CaseFileError extends Error {
  constructor(readonly problems: CaseProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'CaseFileError';
  }
}
