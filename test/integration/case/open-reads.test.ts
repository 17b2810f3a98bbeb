/**
 * What opening a big case reads (#16 item 1): once its derived files are built, `ancestry status`
 * answers from the tree index and the source cache, reading no line of a tree and no source file;
 * a person by id reads their one tree line; the first page of `ancestry persons` reads no tree line.
 * Counted by wrapping node:fs's open and read calls while the verb runs (real files, real sql.js).
 */
import { strict as assert } from 'node:assert';
import fs from 'node:fs';
import { join, relative } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { pagePersons } from '../../../src/case/person-catalog';
import { importGedcom } from '../../../src/interchange/gedcom/import';
import { personsCommand } from '../../../src/cli/commands/persons';
import { statusCommand } from '../../../src/cli/commands/status';
import type { CliIo } from '../../../src/cli/command';
import { generateGedcom } from '../../../bench/gedcom-generate';
import { tempDir } from '../../helpers/paths';

const NOW = new Date('2026-06-01T00:00:00Z');
const clock = { now: () => NOW, sleep: async () => {} };

/** The case files (relative to root) opened or read whole while `run` runs. */
async function filesRead(root: string, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const note = (p: unknown) => {
    if (typeof p === 'string' && p.startsWith(root)) seen.push(relative(root, p));
  };
  const { openSync, readFileSync } = fs;
  fs.openSync = (p: fs.PathLike, ...rest: unknown[]) => {
    note(p);
    return (openSync as (...a: unknown[]) => number)(p, ...rest);
  };
  fs.readFileSync = ((p: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    note(p);
    return (readFileSync as (...a: unknown[]) => unknown)(p, ...rest);
  }) as typeof fs.readFileSync;
  try {
    await run();
  } finally {
    fs.openSync = openSync;
    fs.readFileSync = readFileSync;
  }
  return seen;
}

const io = (out: string[]): CliIo => ({
  out: (t) => out.push(t),
  err: () => {},
  tty: false,
  signal: new AbortController().signal,
});

describe('opening a big case reads the derived index, not the trees or every source (#16)', function () {
  this.timeout(300_000);
  let root: string;

  before(async () => {
    root = tempDir();
    const store = await initCase(root, { question: 'reads', subject: { name: 'Read Count' } }, { clock });
    const ged = join(root, 'gen.ged');
    fs.writeFileSync(ged, generateGedcom(500, 3));
    await importGedcom(ged, store, { as: 'tree' });
    // The first indexed open builds the tree index and the source cache.
    await openCase(root, { clock, trees: 'indexed' });
    assert.ok(fs.readdirSync(join(root, 'sources')).length > 0, 'the import captured sources');
  });

  it('status reads no tree line and no source file', async () => {
    const out: string[] = [];
    const read = await filesRead(root, () => statusCommand.run([root, '--json'], io(out)));
    const status = JSON.parse(out.join('')) as { persons: number; sources: number };
    assert.ok(status.persons >= 500 && status.sources > 0, out.join(''));
    assert.deepEqual(
      read.filter((f) => f.startsWith('trees/') || f.startsWith('sources/')),
      [],
      `read: ${read.join(', ')}`,
    );
    assert.ok(read.includes('.ancestry/trees-index.sqlite'), 'the index is what it read');
  });

  it('a person by id opens their tree line once; the first page opens none', async () => {
    const store = await openCase(root, { clock, trees: 'indexed' });
    const [someone] = pagePersons(store, 250, 1);
    assert.ok(someone.file.startsWith('trees/'), 'a tree person');
    const out: string[] = [];
    const byId = await filesRead(root, () => personsCommand.run([root, '--id', someone.id], io(out)));
    assert.ok(out.join('').startsWith(someone.id), out.join(''));
    assert.deepEqual(
      byId.filter((f) => f.startsWith('trees/') || f.startsWith('sources/')),
      [someone.file],
      `read: ${byId.join(', ')}`,
    );
    const page = await filesRead(root, () => personsCommand.run([root, '--limit', '50'], io([])));
    assert.deepEqual(
      page.filter((f) => f.startsWith('trees/') || f.startsWith('sources/')),
      [],
      `read: ${page.join(', ')}`,
    );
  });
});
