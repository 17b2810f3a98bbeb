/**
 * A merge killed part-way must not lose data: for every point at which the accept can stop (each
 * file write it makes), re-opening the case and accepting again gives exactly the files of an
 * uninterrupted accept, and undo then gives back the exact files from before. Undo right after the
 * crash also restores them. The "kill" is a write that never happens, followed by a fresh open.
 */
import { strict as assert } from 'node:assert';
import { openCase } from '../../../src/case';
import { acceptMerge, proposeMerges, undoMerge, type MergeStore } from '../../../src/agents/analyst/merge';
import { caseFiles, clock, newCase, person as helperPerson, rel, writeImportedTree } from './helpers';

/** The helpers' person with assertion ids of its own (theirs count across the whole test run). */
const person = (...args: Parameters<typeof helperPerson>) => {
  const p = helperPerson(...args);
  return { ...p, assertions: p.assertions.map((a, i) => ({ ...a, id: `A-${p.id}-${i + 1}` })) };
};

const MUTATORS = new Set(['writePerson', 'removePerson', 'restoreFile', 'writeMerges']);

/** The store, with the k-th file-changing call (and everything after it) never happening. */
function killedAt(store: MergeStore, k: number): { store: MergeStore; calls: () => number } {
  let n = 0;
  const proxy = new Proxy(store, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target) as unknown;
      if (typeof v !== 'function') return v;
      if (!MUTATORS.has(String(prop))) return (v as (...a: unknown[]) => unknown).bind(target);
      return async (...args: unknown[]) => {
        if (++n >= k) throw new Error(`killed before write ${n}`);
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, calls: () => n };
}

/** A tree-resident person (with a child in the tree) and its duplicate as a person file. */
async function scenario() {
  const { root, store } = await newCase();
  writeImportedTree(root, store, person);
  await store.writePerson(
    person(
      'P-w',
      'William',
      'Becker',
      { 'birth.date': '3 APR 1832', 'birth.place': 'Bavaria, Germany', 'death.date': '1890' },
      [rel('parent', 'P-f')],
    ),
    '\nNotes on William.\n',
  );
  await store.writePerson(person('P-f', 'Georg', 'Becker', { 'birth.date': '1800' }, [rel('child', 'P-w')]));
  const { added } = await proposeMerges(store, clock.now());
  const c = added.find((x) => x.memberIds.includes('I-1') && x.memberIds.includes('P-w'));
  assert.ok(c, JSON.stringify(added.map((x) => x.memberIds)));
  return { root, store, id: c.id, before: caseFiles(root) };
}

/** What changed from `before` (files added or changed with their bytes, files removed), in path order. */
function delta(before: Map<string, string>, after: Map<string, string>): [string, string][] {
  const out: [string, string][] = [];
  for (const [f, v] of after) if (before.get(f) !== v) out.push([f, v]);
  for (const f of before.keys()) if (!after.has(f)) out.push([f, '(removed)']);
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

describe('review: a merge killed part-way loses nothing', () => {
  it('recovers from a kill before each of the accept’s writes', async function () {
    this.timeout(300_000);
    // The uninterrupted accept: its files, and how many writes it makes.
    const clean = await scenario();
    const counting = killedAt(clean.store, Infinity);
    await acceptMerge(counting.store, clean.id, clock.now(), { canonicalId: 'P-w' });
    const merged = delta(clean.before, caseFiles(clean.root));
    const writes = counting.calls();
    assert.ok(writes >= 6, `the accept makes several writes (${writes})`);

    for (let k = 1; k <= writes; k++) {
      // Kill, re-open, accept again: the files of the clean accept, byte for byte.
      const s = await scenario();
      await assert.rejects(
        acceptMerge(killedAt(s.store, k).store, s.id, clock.now(), { canonicalId: 'P-w' }),
        /killed/,
      );
      const reopened = await openCase(s.root, { clock });
      const again = await acceptMerge(reopened, s.id, clock.now(), { canonicalId: 'P-w' });
      assert.equal(again.status, 'accepted', `kill before write ${k}`);
      assert.deepEqual(
        delta(s.before, caseFiles(s.root)),
        merged,
        `kill before write ${k}: the same changes as a clean accept`,
      );
      await undoMerge(reopened, s.id, clock.now());
      const undone = caseFiles(s.root);
      assert.deepEqual(
        [...undone.keys()].sort(),
        [...s.before.keys()].sort(),
        `kill before write ${k}: undo leaves the original files`,
      );
      for (const [f, v] of s.before)
        assert.equal(undone.get(f), v, `kill before write ${k}: ${f} restored byte for byte`);

      // Kill, re-open, undo: the original files, whatever point the accept had reached.
      const u = await scenario();
      await assert.rejects(
        acceptMerge(killedAt(u.store, k).store, u.id, clock.now(), { canonicalId: 'P-w' }),
        /killed/,
      );
      const reopened2 = await openCase(u.root, { clock });
      const r = await undoMerge(reopened2, u.id, clock.now()).catch((e: unknown) =>
        e instanceof Error ? e : new Error(String(e)),
      );
      // Killed before any file changed: there is nothing to undo, and undo says so.
      if (r instanceof Error) assert.match(r.message, /nothing to undo/, `kill before write ${k}`);
      else assert.notEqual(r.status, 'accepted', `kill before write ${k}`);
      const files = caseFiles(u.root);
      assert.deepEqual(
        [...files.keys()].sort(),
        [...u.before.keys()].sort(),
        `kill before write ${k}: undo leaves the original files`,
      );
      for (const [f, v] of u.before)
        assert.equal(files.get(f), v, `kill before write ${k}: ${f} restored byte for byte`);
      // And the pair can still be merged afterwards.
      assert.equal(
        (await acceptMerge(reopened2, u.id, clock.now(), { canonicalId: 'P-w' })).status,
        'accepted',
        `kill before write ${k}: accept after undo`,
      );
    }
  });
});
