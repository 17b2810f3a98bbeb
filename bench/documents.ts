/**
 * Documents (issue #17): how fast and how well the archive's images and PDFs are read.
 *
 * - OCR (tesseract.js, one worker, the shipped English model) of four record-like pages (census
 *   line, certificate, gravestone, newspaper column) rendered at several text heights with 1% noise
 *   and ±1.5° skew: pages per second and character/word accuracy against the known text, per
 *   resolution. Baseline in the same run: the PDF text layer of the same pages (pages per second).
 * - Scanned PDF: the same page images as one PDF without a text layer, read page by page (page image
 *   out of the PDF, then OCR): pages per second and accuracy beside the images' own.
 * - Growth: 1 page vs 10 pages of OCR at 24 px (the ratio should stay near 10: one model load).
 * - Memory: resident set size before the worker, after it loaded, and after the run.
 *
 *   npx tsx bench/documents.ts [--px=12,16,24,32]
 */
import { performance } from 'node:perf_hooks';
import { createOcrEngine } from '../src/sources/documents/ocr';
import { pdfTextPages } from '../src/sources/documents/pdf-text';
import { pdfPageImages } from '../src/sources/documents/pdf-images';
import { accuracy, PAGES, pageText, renderPdf, renderPng, renderScannedPdf } from '../test/documents/pages';

const pxArg = process.argv.find((a) => a.startsWith('--px='))?.slice(5);
const RESOLUTIONS = (pxArg ?? '12,16,24,32').split(',').map(Number);
const mb = () => (process.memoryUsage().rss / 2 ** 20).toFixed(0);

async function main(): Promise<void> {
  const rss0 = mb();
  // Baseline: the text layer of the same pages, 10 passes.
  const pdf = await renderPdf(PAGES);
  let t = performance.now();
  for (let i = 0; i < 10; i++) await pdfTextPages(pdf);
  const pdfPps = (PAGES.length * 10) / ((performance.now() - t) / 1000);

  t = performance.now();
  const ocr = await createOcrEngine();
  const loadMs = performance.now() - t;
  const rssLoaded = mb();
  console.log(`OCR: ${ocr.name}; model load ${loadMs.toFixed(0)} ms`);
  console.log(`baseline PDF text layer: ${pdfPps.toFixed(1)} pages/s\n`);
  console.log(
    'text px | pages/s | × PDF | char acc | word acc | uncertain words | worst page (chars) | scanned PDF: pages/s | char acc | word acc',
  );
  for (const px of RESOLUTIONS) {
    const pngs = await Promise.all(
      PAGES.map((p, i) => renderPng(p, { px, skew: i % 2 ? -1.5 : 1.5, noise: 0.01, seed: 7 + i })),
    );
    t = performance.now();
    const pages = [];
    for (const png of pngs) pages.push(await ocr.recognize(png));
    const secs = (performance.now() - t) / 1000;
    const acc = pages.map((p, i) => ({ name: PAGES[i].name, ...accuracy(pageText(PAGES[i]), p.text) }));
    const mean = (k: 'chars' | 'words') => acc.reduce((s, a) => s + a[k], 0) / acc.length;
    const worst = acc.reduce((w, a) => (a.chars < w.chars ? a : w));
    const pps = PAGES.length / secs;
    // The same images as a scan: each page's image out of the PDF, then the same OCR.
    const scan = await renderScannedPdf(pngs);
    t = performance.now();
    const scanned = [];
    for await (const img of pdfPageImages(scan)) scanned.push(await ocr.recognize(img.png!));
    const scanPps = PAGES.length / ((performance.now() - t) / 1000);
    const sAcc = scanned.map((p, i) => accuracy(pageText(PAGES[i]), p.text));
    const sMean = (k: 'chars' | 'words') => sAcc.reduce((s, a) => s + a[k], 0) / sAcc.length;
    console.log(
      `${String(px).padStart(7)} | ${pps.toFixed(2).padStart(7)} | ${(pps / pdfPps).toFixed(3).padStart(5)} | ${mean('chars').toFixed(3).padStart(8)} | ${mean('words').toFixed(3).padStart(8)} | ${String(pages.reduce((s, p) => s + p.uncertain, 0)).padStart(15)} | ${`${worst.name} ${worst.chars.toFixed(3)}`.padEnd(18)} | ${scanPps.toFixed(2).padStart(20)} | ${sMean('chars').toFixed(3).padStart(8)} | ${sMean('words').toFixed(3).padStart(8)}`,
    );
  }
  const one = await renderPng(PAGES[1], { px: 24, skew: 1, noise: 0.01, seed: 1 });
  t = performance.now();
  await ocr.recognize(one);
  const t1 = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < 10; i++) await ocr.recognize(one);
  const t10 = performance.now() - t;
  console.log(
    `\ngrowth: 1 page ${t1.toFixed(0)} ms, 10 pages ${t10.toFixed(0)} ms (×${(t10 / t1).toFixed(1)} for ×10 pages)`,
  );
  const rssAfter = mb();
  await ocr.close();
  console.log(
    `memory (RSS): ${rss0} MB before, ${rssLoaded} MB with the OCR worker loaded, ${rssAfter} MB after the run, ${mb()} MB after close`,
  );
}

void main();
