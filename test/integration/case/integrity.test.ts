/**
 * Issue #21, what a case file may hold and who may change it: captured fields of a source are
 * protected (an edit is named, never overwritten), one bound on any field's size, readers that never
 * write (a pending journal is read through, replayed only by the lock holder), and dates typed as
 * YAML numbers kept as text.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { tempDir } from '../../helpers/paths';

const clock = { now: () => new Date('2026-11-22T00:00:00Z'), sleep: async () => {} };

async function newCase(born = 'ABT 1850') {
  const root = join(tempDir('ancestry-integrity-'), 'case');
  const store = await initCase(
    root,
    { question: 'Who were the parents of Johann Schmidt?', subject: { name: 'Johann Schmidt', born } },
    { clock },
  );
  return { root, store };
}

describe('case integrity (#21)', () => {
  describe('dates typed as YAML numbers', () => {
    it('born: 1884 unquoted in case.yaml is read as "1884", and the file keeps its bytes', async () => {
      const { root } = await newCase();
      const file = join(root, 'case.yaml');
      const text = readFileSync(file, 'utf8').replace(/born: .*/, 'born: 1884\n  died: 1950');
      writeFileSync(file, text);
      const store = await openCase(root, { clock });
      assert.deepEqual(store.problems, []);
      assert.equal(store.config().subject.born, '1884');
      assert.equal(store.config().subject.died, '1950');
      await store.writeConfig({ ...store.config(), question: 'Who were his parents?' });
      const after = readFileSync(file, 'utf8');
      assert.match(after, /born: 1884\n/);
      assert.match(after, /question: Who were his parents\?/);
    });

    it('an assertion value: 1884 in a person file is read as "1884"', async () => {
      const { root } = await newCase();
      writeFileSync(
        join(root, 'people/P-a-anna.md'),
        '---\nid: P-a\nnames:\n  - given: Anna\n    surname: Schmidt\nassertions:\n  - id: A-1\n    field: birth.date\n    value: 1884\n    status: accepted\n    confidence: 0.8\n---\n',
      );
      const store = await openCase(root, { clock });
      assert.deepEqual(store.problems, []);
      assert.equal(store.person('P-a')?.assertions[0].value, '1884');
    });
  });
});
