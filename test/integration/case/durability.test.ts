/**
 * Issue #21 as a user meets it, through real CLI processes on real case folders: one writer per
 * case, no silent skips (every case file broken in turn), output that arrives whole through a pipe,
 * control bytes escaped, a 0-byte or absurd GEDCOM leaving no case behind, leftovers of interrupted
 * writes reported and removed.
 */
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import { acquireCaseLock, LOCK_FILE } from '../../../src/case/lock';
import { IMPORT_MARKER } from '../../../src/case/import-marker';
import { runResearch } from '../../helpers/research';
import { REPO_ROOT, SHARED_DATA, tempDir } from '../../helpers/paths';
import { sampleCopy } from '../engine/helpers';
import { builtCli } from '../../helpers/built-cli';
import { caseDifferences } from '../../helpers/case-compare';

const NODE_ARGS = builtCli();

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [...NODE_ARGS, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 300_000,
    maxBuffer: 64 << 20,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A CLI run in the background, for two at once. */
function cliAsync(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** An error is one clear line: no stack frame unless --debug. */
function assertOneLineError(err: string): void {
  assert.doesNotMatch(err, /^\s+at /m, `no stack trace:\n${err}`);
  const errorLines = err.split('\n').filter((l) => l.startsWith('ancestry:'));
  assert.equal(errorLines.length, 1, `one error line:\n${err}`);
}

function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.name === '.ancestry') continue;
      if (e.isDirectory()) walk(r);
      else out.set(r, readFileSync(join(dir, r), 'utf8'));
    }
  };
  walk('');
  return out;
}

