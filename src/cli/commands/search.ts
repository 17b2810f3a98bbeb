import { openIndex } from '../../case';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';
import { openReviewCase } from '../review-case';

const usage = 'ancestry search <dir> <text…> [--limit N] [--offset N] [--json]';

function count(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min)
    throw new UsageError(
      `--${name} must be a whole number${min ? ` from ${min}` : ''}, got "${value}"; usage: ${usage}`,
    );
  return n;
}

export const searchCommand: CliCommand = {
  name: 'search',
  usage: usage.slice('ancestry '.length),
  summary:
    'full-text search over the persons and captured sources of a case, best first, with the file and a snippet ("quoted phrase", word prefixes); living persons as the Censor shows them',
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      { json: { type: 'boolean' }, limit: { type: 'string' }, offset: { type: 'string' } },
      usage,
    );
    const [dir, ...words] = positionals;
    if (!dir) throw new UsageError(`missing <dir>; usage: ${usage}`);
    const text = words.join(' ').trim();
    if (!text) throw new UsageError(`missing the text to search for; usage: ${usage}`);
    const limit = count(values.limit, 'limit', 20, 1);
    const offset = count(values.offset, 'offset', 0, 0);
    const store = await openReviewCase(dir, usage);
    for (const note of store.notes) io.err(`note: ${note}`);
    // Built, or rebuilt when the files or the privacy settings changed since (derived, in .ancestry/).
    const index = await openIndex(store);
    const hits = index.search(text, limit, offset);
    if (values.json) io.out(JSON.stringify({ query: text, rebuilt: index.rebuilt, hits }, null, 2));
    else if (!hits.length) io.out(`Nothing matches "${text}".`);
    else
      io.out(
        hits
          .map(
            (h) =>
              `${h.file}  ${h.title} (${h.kind} ${h.id}, score ${h.score.toFixed(2)})\n    ${h.snippet.replace(/\s*\n\s*/g, ' · ')}`,
          )
          .join('\n'),
      );
    index.db.close();
    return 0;
  },
};
