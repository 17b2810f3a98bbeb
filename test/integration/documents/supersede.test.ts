import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { initCase, openCase } from '../../../src/case';
import { runResearch as engineRun } from '../../../src/engine/run';
import type { Conflict, Person } from '../../../src/model';
import { ArchiveConnector } from '../../../src/sources/archive/connector';
import { correctTranscription } from '../../../src/sources/documents/correct';
import { renderSidecar, seal, sha256Hex } from '../../../src/sources/documents/sidecar';
import { documentsToTranscribe } from '../../../src/sources/documents/transcribe';
import { cli } from '../../helpers/cli-in-process';
import { tempDir } from '../../helpers/paths';

const front = (text: string) => parseYaml(/^---\n([\s\S]*?)\n---/.exec(text)![1]) as Record<string, unknown>;

function people(root: string): Person[] {
  return readdirSync(join(root, 'people'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => front(readFileSync(join(root, 'people', f), 'utf8')) as unknown as Person);
}

function conflicts(root: string): Conflict[] {
  let files: string[];
  try {
    files = readdirSync(join(root, 'conflicts')).filter((f) => f.endsWith('.md'));
  } catch {
    return [];
  }
  return files.map((f) => front(readFileSync(join(root, 'conflicts', f), 'utf8')) as unknown as Conflict);
}

const MACHINE_BODY =
  'In memory of Thomas Owens, who was born August 11, 1804, in Wales. He died March 3, 1871, in Lowell.\n';
const PERSON_BODY = MACHINE_BODY.replace('August 11', 'August 17');

/** A case with a gravestone photo whose machine reading misread the birth year, and a census that gives it right. */
async function gravestoneCase(): Promise<string> {
  const root = join(tempDir(), 'case');
  await initCase(root, { question: 'When was Thomas Owens born?', subject: { name: 'Thomas Owens' } });
  const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  writeFileSync(join(root, 'archive/stone.png'), image);
  const sidecar = seal(
    renderSidecar({
      title: 'stone.png (transcription)',
      docRel: 'archive/stone.png',
      meta: {
        file: 'stone.png',
        sha256: sha256Hex(image),
        transcriber: 'tesseract.js 7.0.0 (eng)',
        engine: 'ocr',
        date: '2026-01-02T00:00:00.000Z',
        confidence: 0.71,
      },
      body: MACHINE_BODY,
    }),
  );
  writeFileSync(join(root, 'archive/stone.png.md'), sidecar);
  writeFileSync(
    join(root, 'archive/census-1850.md'),
    [
      '---',
      'title: 1850 census, Lowell, Middlesex, Massachusetts — Owens household',
      'recordType: census',
      'date: 1850',
      'place: Lowell, Middlesex, Massachusetts, USA',
      'repository: National Archives',
      'sourceType: original',
      'persons:',
      '  - name: Thomas /Owens/',
      '    role: head',
      '    sex: M',
      '    birthDate: 17 AUG 1804',
      '    birthPlace: Wales',
      '---',
      'Thomas Owens, 45, born Wales.',
      '',
    ].join('\n'),
  );
  return root;
}

const research = async (root: string) => {
  const r = await cli(['research', root, '--offline', '--max-cycles', '2', '--json']);
  assert.equal(r.code, 0, r.err);
};

const owens = (root: string) => people(root).find((p) => p.names.some((n) => n.surname === 'Owens'))!;
const birthYears = (p: Person) =>
  [
    ...new Set(p.assertions.filter((a) => a.field === 'birth.date' && a.status !== 'rejected').map((a) => a.value)),
  ].sort();

/** The machine's misreading researched (a conflict with the census), then the person's correction saved. */
async function misreadThenCorrected(): Promise<{ root: string; machineSource: string }> {
  const root = await gravestoneCase();
  await research(root);
  const before = owens(root);
  assert.deepEqual(birthYears(before), ['11 AUG 1804', '17 AUG 1804'], 'the misreading competes with the census');
  assert.ok(
    conflicts(root).some((c) => c.field === 'birth.date' && c.status !== 'resolved'),
    'the misreading is a conflict',
  );
  const machineSource = before.assertions.find((a) => a.value === '11 AUG 1804')!.evidence.map((e) => e.source)[0];
  const base = sha256Hex(readFileSync(join(root, 'archive/stone.png.md'), 'utf8'));
  await correctTranscription(await openCase(root), 'archive/stone.png', PERSON_BODY, base);
  return { root, machineSource };
}

const superseded = (root: string) =>
  openCase(root).then((s) =>
    s.log().filter((e) => e.actionType === 'decision' && e.decisionType === 'source_superseded'),
  );

/** What the case says once the correction has superseded the machine's reading. */
async function assertSuperseded(root: string, machineSource: string): Promise<void> {
  const after = owens(root);
  assert.deepEqual(birthYears(after), ['17 AUG 1804'], 'the machine’s misread day is withdrawn');
  assert.ok(
    !after.assertions.some((a) => !a.reviewed && a.evidence.some((e) => e.source === machineSource)),
    'no fact cites the superseded reading',
  );
  assert.ok(
    !conflicts(root).some((c) => c.field === 'birth.date' && c.person === after.id && c.status !== 'resolved'),
    'no open conflict on the birth date',
  );
  // The old capture is kept, marked superseded by the new one, and does not read as tampered.
  const old = readFileSync(join(root, 'sources', `${machineSource}.md`), 'utf8');
  const by = front(old).supersededBy as string;
  assert.match(by, /^S-[0-9a-f]{12}$/);
  assert.notEqual(by, machineSource);
  assert.match(readFileSync(join(root, 'sources', `${by}.md`), 'utf8'), /born August 17, 1804/);
  const reopened = await openCase(root);
  assert.deepEqual(
    reopened.problems.filter((p) => p.file.includes(machineSource)),
    [],
    'the mark added after capture is not an edit of the capture',
  );
  assert.match(
    readFileSync(join(root, 'summary.md'), 'utf8'),
    new RegExp(`\\| ${machineSource} \\| .*\\(superseded by ${by}: its facts withdrawn\\)`),
  );
  assert.deepEqual(documentsToTranscribe(root), [], 'the person’s sidecar is not read again by the machine');
  const log = await superseded(root);
  assert.equal(log.length, 1, 'the supersession is logged once');
  assert.match(log[0].rationale, new RegExp(`${by} supersedes ${machineSource}`));
  assert.equal(log[0].agent, 'Analyst');
}

/** The corrected sidecar captured as the archive reads it now (what a search step captures first). */
async function captureCorrection(root: string): Promise<string> {
  const store = await openCase(root);
  const record = new ArchiveConnector({ root }).records().find((r) => r.externalId === 'archive:archive/stone.png.md')!;
  assert.ok(record.transcription?.byPerson);
  return (await store.captureSource(record, new Date())).id;
}

describe('documents: a person’s correction of a transcription supersedes the machine’s reading', function () {
  this.timeout(300_000);

  it('after the correction, research withdraws what the machine misread and the conflict it caused', async () => {
    const { root, machineSource } = await misreadThenCorrected();
    await research(root);
    await assertSuperseded(root, machineSource);
    assert.match((await superseded(root))[0].rationale, /a person's correction of the machine's transcription/);
    const conflict = conflicts(root).find((c) => c.field === 'birth.date')!;
    assert.equal(conflict.resolvedBy, 'engine');
    assert.match(conflict.rationale, /^No longer a conflict: .* supersedes/);
  });

  it('a hand edit of any archive record supersedes its earlier capture the same way', async () => {
    const root = await gravestoneCase();
    await research(root);
    const census = (p: Person) =>
      p.assertions.find((a) => a.field === 'residence.date')!.evidence.map((e) => e.source)[0];
    const oldCensus = census(owens(root));
    const file = join(root, 'archive/census-1850.md');
    // The census gives an age, not a day: the user corrects the transcription and the index. (A
    // capture is named by its text: an edit of the index alone is the same capture, not a new one.)
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace('birthDate: 17 AUG 1804', 'birthDate: ABT 1805')
        .replace('Thomas Owens, 45,', 'Thomas Owens, aged 45,'),
    );
    await research(root);
    const after = owens(root);
    assert.ok(!birthYears(after).includes('17 AUG 1804'), 'the value only the old index gave is withdrawn');
    assert.ok(!after.assertions.some((a) => a.evidence.some((e) => e.source === oldCensus)));
    const by = front(readFileSync(join(root, 'sources', `${oldCensus}.md`), 'utf8')).supersededBy as string;
    assert.equal(census(after), by);
    const log = await superseded(root);
    assert.equal(log.length, 1);
    assert.match(log[0].rationale, /archive:archive\/census-1850\.md \(the archive file was edited\)/);
  });

  it('research again with nothing changed supersedes nothing and changes no fact', async () => {
    const { root, machineSource } = await misreadThenCorrected();
    await research(root);
    const old = readFileSync(join(root, 'sources', `${machineSource}.md`), 'utf8');
    const facts = (p: Person) => p.assertions.map((a) => [a.field, a.value, a.status, a.evidence.map((e) => e.source)]);
    const before = facts(owens(root));
    await research(root);
    await assertSuperseded(root, machineSource);
    assert.equal(readFileSync(join(root, 'sources', `${machineSource}.md`), 'utf8'), old);
    assert.deepEqual(facts(owens(root)), before);
  });

  it('a person’s reviewed fact from the machine’s reading is kept as decided, and the log says so', async () => {
    const { root, machineSource } = await misreadThenCorrected();
    const store = await openCase(root);
    const p = store.persons().find((x) => x.names.some((n) => n.surname === 'Owens'))!;
    await store.writePerson({
      ...p,
      assertions: p.assertions.map((a) =>
        a.field === 'death.date'
          ? { ...a, status: 'accepted', reviewed: { decision: 'accepted', at: '2026-11-01T00:00:00.000Z' } }
          : a,
      ),
    });
    await research(root);
    await assertSuperseded(root, machineSource);
    const death = owens(root).assertions.find((a) => a.field === 'death.date')!;
    assert.equal(death.reviewed?.decision, 'accepted');
    assert.ok(
      death.evidence.some((e) => e.source === machineSource),
      'the decided fact keeps its evidence',
    );
    assert.match(
      (await superseded(root))[0].rationale,
      /1 a person decided kept as decided \(P-\S+ death\.date = 3 MAR 1871\)/,
    );
  });

  it('a run that stopped after marking the old capture, before the person files: the next run withdraws', async () => {
    const { root, machineSource } = await misreadThenCorrected();
    // The writes of a supersession up to the mark, and none after (a store without transactions killed there).
    const by = await captureCorrection(root);
    await (await openCase(root)).markSuperseded(machineSource, by);
    assert.ok(owens(root).assertions.some((a) => a.evidence.some((e) => e.source === machineSource)));
    await research(root);
    await assertSuperseded(root, machineSource);
  });

  it('a correction captured and not analysed yet (a run stopped after the capture): the next run supersedes', async () => {
    const { root, machineSource } = await misreadThenCorrected();
    await captureCorrection(root);
    await research(root);
    await assertSuperseded(root, machineSource);
  });

  it('two captures of one record, none marked (an earlier engine’s): a run supersedes the older at its start', async () => {
    const { root, machineSource } = await misreadThenCorrected();
    await captureCorrection(root);
    // No source at all: nothing is captured in this run, the start finds the two captures.
    const r = await engineRun({ store: await openCase(root), connectors: [], maxCycles: 1 });
    assert.equal(r.status, 'completed');
    await assertSuperseded(root, machineSource);
  });
});
