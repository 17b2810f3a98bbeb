import { resolve } from 'node:path';
import { CaseFileError, openCase } from '../../case';
import {
  findPersons,
  pagePersons,
  personSummary,
  type PersonQuery,
  type PersonSummary,
} from '../../case/person-catalog';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';

const usage =
  'ancestry persons <dir> [--id ID] [--name TEXT] [--place TEXT] [--born YEAR|FROM-TO] [--offset N] [--limit N] [--json]';

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got "${value}"; usage: ${usage}`);
  return Number(value);
}

function bornRange(value: string): Pick<PersonQuery, 'bornFrom' | 'bornTo'> {
  const m = /^(\d{1,4})(?:-(\d{1,4}))?$/.exec(value);
  if (!m) throw new UsageError(`--born must be YEAR or FROM-TO, got "${value}"; usage: ${usage}`);
  return { bornFrom: Number(m[1]), bornTo: Number(m[2] ?? m[1]) };
}

/** A living person is listed as "Living <surname>", without years, unless the case has consent. */
function shown(p: PersonSummary, consent: boolean): PersonSummary {
  return p.living && !consent
    ? { ...p, name: `Living ${p.surname}`.trim(), given: '', birthYear: null, deathYear: null }
    : p;
}

export const personsCommand: CliCommand = {
  name: 'persons',
  usage: usage.slice('ancestry '.length),
  summary:
    'lists the persons of a case (person files and imported trees), a page at a time, or finds them by id, name, place or birth year',
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      {
        id: { type: 'string' },
        name: { type: 'string' },
        place: { type: 'string' },
        born: { type: 'string' },
        offset: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
      },
      usage,
    );
    if (!positionals[0]) throw new UsageError(`missing <dir>; usage: ${usage}`);
    const offset = count(values.offset, 'offset', 0);
    const limit = count(values.limit, 'limit', 50);
    // Indexed: a page or a lookup in a 100k-person tree reads its derived index, not the tree (issue #16).
    const store = await openCase(resolve(positionals[0]), { trees: 'indexed' }).catch((e: unknown) => {
      if (e instanceof CaseFileError) throw new UsageError(e.message);
      throw e;
    });
    // Derived data rebuilt because it was damaged or stale: one line each, on stderr.
    for (const note of store.notes) io.err(`note: ${note}`);
    const consent = store.config().privacy.consent;
    let rows: PersonSummary[];
    if (values.id !== undefined) {
      const p = personSummary(store, values.id);
      if (!p) {
        io.err(`ancestry: no person ${values.id} in ${store.root}`);
        return 1;
      }
      rows = [p];
    } else if (values.name !== undefined || values.place !== undefined || values.born !== undefined) {
      const query: PersonQuery = {
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(values.place !== undefined ? { place: values.place } : {}),
        ...(values.born !== undefined ? bornRange(values.born) : {}),
      };
      rows = findPersons(store, query, offset + limit).slice(offset);
    } else rows = pagePersons(store, offset, limit);
    rows = rows.map((r) => shown(r, consent));
    if (values.json) {
      io.out(JSON.stringify(rows, null, 2));
      return 0;
    }
    const years = (r: PersonSummary) =>
      r.birthYear === null && r.deathYear === null ? '' : ` (${r.birthYear ?? '?'}–${r.deathYear ?? ''})`;
    io.out(rows.length ? rows.map((r) => `${r.id}  ${r.name}${years(r)}  ${r.file}`).join('\n') : 'no persons');
    return 0;
  },
};
