import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { transcribeCommand } from '../../../src/cli/commands/transcribe';
import type { CliIo } from '../../../src/cli/command';
import { ArchiveConnector } from '../../../src/sources/archive/connector';
import { evidenceClaim } from '../../../src/agents/analyst/mills';
import { documentsToTranscribe, transcribeDocuments } from '../../../src/sources/documents/transcribe';
import { readSidecar } from '../../../src/sources/documents/sidecar';
import type { SourceRecord } from '../../../src/model';
import { PAGES, renderPdf, renderPng, renderScannedPdf } from '../../documents/pages';
import { tempDir } from '../../helpers/paths';

function io(): CliIo & { out_: string[]; err_: string[] } {
  const out_: string[] = [];
  const err_: string[] = [];
  return {
    out_,
    err_,
    out: (t) => out_.push(t),
    err: (t) => err_.push(t),
    tty: false,
    signal: new AbortController().signal,
  };
}

interface Outcome {
  file: string;
  status: string;
  sidecar?: string;
  engine?: string;
  reason?: string;
}
async function transcribe(args: string[]): Promise<{ code: number; documents: Outcome[] }> {
  const o = io();
  const code = await transcribeCommand.run([...args, '--json'], o);
  return { code, documents: (JSON.parse(o.out_.join('\n')) as { documents: Outcome[] }).documents };
}

