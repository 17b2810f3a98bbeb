import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { createOcrEngine, type OcrEngine } from '../../../src/sources/documents/ocr';
import { hasTextLayer, pdfTextPages } from '../../../src/sources/documents/pdf-text';
import { pdfPageImages } from '../../../src/sources/documents/pdf-images';
import { accuracy, PAGES, pageText, renderPdf, renderPng, renderScannedPdf } from '../../documents/pages';

// Floors a working OCR clears on these pages with a margin (see bench/documents.ts for the
// figures); an OCR that returns nothing, the wrong page or its raw symbols fails them.
const FLOORS: Record<number, { chars: number; words: number }> = {
  16: { chars: 0.9, words: 0.7 },
  24: { chars: 0.95, words: 0.85 },
};

describe('documents: OCR and PDF text of record-like pages', function () {
  this.timeout(180_000);
  let ocr: OcrEngine;
  before(async () => {
    ocr = await createOcrEngine();
  });
  after(async () => {
    await ocr?.close();
  });

  for (const px of Object.keys(FLOORS).map(Number))
    it(`reads a census line, a certificate, a gravestone and a newspaper column at ${px} px with noise and skew`, async () => {
      const scores: { name: string; chars: number; words: number }[] = [];
      for (const [i, p] of PAGES.entries()) {
        const png = await renderPng(p, { px, skew: i % 2 ? -1.5 : 1.5, noise: 0.01, seed: 7 + i });
        let last = -1;
        const page = await ocr.recognize(png, (progress) => {
          assert.ok(progress >= last, 'progress only moves forward');
          last = progress;
        });
        assert.ok(page.confidence > 0 && page.confidence <= 1);
        scores.push({ name: p.name, ...accuracy(pageText(p), page.text) });
      }
      const mean = (k: 'chars' | 'words') => scores.reduce((s, x) => s + x[k], 0) / scores.length;
      const detail = JSON.stringify(scores);
      assert.ok(
        mean('chars') >= FLOORS[px].chars,
        `character accuracy ${mean('chars').toFixed(3)} at ${px} px: ${detail}`,
      );
      assert.ok(mean('words') >= FLOORS[px].words, `word accuracy ${mean('words').toFixed(3)} at ${px} px: ${detail}`);
      for (const s of scores) assert.ok(s.chars >= 0.8, `${s.name} at ${px} px: ${detail}`);
    });

  it('marks doubtful words on a small, noisy page', async () => {
    const page = await ocr.recognize(await renderPng(PAGES[3], { px: 10, skew: 2, noise: 0.03, seed: 3 }));
    assert.ok(page.uncertain > 0, page.text);
    assert.match(page.text, /\[[^\]\s]+\?\]/);
  });

  it('takes a PDF text layer page by page, and sees a scanned PDF has none', async () => {
    const pdf = await pdfTextPages(await renderPdf([PAGES[1], PAGES[2]]));
    assert.equal(pdf.pages.length, 2);
    assert.ok(hasTextLayer(pdf.pages));
    assert.deepEqual(
      pdf.pages.map((t) => t.replace(/\s+/g, ' ')),
      [pageText(PAGES[1]), pageText(PAGES[2])].map((t) => t.replace(/\s+/g, ' ')),
    );
    const scan = await PDFDocument.create();
    const img = await scan.embedPng(await renderPng(PAGES[2], { px: 16 }));
    scan.addPage([img.width, img.height]).drawImage(img, { x: 0, y: 0 });
    const scanned = await pdfTextPages(await scan.save());
    assert.equal(scanned.pages.length, 1);
    assert.ok(!hasTextLayer(scanned.pages));
  });

  it('OCRs a scanned PDF page by page from its page images, as accurately as the images themselves', async () => {
    for (const px of Object.keys(FLOORS).map(Number)) {
      const pngs = await Promise.all(
        PAGES.map((p, i) => renderPng(p, { px, skew: i % 2 ? -1.5 : 1.5, noise: 0.01, seed: 7 + i })),
      );
      const pdf = await renderScannedPdf(pngs);
      assert.ok(!hasTextLayer((await pdfTextPages(pdf)).pages));
      const scores: { page: number; chars: number; words: number }[] = [];
      for await (const img of pdfPageImages(pdf)) {
        assert.equal(img.pages, PAGES.length);
        assert.ok(img.png, `page ${img.page} has its scan`);
        const page = await ocr.recognize(img.png);
        scores.push({ page: img.page, ...accuracy(pageText(PAGES[img.page - 1]), page.text) });
      }
      assert.deepEqual(
        scores.map((s) => s.page),
        [1, 2, 3, 4],
      );
      const mean = (k: 'chars' | 'words') => scores.reduce((s, x) => s + x[k], 0) / scores.length;
      const detail = JSON.stringify(scores);
      assert.ok(mean('chars') >= FLOORS[px].chars, `scanned PDF, ${px} px: ${detail}`);
      assert.ok(mean('words') >= FLOORS[px].words, `scanned PDF, ${px} px: ${detail}`);
    }
  });
});
