/**
 * Issue #19 item 2: a chart exported as a PDF goes through the case's writer like the SVG: the
 * Censor reads the SVG's text first, and the PDF is drawn from what it let through.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { initCase } from '../../../src/case';
import { PeopleDirectory } from '../../../src/extension/people/directory';
import { pdfTextPages } from '../../../src/sources/documents/pdf-text';
import { tempDir } from '../../helpers/paths';

const clock = { now: () => new Date('2026-06-01T00:00:00Z'), sleep: async () => {} };

const SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 120" width="400" height="120">' +
  '<rect width="400" height="120" style="fill:rgb(255, 255, 255)"></rect>' +
  '<text x="10" y="30" style="fill:rgb(0, 0, 0);font-size:14px;font-weight:600">Johann Schmidt</text>' +
  '<text x="10" y="60" style="fill:rgb(0, 0, 0);font-size:12px">♂ b. ABT 1850, Bavaria</text>' +
  '<text x="10" y="90" style="fill:rgb(0, 0, 0);font-size:12px">write to johann.schmidt@example.org</text>' +
  '</svg>';

describe('chart export as PDF through the case writer (PeopleDirectory.saveChart)', function () {
  this.timeout(120_000);

  it('writes a PDF at the chosen path that parses, names the person, and holds no e-mail the Censor removed', async () => {
    const root = tempDir();
    await initCase(root, { question: 'chart', subject: { name: 'Johann Schmidt' } }, { clock });
    const directory = await PeopleDirectory.open(root);
    const out = join(tempDir(), 'pedigree-P1.pdf');
    const written = await directory.saveChart(out, SVG, 'pdf', 'Pedigree chart: Johann Schmidt');
    assert.equal(written, out);
    const bytes = readFileSync(out);
    const pdf = await PDFDocument.load(bytes);
    assert.equal(pdf.getPageCount(), 1);
    assert.equal(pdf.getTitle(), 'Pedigree chart: Johann Schmidt');
    const [text] = (await pdfTextPages(new Uint8Array(bytes))).pages;
    assert.match(text, /Johann Schmidt/);
    assert.match(text, /Bavaria/);
    assert.doesNotMatch(text, /johann\.schmidt@example\.org/);
  });

  it('still writes the SVG itself as text', async () => {
    const root = tempDir();
    await initCase(root, { question: 'chart', subject: { name: 'Johann Schmidt' } }, { clock });
    const directory = await PeopleDirectory.open(root);
    const out = join(tempDir(), 'pedigree-P1.svg');
    await directory.saveChart(out, SVG);
    const text = readFileSync(out, 'utf8');
    assert.match(text, /^<\?xml/);
    assert.match(text, /Johann Schmidt/);
    assert.doesNotMatch(text, /johann\.schmidt@example\.org/);
  });
});
