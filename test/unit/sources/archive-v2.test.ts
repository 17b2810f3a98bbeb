import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ArchiveConnector, archiveProblems, parseArchiveRecord } from '../../../src/sources/archive';
import { PersonaRole, RecordType, type NewLogEntry } from '../../../src/model';
import { validateCommand } from '../../../src/cli/commands/validate';
import { initCase } from '../../../src/case';
import { tempDir } from '../../helpers/paths';
import { redactRecord } from '../../../src/agents/censor';

const V2_TYPES = [
  'will',
  'deed',
  'land',
  'tax',
  'church-membership',
  'register',
  'court',
  'directory',
  'passport',
  'naturalization',
  'school',
  'photograph',
  'letter',
  'bible',
];
const V2_ROLES = [
  'deceased',
  'testator',
  'executor',
  'heir',
  'legatee',
  'grantor',
  'grantee',
  'sponsor',
  'godparent',
  'officiant',
  'bride',
  'groom',
  'neighbour',
  'mentioned',
];

const WILL = `---
title: Will of Sara Hebard, Windham, Connecticut
recordType: will
date: 3 MAR 1712/13
place: Windham, Connecticut
language: en
calendar: dual
informationType: secondary
informant: P2
persons:
  - key: P1
    name: Sara /Hebard/
    role: testator
    age: in her 67th year
    residence: Windham
  - key: P2
    name: Robert /Hebard/
    role: executor
    occupation: yeoman
    informationType: primary
  - key: P3
    name: Anna /Miller/
    role: heir
  - key: P4
    name: Henry /Miller/
    role: mentioned
events:
  - type: probate
    date: 9 FEB 1730/31
    place: Windham
    persons: [P1, P2]
relationships:
  - { from: P3, to: P1, type: child }
  - { from: P4, to: P3, type: spouse }
  - { from: P4, to: P1, type: son-in-law }
  - { from: P2, to: P1, type: child }
---
I Sara Hebard of Windham being in her 67th year … to my daughter Anna wife of Henry Miller my bed.
My son Robert Hebard executor.
`;

function ctx(log: NewLogEntry[] = []) {
  return { log: (e: NewLogEntry) => void log.push(e) };
}

