/** `ancestry import` / `ancestry export` as a user runs them: a real process on a real case folder. */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapGedcom } from '../../../src/interchange/gedcom/map-import';
import { parseGedcom } from '../../../src/interchange/gedcom/parse';
import { REPO_ROOT, SHARED_DATA, tempDir } from '../../helpers/paths';

function cli(...args: string[]) {
  const r = spawnSync(join(REPO_ROOT, 'node_modules/.bin/tsx'), [join(REPO_ROOT, 'src/cli/main.ts'), ...args], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('ancestry import / export (CLI)', function () {
  this.timeout(10 * 60 * 1000);
  const root = tempDir('ancestry-cli-gedcom-');

  it('imports a small file as person files into a new case whose subject is the first person', () => {
    const dir = join(root, 'bronte');
    const r = cli('import', join(SHARED_DATA, 'gedcom/gedcom-samples/bronte.ged'), '--case', dir, '--json');
    assert.equal(r.code, 0, r.err);
    const res = JSON.parse(r.out) as { mode: string; stats: { individuals: number; families: number } };
    assert.equal(res.mode, 'files');
    assert.deepEqual([res.stats.individuals, res.stats.families], [14, 4]);
    const people = readdirSync(join(dir, 'people'));
    assert.equal(people.length, 14, people.join(','));
    assert.ok(people.some((f) => f.includes('patrick-bronte')));
    assert.match(readFileSync(join(dir, 'case.yaml'), 'utf8'), /Patrick Brontë/);
  });

  it('imports a file with more sources than the process may hold files open (sources are captured a few at a time)', () => {
    // 3,000 SOUR records, each cited, under a limit of 256 open files (macOS's default).
    const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8'];
    for (let i = 1; i <= 3000; i++) lines.push(`0 @S${i}@ SOUR`, `1 TITL Parish register ${i}`);
    for (let i = 1; i <= 3000; i++)
      lines.push(
        `0 @I${i}@ INDI`,
        `1 NAME Ann${i} /Lee/`,
        '1 BIRT',
        '2 DATE 1 JAN 1800',
        `2 SOUR @S${i}@`,
        `3 PAGE p. ${i}`,
      );
    lines.push('0 TRLR', '');
    const file = join(root, 'many-sources.ged');
    writeFileSync(file, lines.join('\n'));
    const dir = join(root, 'many-sources');
    const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');
    const r = spawnSync(
      'bash',
      [
        '-c',
        'ulimit -n 256 && exec "$0" "$@"',
        tsx,
        join(REPO_ROOT, 'src/cli/main.ts'),
        'import',
        file,
        '--case',
        dir,
        '--json',
      ],
      { encoding: 'utf8', timeout: 300_000 },
    );
    assert.equal(r.status, 0, r.stderr);
    const res = JSON.parse(r.stdout) as { stats: { sources: number; individuals: number } };
    assert.deepEqual([res.stats.sources, res.stats.individuals], [3000, 3000]);
    assert.equal(readdirSync(join(dir, 'sources')).length, 3001, 'each source and the file itself');
  });

  it('exports GEDCOM 5.5.1, 7.0 and JSON-LD that read back with the same counts', () => {
    const dir = join(root, 'bronte');
    for (const [format, file] of [
      ['gedcom', 'tree.ged'],
      ['gedcom7', 'tree7.ged'],
    ] as const) {
      const r = cli('export', dir, '--format', format);
      assert.equal(r.code, 0, r.err);
      const text = readFileSync(join(dir, 'exports', file), 'utf8');
      assert.match(
        text,
        format === 'gedcom' ? /2 VERS 5\.5\.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8/ : /^0 HEAD\n1 GEDC\n2 VERS 7\.0/,
      );
      const stats = mapGedcom(parseGedcom(text), { file, key: 'x' }).stats;
      assert.deepEqual([stats.individuals, stats.families, stats.events], [14, 4, 28]);
      assert.match(readFileSync(join(dir, 'exports', `${file}.loss.md`), 'utf8'), /loss report/);
    }
    const r = cli('export', dir, '--format', 'jsonld', '--json');
    assert.equal(r.code, 0, r.err);
    const graph = JSON.parse(readFileSync(join(dir, 'exports', 'graph.jsonld'), 'utf8')) as {
      '@graph': { '@type': string }[];
    };
    assert.equal(graph['@graph'].filter((n) => n['@type'] === 'Person').length, 14);
  });

  it('re-imports its own export into a fresh case', () => {
    const r = cli('import', join(root, 'bronte', 'exports', 'tree.ged'), '--case', join(root, 'again'), '--json');
    assert.equal(r.code, 0, r.err);
    const res = JSON.parse(r.out) as { stats: { individuals: number; families: number; events: number } };
    assert.deepEqual([res.stats.individuals, res.stats.families, res.stats.events], [14, 4, 28]);
  });

  it('exports to standard output (--out - or a device) with the report on stderr, and names a device it could not fill', () => {
    const dir = join(root, 'bronte');
    const r = cli('export', dir, '--format', 'gedcom', '--out', '-');
    assert.equal(r.code, 0, r.err);
    // Standard output carries the GEDCOM alone; where the loss report went is said on stderr.
    assert.match(r.out, /^0 HEAD\n/);
    assert.match(r.out, /0 TRLR\n?$/);
    assert.equal(mapGedcom(parseGedcom(r.out), { file: 'stdout', key: 'x' }).stats.individuals, 14);
    assert.match(r.err, /Loss report: .*exports[\\/]tree\.ged\.loss\.md/);
    const j = cli('export', dir, '--format', 'jsonld', '--out', '/dev/stdout');
    assert.equal(j.code, 0, j.err);
    assert.equal((JSON.parse(j.out) as { '@graph': unknown[] })['@graph'].length > 14, true);
    // /dev/full fails every write with ENOSPC: the error names the file it could not write.
    if (existsSync('/dev/full')) {
      const f = cli('export', dir, '--format', 'gedcom', '--out', '/dev/full');
      assert.equal(f.code, 2);
      assert.match(f.err, /\/dev\/full.*ENOSPC|ENOSPC.*\/dev\/full/);
    }
  });

  it('imports a large file as one tree, the subject as a person file', () => {
    const dir = join(root, 'royal');
    const r = cli('import', join(SHARED_DATA, 'gedcom/royal92.ged'), '--case', dir, '--json');
    assert.equal(r.code, 0, r.err);
    const res = JSON.parse(r.out) as { mode: string; treeFile: string; persons: number };
    assert.equal(res.mode, 'tree');
    assert.equal(res.persons, 3010);
    const lines = readFileSync(join(dir, res.treeFile), 'utf8').trim().split('\n');
    // The compact format's header (decision 0003), then one line per person.
    assert.match(lines[0], /^\{"ancestryTree":2,/);
    assert.equal(lines.length, 1 + 3010);
    assert.equal(readdirSync(join(dir, 'people')).length, 1);
  });

  it('imports a GEDZIP (.gdz) archive', () => {
    const r = cli(
      'import',
      join(SHARED_DATA, 'gedcom7/maximal70.gdz'),
      '--case',
      join(root, 'gdz'),
      '--json',
      '--as',
      'files',
    );
    assert.equal(r.code, 0, r.err);
    assert.equal((JSON.parse(r.out) as { stats: { individuals: number } }).stats.individuals, 4);
  });

  it('exits 2 naming file and line for a malformed file, and leaves no partial import', () => {
    const dir = join(root, 'bad');
    const r = cli('import', join(SHARED_DATA, 'gedcom/gedcom-go/malformed/unterminated-xref.ged'), '--case', dir);
    assert.equal(r.code, 2);
    assert.match(r.err, /unterminated-xref\.ged:4: unterminated cross-reference id/);
    assert.ok(!existsSync(join(dir, 'people')) || readdirSync(join(dir, 'people')).length === 0);
  });

  it('exits 2 for bad arguments', () => {
    assert.equal(cli('import', join(SHARED_DATA, 'gedcom/royal92.ged')).code, 2);
    assert.equal(cli('import', join(root, 'nope.ged'), '--case', join(root, 'x')).code, 2);
    assert.equal(cli('export', join(root, 'bronte'), '--format', 'csv').code, 2);
  });
});
