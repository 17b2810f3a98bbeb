import { commands } from './commands';
import { UsageError, type CliIo } from './command';

/** Each verb's full usage (the same string its errors print), its summary indented below. */
export function help(): string {
  return ['usage: ancestry <verb> [options]', '', ...commands.flatMap((c) => [`  ${c.usage}`, `      ${c.summary}`])].join('\n');
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
    out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
    tty: Boolean(process.stdout.isTTY),
    signal: controller.signal,
  };
  const [verb, ...rest] = argv;
  try {
    if (!verb || verb === '--help' || verb === '-h' || verb === 'help') {
      io.out(help());
      return verb ? 0 : 2;
    }
    const command = commands.find((c) => c.name === verb);
    if (!command) throw new UsageError(`unknown verb "${verb}"\n\n${help()}`);
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`ancestry: ${e.message}`);
      return 2;
    }
    io.err(`ancestry: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
