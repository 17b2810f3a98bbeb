import { resolve } from 'node:path';
import { initCase } from '../../case';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';

const usage =
  'ancestry init <dir> [--subject "Given Surname"] [--born DATE] [--place PLACE] [--question TEXT] [--json]';

export const initCommand: CliCommand = {
  name: 'init',
  usage: usage.slice('ancestry '.length),
  summary: 'create a case folder for a research question',
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      {
        subject: { type: 'string' },
        born: { type: 'string' },
        place: { type: 'string' },
        question: { type: 'string' },
        json: { type: 'boolean' },
      },
      usage,
    );
    const dir = positionals[0];
    if (!dir) throw new UsageError(`missing <dir>; usage: ${usage}`);
    const name = values.subject ?? 'Unknown Person';
    const store = await initCase(resolve(dir), {
      question:
        values.question ??
        `Who were the parents, spouse and children of ${name}, and when and where was ${name} born and did ${name} die?`,
      subject: {
        name,
        ...(values.born ? { born: values.born } : {}),
        ...(values.place ? { place: values.place } : {}),
      },
    }).catch((e: unknown) => {
      throw new UsageError(e instanceof Error ? e.message : String(e));
    });
    const subject = store.config().subject.person;
    if (values.json) io.out(JSON.stringify({ case: store.root, subject }));
    else
      io.out(
        `Created case ${store.root}\nSubject: ${name} (${subject})\nNext: put records in ${store.root}/archive/ and run "ancestry research ${dir}"`,
      );
    return 0;
  },
};