describe('archive record format v2', () => {
  it('reads a v2 will: keys, roles, events, relationships, language, calendar, informant, information types', () => {
    const r = parseArchiveRecord(WILL, 'archive/will.md');
    assert.ok(r.ok, JSON.stringify(!r.ok && r.problems));
    if (!r.ok) return;
    assert.deepEqual(r.problems, []);
    const rec = r.record;
    assert.equal(rec.recordType, 'will');
    assert.equal(rec.language, 'en');
    assert.equal(rec.calendar, 'dual');
    assert.equal(rec.informant, 'P2');
    assert.equal(rec.informationType, 'secondary');
    assert.deepEqual(
      rec.persons.map((p) => `${p.key} ${p.role}`),
      ['P1 testator', 'P2 executor', 'P3 heir', 'P4 mentioned'],
    );
    assert.equal(rec.persons[0].age, 'in her 67th year');
    assert.equal(rec.persons[1].informationType, 'primary');
    assert.deepEqual(rec.events, [{ type: 'probate', date: '9 FEB 1730/31', place: 'Windham', persons: ['P1', 'P2'] }]);
    assert.deepEqual(
      rec.relationships?.map((x) => `${x.from}-${x.type}-${x.to}`),
      ['P3-child-P1', 'P4-spouse-P3', 'P4-son-in-law-P1', 'P2-child-P1'],
    );
  });

  it('accepts every v2 record type and role', () => {
    for (const t of V2_TYPES) assert.ok(RecordType.options.includes(t as RecordType), t);
    for (const role of V2_ROLES) assert.ok(PersonaRole.options.includes(role as PersonaRole), role);
    for (const [i, t] of V2_TYPES.entries()) {
      const role = V2_ROLES[i];
      const r = parseArchiveRecord(
        `---\ntitle: T\nrecordType: ${t}\npersons:\n  - name: A /B/\n    role: ${role}\n---\ntext\n`,
        `archive/${t}.md`,
      );
      assert.ok(r.ok && r.record.recordType === t && r.record.persons[0].role === role, `${t} / ${role}`);
    }
  });

  it('reads a relationship as a record writer words it: daughter and son are a child, wife a spouse, grandson a grandchild', () => {
    const text = (type: string) =>
      `---\ntitle: T\nrecordType: census\npersons:\n  - { key: H, name: Elizabeth /Renouf/, role: head }\n  - { key: D, name: Jeanne /Renouf/, role: child }\nrelationships:\n  - { from: D, to: H, type: ${type} }\n---\ntext\n`;
    for (const [word, type] of [
      ['daughter', 'child'],
      ['Son', 'child'],
      ['wife', 'spouse'],
      ['granddaughter', 'grandchild'],
    ]) {
      const r = parseArchiveRecord(text(word), 'archive/1851-census.md');
      assert.ok(r.ok, word);
      assert.equal(r.record.relationships?.[0].type, type, word);
    }
  });

  it('reads version 1 files unchanged (no v2 fields appear)', () => {
    const v1 = `---\ntitle: 1880 census\nrecordType: census\ndate: 1880\nplace: Springfield\npersons:\n  - name: Johann Schmidt\n    role: head\n    age: 30\n    birthDate: 1850\n---\nJohann Schmidt 30\n`;
    const r = parseArchiveRecord(v1, 'archive/c.md');
    assert.ok(r.ok);
    if (!r.ok) return;
    assert.deepEqual(r.problems, []);
    for (const k of ['language', 'calendar', 'informant', 'events', 'relationships'])
      assert.equal((r.record as Record<string, unknown>)[k], undefined, k);
    assert.equal(r.record.persons[0].birthDate, '1850');
    assert.equal(r.record.persons[0].age, 30);
  });

  it('keeps unknown keys and reports them as warnings with line and field, never an error', () => {
    const text = `---\ntitle: T\nrecordType: deed\nvolume: 12\npersons:\n  - key: P1\n    name: A /B/\n    role: grantor\n    acres: 40\n---\nbody\n`;
    const r = parseArchiveRecord(text, 'archive/deed.md');
    assert.ok(r.ok);
    if (!r.ok) return;
    assert.deepEqual(
      r.problems.map((p) => `${p.file}:${p.line}:${p.field}:${p.severity}`),
      ['archive/deed.md:4:volume:warning', 'archive/deed.md:9:persons.0.acres:warning'],
    );
    assert.equal((r.record.persons[0] as Record<string, unknown>).acres, 40, 'kept in the persona');
  });

  it('reads a place split at its commas by a { … } mapping back whole, with a warning', () => {
    const text = `---\ntitle: T\nrecordType: register\npersons:\n  - { key: J, name: John /Turner/, role: principal, birthPlace: Great Wenham, Suffolk }\nevents:\n  - { type: baptism, date: 3 MAR 1712/13, place: Great Wenham, Suffolk, England, persons: [J] }\n---\nbody\n`;
    const r = parseArchiveRecord(text, 'archive/reg.md');
    assert.ok(r.ok);
    if (!r.ok) return;
    assert.equal(r.record.events?.[0].place, 'Great Wenham, Suffolk, England');
    assert.equal(r.record.persons[0].birthPlace, 'Great Wenham, Suffolk');
    assert.deepEqual(
      r.problems.map((p) => `${p.line}:${p.field}:${p.severity}`),
      ['5:persons.0.birthPlace:warning', '7:events.0.place:warning'],
    );
    assert.match(r.problems[1].message, /read as "Great Wenham, Suffolk, England"/);
  });

  it('names the file, line and field of a malformed v2 field', () => {
    const cases: [string, string, string][] = [
      ['recordType: testament', 'recordType', 'recordType: testament'],
      ['calendar: mayan', 'calendar', 'calendar: mayan'],
      ['informant: P9', 'informant', 'informant: P9'],
      [
        'relationships:\n  - { from: P1, to: P7, type: father }',
        'relationships.0.to',
        '  - { from: P1, to: P7, type: father }',
      ],
      [
        'relationships:\n  - { from: P1, to: P2, type: uncle }',
        'relationships.0.type',
        '  - { from: P1, to: P2, type: uncle }',
      ],
      ['events:\n  - type: birth\n    persons: [P1, P5]', 'events.0.persons.1', '    persons: [P1, P5]'],
      ['events:\n  - date: 1850', 'events.0.type', '  - date: 1850'],
    ];
    for (const [extra, field, lineText] of cases) {
      const text = `---\ntitle: T\npersons:\n  - key: P1\n    name: A /B/\n    role: principal\n  - key: P2\n    name: C /D/\n    role: other\n${extra}\n---\nbody\n`;
      const r = parseArchiveRecord(text, 'archive/x.md');
      assert.ok(!r.ok, extra);
      if (r.ok) continue;
      const p = r.problems.find((q) => q.field === field);
      assert.ok(p, `${field} in ${JSON.stringify(r.problems)}`);
      assert.equal(p.file, 'archive/x.md');
      assert.equal(text.split('\n')[p.line - 1], lineText, field);
      assert.equal(p.severity, 'error');
    }
    const dup = parseArchiveRecord(
      `---\ntitle: T\npersons:\n  - key: P1\n    name: A\n  - key: P1\n    name: B\n---\n`,
      'archive/d.md',
    );
    assert.ok(!dup.ok && dup.problems.some((p) => p.field === 'persons.1.key' && p.line === 6));
    const badRole = parseArchiveRecord(
      `---\ntitle: T\npersons:\n  - name: A\n    role: testatrix\n---\n`,
      'archive/r.md',
    );
    assert.ok(!badRole.ok && badRole.problems.some((p) => p.field === 'persons.0.role' && p.line === 5));
  });
});

