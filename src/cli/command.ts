/** A CLI verb. Exit codes (DESIGN.md): 0 done, 1 failed, 2 bad input. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Data as it is, unescaped (an export to standard output); `out` where a host has no raw stream. */
  data?(text: string): void;
  /** True when stdout is a terminal: long work shows progress; `--json` keeps quiet. */
  readonly tty: boolean;
  readonly signal: AbortSignal;
}

export interface CliCommand {
  name: string;
  usage: string;
  summary: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/** Text on one line: line breaks (a multi-line usage, several problems) become " | ". */
export function oneLine(text: string): string {
  return text.trim().replace(/\s*\n\s*/g, ' | ');
}

/** Bad input: printed on one line without a stack, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(oneLine(message));
  }
}
