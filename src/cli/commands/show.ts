import { formatPersonView, lookupPerson, personView } from '../../case/person-view';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';
import { openReviewCase } from '../review-case';

const usage = 'ancestry show <dir> <person id or name> [--json]';

export const showCommand: CliCommand = {
  name: 'show',
  usage: usage.slice('ancestry '.length),
  summary:
    'one person as a genealogist reads them: names, facts with the preferred value and status, family, sources (a living person as the Censor shows them); by id or name, fuzzily',
  async run(args, io) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' } }, usage);
    const [dir, ...words] = positionals;
    if (!dir) throw new UsageError(`missing <dir>; usage: ${usage}`);
    const text = words.join(' ').trim();
    if (!text) throw new UsageError(`missing the person (an id such as P-1a2b3c4d, or a name); usage: ${usage}`);
    const store = await openReviewCase(dir, usage, undefined, { trees: 'indexed' });
    for (const note of store.notes) io.err(`note: ${note}`);
    const found = lookupPerson(store, text);
    if (!('found' in found)) {
      if (!found.candidates.length) {
        io.err(`ancestry: no person matches "${text}" in ${store.root} ("ancestry persons <dir> --name …" lists them)`);
        return 1;
      }
      const consent = store.config().privacy.consent;
      throw new UsageError(
        `"${text}" matches ${found.candidates.length} persons; give the id:\n${found.candidates
          .map((c) =>
            c.living && !consent
              ? `${c.id}  Living ${c.surname}  ${c.file}`
              : `${c.id}  ${c.name}${c.birthYear !== null || c.deathYear !== null ? ` (${c.birthYear ?? '?'}–${c.deathYear ?? ''})` : ''}  ${c.file}`,
          )
          .join('\n')}`,
      );
    }
    const view = personView(store, found.found.id)!;
    io.out(values.json ? JSON.stringify(view, null, 2) : formatPersonView(view));
    return 0;
  },
};
