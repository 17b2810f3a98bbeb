/**
 * The derived source cache (src/case/source-cache.ts, issue #16 item 1): an open answers the same
 * sources and problems with and without it; a hand edit of a source file is picked up; a deleted,
 * damaged or hand-edited cache is rebuilt from the files, with one note saying so; a damaged tree
 * index is rebuilt with a note too.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import type { FileCaseStore } from '../../../src/case/store';
import { SOURCE_CACHE_FILE } from '../../../src/case/source-cache';
import { TREE_INDEX_FILE } from '../../../src/case/tree-index';
import { importGedcom } from '../../../src/interchange/gedcom/import';
import { generateGedcom } from '../../../bench/gedcom-generate';
import { tempDir } from '../../helpers/paths';

const NOW = new Date('2026-06-01T00:00:00Z');
const clock = { now: () => NOW, sleep: async () => {} };

/** What an open answers about sources, comparable across opens. */
function seen(store: FileCaseStore) {
  return {
    sources: store.sources().sort((a, b) => (a.id < b.id ? -1 : 1)),
    problems: store.problems.map((p) => `${p.file}:${p.line}:${p.field ?? ''}:${p.message}`).sort(),
  };
}

describe('source cache: sources/ parsed only when changed (#16)', function () {
  this.timeout(300_000);
  let root: string;
  /** The reference: the same case read with no cache at all. */
  const reference = async () => {
    rmSync(join(root, SOURCE_CACHE_FILE), { force: true });
    const store = await openCase(root, { clock });
    return seen(store);
  };

  before(async () => {
    root = tempDir();
    const store = await initCase(root, { question: 'cache', subject: { name: 'Cache Test' } }, { clock });
    const ged = join(root, 'gen.ged');
    writeFileSync(ged, generateGedcom(300, 5));
    await importGedcom(ged, store, { as: 'tree' });
  });

  it('is written on open and answers as the files do', async () => {
    const want = await reference();
    assert.ok(want.sources.length > 5, 'the generated GEDCOM has sources');
    assert.ok(existsSync(join(root, SOURCE_CACHE_FILE)), 'the open wrote the cache');
    const store = await openCase(root, { clock });
    assert.deepEqual(store.notes, []);
    assert.deepEqual(seen(store), want);
  });

  it('picks up a hand edit of a source file, and a source file removed', async () => {
    await openCase(root, { clock });
    const files = readdirSync(join(root, 'sources')).filter((f) => f.endsWith('.md'));
    const file = join(root, 'sources', files[0]);
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    lines.push('A line added by hand.');
    writeFileSync(file, lines.join('\n'));
    let store = await openCase(root, { clock });
    const edited = store.sources().find((s) => s.text.includes('A line added by hand.'));
    assert.ok(edited, 'the edit is read');
    assert.ok(
      store.problems.some((p) => p.file === `sources/${files[0]}` && /sha256/.test(p.message)),
      'and reported as an edited capture',
    );
    assert.deepEqual(seen(store), await reference());
    // A front matter broken by hand: reported at its line, the source left out, like a read without cache.
    await openCase(root, { clock });
    writeFileSync(file, text.replace(/^title: /m, 'title: [unclosed '));
    store = await openCase(root, { clock });
    assert.ok(store.problems.some((p) => p.file === `sources/${files[0]}`));
    assert.deepEqual(seen(store), await reference());
    writeFileSync(file, text);
    rmSync(join(root, 'sources', files[1]));
    store = await openCase(root, { clock });
    assert.equal(store.sources().length, files.length - 1);
    assert.deepEqual(seen(store), await reference());
  });

  it('is rebuilt when deleted, damaged or edited, with a note', async () => {
    const want = await reference();
    await openCase(root, { clock });
    const cache = join(root, SOURCE_CACHE_FILE);
    writeFileSync(cache, 'not json');
    let store = await openCase(root, { clock });
    assert.deepEqual(seen(store), want);
    assert.equal(store.notes.length, 1);
    assert.match(store.notes[0], /sources-index\.json: not JSON .*rebuilt/);
    assert.deepEqual((await openCase(root, { clock })).notes, [], 'rebuilt once');
    // Valid JSON, an entry changed by hand: its digest no longer matches, so none of it is used.
    const json = JSON.parse(readFileSync(cache, 'utf8')) as { entries: Record<string, { body: string }> };
    const first = Object.keys(json.entries)[0];
    json.entries[first].body = 'a wrong body';
    writeFileSync(cache, JSON.stringify(json));
    store = await openCase(root, { clock });
    assert.match(store.notes.join('\n'), /do not match their sha256/);
    assert.deepEqual(seen(store), want);
    assert.ok(!store.sources().some((s) => s.text === 'a wrong body'));
  });

  it('a damaged tree index is rebuilt with a note, and answers as before', async () => {
    const first = await openCase(root, { clock, trees: 'indexed' });
    const count = first.indexOfTrees()!.count();
    writeFileSync(join(root, TREE_INDEX_FILE), 'not a database');
    const store = await openCase(root, { clock, trees: 'indexed' });
    assert.equal(store.indexOfTrees()?.rebuilt, true);
    assert.match(store.notes.join('\n'), /trees-index\.sqlite: not readable .*rebuilt/);
    assert.equal(store.indexOfTrees()!.count(), count);
    assert.deepEqual((await openCase(root, { clock, trees: 'indexed' })).notes, []);
  });
});