describe('ancestry transcribe', function () {
  this.timeout(120_000);

  it('reads images and PDFs into sealed sidecars, keeps a person’s correction and puts the new reading beside it', async () => {
    const root = join(tempDir(), 'case');
    await initCase(root, { question: 'Who was Thomas Owens?', subject: { name: 'Thomas Owens' } });
    const png = await renderPng(PAGES[2], { px: 20, skew: 1, noise: 0.01, seed: 2 });
    writeFileSync(join(root, 'archive/grave.png'), png);
    writeFileSync(join(root, 'archive/cert.pdf'), await renderPdf([PAGES[1], PAGES[3]]));
    assert.deepEqual(documentsToTranscribe(root), ['archive/cert.pdf', 'archive/grave.png']);

    const first = await transcribe([root]);
    assert.equal(first.code, 0);
    assert.deepEqual(
      first.documents.map((d) => [d.file, d.status, d.engine]),
      [
        ['archive/cert.pdf', 'written', 'pdf'],
        ['archive/grave.png', 'written', 'ocr'],
      ],
    );
    assert.deepEqual(documentsToTranscribe(root), []);
    const pdfSide = readFileSync(join(root, 'archive/cert.pdf.md'), 'utf8');
    assert.match(pdfSide, /## Page 1\n\nCertificate of Marriage/);
    assert.match(pdfSide, /## Page 2\n\nDied at her home/);
    const grave = readSidecar(readFileSync(join(root, 'archive/grave.png.md'), 'utf8'));
    assert.equal(grave.kind, 'machine');
    assert.match(grave.kind === 'machine' ? grave.body : '', /THOMAS OWENS/);
    // The image itself is never touched.
    assert.deepEqual(readFileSync(join(root, 'archive/grave.png')), Buffer.from(png));

    // Current sidecars are left alone.
    assert.deepEqual(
      (await transcribe([root])).documents.map((d) => d.status),
      ['current', 'current'],
    );

    // A person corrects the OCR: the correction stays, supersedes, and is logged once.
    const corrected = readFileSync(join(root, 'archive/grave.png.md'), 'utf8').replace(
      /THOMAS OWENS/,
      'THOMAS OWENS (Owen in the parish register)',
    );
    writeFileSync(join(root, 'archive/grave.png.md'), corrected);
    const again = await transcribe([root, join(root, 'archive/grave.png'), '--engine', 'ocr', '--force']);
    assert.deepEqual(
      again.documents.map((d) => [d.status, d.sidecar]),
      [['beside', 'archive/grave.png.ocr.md']],
    );
    assert.equal(readFileSync(join(root, 'archive/grave.png.md'), 'utf8'), corrected);
    assert.ok(existsSync(join(root, 'archive/grave.png.ocr.md')));
    await transcribe([root, 'archive/grave.png', '--force']);
    const store = await openCase(root);
    const corrections = store
      .log()
      .filter((e) => e.actionType === 'decision' && e.decisionType === 'transcription_correction');
    assert.equal(corrections.length, 1, 'one correction, logged once');

    // The archive reads the person's sidecar, not the machine reading beside it.
    const records = new ArchiveConnector({ root }).records();
    const fromImage = records.filter((r) => r.transcription?.document === 'archive/grave.png');
    assert.equal(fromImage.length, 1);
    assert.match(fromImage[0].text, /Owen in the parish register/);
    assert.equal(fromImage[0].transcription?.byPerson, true);

    // The Analyst weighs a machine reading by its confidence; a person's reading in full.
    const asSource = (r: (typeof records)[number]): SourceRecord => ({
      ...r,
      id: 'S-000000000001',
      accessedAt: '2026-01-01T00:00:00.000Z',
      sha256: '0'.repeat(64),
    });
    const person = evidenceClaim(asSource(fromImage[0]), 'death.date', 'DIED MARCH 3 1871', {
      principal: true,
      direct: true,
      method: 'pattern',
    });
    const machine = evidenceClaim(
      asSource({
        ...fromImage[0],
        transcription: { ...fromImage[0].transcription, byPerson: false, confidence: 0.6 },
      }),
      'death.date',
      'DIED MARCH 3 1871',
      { principal: true, direct: true, method: 'pattern' },
    );
    assert.equal(person.sourceClass, 'derivative');
    assert.ok(
      Math.abs(machine.confidence - person.confidence * 0.6) < 1e-3,
      `${machine.confidence} vs ${person.confidence}`,
    );
  });

  it('OCRs a scanned PDF page by page, with progress per page, into a sidecar with its pages', async () => {
    const root = join(tempDir(), 'case');
    await initCase(root, { question: 'Who was Thomas Owens?', subject: { name: 'Thomas Owens' } });
    const pdf = await renderScannedPdf([
      await renderPng(PAGES[1], { px: 20, skew: 1, noise: 0.01, seed: 4 }),
      await renderPng(PAGES[2], { px: 20, skew: -1, noise: 0.01, seed: 5 }),
    ]);
    writeFileSync(join(root, 'archive/scan.pdf'), pdf);
    const seen = new Map<number, number[]>();
    const store = await openCase(root);
    const [o] = await transcribeDocuments(store, {
      onProgress: (p) => {
        assert.equal(p.pages, 2);
        seen.set(p.page, [...(seen.get(p.page) ?? []), p.progress]);
      },
    });
    assert.equal(o.status, 'written');
    assert.equal(o.status === 'written' && o.engine, 'ocr');
    assert.deepEqual([...seen.keys()], [1, 2], 'progress for each page in turn');
    for (const ps of seen.values()) assert.ok(ps.at(-1) === 1 && ps.every((v, i) => i === 0 || v >= ps[i - 1]));
    const side = readSidecar(readFileSync(join(root, 'archive/scan.pdf.md'), 'utf8'));
    assert.equal(side.kind, 'machine');
    if (side.kind !== 'machine') return;
    assert.equal(side.meta.pages, 2);
    assert.match(side.meta.transcriber, /tesseract\.js .* page images/);
    assert.match(side.body, /## Page 1\n\nCertificate of Marriage[\s\S]*## Page 2\n\nIN MEMORY OF/);
    // The archive reads it, and a fact from page 2 cites page 2.
    const rec = new ArchiveConnector({ root }).records().find((r) => r.transcription?.document === 'archive/scan.pdf');
    assert.ok(rec);
    const claim = evidenceClaim(
      { ...rec, id: 'S-000000000002', accessedAt: '2026-01-01T00:00:00.000Z', sha256: '0'.repeat(64) },
      'burial.place',
      'IN MEMORY OF',
      { principal: true, direct: true, method: 'pattern' },
    );
    assert.equal(claim.page, 'p. 2');
  });

  it('says clearly what it cannot do: bad engine, a file outside archive/, a broken image, a PDF with neither text nor scans', async () => {
    const root = join(tempDir(), 'case');
    await initCase(root, { question: 'Q?', subject: { name: 'Anna Hoffman' } });
    const o = io();
    await assert.rejects(
      transcribeCommand.run([root, '--engine', 'magic'], o),
      /--engine must be one of pdf, ocr, claude/,
    );
    const loose = join(tempDir(), 'loose.png');
    writeFileSync(loose, 'x');
    await assert.rejects(transcribeCommand.run([root, loose], o), /archive\/ folder/);
    await assert.rejects(transcribeCommand.run([root, '--engine', 'claude'], o), /ANTHROPIC_API_KEY|llm.vision/);
    const { PDFDocument } = await import('pdf-lib');
    // A page of lines only: no text layer, no image to OCR.
    const drawn = await PDFDocument.create();
    drawn.addPage([200, 200]).drawLine({ start: { x: 10, y: 10 }, end: { x: 190, y: 190 } });
    writeFileSync(join(root, 'archive/scan.pdf'), await drawn.save());
    writeFileSync(join(root, 'archive/broken.png'), 'not a png');
    const r = await transcribe([root]);
    assert.equal(r.code, 1);
    const byFile = Object.fromEntries(r.documents.map((d) => [d.file, d]));
    assert.equal(byFile['archive/scan.pdf'].status, 'failed');
    assert.match(byFile['archive/scan.pdf'].reason ?? '', /no text layer and no page image/);
    assert.equal(byFile['archive/broken.png'].status, 'failed');
    assert.ok(!existsSync(join(root, 'archive/scan.pdf.md')) && !existsSync(join(root, 'archive/broken.png.md')));
  });
});