describe('skipped archive records are named (issue #21)', () => {
  async function caseWithArchive(): Promise<string> {
    const root = join(tempDir(), 'case');
    await initCase(root, { question: 'Who was Sara Hebard?', subject: { name: 'Sara Hebard' } });
    mkdirSync(join(root, 'archive', 'wills'), { recursive: true });
    writeFileSync(join(root, 'archive', 'wills', 'good.md'), WILL);
    writeFileSync(
      join(root, 'archive', 'wills', 'bad-role.md'),
      `---\ntitle: T\npersons:\n  - name: A\n    role: testatrix\n---\n`,
    );
    writeFileSync(join(root, 'archive', 'nofront.md'), 'just text\n');
    writeFileSync(join(root, 'archive', 'extra.md'), `---\ntitle: T\nfolio: 3\n---\nbody\n`);
    return root;
  }

  it('archiveProblems lists each skipped record with its reason, and unknown keys as warnings', async () => {
    const root = await caseWithArchive();
    const problems = archiveProblems(root);
    const errors = problems.filter((p) => p.severity === 'error');
    assert.deepEqual([...new Set(errors.map((p) => p.file))].sort(), [
      'archive/nofront.md',
      'archive/wills/bad-role.md',
    ]);
    assert.ok(errors.every((p) => p.message.startsWith('archive record skipped: ')));
    assert.ok(
      errors.some((p) => p.file === 'archive/wills/bad-role.md' && p.field === 'persons.0.role' && p.line === 5),
    );
    assert.deepEqual(
      problems.filter((p) => p.severity === 'warning').map((p) => `${p.file}:${p.field}`),
      ['archive/extra.md:folio'],
    );
  });

  it('ancestry validate lists them (text and --json) and exits 2', async () => {
    const root = await caseWithArchive();
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      out: (s: string) => void out.push(s),
      err: (s: string) => void err.push(s),
      signal: new AbortController().signal,
    };
    const code = await validateCommand.run([root], io as never);
    assert.equal(code, 2);
    const text = err.join('\n');
    assert.match(text, /archive\/wills\/bad-role\.md:5:\d+: error: persons\.0\.role: archive record skipped/);
    assert.match(text, /archive\/nofront\.md:1:1: error: .*archive record skipped/);
    assert.match(text, /archive\/extra\.md:3:\d+: warning: folio: unknown key "folio"/);
    assert.doesNotMatch(out.join('\n'), /No problems found/);
    const jsonOut: string[] = [];
    await validateCommand.run([root, '--json'], { ...io, out: (s: string) => void jsonOut.push(s) } as never);
    const parsed = JSON.parse(jsonOut.join('')) as { ok: boolean; problems: { file: string }[] };
    assert.equal(parsed.ok, false);
    assert.ok(parsed.problems.some((p) => p.file === 'archive/wills/bad-role.md'));
  });

  it('the run log names every skipped record and its reason, not only a count', async () => {
    const root = await caseWithArchive();
    const log: NewLogEntry[] = [];
    const c = new ArchiveConnector({ root });
    await c.search({ surname: 'Hebard' }, ctx(log));
    const errors = log.filter((e) => e.actionType === 'error').map((e) => ('message' in e ? e.message : ''));
    const skipped = errors.find((m) => m.includes('skipped'))!;
    assert.match(skipped, /2 record\(s\) skipped: archive\/nofront\.md, archive\/wills\/bad-role\.md/);
    assert.match(skipped, /archive\/wills\/bad-role\.md:5:\d+: error: persons\.0\.role/);
    assert.ok(errors.some((m) => /unknown key\(s\) kept/.test(m) && m.includes('archive/extra.md')));
    assert.equal(c.size, 2, 'the good record and the one with an unknown key are used');
  });
});

describe('the Censor on v2 records', () => {
  it("generalises a living person's events and translation, and sees a birth given only as an event", async () => {
    const text = `---\ntitle: Family page\nrecordType: register\ndate: 1995\ntranslation: Anna Berg was born 14 March 1990 at 12 Elm Street.\npersons:\n  - { key: A, name: Anna /Berg/, role: child }\n  - { key: G, name: Gustav /Berg/, role: father }\nevents:\n  - { type: birth, date: 14 MAR 1990, place: "12 Elm Street, Uppsala, Sweden", persons: [A] }\n  - { type: birth, date: 3 JAN 1890, place: "Uppsala, Sweden", persons: [G] }\n  - { type: death, date: 1960, persons: [G] }\n---\nAnna Berg f. 14 mars 1990.\n`;
    const r = parseArchiveRecord(text, 'archive/p.md');
    assert.ok(r.ok);
    if (!r.ok) return;
    const out = redactRecord(r.record, { now: new Date('2026-01-01'), thresholdYears: 100, consent: false }).record;
    assert.equal(out.events?.[0].date, '1990s');
    assert.equal(out.events?.[0].place, 'Uppsala, Sweden');
    assert.equal(out.events?.[1].date, '3 JAN 1890', 'a dead person keeps their dates');
    assert.doesNotMatch(JSON.stringify(out), /14 MAR 1990|14 March 1990|Elm Street/);
    const consented = redactRecord(r.record, {
      now: new Date('2026-01-01'),
      thresholdYears: 100,
      consent: true,
    }).record;
    assert.equal(consented.events?.[0].date, '14 MAR 1990');
  });
});
