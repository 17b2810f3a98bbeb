/**
 * case.yaml as the user wrote it survives the engine's writes (issue #19 item 6): setting the
 * subject's person id adds one line; comments, key order, flow lists, folded text and quoting stay;
 * a changed value keeps its own comment; only a new section is written afresh.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import { rewriteYaml } from '../../../src/case/yaml-merge';

const HAND_WRITTEN = `# My case: the Schmidts of Kleinbach.
# Started from Aunt Emma's letters.
version: 1
question: >-
  Who were the parents of Johann Friedrich Schmidt,
  and when did he die?
subject:
  name: Johann Friedrich Schmidt   # as on the passenger list
  born: 1842
  place: 'Bavaria'
goals: [parents, spouse, children, birth, death]
budget:
  maxCycles: 40 # enough for a first pass
  maxRequests: 300
privacy:
  livingThresholdYears: 100
  consent: false
sources:
  offline: true
`;

describe('case: case.yaml keeps its hand-written form', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'case-yaml-'));
    writeFileSync(join(dir, 'case.yaml'), HAND_WRITTEN);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("the engine's first write (the subject's person id) adds one line and changes nothing else", async () => {
    const store = await openCase(dir);
    const config = store.config();
    await store.writeConfig({ ...config, subject: { ...config.subject, person: 'P-238be04d' } });
    const after = readFileSync(join(dir, 'case.yaml'), 'utf8');
    const expected = HAND_WRITTEN.replace("  place: 'Bavaria'\n", "  place: 'Bavaria'\n  person: P-238be04d\n");
    assert.equal(after, expected);
    // And it reads back as the same configuration.
    assert.equal((await openCase(dir)).config().subject.person, 'P-238be04d');
  });

  it('a changed value keeps its comment; an unchanged write leaves the file byte for byte', async () => {
    const store = await openCase(dir);
    await store.writeConfig(store.config());
    assert.equal(readFileSync(join(dir, 'case.yaml'), 'utf8'), HAND_WRITTEN);
    const config = store.config();
    await store.writeConfig({ ...config, budget: { ...config.budget, maxCycles: 60 } });
    const after = readFileSync(join(dir, 'case.yaml'), 'utf8');
    assert.match(after, /^ {2}maxCycles: 60 # enough for a first pass$/m);
    assert.equal(after.replace('maxCycles: 60', 'maxCycles: 40'), HAND_WRITTEN);
  });

  it('a new section goes at the end; a changed list or a removed key goes through the Document API', () => {
    assert.equal(
      rewriteYaml('a: 1 # one\nb:\n  c: 2\n', { a: 1, b: { c: 2 } }, { a: 1, b: { c: 2 }, added: { k: 'v' } }),
      'a: 1 # one\nb:\n  c: 2\nadded:\n  k: v\n',
    );
    assert.equal(
      rewriteYaml(
        'a: 1 # one\nlist: [x, y]\ngone: true\n',
        { a: 1, list: ['x', 'y'], gone: true },
        { a: 1, list: ['x', 'z'] },
      ),
      'a: 1 # one\nlist: [x, z]\n',
    );
  });
});
