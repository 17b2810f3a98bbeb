import { strict as assert } from 'node:assert';
import { loadCommands, verbs } from '../../../src/cli/commands';
import { oneLine, UsageError, type CliIo } from '../../../src/cli/command';
import { help } from '../../../src/cli/main';

const io: CliIo = { out: () => {}, err: () => {}, tty: false, signal: new AbortController().signal };

describe('CLI help', () => {
  it('loads each verb by the name it is registered under, in help order', async () => {
    assert.deepEqual(
      (await loadCommands()).map((c) => c.name),
      verbs.map(([name]) => name),
    );
  });

  it('shows each verb with the same usage its errors print', async () => {
    const text = await help();
    for (const c of await loadCommands()) {
      assert.ok(c.usage.startsWith(`${c.name} `), `${c.name}: usage starts with the verb`);
      assert.ok(text.includes(`  ${c.usage}\n`), `${c.name}: help shows its full usage`);
      // An unknown option is bad input (exit 2) and names the usage: the same string as in help.
      await assert.rejects(
        c.run(['--no-such-option'], io),
        (e: unknown) => e instanceof UsageError && e.message.endsWith(oneLine(`usage: ancestry ${c.usage}`)),
      );
    }
  });

  it('every usage error is one line: an unknown option, a missing argument (#21)', async () => {
    for (const c of await loadCommands())
      for (const args of [['--no-such-option'], [], ['--json']])
        await c.run(args, io).then(
          () => {},
          (e: unknown) => {
            if (!(e instanceof UsageError)) return;
            assert.ok(!e.message.includes('\n'), `${c.name} ${args.join(' ')}: one line, got:\n${e.message}`);
          },
        );
  });

  it('lists the options the verbs accept (merge --canonical/--force, research --no-llm)', async () => {
    const text = await help();
    for (const opt of ['--canonical ID', '--force', '--no-llm', '--strict', '--gedcom-version'])
      assert.ok(text.includes(opt), opt);
  });
});
