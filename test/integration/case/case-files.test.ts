import { strict as assert } from 'node:assert';
import { fork, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initCase, openCase, openIndex } from '../../../src/case';
import type { Person } from '../../../src/model';
import { REPO_ROOT, tempDir } from '../../helpers/paths';

const clock = { now: () => new Date('2026-11-22T00:00:00Z'), sleep: async () => {} };

async function newCase() {
  const root = join(tempDir(), 'case');
  const store = await initCase(
    root,
    { question: 'Who were the parents of Johann Schmidt?', subject: { name: 'Johann Schmidt', born: 'ABT 1850' } },
    { clock },
  );
  return { root, store };
}

function cli(args: string[]) {
  return spawnSync(process.execPath, ['--require', 'tsx/cjs', join(REPO_ROOT, 'src/cli/main.ts'), ...args], {
    encoding: 'utf8',
    cwd: REPO_ROOT,
  });
}

const person = (id: string, given: string): Person => ({
  id,
  names: [{ given, surname: 'Schmidt', type: 'birth' }],
  sex: 'M',
  assertions: [
    { id: `A-${id}`, field: 'birth.date', value: '1850', status: 'accepted', confidence: 0.8, evidence: [] },
  ],
  relationships: [],
  externalIds: {},
});

describe('case files: validation, round trips, atomic writes, index, log', () => {
  it('malformed person front matter and case.yaml are reported with file, line and field; validate exits 2 listing every problem', async () => {
    const { root } = await newCase();
    writeFileSync(
      join(root, 'people/P-bad-a.md'),
      '---\nid: P-bad-a\nnames:\n  - given: Anna\n    surname: Schmidt\nsex: Q\n---\nnotes\n',
    );
    writeFileSync(join(root, 'people/P-bad-b.md'), '---\nid: P-bad-b\nnames: [\n---\n');
    writeFileSync(
      join(root, 'people/P-bad-c.md'),
      '---\nid: P-bad-c\nnames:\n  - given: C\nrelationships:\n  - type: parent\n    person: P-bad-c\n---\n',
    );
    const r = cli(['validate', root]);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /people\/P-bad-a\.md:6:\d+: error: sex: /);
    assert.match(r.stderr, /people\/P-bad-b\.md:\d+:\d+: error: YAML/);
    assert.match(
      r.stderr,
      /people\/P-bad-c\.md:7:\d+: error: relationships\.0\.person: a person cannot be their own relative/,
    );
    const json = JSON.parse(cli(['validate', root, '--json']).stdout) as {
      ok: boolean;
      problems: { file: string; line: number; field?: string }[];
    };
    assert.equal(json.ok, false);
    assert.equal(json.problems.length, 3);

    writeFileSync(join(root, 'case.yaml'), 'question: q\nsubject:\n  name: X\nbudget:\n  maxCycles: -3\n');
    const r2 = cli(['validate', root]);
    assert.equal(r2.status, 2);
    assert.match(r2.stderr, /case\.yaml:5:\d+: error: budget\.maxCycles: /);
  });

  it('a file that could not be parsed is never overwritten', async () => {
    const { root } = await newCase();
    const bad = '---\nid: P-x\nnames: 3\n---\nprecious notes\n';
    writeFileSync(join(root, 'people/P-x-someone.md'), bad);
    const again = await openCase(root, { clock });
    assert.equal(again.person('P-x'), undefined);
    await assert.rejects(() => again.writePerson(person('P-x', 'Someone')), /P-x-someone\.md:3/);
    assert.equal(readFileSync(join(root, 'people/P-x-someone.md'), 'utf8'), bad);
    writeFileSync(join(root, 'merges.json'), '{ "clusters": [ }');
    const third = await openCase(root, { clock });
    await assert.rejects(() => third.writeMerges({ version: 1, clusters: [], notSamePerson: [] }), /merges\.json/);
    assert.equal(readFileSync(join(root, 'merges.json'), 'utf8'), '{ "clusters": [ }');
  });

  it('unknown fields, comments and formatting survive a read/write round trip byte-identical where untouched', async () => {
    const { root } = await newCase();
    const original = [
      '---',
      'id: P-rt',
      '# the name as the family wrote it',
      'names:',
      '  - given: Anna',
      '    surname: Schmidt',
      '    type: birth',
      'sex: F',
      'myResearchFlag:   {  priority: high, "odd key": [1,  2] }   # keep me',
      'assertions:',
      '  - id: A-1',
      '    field: birth.date',
      '    value: ABT 1852',
      '    status: staged',
      '    confidence: 0.5',
      'customList:',
      '- a',
      '- b',
      '---',
      'My notes, untouched.',
      '',
    ].join('\n');
    writeFileSync(join(root, 'people/P-rt-anna-schmidt.md'), original);
    const store = await openCase(root, { clock });
    const p = store.person('P-rt')!;
    await store.writePerson(p);
    assert.equal(
      readFileSync(join(root, 'people/P-rt-anna-schmidt.md'), 'utf8'),
      original,
      'unchanged person → identical bytes',
    );
    await store.writePerson({
      ...p,
      sex: 'F',
      assertions: [{ ...p.assertions[0], status: 'accepted', confidence: 0.8 }],
    });
    const after = readFileSync(join(root, 'people/P-rt-anna-schmidt.md'), 'utf8');
    for (const line of [
      '# the name as the family wrote it',
      'myResearchFlag:   {  priority: high, "odd key": [1,  2] }   # keep me',
      'customList:\n- a\n- b',
      'My notes, untouched.',
    ]) {
      assert.ok(after.includes(line), `kept: ${line}`);
    }
    assert.match(after, /status: accepted/);
    assert.equal((await openCase(root, { clock })).person('P-rt')!.assertions[0].confidence, 0.8);
  });

  it('killing the process during a write leaves the old or the new file, never a partial one', async function () {
    this.timeout(120_000);
    const { root, store } = await newCase();
    await store.writePerson(person('P-target', 'Karl'), 'initial\n');
    const file = join(
      root,
      'people',
      readdirSync(join(root, 'people')).find((f) => f.startsWith('P-target'))!,
    );
    const head = readFileSync(file, 'utf8').split('---\n').slice(0, 2).join('---\n') + '---\n';
    const valid = new Set([
      `${head}initial\n`,
      `${head}${'a'.repeat(2_000_000)}\n`,
      `${head}${'b'.repeat(2_000_000)}\n`,
    ]);
    for (let round = 0; round < 6; round++) {
      const child = fork(join(REPO_ROOT, 'test/fixtures/case/write-forever.ts'), [root], {
        execArgv: ['--require', 'tsx/cjs'],
        stdio: 'ignore',
      });
      await new Promise<void>((resolve) => child.once('message', () => resolve()));
      await new Promise((r) => setTimeout(r, 30 + round * 37));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      assert.ok(
        valid.has(readFileSync(file, 'utf8')),
        `round ${round}: the file is whole (${statSync(file).size} bytes)`,
      );
    }
  });

  it('the sql.js index is derived: built when missing, reused while fresh, rebuilt when stale', async () => {
    const { root, store } = await newCase();
    await store.writePerson(person('P-a', 'Anna'));
    const first = await openIndex(store);
    assert.equal(first.rebuilt, true);
    assert.equal(first.count('persons'), 2);
    assert.deepEqual(
      first.searchPersons('anna').map((r) => r.id),
      ['P-a'],
    );
    const again = await openIndex(await openCase(root, { clock }));
    assert.equal(again.rebuilt, false);
    const s2 = await openCase(root, { clock });
    await s2.writePerson(person('P-b', 'Bertha'));
    const stale = await openIndex(s2);
    assert.equal(stale.rebuilt, true);
    assert.deepEqual(
      stale.searchPersons('bertha schmidt').map((r) => r.id),
      ['P-b'],
    );
    rmSync(join(root, '.ancestry'), { recursive: true });
    assert.equal((await openIndex(await openCase(root, { clock }))).rebuilt, true);
  });

  it('the research log is append-only: earlier bytes never change, a torn last line is kept and skipped', async () => {
    const { root, store } = await newCase();
    await store.appendLog([{ agent: 'Lead', actionType: 'error', message: 'one', rationale: '', context: '' }]);
    const logFile = join(root, 'log/research-log.jsonl');
    const before = readFileSync(logFile, 'utf8');
    writeFileSync(logFile, `${before}{"id":"L-torn","timest`); // a run killed mid-append
    const torn = readFileSync(logFile, 'utf8');
    const s2 = await openCase(root, { clock });
    await s2.appendLog([{ agent: 'Lead', actionType: 'error', message: 'two', rationale: '', context: '' }]);
    const after = readFileSync(logFile, 'utf8');
    assert.ok(after.startsWith(torn), 'earlier bytes unchanged');
    assert.deepEqual(
      s2
        .log()
        .filter((e) => e.actionType === 'error')
        .map((e) => (e as { message: string }).message),
      ['one', 'two'],
    );
  });

  it('a captured source is never rewritten, and its sha256 is checked on read', async () => {
    const { root, store } = await newCase();
    const rec = {
      title: '1880 census',
      recordType: 'census' as const,
      repository: 'NARA',
      sourceType: 'original' as const,
      sourceId: 'archive',
      tier: 0 as const,
      persons: [],
      text: 'Johann Schmidt, 30, Bavaria',
    };
    const a = await store.captureSource(rec, clock.now());
    const b = await store.captureSource(rec, clock.now());
    assert.equal(a.id, b.id);
    assert.equal((await openCase(root, { clock })).source(a.id)!.text, rec.text);
    const file = join(root, 'sources', `${a.id}.md`);
    writeFileSync(file, readFileSync(file, 'utf8').replace('Bavaria', 'Baden'));
    const s3 = await openCase(root, { clock });
    assert.ok(s3.problems.some((p) => p.file === `sources/${a.id}.md` && p.field === 'sha256'));
  });
});
