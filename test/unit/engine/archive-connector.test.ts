import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ArchiveConnector, parseArchiveRecord } from '../../../src/sources/archive';
import type { NewLogEntry } from '../../../src/model';
import { REPO_ROOT, tempDir } from '../../helpers/paths';

const SAMPLE = join(REPO_ROOT, 'examples/sample-case');

function ctx(log: NewLogEntry[] = []) {
  return { log: (e: NewLogEntry) => void log.push(e) };
}

describe('archive connector (DESIGN.md local archive record format)', () => {
  it('reads every record of the sample case without problems', () => {
    const c = new ArchiveConnector({ root: SAMPLE });
    assert.deepEqual(c.problems, []);
    assert.equal(c.size, 23);
    assert.ok(
      c
        .records()
        .every((r) => r.sourceId === 'archive' && r.tier === 0 && r.externalId?.startsWith('archive:archive/')),
    );
  });

  it('finds spelling variants, initials and married names through phonetic keys', async () => {
    const c = new ArchiveConnector({ root: SAMPLE });
    const titles = async (q: Parameters<ArchiveConnector['search']>[0]) =>
      (await c.search(q, ctx())).records.map((r) => r.title);
    const johann = await titles({ given: 'Johann', surname: 'Schmidt', birthYear: 1842 });
    assert.ok(
      johann.some((t) => t.startsWith('Passenger list')),
      'Joh. Schmidt (initial) is found',
    );
    assert.ok(
      johann.some((t) => t.startsWith('Death certificate of John F. Schmidt')),
      'John ~ Johann',
    );
    assert.ok(
      johann.some((t) => t.startsWith('Obituary of John F. Schmidt')),
      'free text without a persons index is searched too',
    );
    // Blocking is generous on purpose (Smith ~ Schmidt, born within ten years): the resolver decides.
    assert.ok(johann.some((t) => t.includes('Smith household')));
    assert.ok(
      !johann.some((t) => t.includes('Charles Schmidt household')),
      'no persona named like Johann in the 1920 household',
    );
    const anna = await titles({ given: 'Anna', surname: 'Miller' });
    assert.ok(anna.some((t) => t.startsWith('Death certificate of Anna Miller')));
    // Names must match on one persona: her maiden-name marriage entry is found under her maiden name.
    assert.ok(!anna.some((t) => t.startsWith('Marriage of Henry Miller and Anna Schmidt')));
    assert.ok(
      (await titles({ given: 'Anna', surname: 'Schmidt' })).some((t) =>
        t.startsWith('Marriage of Henry Miller and Anna Schmidt'),
      ),
    );
  });

  it('filters by record type, record year (text) and place; refuses an empty query', async () => {
    const c = new ArchiveConnector({ root: SAMPLE });
    const census = await c.search({ surname: 'Schmidt', recordTypes: ['census'], text: '1880' }, ctx());
    assert.deepEqual(
      census.records.map((r) => `${r.recordType} ${r.date}`),
      ['census 1880', 'census 1880'],
    );
    const kleinbach = await c.search({ surname: 'Schmidt', place: 'Kleinbach, Bavaria' }, ctx());
    assert.ok(
      kleinbach.records.length >= 2 &&
        kleinbach.records.every((r) => /Kleinbach/.test(`${r.place} ${r.persons.map((p) => p.birthPlace).join(' ')}`)),
    );
    assert.equal((await c.search({}, ctx())).records.length, 0);
  });

  it('logs one source_access per search with its response time (Z sourceAccessEntry)', async () => {
    const log: NewLogEntry[] = [];
    const c = new ArchiveConnector({ root: SAMPLE });
    const out = await c.search({ surname: 'Huber' }, ctx(log));
    assert.equal(log.length, 1);
    const e = log[0];
    assert.equal(e.actionType, 'source_access');
    if (e.actionType !== 'source_access') return;
    assert.equal(e.recordCount, out.records.length);
    assert.ok(e.responseTimeMs >= 0);
    assert.equal(e.success, true);
  });

  it('reports a bad file with its file, line and field and skips it, never touching it', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'archive/sub'), { recursive: true });
    writeFileSync(
      join(root, 'archive/sub/good.md'),
      '---\ntitle: Good\nrecordType: census\ndate: 1880\npersons:\n  - name: Ann /Lee/\n    age: 30\n---\nLee, Ann | 30\n',
    );
    writeFileSync(join(root, 'archive/bad.md'), '---\ntitle: Bad\nrecordType: wedding\n---\ntext\n');
    writeFileSync(join(root, 'archive/nofront.md'), 'just text\n');
    const c = new ArchiveConnector({ root });
    assert.equal(c.size, 1);
    const problems = c.problems.map((p) => `${p.file}:${p.line}:${p.field ?? ''}`);
    assert.deepEqual(problems.sort(), ['archive/bad.md:3:recordType', 'archive/nofront.md:1:'].sort());
    const log: NewLogEntry[] = [];
    await c.search({ surname: 'Lee' }, ctx(log));
    assert.ok(log.some((e) => e.actionType === 'error' && /archive\/bad\.md:3/.test(e.message)));
  });

  it('finds a Slavic or Yiddish surname respelt in English (Daitch-Mokotoff), ranked after closer spellings', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'archive'), { recursive: true });
    const rec = (file: string, name: string, date: string) =>
      writeFileSync(
        join(root, 'archive', file),
        `---\ntitle: ${file}\nrecordType: census\ndate: ${date}\npersons:\n  - name: ${name}\n    age: 30\n---\n${name}\n`,
      );
    rec('a.md', 'Morris /Lewkowicz/', '1910');
    rec('b.md', 'Morris /Lefkowitz/', '1910');
    rec('c.md', 'Morris /Lewis/', '1910');
    const c = new ArchiveConnector({ root });
    const found = (await c.search({ given: 'Morris', surname: 'Lefkowitz' }, ctx())).records.map((r) => r.title);
    // Double Metaphone alone keeps Lewkowicz and Lefkowitz apart; Lewis is another name.
    assert.deepEqual(found, ['b.md', 'a.md']);
  });

  it('keeps year-only dates as GEDCOM text and the body verbatim', () => {
    const r = parseArchiveRecord(
      '---\ntitle: T\ndate: 1872\npersons:\n  - name: John /Schmidt/\n    birthDate: 1842\n---\nLine one.\n\nLine  two.\n',
      'archive/t.md',
    );
    assert.ok(r.ok);
    if (!r.ok) return;
    assert.equal(r.record.date, '1872');
    assert.equal(r.record.persons[0].birthDate, '1842');
    assert.equal(r.record.text, 'Line one.\n\nLine  two.\n');
  });
});
