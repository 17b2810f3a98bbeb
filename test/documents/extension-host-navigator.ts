/**
 * Run in a child process by test/integration/documents/pdfjs-globals.test.ts: `navigator` as VS
 * Code's extension host leaves it (a getter with no setter that returns undefined), then a PDF's
 * text layer and a scanned PDF's page images are read. Prints one JSON line. With `--bare`, unpdf
 * is called directly, without withPdfJsGlobals, to show what the host does to pdf.js.
 */
import { pdfPageImages } from '../../src/sources/documents/pdf-images';
import { pdfTextPages } from '../../src/sources/documents/pdf-text';
import { PAGES, renderPdf, renderPng, renderScannedPdf } from './pages';

let reads = 0;
const hostGetter = () => {
  reads += 1;
  return undefined;
};
Object.defineProperty(globalThis, 'navigator', { get: hostGetter, configurable: true, enumerable: true });

async function main(): Promise<void> {
  const text = await renderPdf([PAGES[0], PAGES[1]]);
  if (process.argv.includes('--bare')) {
    const { extractText, getDocumentProxy } = await import('unpdf');
    await extractText(await getDocumentProxy(text), { mergePages: false });
    console.log(JSON.stringify({ ok: true }));
    return;
  }
  const pages = (await pdfTextPages(text)).pages.length;
  let images = 0;
  for await (const p of pdfPageImages(await renderScannedPdf([await renderPng(PAGES[2], { px: 12 })])))
    if (p.png) images += 1;
  const restored = Object.getOwnPropertyDescriptor(globalThis, 'navigator')?.get === hostGetter;
  console.log(JSON.stringify({ ok: true, pages, images, restored, reads }));
}

main().catch((e: unknown) => console.log(JSON.stringify({ ok: false, error: (e as Error).message })));
