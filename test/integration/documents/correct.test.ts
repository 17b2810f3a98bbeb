import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { documentView, factsCiting, relativeDocument, transcriptionOf } from '../../../src/extension/documentView';
import type { CaseSnapshot } from '../../../src/extension/core/snapshot';
import type { Person, SourceRecord } from '../../../src/model';
import { DocumentFromWebview, DocumentToWebview } from '../../../src/protocol/document';
import { ArchiveConnector } from '../../../src/sources/archive/connector';
import { CorrectionConflict, correctTranscription } from '../../../src/sources/documents/correct';
import { readSidecar, sha256Hex } from '../../../src/sources/documents/sidecar';
import { transcribeDocuments } from '../../../src/sources/documents/transcribe';
import { PAGES, renderPng, renderScannedPdf } from '../../documents/pages';
import { tempDir } from '../../helpers/paths';

const fileSha = (root: string, rel: string) => sha256Hex(readFileSync(join(root, rel), 'utf8'));
const corrections = (root: string) =>
  openCase(root).then((s) =>
    s.log().filter((e) => e.actionType === 'decision' && e.decisionType === 'transcription_correction'),
  );

describe('documents: a person corrects a transcription (the document view’s Save)', function () {
  this.timeout(120_000);

  it('writes the correction to the sidecar as the person’s, logs it once, and research reads it', async () => {
    const root = join(tempDir(), 'case');
    await initCase(root, { question: 'Q?', subject: { name: 'Thomas Owens' } });
    writeFileSync(join(root, 'archive/grave.png'), await renderPng(PAGES[2], { px: 22, seed: 2 }));
    await transcribeDocuments(await openCase(root));
    const before = readFileSync(join(root, 'archive/grave.png.md'), 'utf8');
    const machine = transcriptionOf(root, 'archive/grave.png')!;
    assert.equal(machine.byPerson, false);
    assert.equal(machine.sha256, sha256Hex(before));

    const corrected = machine.body.replace(/OWENS/, 'OWEN');
    const r = await correctTranscription(await openCase(root), 'archive/grave.png', corrected, machine.sha256);
    assert.equal(r.status, 'saved');
    assert.equal(r.sha256, fileSha(root, 'archive/grave.png.md'));
    const after = readFileSync(join(root, 'archive/grave.png.md'), 'utf8');
    // The front matter (the image's hash, the first transcriber) stays; only the body is the person's.
    assert.equal(after.split(/^---$/m)[1], before.split(/^---$/m)[1]);
    assert.match(after, /THOMAS OWEN\n/);
    const s = readSidecar(after);
    assert.equal(s.kind, 'edited');
    const view = transcriptionOf(root, 'archive/grave.png')!;
    assert.equal(view.byPerson, true);
    assert.match(view.transcriber, /^tesseract\.js/);
    assert.equal((await corrections(root)).length, 1);

    // Research reads the person's text, as theirs.
    const rec = new ArchiveConnector({ root }).records().find((x) => x.transcription?.document === 'archive/grave.png');
    assert.ok(rec?.transcription?.byPerson);
    assert.match(rec.text, /THOMAS OWEN\n/);

    // A new machine reading goes beside it; the correction is not logged again.
    const again = await transcribeDocuments(await openCase(root), { force: true });
    assert.equal(again[0].status, 'beside');
    assert.equal(readFileSync(join(root, 'archive/grave.png.md'), 'utf8'), after);
    assert.equal((await corrections(root)).length, 1);

    // Saving the same text again changes nothing.
    const same = await correctTranscription(await openCase(root), 'archive/grave.png', corrected, r.sha256);
    assert.equal(same.status, 'unchanged');
  });

  it('refuses to overwrite a sidecar that changed on disk since it was opened, and an unreadable one', async () => {
    const root = join(tempDir(), 'case');
    await initCase(root, { question: 'Q?', subject: { name: 'Thomas Owens' } });
    writeFileSync(join(root, 'archive/grave.png'), await renderPng(PAGES[2], { px: 22, seed: 2 }));
    await transcribeDocuments(await openCase(root));
    const opened = fileSha(root, 'archive/grave.png.md');
    // Someone edits it in a text editor meanwhile.
    const theirs = readFileSync(join(root, 'archive/grave.png.md'), 'utf8').replace('IN MEMORY', 'IN LOVING MEMORY');
    writeFileSync(join(root, 'archive/grave.png.md'), theirs);
    await assert.rejects(
      correctTranscription(await openCase(root), 'archive/grave.png', 'mine', opened),
      (e: unknown) => e instanceof CorrectionConflict && /changed on disk/.test(e.message),
    );
    assert.equal(readFileSync(join(root, 'archive/grave.png.md'), 'utf8'), theirs);
    // No sidecar is expected but one exists: also a conflict.
    await assert.rejects(
      correctTranscription(await openCase(root), 'archive/grave.png', 'mine', null),
      CorrectionConflict,
    );
    const broken = '---\ntitle: [unclosed\n---\nbody\n';
    writeFileSync(join(root, 'archive/grave.png.md'), broken);
    await assert.rejects(
      correctTranscription(await openCase(root), 'archive/grave.png', 'mine', sha256Hex(broken)),
      /cannot be read/,
    );
    assert.equal(readFileSync(join(root, 'archive/grave.png.md'), 'utf8'), broken);
  });

  it('a document with no sidecar gets the person’s own transcription, which the archive reads', async () => {
    const root = join(tempDir(), 'case');
    await initCase(root, { question: 'Q?', subject: { name: 'Thomas Owens' } });
    writeFileSync(join(root, 'archive/letter.png'), await renderPng(PAGES[0], { px: 14 }));
    const r = await correctTranscription(await openCase(root), 'archive/letter.png', 'Dear brother\nwe are well', null);
    assert.equal(r.status, 'saved');
    const s = readSidecar(readFileSync(join(root, 'archive/letter.png.md'), 'utf8'));
    assert.equal(s.kind, 'edited');
    assert.equal(s.meta?.engine, 'person');
    const rec = new ArchiveConnector({ root })
      .records()
      .find((x) => x.transcription?.document === 'archive/letter.png');
    assert.equal(rec?.transcription?.engine, 'person');
    assert.match(rec?.text ?? '', /we are well/);
  });
});

