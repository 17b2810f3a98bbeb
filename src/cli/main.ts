import { CaseLockedError } from '../case/lock';
import { CaseFileError, formatProblem } from '../case/problems';
import { loadCommand, loadCommands } from './commands';
import { UsageError, type CliIo } from './command';
import { drain, escapeControl } from './output';
import { releaseCliLocks } from './locks';

/** Each verb's full usage (the same string its errors print), its summary indented below. */
export async function help(): Promise<string> {
  const commands = await loadCommands();
  return [
    'usage: ancestry <verb> [options] [--debug]',
    '',
    ...commands.flatMap((c) => [`  ${c.usage}`, `      ${c.summary}`]),
    '',
    '  --debug with any verb prints the stack of an error',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const controller = new AbortController();
  // First Ctrl-C asks the running verb to stop after its current step; a second one exits now.
  let interrupts = 0;
  const onSigint = () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
    process.stderr.write('\nStopping after the current step (Ctrl-C again to abort)…\n');
    controller.abort(new Error('user cancel'));
  };
  process.on('SIGINT', onSigint);
  const io: CliIo = {
    out: (t) => process.stdout.write(escapeControl(t.endsWith('\n') ? t : `${t}\n`)),
    err: (t) => process.stderr.write(escapeControl(t.endsWith('\n') ? t : `${t}\n`)),
    data: (t) => process.stdout.write(t),
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- isTTY is undefined, not false, when stdout is no terminal (Node's types say boolean)
    tty: Boolean(process.stdout.isTTY),
    signal: controller.signal,
  };
  // --debug (anywhere) prints the stack of an error; without it every error is its message alone.
  const debug = argv.includes('--debug');
  const [verb, ...rest] = argv.filter((a) => a !== '--debug');
  try {
    if (!verb || verb === '--help' || verb === '-h' || verb === 'help') {
      io.out(await help());
      return verb ? 0 : 2;
    }
    const command = await loadCommand(verb);
    if (!command) throw new UsageError(`unknown verb "${verb}"; "ancestry --help" lists the verbs and their options`);
    const code = await command.run(rest, io);
    // A verb that stopped early on Ctrl-C saved its work, but the run did not finish: the shell
    // convention (128 + SIGINT) tells scripts so, as the second Ctrl-C's hard exit does.
    return code === 0 && controller.signal.aborted ? 130 : code;
  } catch (e) {
    if (e instanceof CaseFileError) {
      // Several unreadable files are still one line, as a usage error's several problems are.
      io.err(`ancestry: ${e.problems.map(formatProblem).join(' | ')}`);
      if (debug && e.stack) io.err(e.stack);
      return 2;
    }
    if (e instanceof UsageError || e instanceof CaseLockedError) {
      io.err(`ancestry: ${e.message}`);
      if (debug && e.stack) io.err(e.stack);
      return 2;
    }
    // Anything else is still one line (exit 2: the input could not be handled); the stack only on request.
    const message = e instanceof Error ? e.message.split('\n')[0] || e.name : String(e);
    io.err(`ancestry: ${message}${debug ? '' : ' (run again with --debug for details)'}`);
    if (debug && e instanceof Error && e.stack) io.err(e.stack);
    return 2;
  } finally {
    releaseCliLocks();
    process.off('SIGINT', onSigint);
  }
}

/**
 * Sets the exit code and ends only once stdout and stderr are drained: a piped `--json` answer
 * larger than the pipe buffer arrives whole. The explicit exit after the drain ends a process that
 * a lingering handle (a keep-alive socket) would otherwise keep alive.
 */
export async function runCli(argv: string[]): Promise<void> {
  const code = await main(argv);
  process.exitCode = code;
  await Promise.all([drain(process.stdout), drain(process.stderr)]);
  process.exit(code);
}

if (require.main === module) void runCli(process.argv.slice(2));
