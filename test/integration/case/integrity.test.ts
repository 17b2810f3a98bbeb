/**
 * Issue #21, what a case file may hold and who may change it: captured fields of a source are
 * protected (an edit is named, never overwritten), one bound on any field's size, readers that never
 * write (a pending journal is read through, replayed only by the lock holder), and dates typed as
 * YAML numbers kept as text.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { acquireCaseLock } from '../../../src/case/lock';
import { JOURNAL_FILE, type Journal } from '../../../src/case/writer';
import { IMPORT_MARKER } from '../../../src/case/import-marker';
import { loadSnapshot } from '../../../src/extension/core/snapshot';
import { MAX_FIELD_BYTES, type RawRecord } from '../../../src/model';
import { archiveProblems } from '../../../src/sources/archive/problems';
import { CaseFileError } from '../../../src/case/problems';
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

  describe('readers never write; only the lock holder applies a journal', () => {
    /** What a run killed between its commit point and the end of the commit leaves: a journal. */
    function leaveJournal(root: string): { person: string; log: string; logId: string } {
      const log = join(root, 'log/research-log.jsonl');
      const logId = 'L-journal-1';
      const entry = {
        id: logId,
        timestamp: '2026-11-22T00:00:00.000Z',
        sessionId: 'R-killed',
        agent: 'Lead',
        actionType: 'session_end',
        status: 'completed',
        rationale: '',
        context: '',
      };
      const journal: Journal = {
        version: 1,
        files: [
          {
            rel: 'people/P-j-anna-schmidt.md',
            text: '---\nid: P-j\nnames:\n  - given: Anna\n    surname: Schmidt\n---\n',
          },
        ],
        log: [
          {
            rel: 'log/research-log.jsonl',
            from: existsSync(log) ? statSync(log).size : 0,
            lines: [JSON.stringify(entry)],
          },
        ],
      };
      mkdirSync(join(root, '.ancestry'), { recursive: true });
      writeFileSync(join(root, JOURNAL_FILE), JSON.stringify(journal));
      return { person: join(root, 'people/P-j-anna-schmidt.md'), log, logId };
    }

    it('a reader reads through a pending journal, writes nothing, and reports it', async () => {
      const { root } = await newCase();
      const j = leaveJournal(root);
      const logBefore = existsSync(j.log) ? readFileSync(j.log, 'utf8') : '';
      const reader = await openCase(root, { clock });
      assert.equal(reader.person('P-j')?.names[0].given, 'Anna', 'the committed step is seen');
      assert.ok(
        reader.log().some((e) => e.id === j.logId),
        'its log line is seen',
      );
      assert.ok(!existsSync(j.person), 'the reader wrote no person file');
      assert.equal(existsSync(j.log) ? readFileSync(j.log, 'utf8') : '', logBefore, 'nor a log line');
      assert.ok(existsSync(join(root, JOURNAL_FILE)), 'the journal stays for the writer');
      assert.ok(
        reader.problems.some((p) => p.file === JOURNAL_FILE && p.severity === 'warning'),
        'validate and the Problems panel say a committed step is pending',
      );
    });

    it('the lock holder applies it once, even with a reader opened at the same moment', async () => {
      const { root } = await newCase();
      const j = leaveJournal(root);
      await openCase(root, { clock });
      const lock = await acquireCaseLock(root, 'research');
      try {
        assert.deepEqual(lock.replayed, { files: 1, logLines: 1 });
        await openCase(root, { clock });
        const writer = await openCase(root, { clock });
        assert.ok(existsSync(j.person));
        assert.ok(!existsSync(join(root, JOURNAL_FILE)));
        assert.equal(writer.log().filter((e) => e.id === j.logId).length, 1);
        assert.equal(readFileSync(j.log, 'utf8').split(j.logId).length - 1, 1, 'the log line is in the file once');
      } finally {
        lock.release();
      }
    });

    it('a writer without the lock applies a journal it read through before its own first write', async () => {
      const { root } = await newCase();
      const j = leaveJournal(root);
      const store = await openCase(root, { clock });
      store.begin();
      await store.writeSummary('# Summary\n');
      await store.commit();
      assert.ok(existsSync(j.person), 'the earlier step is in place');
      assert.ok(!existsSync(join(root, JOURNAL_FILE)));
      assert.equal(readFileSync(j.log, 'utf8').split(j.logId).length - 1, 1);
      assert.equal(readFileSync(join(root, 'summary.md'), 'utf8'), '# Summary\n');
    });
  });

  describe('captured fields of a source are protected', () => {
    const raw: RawRecord = {
      title: 'Baptism of Johann Schmidt, St. Peter, 1850',
      recordType: 'baptism',
      date: '3 MAR 1850',
      place: 'Bremen, Germany',
      repository: 'Parish register, St. Peter',
      sourceType: 'original',
      url: 'https://example.org/records/1850-17',
      sourceId: 'archive',
      tier: 0,
      persons: [{ name: 'Johann Schmidt', role: 'principal', birthDate: '1 MAR 1850' }],
      text: 'Johann, son of Heinrich Schmidt, born 1 March, baptised 3 March 1850.',
    };

    async function captured() {
      const { root, store } = await newCase();
      const record = await store.captureSource(raw, new Date('2026-11-22T00:00:00Z'));
      const file = join(root, 'sources', `${record.id}.md`);
      return { root, store, record, file, rel: `sources/${record.id}.md` };
    }

    it('a capture records a digest per captured field; read back unedited it has no problem', async () => {
      const { root, file } = await captured();
      assert.match(readFileSync(file, 'utf8'), /^frontSha256:\n {2}date: [0-9a-f]{12}\n/m);
      const store = await openCase(root, { clock });
      assert.deepEqual(store.problems, []);
      assert.deepEqual((await loadSnapshot(root)).problems, []);
    });

    it('an edited title is named with file, line and field in validate and the Problems panel, and never rewritten', async () => {
      const { root, file, rel } = await captured();
      const text = readFileSync(file, 'utf8');
      const edited = text.replace('title: Baptism of Johann Schmidt', 'title: Birth of Johann Schmidt');
      assert.notEqual(edited, text);
      writeFileSync(file, edited);
      const titleLine = edited.split('\n').findIndex((l) => l.startsWith('title:')) + 1;
      const store = await openCase(root, { clock });
      const p = store.problems.filter((x) => x.file === rel);
      assert.equal(p.length, 1, JSON.stringify(store.problems));
      assert.equal(p[0].field, 'title');
      assert.equal(p[0].line, titleLine);
      assert.match(p[0].message, /captured field edited after capture/);
      const panel = (await loadSnapshot(root)).problems.filter((x) => x.file === file);
      assert.deepEqual(
        panel.map((x) => [x.field, x.line]),
        [['title', titleLine]],
      );
      // Captured again (research meets the same record): the user's edit stays, byte for byte.
      const again = await store.captureSource(raw, new Date('2026-11-23T00:00:00Z'));
      assert.equal(again.title, 'Birth of Johann Schmidt, St. Peter, 1850');
      assert.equal(readFileSync(file, 'utf8'), edited);
    });

    it('an edited persona date and a removed url are named too; a file captured before the digests is not flagged', async () => {
      const { root, file, rel } = await captured();
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace('birthDate: 1 MAR 1850', 'birthDate: 1 MAR 1851').replace(/^url: .*\n/m, ''));
      const store = await openCase(root, { clock });
      assert.deepEqual(
        store.problems.filter((x) => x.file === rel).map((x) => [x.field, /removed/.test(x.message)]),
        [
          ['persons', false],
          ['url', true],
        ],
      );
      writeFileSync(file, text.replace(/^frontSha256:\n(?: {2}.*\n)+/m, '').replace('title: Baptism', 'title: Birth'));
      assert.deepEqual((await openCase(root, { clock })).problems, []);
    });
  });

  describe('the Problems panel shows what interrupted work left', () => {
    it('temp files, an unfinished import and a pending journal are problems with their file', async () => {
      const { root } = await newCase();
      writeFileSync(join(root, 'hypotheses.json.3141592653'), '{"half":');
      mkdirSync(join(root, '.ancestry'), { recursive: true });
      writeFileSync(join(root, IMPORT_MARKER), JSON.stringify({ file: '/tmp/x.ged', promote: [], startedAt: 'then' }));
      writeFileSync(join(root, JOURNAL_FILE), JSON.stringify({ version: 1, files: [], log: [] }));
      const problems = (await loadSnapshot(root)).problems;
      const byFile = (rel: string) => problems.find((p) => p.file === join(root, rel));
      assert.match(byFile('hypotheses.json.3141592653')?.message ?? '', /temp file .* interrupted write/);
      assert.match(byFile(IMPORT_MARKER)?.message ?? '', /the import of \/tmp\/x\.ged .* did not finish/);
      assert.match(byFile(JOURNAL_FILE)?.message ?? '', /committed is not yet in the files/);
    });
  });

  describe('one bound on any field read from a case file', () => {
    const huge = 'x'.repeat(MAX_FIELD_BYTES + 1);
    const cases: { what: string; rel: string; text: string; field: string; line: number }[] = [
      {
        what: 'person front matter',
        rel: 'people/P-h-anna-schmidt.md',
        text: `---\nid: P-h\nnames:\n  - given: Anna\n    surname: Schmidt\n    nickname: ${huge}\n---\n`,
        field: 'names.0.nickname',
        line: 6,
      },
      {
        what: 'captured source',
        rel: 'sources/S-000000000001.md',
        text: `---\nid: S-000000000001\ntitle: Huge\nplace: ${huge}\nrepository: R\nsourceId: archive\ntier: 0\naccessedAt: 2026-01-01T00:00:00.000Z\nsha256: ${'0'.repeat(64)}\n---\nbody\n`,
        field: 'place',
        line: 4,
      },
      {
        what: 'conflict',
        rel: 'conflicts/C-1.md',
        text: `---\nid: C-1\nrationale: ${huge}\n---\n`,
        field: 'rationale',
        line: 3,
      },
      {
        what: 'merges.json',
        rel: 'merges.json',
        text: `{\n  "version": 1,\n  "clusters": [],\n  "notSamePerson": [],\n  "note": "${huge}"\n}\n`,
        field: 'note',
        line: 5,
      },
      {
        what: 'hypotheses.json',
        rel: 'hypotheses.json',
        text: `{\n  "sessionId": "${huge}"\n}\n`,
        field: 'sessionId',
        line: 2,
      },
      {
        what: 'an imported tree line',
        rel: 'trees/big.jsonl',
        text: `${JSON.stringify({ id: 'P-t', names: [{ given: huge, surname: 'S' }] })}\n`,
        field: 'names.0.given',
        line: 1,
      },
    ];
    for (const c of cases)
      it(`${c.what}: an error naming file, line and field, in validate and the Problems panel`, async () => {
        const { root } = await newCase();
        mkdirSync(join(root, c.rel, '..'), { recursive: true });
        writeFileSync(join(root, c.rel), c.text);
        const store = await openCase(root, { clock });
        const p = store.problems.find((x) => x.file === c.rel && x.field === c.field);
        assert.ok(
          p,
          `${c.rel}: ${JSON.stringify(store.problems.map((x) => [x.file, x.field, x.message.slice(0, 80)]))}`,
        );
        assert.equal(p.severity, 'error');
        assert.equal(p.line, c.line);
        assert.match(p.message, /over the bound of 65536 bytes/);
        const panel = (await loadSnapshot(root)).problems;
        assert.ok(
          panel.some((x) => x.file === join(root, c.rel) && x.field === c.field && /over the bound/.test(x.message)),
          `panel: ${JSON.stringify(panel.map((x) => [x.file, x.field]))}`,
        );
      });

    it('case.yaml: the case does not open; the error names the field', async () => {
      const { root } = await newCase();
      const file = join(root, 'case.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^question: .*$/m, `question: ${huge}`));
      await assert.rejects(openCase(root, { clock }), (e: unknown) => {
        assert.ok(e instanceof CaseFileError);
        assert.equal(e.problems[0].field, 'question');
        assert.match(e.problems[0].message, /over the bound/);
        return true;
      });
    });

    it('an archive record: skipped and named with its field', async () => {
      const { root } = await newCase();
      mkdirSync(join(root, 'archive'), { recursive: true });
      writeFileSync(
        join(root, 'archive/huge.md'),
        `---\ntitle: ${huge}\nrecordType: baptism\nrepository: Parish\npersons:\n  - name: Anna Schmidt\n---\ntext\n`,
      );
      const p = archiveProblems(root).find((x) => x.file === 'archive/huge.md');
      assert.equal(p?.field, 'title');
      assert.equal(p.severity, 'error');
      assert.match(p.message, /over the bound/);
    });
  });
});