describe('documents: what the document view shows', function () {
  this.timeout(120_000);

  it('the image by its webview URI, a scanned PDF’s pages as PNGs, a note for TIFF and text PDFs', async () => {
    const root = join(tempDir(), 'case');
    await initCase(root, { question: 'Q?', subject: { name: 'Thomas Owens' } });
    writeFileSync(join(root, 'archive/grave.png'), await renderPng(PAGES[2], { px: 14 }));
    writeFileSync(
      join(root, 'archive/scan.pdf'),
      await renderScannedPdf([await renderPng(PAGES[1], { px: 12 }), await renderPng(PAGES[2], { px: 12 })]),
    );
    writeFileSync(join(root, 'archive/reg.tif'), new Uint8Array([0x49, 0x49, 42, 0, 0, 0, 0, 0]));
    const uri = (rel: string) => `https://file+.vscode-resource/${rel}`;
    const png = await documentView(root, 'archive/grave.png', undefined, uri, (p) => p.id);
    assert.deepEqual(png.images, [{ page: 1, src: uri('archive/grave.png') }]);
    assert.equal(png.transcription, undefined);
    const pdf = await documentView(root, 'archive/scan.pdf', undefined, uri, (p) => p.id);
    assert.deepEqual(
      pdf.images.map((i) => [i.page, i.src.slice(0, 22)]),
      [
        [1, 'data:image/png;base64,'],
        [2, 'data:image/png;base64,'],
      ],
    );
    const tif = await documentView(root, 'archive/reg.tif', undefined, uri, (p) => p.id);
    assert.match(tif.imageNote ?? '', /TIFF/);
    // What the host sends passes the webview's own validation.
    for (const view of [png, pdf, tif]) assert.ok(DocumentToWebview.safeParse({ type: 'state', view }).success);
    assert.ok(!DocumentFromWebview.safeParse({ type: 'save', text: 'x', base: 'not a hash' }).success);
    assert.equal(relativeDocument(root, join(root, 'archive/scan.pdf.md')), 'archive/scan.pdf');
    assert.equal(relativeDocument(root, join(root, 'archive/grave.png.ocr.md')), 'archive/grave.png');
    assert.throws(() => relativeDocument(root, join(root, 'people/x.md')), /not an image or PDF/);
  });

  it('lists the facts of the case that cite the document, with the note and the page', () => {
    const source = {
      id: 'S-000000000001',
      title: 'scan.pdf (transcription)',
      recordType: 'other',
      repository: 'Local archive',
      sourceType: 'derivative',
      sourceId: 'archive',
      tier: 0,
      persons: [],
      text: '## Page 1\n\nx\n\n## Page 2\n\nDIED MARCH 3 1871',
      accessedAt: '2026-01-02T00:00:00.000Z',
      sha256: '0'.repeat(64),
      transcription: {
        document: 'archive/scan.pdf',
        sha256: '1'.repeat(64),
        transcriber: 't',
        engine: 'ocr',
        byPerson: false,
      },
    } as SourceRecord;
    const other = { ...source, id: 'S-000000000002', transcription: undefined } as SourceRecord;
    const claim = (s: SourceRecord) => ({
      source: s.id,
      snippet: 'DIED MARCH 3 1871',
      tier: 0 as const,
      evidenceType: 'direct' as const,
      sourceClass: 'derivative' as const,
      information: 'primary' as const,
      evidence: 'direct' as const,
      confidence: 0.7,
      method: 'pattern' as const,
      page: 'p. 2',
    });
    const person = {
      id: 'P-00000001',
      names: [{ given: 'Thomas', surname: 'Owens', type: 'birth' }],
      assertions: [
        {
          id: 'A-1',
          field: 'death.date',
          value: '3 MAR 1871',
          status: 'accepted',
          confidence: 0.7,
          evidence: [claim(source)],
        },
        {
          id: 'A-2',
          field: 'birth.date',
          value: '1804',
          status: 'accepted',
          confidence: 0.7,
          evidence: [claim(other)],
        },
      ],
      relationships: [],
    } as unknown as Person;
    const snap = {
      root: '/x',
      persons: new Map([[person.id, { person, file: '/x/people/p.md' }]]),
      sources: new Map([
        [source.id, { source, file: '' }],
        [other.id, { source: other, file: '' }],
      ]),
    } as unknown as CaseSnapshot;
    const facts = factsCiting(snap, 'archive/scan.pdf', () => 'Thomas Owens');
    assert.equal(facts.length, 1);
    assert.equal(facts[0].field, 'death.date');
    assert.equal(facts[0].page, 'p. 2');
    assert.match(facts[0].citation, /“scan\.pdf \(transcription\),” .*Local archive.*, p\. 2\.$/);
    assert.deepEqual(
      factsCiting(snap, 'archive/other.png', () => 'x'),
      [],
    );
  });
});
