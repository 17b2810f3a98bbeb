import { strict as assert } from 'node:assert';
import { dirname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { chartFontDir, chartSvgToPdf, svgSize } from '../../../src/interchange/chart-pdf';
import { pdfTextPages } from '../../../src/sources/documents/pdf-text';

const fontDir = chartFontDir([join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')]);

/** The shape of what webview/pedigree exports: inline computed styles, a background, boxes, links, text. */
function chart(names: string[]): string {
  const box = (n: string, i: number) =>
    `<g class="box" transform="translate(${20 + i * 240},40)">` +
    `<rect width="200" height="64" rx="4" style="fill:rgb(37, 37, 38);stroke:rgb(0, 122, 204);stroke-width:1px;opacity:1"></rect>` +
    `<text x="10" y="20" style="fill:rgb(204, 204, 204);font-size:13px;font-weight:600;font-family:system-ui, sans-serif">${n}</text>` +
    `<text x="10" y="38" style="fill:rgb(157, 157, 157);font-size:11px;font-weight:400;font-family:system-ui, sans-serif">♂ b. 1886, Budapest</text>` +
    `<text x="10" y="54" style="fill:rgb(255, 204, 0);font-size:10px;font-weight:400;font-family:system-ui, sans-serif">⚠ 1 conflict · ⚭ +1</text></g>`;
  const w = 40 + names.length * 240;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="-20 -20 ${w} 184" width="${w}" height="184">` +
    `<rect x="-20" y="-20" width="${w}" height="184" style="fill:rgb(30, 30, 30)"></rect>` +
    `<g class="layer"><path d="M220,72H260" style="fill:none;stroke:rgb(128, 128, 128);stroke-width:1.5px"></path>` +
    names.map(box).join('') +
    `</g></svg>`
  );
}

describe('chart PDF export (src/interchange/chart-pdf.ts)', () => {
  it('draws the chart SVG as one page of its size that pdf-lib parses and whose text holds every name', async () => {
    const names = ['Ernest Fenyvesi', 'Fenyvesi Ernő', 'Zofia Łukasiewicz'];
    const svg = chart(names);
    const bytes = await chartSvgToPdf(svg, { fontDir, title: 'Pedigree: Ernest Fenyvesi', date: new Date(0) });
    assert.equal(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), '%PDF-');
    const pdf = await PDFDocument.load(bytes);
    assert.equal(pdf.getPageCount(), 1);
    const { width, height } = pdf.getPage(0).getSize();
    const px = svgSize(svg);
    assert.ok(Math.abs(width - px.w * 0.75) < 0.5 && Math.abs(height - px.h * 0.75) < 0.5, `${width}×${height}`);
    assert.equal(pdf.getTitle(), 'Pedigree: Ernest Fenyvesi');
    const [text] = (await pdfTextPages(bytes)).pages;
    for (const n of names) assert.ok(text.includes(n), `"${n}" is not in the PDF's text: ${text}`);
    assert.ok(text.includes('♂') && text.includes('Budapest'), text);
  });

  it('scales a chart wider than a PDF page may be (200 inches) down to fit', async () => {
    const svg = chart(Array.from({ length: 90 }, (_, i) => `Person ${i + 1}`));
    const pdf = await PDFDocument.load(await chartSvgToPdf(svg, { fontDir }));
    const { width, height } = pdf.getPage(0).getSize();
    assert.ok(width <= 14_400 + 0.5 && width > 14_000, `width ${width}`);
    assert.ok(height < 184 * 0.75, `height ${height}: scaled with the width`);
  });

  it('reads the size from the viewBox when width and height are missing, and refuses what is not an SVG', () => {
    assert.deepEqual(svgSize('<svg viewBox="0 0 300 150"></svg>'), { w: 300, h: 150 });
    assert.deepEqual(svgSize('<svg width="100%" viewBox="-5 -5 40 20"></svg>'), { w: 40, h: 20 });
    assert.throws(() => svgSize('<html></html>'), /no <svg>/);
    assert.throws(() => svgSize('<svg></svg>'), /no size/);
  });
});
