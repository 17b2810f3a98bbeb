/** A CLI verb. Exit codes (DESIGN.md): 0 done, 1 failed, 2 bad input. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
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

/** Bad input: printed without a stack, exit 2. */
export class UsageError extends Error {}
