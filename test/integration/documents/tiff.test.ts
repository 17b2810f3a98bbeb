import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initCase, openCase } from '../../../src/case';
import { createOcrEngine } from '../../../src/sources/documents/ocr';
import { readSidecar } from '../../../src/sources/documents/sidecar';
import { tiffPageDirectories, tiffPages } from '../../../src/sources/documents/tiff';
import { transcribeDocuments } from '../../../src/sources/documents/transcribe';
import { accuracy, PAGES, pageText, renderPng, renderTiff } from '../../documents/pages';
import { tempDir } from '../../helpers/paths';

describe('documents: multi-page TIFF', function () {
  this.timeout(180_000);

  it('finds every page of the file and leaves out a thumbnail', () => {
    const tiff = renderTiff(PAGES.slice(0, 3), { px: 12 }, true);
    assert.equal(tiffPageDirectories(tiff).length, 3);
    const pages = tiffPages(tiff);
    assert.equal(pages.length, 3);
    // Each page is the file with its header pointing at that page, whose directory ends the chain.
    for (const p of pages) assert.deepEqual(tiffPageDirectories(p).length, 1);
    assert.deepEqual(tiffPages(renderTiff([PAGES[0]], { px: 12 })).length, 1);
    // Not a TIFF, or a broken chain: read whole, as before.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]);
    assert.deepEqual(tiffPages(png), [png]);
    const looped = renderTiff(PAGES.slice(0, 2), { px: 12 });
    const dv = new DataView(looped.buffer);
    const second = tiffPageDirectories(looped)[1];
    dv.setUint32(second + 2 + dv.getUint16(second, true) * 12, dv.getUint32(4, true), true);
    assert.equal(tiffPageDirectories(looped).length, 2, 'a chain that loops back ends');
  });

  it('the decoder reads each split page as its own (its text, not the first page’s)', async () => {
    const ocr = await createOcrEngine();
    try {
      const pages = tiffPages(renderTiff([PAGES[1], PAGES[2]], { px: 20, noise: 0.01, seed: 3 }));
      const texts = [];
      for (const p of pages) texts.push((await ocr.recognize(p)).text);
      assert.ok(accuracy(pageText(PAGES[1]), texts[0]).chars > 0.9, texts[0]);
      assert.ok(accuracy(pageText(PAGES[2]), texts[1]).chars > 0.9, texts[1]);
    } finally {
      await ocr.close();
    }
  });

  it('transcribes every page into the sidecar, with progress per page', async () => {
    const root = join(tempDir(), 'case');
    await initCase(root, { question: 'Q?', subject: { name: 'Anna Hoffman' } });
    writeFileSync(join(root, 'archive/register.tif'), renderTiff(PAGES, { px: 20, noise: 0.01, seed: 9 }, true));
    writeFileSync(join(root, 'archive/one.png'), await renderPng(PAGES[0], { px: 20 }));
    const pagesSeen = new Set<string>();
    const out = await transcribeDocuments(await openCase(root), {
      onProgress: (p) => pagesSeen.add(`${p.file} ${p.page}/${p.pages}`),
    });
    assert.deepEqual(
      out.map((o) => o.status),
      ['written', 'written'],
    );
    assert.deepEqual(
      [...pagesSeen].filter((s) => s.startsWith('archive/register.tif')),
      ['archive/register.tif 1/4', 'archive/register.tif 2/4', 'archive/register.tif 3/4', 'archive/register.tif 4/4'],
    );
    const side = readSidecar(readFileSync(join(root, 'archive/register.tif.md'), 'utf8'));
    assert.equal(side.kind, 'machine');
    if (side.kind !== 'machine') return;
    assert.equal(side.meta.pages, 4);
    assert.match(side.meta.transcriber, /4 TIFF pages/);
    const scores = PAGES.map((p, i) => {
      const body = side.body.split(/^## Page \d+$/m)[i + 1] ?? '';
      return accuracy(pageText(p), body).chars;
    });
    assert.ok(
      scores.every((c) => c > 0.85),
      `per page ${scores.map((c) => c.toFixed(3)).join(' ')}`,
    );
    const single = readSidecar(readFileSync(join(root, 'archive/one.png.md'), 'utf8'));
    assert.ok(single.kind === 'machine' && single.meta.pages === 1 && !/## Page/.test(single.body));
  });
});
