/**
 * A PDF's own text layer, page by page (unpdf, a serverless build of pdf.js: no canvas, no
 * download). A page whose layer is empty is a scan: it has no text here and needs OCR or vision.
 */
import { withPdfJsGlobals } from './pdfjs-globals';

export interface PdfPages {
  pages: string[];
  producer: string;
}

export async function pdfTextPages(bytes: Uint8Array): Promise<PdfPages> {
  return withPdfJsGlobals(async () => {
    // Loaded on first use: the engine bundle does not carry pdf.js for cases without PDFs.
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    try {
      const { text } = await extractText(pdf, { mergePages: false });
      return { pages: text.map((t) => t.replace(/[ \t]+\n/g, '\n').trim()), producer: `PDF text layer (unpdf)` };
    } finally {
      await pdf.destroy();
    }
  });
}

/** A layer worth reading: some letters on at least half the pages (a scan with a stray OCR word is not). */
export function hasTextLayer(pages: string[]): boolean {
  if (!pages.length) return false;
  const withText = pages.filter((p) => (p.match(/\p{L}/gu) ?? []).length >= 20).length;
  return withText * 2 >= pages.length;
}