describe('durability (#21): one writer, no silent skips, output that arrives', function () {
  this.timeout(15 * 60 * 1000);
  let researched: string;

  before(async () => {
    researched = sampleCopy();
    const r = await runResearch({ store: await openCase(researched), connectors: [] });
    assert.equal(r.status, 'completed');
  });

  function copyOfResearched(): string {
    const dir = join(tempDir('ancestry-dur-'), 'case');
    cpSync(researched, dir, { recursive: true });
    return dir;
  }

  describe('one writer per case', () => {
    it('a second writer exits 2 naming the holder; readers are not blocked', async () => {
      const dir = copyOfResearched();
      const lock = await acquireCaseLock(dir, 'research');
      try {
        for (const args of [
          ['research', dir, '--offline'],
          ['merges', dir],
          ['import', join(SHARED_DATA, 'gedcom/gedcom-samples/bronte.ged'), '--case', dir],
        ]) {
          const r = cli(...args);
          assert.equal(r.code, 2, `${args[0]}: ${r.err}`);
          assert.match(
            r.err,
            new RegExp(`being written by "research" \\(pid ${process.pid} on ${hostname()}`),
            args[0],
          );
          assertOneLineError(r.err);
        }
        const status = cli('status', dir);
        assert.equal(status.code, 0, status.err);
        assert.match(status.out, /Writer {4}"research" is writing this case/);
        assert.equal(cli('validate', dir).code, 0);
      } finally {
        lock.release();
      }
      assert.ok(!existsSync(join(dir, LOCK_FILE)), 'released');
    });

    it('a stale lock (its process is gone) is taken over and reported', () => {
      const dir = copyOfResearched();
      mkdirSync(join(dir, '.ancestry'), { recursive: true });
      writeFileSync(
        join(dir, LOCK_FILE),
        JSON.stringify({
          pid: 2 ** 22 + 12345,
          host: hostname(),
          verb: 'import',
          startedAt: '2020-01-01T00:00:00.000Z',
        }),
      );
      const r = cli('research', dir, '--offline');
      assert.equal(r.code, 0, r.err);
      assert.match(r.err, /Took over the stale lock of "import"/);
      assert.ok(!existsSync(join(dir, LOCK_FILE)));
    });

    it('an empty lock (its writer killed between creating and writing it) is taken over once it is old; a fresh one or one with unknown content is not', async () => {
      const dir = sampleCopy();
      const lock = join(dir, LOCK_FILE);
      mkdirSync(join(dir, '.ancestry'), { recursive: true });
      writeFileSync(lock, '');
      await assert.rejects(acquireCaseLock(dir, 'research'), /is locked by another writer/, 'a fresh empty lock');
      writeFileSync(lock, 'not a lock');
      utimesSync(lock, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
      await assert.rejects(acquireCaseLock(dir, 'research'), /is locked by another writer/, 'unknown content');
      writeFileSync(lock, '');
      utimesSync(lock, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
      const taken = await acquireCaseLock(dir, 'research');
      try {
        assert.ok(taken.tookOverEmpty, 'reported');
        assert.equal((JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid, process.pid);
      } finally {
        taken.release();
      }
    });

    it('two research runs started 0.35 s apart: one runs, the other exits 2, and no person is doubled', async () => {
      const one = sampleCopy();
      const two = sampleCopy();
      const first = cliAsync('research', two, '--offline', '--json');
      await new Promise((r) => setTimeout(r, 350));
      const second = await cliAsync('research', two, '--offline', '--json');
      const a = await first;
      // Which one starts first is up to the machine's load: one of the two runs, the other is refused.
      assert.deepEqual([a.code, second.code].sort(), [0, 2], `${a.err}\n${second.err}`);
      assert.match((a.code === 2 ? a : second).err, /being written by "research"/);
      const alone = cli('research', one, '--offline', '--json');
      assert.equal(alone.code, 0, alone.err);
      assert.equal(
        readdirSync(join(two, 'people')).length,
        readdirSync(join(one, 'people')).length,
        'as many person files as one run alone',
      );
    });

    it('two imports into one new folder at once: one imports, the other exits 2, and the case is whole', async () => {
      const ged = join(SHARED_DATA, 'gedcom/gedcom-samples/bourbon.ged');
      const root = tempDir('ancestry-dur-imp2-');
      const alone = cli('import', ged, '--case', join(root, 'alone'));
      assert.equal(alone.code, 0, alone.err);
      for (const i of [1, 2]) {
        const dir = join(root, `both-${i}`);
        const [a, b] = await Promise.all([
          cliAsync('import', ged, '--case', dir),
          cliAsync('import', ged, '--case', dir),
        ]);
        assert.deepEqual([a.code, b.code].sort(), [0, 2], `${a.err}\n${b.err}`);
        assertOneLineError((a.code === 2 ? a : b).err);
        assert.match((a.code === 2 ? a : b).err, /being written by "import"/);
        // The one that lost removed nothing of the case the other was writing.
        assert.deepEqual(caseDifferences(join(root, 'alone'), dir), []);
        assert.ok(existsSync(join(dir, 'case.yaml')));
      }
    });
  });

  describe('no silent skips: every kind of case file broken in turn', () => {
    const refusals: [string, (dir: string) => string][] = [
      ['case.yaml', (dir) => (writeFileSync(join(dir, 'case.yaml'), 'version: 1\nquestion: [unclosed\n'), 'case.yaml')],
      ['merges.json (not JSON)', (dir) => (writeFileSync(join(dir, 'merges.json'), '{"clusters": ['), 'merges.json')],
      [
        'hypotheses.json (truncated)',
        (dir) => {
          const text = readFileSync(join(dir, 'hypotheses.json'), 'utf8');
          writeFileSync(join(dir, 'hypotheses.json'), text.slice(0, Math.floor(text.length / 2)));
          return 'hypotheses.json';
        },
      ],
      [
        "the subject's person file",
        (dir) => {
          const f = readdirSync(join(dir, 'people')).find((n) => n.includes('johann-friedrich-schmidt'))!;
          const text = readFileSync(join(dir, 'people', f), 'utf8');
          writeFileSync(join(dir, 'people', f), text.replace(/^names:/m, 'names: [oops'));
          return `people/${f}`;
        },
      ],
    ];
    for (const [what, breakIt] of refusals) {
      it(`${what}: research exits 2 with one line naming the file, and rewrites nothing`, () => {
        const dir = copyOfResearched();
        const file = breakIt(dir);
        const before = snapshot(dir);
        const r = cli('research', dir, '--offline');
        assert.equal(r.code, 2, r.err);
        assertOneLineError(r.err);
        assert.match(r.err, new RegExp(`ancestry: ${file.replace(/[.]/g, '\\.')}:\\d+:\\d+: error`));
        assert.deepEqual(
          [...snapshot(dir).keys()].sort(),
          [...before.keys()].sort(),
          'no file added or removed (no second subject)',
        );
        for (const [rel, text] of before) assert.equal(snapshot(dir).get(rel), text, `${rel} untouched`);
        const v = cli('validate', dir);
        assert.equal(v.code, 2);
        assert.match(v.err, new RegExp(file.replace(/[.]/g, '\\.')));
        // A broken session file is not "no session yet": status names it.
        if (file === 'hypotheses.json')
          assert.match(cli('status', dir).out, /Session {3}not read: hypotheses\.json:\d+:\d+: error/);
      });
    }

    const reported: [string, (dir: string) => string][] = [
      [
        "a spouse's person file",
        (dir) => {
          const f = readdirSync(join(dir, 'people')).find((n) => n.includes('margaretha-weber'))!;
          writeFileSync(
            join(dir, 'people', f),
            readFileSync(join(dir, 'people', f), 'utf8').replace(/^sex: F$/m, 'sex: [F'),
          );
          return `people/${f}`;
        },
      ],
      [
        'a conflict file',
        (dir) => {
          const f = readdirSync(join(dir, 'conflicts'))[0];
          writeFileSync(
            join(dir, 'conflicts', f),
            readFileSync(join(dir, 'conflicts', f), 'utf8').replace(/^---\n/, '---\nfield: [x\n'),
          );
          return `conflicts/${f}`;
        },
      ],
      [
        'a captured source',
        (dir) => {
          const f = readdirSync(join(dir, 'sources'))[0];
          writeFileSync(join(dir, 'sources', f), readFileSync(join(dir, 'sources', f), 'utf8').replace(/^---\n/, ''));
          return `sources/${f}`;
        },
      ],
    ];
    for (const [what, breakIt] of reported) {
      it(`${what}: research reports it in its output and log, and leaves it as it was`, () => {
        const dir = copyOfResearched();
        const file = breakIt(dir);
        const text = readFileSync(join(dir, file), 'utf8');
        const r = cli('research', dir, '--offline');
        assert.equal(r.code, 0, r.err);
        assert.match(r.err, new RegExp(`Cannot read ${file.replace(/[.]/g, '\\.')}:\\d+:\\d+`));
        assert.equal(readFileSync(join(dir, file), 'utf8'), text, 'not overwritten');
        assert.match(
          readFileSync(join(dir, 'log/research-log.jsonl'), 'utf8'),
          new RegExp(`left out of this run: ${file.replace(/[.]/g, '\\.')}`),
        );
        // The conclusion says what it is missing: the file and its line, a relative by relationship
        // (Margaretha Weber is the sample subject's mother).
        const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
        const conclusion = summary.slice(summary.indexOf('## Conclusion'), summary.indexOf('Goals answered:'));
        assert.match(conclusion, new RegExp(`\\*\\*Not read\\.\\*\\*[^]*\`${file.replace(/[.]/g, '\\.')}\` line \\d+`));
        if (what.includes('spouse'))
          assert.match(conclusion, /this is the subject's (?:spouse|parent) \(P-[0-9a-f]+\)/);
      });
    }

    it('a parser message quoting a line break, and two unreadable files at once, are still one line', () => {
      const dir = copyOfResearched();
      // JSON.parse quotes the text it choked on, with its newline.
      writeFileSync(join(dir, 'merges.json'), 'this is {\nnot json\n');
      const hypotheses = readFileSync(join(dir, 'hypotheses.json'), 'utf8');
      writeFileSync(join(dir, 'hypotheses.json'), hypotheses.slice(0, 200));
      const r = cli('research', dir, '--offline');
      assert.equal(r.code, 2, r.err);
      const lines = r.err
        .trimEnd()
        .split('\n')
        .filter((l) => !l.startsWith('Researching '));
      assert.equal(lines.length, 1, `one line, got:\n${r.err}`);
      assert.match(lines[0], /^ancestry: merges\.json:\d+:1: error: .* \| hypotheses\.json:\d+:1: error: /);
    });

    it('a usage error is one line, exit 2: unknown verb, unknown option, missing argument', () => {
      for (const args of [['frobnicate'], ['research', '--no-such-option'], ['import'], ['import', 'x.ged']]) {
        const r = cli(...args);
        assert.equal(r.code, 2, args.join(' '));
        assert.equal(r.err.trimEnd().split('\n').length, 1, `${args.join(' ')}: one line, got:\n${r.err}`);
        assertOneLineError(r.err);
      }
    });

    it('--debug adds the stack; without it an unexpected error is one line', () => {
      const dir = copyOfResearched();
      writeFileSync(join(dir, 'merges.json'), '{');
      const r = cli('research', dir, '--offline', '--debug');
      assert.equal(r.code, 2);
      assert.match(r.err, /^\s+at /m);
    });
  });

  describe('output that arrives', () => {
    it('a >1 MB --json answer piped through a child process parses whole', () => {
      const dir = copyOfResearched();
      const f = readdirSync(join(dir, 'people'))[0];
      // 4,000 malformed assertions: each is a problem of its own in `validate --json`.
      const bad = Array.from(
        { length: 4000 },
        (_, i) => `  - { id: A-bad${i}, field: birth.date, confidence: "high" }`,
      ).join('\n');
      writeFileSync(
        join(dir, 'people', f),
        readFileSync(join(dir, 'people', f), 'utf8').replace(/^assertions:\n/m, `assertions:\n${bad}\n`),
      );
      const r = spawnSync('bash', ['-c', `"${process.execPath}" "${NODE_ARGS[0]}" validate "${dir}" --json | cat`], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        maxBuffer: 256 << 20,
      });
      assert.ok(r.stdout.length > 1 << 20, `more than 1 MB (${r.stdout.length})`);
      const parsed = JSON.parse(r.stdout) as { ok: boolean; problems: unknown[] };
      assert.equal(parsed.ok, false);
      assert.ok(parsed.problems.length >= 4000);
    });

    it('control bytes from a file are escaped on the terminal (an ESC sequence in a name)', () => {
      const dir = copyOfResearched();
      const yaml = readFileSync(join(dir, 'case.yaml'), 'utf8').replace(
        /name: Johann Friedrich Schmidt/,
        'name: "Johann \\e[2J\\e]0;pwned\\a Schmidt"',
      );
      writeFileSync(join(dir, 'case.yaml'), yaml);
      const config = readFileSync(join(dir, 'case.yaml'), 'utf8');
      writeFileSync(join(dir, 'case.yaml'), config.replace(/^ {2}person: .*\n/m, ''));
      const r = cli('status', dir);
      assert.equal(r.code, 0, r.err);
      assert.ok(!r.out.includes('\x1b') && !r.out.includes('\x07'), 'no raw ESC or BEL');
      assert.match(r.out, /Johann \\u001b\[2J\\u001b\]0;pwned\\u0007 Schmidt/);
      const j = cli('status', dir, '--json');
      assert.equal(
        (JSON.parse(j.out) as { subject: { name: string } }).subject.name,
        'Johann \x1b[2J\x1b]0;pwned\x07 Schmidt',
        'JSON keeps the value',
      );
    });
  });

  describe('imports that cannot be done leave nothing', () => {
    it('a 0-byte GEDCOM: exit 2, one line, no new case folder', () => {
      const root = tempDir('ancestry-dur-imp-');
      writeFileSync(join(root, 'empty.ged'), '');
      const r = cli('import', join(root, 'empty.ged'), '--case', join(root, 'case'));
      assert.equal(r.code, 2, r.err);
      assertOneLineError(r.err);
      assert.match(r.err, /empty\.ged: empty file/);
      assert.ok(!existsSync(join(root, 'case')));
    });

    it('a file without records into a folder that exists: the folder keeps only what it held, no "Created case"', () => {
      const root = tempDir('ancestry-dur-imp-');
      writeFileSync(join(root, 'blank.ged'), '\n\n');
      const dir = join(root, 'mine');
      mkdirSync(dir);
      writeFileSync(join(dir, 'notes.txt'), 'my notes');
      const r = cli('import', join(root, 'blank.ged'), '--case', dir);
      assert.equal(r.code, 2, r.err);
      assertOneLineError(r.err);
      assert.doesNotMatch(r.err, /Created case/);
      assert.deepEqual(readdirSync(dir), ['notes.txt']);
      assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'my notes');
    });

    it('a NAME line over 64 KB: exit 2 naming the line, no new case folder', () => {
      const root = tempDir('ancestry-dur-imp-');
      const ged = [
        '0 HEAD',
        '1 GEDC',
        '2 VERS 5.5.1',
        '1 CHAR UTF-8',
        '0 @I1@ INDI',
        '1 NAME Ann /Lee/',
        '0 @I2@ INDI',
        `1 NAME ${'A'.repeat(200_000)} /Lee/`,
        '0 TRLR',
        '',
      ].join('\n');
      writeFileSync(join(root, 'huge.ged'), ged);
      const r = cli('import', join(root, 'huge.ged'), '--case', join(root, 'case'));
      assert.equal(r.code, 2, r.err);
      assertOneLineError(r.err);
      assert.match(r.err, /huge\.ged.*8.*over 64 KB/);
      assert.ok(!existsSync(join(root, 'case')));
    });

    it('a NOTE folded from CONC lines past 64 KB: exit 2 naming its line, not a person file no reader accepts', () => {
      const root = tempDir('ancestry-dur-imp-');
      const conc = Array.from({ length: 400 }, () => `2 CONC ${'y'.repeat(200)}`);
      const ged = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Ann /Lee/'];
      writeFileSync(join(root, 'long.ged'), [...ged, `1 NOTE ${'x'.repeat(200)}`, ...conc, '0 TRLR', ''].join('\n'));
      const r = cli('import', join(root, 'long.ged'), '--case', join(root, 'case'));
      assert.equal(r.code, 2, r.err);
      assertOneLineError(r.err);
      assert.match(r.err, /long\.ged:7: NOTE value of over 64 KB/);
      assert.ok(!existsSync(join(root, 'case')));
    });
  });

  describe('edited captures', () => {
    it('an edited title in a captured source: validate and the research output name file, line and field; research leaves it as edited', () => {
      const dir = copyOfResearched();
      const name = readdirSync(join(dir, 'sources')).find((f) => f.endsWith('.md'))!;
      const file = join(dir, 'sources', name);
      const edited = readFileSync(file, 'utf8').replace(/^title: (.*)$/m, 'title: $1 (edited)');
      writeFileSync(file, edited);
      const line = edited.split('\n').findIndex((l) => l.startsWith('title:')) + 1;
      const where = new RegExp(
        `sources/${name.replace(/\./g, '\\.')}:${line}:\\d+: warning: title: captured field edited`,
      );
      const v = cli('validate', dir);
      assert.match(v.err, where);
      const r = cli('research', dir, '--offline');
      assert.equal(r.code, 0, r.err);
      assert.match(r.err, new RegExp(`Note: ${where.source}`));
      assert.equal(readFileSync(file, 'utf8'), edited);
    });
  });

  describe('leftovers of interrupted work', () => {
    it('stale temp files are reported by validate and removed (and reported) by the next writer', () => {
      const dir = copyOfResearched();
      writeFileSync(join(dir, 'hypotheses.json.3141592653'), '{"half":');
      const person = readdirSync(join(dir, 'people'))[0];
      writeFileSync(join(dir, 'people', `${person}.271828`), '---\n');
      writeFileSync(join(dir, 'exports', 'tree.ged.99'), '0 HEAD');
      // A kill while a cycle file was written (the fault suite met it: cycles/ was not looked in).
      writeFileSync(join(dir, 'cycles', '1.md.2941938620'), '# Cycle 1\n');
      const v = cli('validate', dir);
      assert.match(v.out + v.err, /hypotheses\.json\.3141592653:1:1: warning: temp file/);
      assert.match(v.out + v.err, new RegExp(`people/${person.replace(/[.]/g, '\\.')}\\.271828`));
      const r = cli('research', dir, '--offline');
      assert.equal(r.code, 0, r.err);
      assert.match(r.err, /Removed 4 temp file\(s\) left by an interrupted write/);
      assert.ok(!existsSync(join(dir, 'hypotheses.json.3141592653')));
      assert.ok(!existsSync(join(dir, 'cycles', '1.md.2941938620')));
      assert.ok(!existsSync(join(dir, 'people', `${person}.271828`)));
    });

    it('an import that did not finish shows in status and validate until it is run again', () => {
      const dir = copyOfResearched();
      const ged = join(SHARED_DATA, 'gedcom/gedcom-samples/bronte.ged');
      mkdirSync(join(dir, '.ancestry'), { recursive: true });
      writeFileSync(
        join(dir, IMPORT_MARKER),
        JSON.stringify({ file: ged, promote: [], startedAt: '2026-01-01T00:00:00.000Z' }),
      );
      const s = cli('status', dir);
      assert.match(s.out, /Import {4}INTERRUPTED: .*bronte\.ged/);
      const v = cli('validate', dir);
      assert.match(
        v.out + v.err,
        /\.ancestry\/import\.json:1:1: warning: file: the import of .*bronte\.ged .* did not finish/,
      );
      // Research on a half-imported tree would conclude from part of it: it refuses, and writes nothing.
      const before = snapshot(dir);
      const r = cli('research', dir, '--offline');
      assert.equal(r.code, 2, r.err);
      assertOneLineError(r.err);
      assert.match(
        r.err,
        /ancestry: \.ancestry\/import\.json:1:1: error: file: the import of .*bronte\.ged .* did not finish/,
      );
      assert.deepEqual(snapshot(dir), before, 'research wrote nothing');
      const again = cli('import', ged, '--case', dir);
      assert.equal(again.code, 0, again.err);
      assert.ok(!existsSync(join(dir, IMPORT_MARKER)));
      assert.doesNotMatch(cli('status', dir).out, /INTERRUPTED/);
    });
  });
});
