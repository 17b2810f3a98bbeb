import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSidecar, renderSidecar, seal, sha256Hex } from '../../../src/sources/documents/sidecar';
import { alternateOf, isAlternateReading, isDocumentFile, sidecarOf } from '../../../src/sources/documents/kinds';
import { listArchiveFiles } from '../../../src/sources/archive/files';
import { parseArchiveRecord } from '../../../src/sources/archive/record';
import { pageFromBlocks } from '../../../src/sources/documents/ocr';

const sha = sha256Hex('image bytes');
const sidecar = () =>
  seal(
    renderSidecar({
      title: 'grave.png (transcription)',
      docRel: 'archive/stones/grave.png',
      meta: {
        file: 'grave.png',
        sha256: sha,
        transcriber: 'tesseract.js 7.0.0 (eng)',
        engine: 'ocr',
        date: '2026-01-01T00:00:00.000Z',
        confidence: 0.8,
        pages: 1,
        uncertain: 1,
      },
      body: 'IN MEMORY OF\nTHOMAS [OWENS?]\n',
    }),
  );

describe('document sidecar', () => {
  it('is read back as the machine wrote it, and as edited after any change to body or front matter', () => {
    const text = sidecar();
    const s = readSidecar(text);
    assert.equal(s.kind, 'machine');
    assert.equal(s.kind === 'machine' && s.meta.sha256, sha);
    assert.equal(readSidecar(text.replace('[OWENS?]', 'OWENS')).kind, 'edited');
    assert.equal(readSidecar(text.replace('recordType: other', 'recordType: burial')).kind, 'edited');
    // A sidecar a person wrote from scratch (no seal) is theirs.
    assert.equal(readSidecar(text.replace(/machineSha256: [0-9a-f]+/, 'machineSha256: ')).kind, 'edited');
    assert.equal(readSidecar('---\ntitle: [unclosed\n---\nbody').kind, 'unreadable');
  });

  it('is a valid archive record (v2) citing the image by hash, with who transcribed it', () => {
    const r = parseArchiveRecord(sidecar(), 'archive/stones/grave.png.md');
    assert.ok(r.ok);
    if (!r.ok) return;
    assert.deepEqual(r.problems, [], 'the document block is a known key');
    assert.equal(r.record.sourceType, 'derivative');
    assert.match(r.record.url ?? '', new RegExp(`archive/stones/grave.png#sha256=${sha}`));
    assert.deepEqual(r.record.transcription, {
      document: 'archive/stones/grave.png',
      sha256: sha,
      transcriber: 'tesseract.js 7.0.0 (eng)',
      engine: 'ocr',
      confidence: 0.8,
      byPerson: false,
    });
    const edited = parseArchiveRecord(sidecar().replace('[OWENS?]', 'OWENS'), 'archive/stones/grave.png.md');
    assert.ok(edited.ok && edited.record.transcription?.byPerson);
    assert.equal(edited.ok && edited.record.transcription?.engine, 'person');
    // An ordinary record carries no transcription key at all (its shape is unchanged).
    const plain = parseArchiveRecord('---\ntitle: A record\n---\ntext\n', 'archive/a.md');
    assert.ok(plain.ok && !('transcription' in plain.record));
  });

  it('names documents, sidecars and the readings kept beside an edited sidecar; the archive skips the latter', () => {
    for (const f of ['a.jpg', 'a.JPEG', 'b.png', 'c.tif', 'c.tiff', 'd.webp', 'e.pdf']) assert.ok(isDocumentFile(f), f);
    for (const f of ['a.md', 'a.gif', 'pdf', 'a.png.md']) assert.ok(!isDocumentFile(f), f);
    assert.equal(sidecarOf('archive/a.png'), 'archive/a.png.md');
    assert.equal(alternateOf('archive/a.png', 'ocr'), 'archive/a.png.ocr.md');
    assert.ok(isAlternateReading('a.png.ocr.md') && isAlternateReading('a.pdf.claude.md'));
    assert.ok(!isAlternateReading('a.png.md') && !isAlternateReading('notes.ocr.md'));
    const root = mkdtempSync(join(tmpdir(), 'docs-'));
    try {
      mkdirSync(join(root, 'archive'));
      for (const f of ['a.png', 'a.png.md', 'a.png.ocr.md', 'r.md']) writeFileSync(join(root, 'archive', f), 'x');
      assert.deepEqual(
        listArchiveFiles(root).map((f) => f.slice(root.length + 1)),
        ['archive/a.png.md', 'archive/r.md'],
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('marks the words Tesseract doubts, and averages the word confidence', () => {
    const line = (words: [string, number][]) => ({ words: words.map(([text, confidence]) => ({ text, confidence })) });
    const page = pageFromBlocks(
      [
        {
          paragraphs: [
            {
              lines: [
                line([
                  ['DIED', 95],
                  ['MARCH', 40],
                  ['3', 30],
                ]),
                line([
                  ['—', 10],
                  ['1871', 91],
                ]),
              ],
            },
          ],
        },
      ],
      '',
    );
    assert.equal(page.text, 'DIED [MARCH?] [3?]\n— 1871');
    assert.equal(page.uncertain, 2);
    assert.equal(page.confidence, 0.532);
  });
});
