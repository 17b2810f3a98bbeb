import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { initCase, openCase } from '../../../src/case';
import type { Conflict, Person } from '../../../src/model';
import { correctTranscription } from '../../../src/sources/documents/correct';
import { renderSidecar, seal, sha256Hex } from '../../../src/sources/documents/sidecar';
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

describe('documents: a person’s correction of a transcription supersedes the machine’s reading', function () {
  this.timeout(300_000);

  it('after the correction, research withdraws what the machine misread and the conflict it caused', async () => {
    const root = await gravestoneCase();
    await research(root);
    const before = owens(root);
    assert.deepEqual(birthYears(before), ['11 AUG 1804', '17 AUG 1804'], 'the misreading competes with the census');
    assert.ok(
      conflicts(root).some((c) => c.field === 'birth.date' && c.status !== 'resolved'),
      'the misreading is a conflict',
    );
    const machineSource = before.assertions.find((a) => a.value === '11 AUG 1804')!.evidence.map((e) => e.source)[0];

    const store = await openCase(root);
    const base = sha256Hex(readFileSync(join(root, 'archive/stone.png.md'), 'utf8'));
    await correctTranscription(store, 'archive/stone.png', PERSON_BODY, base);
    await research(root);

    const after = owens(root);
    assert.deepEqual(birthYears(after), ['17 AUG 1804'], 'the machine’s misread day is withdrawn');
    assert.ok(
      !after.assertions.some((a) => a.evidence.some((e) => e.source === machineSource)),
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
    const log = reopened.log();
    assert.ok(
      log.some(
        (e) => e.actionType === 'decision' && /supersedes/.test(e.rationale) && e.context.includes(machineSource),
      ),
      'the supersession is logged',
    );
  });
});
