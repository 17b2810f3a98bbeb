/**
 * The page images of a scanned PDF (no text layer), without a canvas: pdf.js (through unpdf)
 * decodes each image the page paints, and a scan is one image per page, so the page's largest image
 * is the page. Returned as PNG files, which OCR and the document view read.
 */
import { withPdfJsGlobals } from './pdfjs-globals';
import { encodePng, type Raster } from './raster';

export interface PdfPageImage {
  /** 1-based. */
  page: number;
  /** The page's scan as a PNG; undefined for a page that paints no image. */
  png?: Uint8Array;
  width?: number;
  height?: number;
}

interface PdfJsImage {
  width: number;
  height: number;
  data?: Uint8Array | Uint8ClampedArray;
  /** pdf.js ImageKind: 1 grey at 1 bit per pixel, 2 RGB, 3 RGBA. */
  kind?: number;
}

/** pdf.js's decoded image as a raster; 1-bit scans (fax, JBIG2) are unpacked to grey, 1 = white. */
function toRaster(img: PdfJsImage): Raster | undefined {
  const { width, height, data } = img;
  if (!data || !width || !height) return undefined;
  const px = width * height;
  if (img.kind === 1 || data.length === Math.ceil(width / 8) * height) {
    const stride = Math.ceil(width / 8);
    const grey = new Uint8Array(px);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        grey[y * width + x] = (data[y * stride + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
    return { width, height, channels: 1, data: grey };
  }
  const channels = data.length / px;
  return channels === 1 || channels === 3 || channels === 4 ? { width, height, channels, data } : undefined;
}

/**
 * Each page's scan, one page at a time (a long scan is never all in memory as PNGs). `pages` limits
 * the work to some pages (1-based); the default is every page.
 */
export async function* pdfPageImages(
  bytes: Uint8Array,
  opts: { pages?: number[]; signal?: AbortSignal } = {},
): AsyncGenerator<PdfPageImage & { pages: number }> {
  const g = withPdfJsGlobals;
  const { getDocumentProxy, getResolvedPDFJS } = await g(() => import('unpdf'));
  const { OPS } = await g(() => getResolvedPDFJS());
  const pdf = await g(() => getDocumentProxy(new Uint8Array(bytes)));
  try {
    const wanted = opts.pages ?? Array.from({ length: pdf.numPages }, (_, i) => i + 1);
    for (const n of wanted) {
      opts.signal?.throwIfAborted();
      // Each page's pdf.js work inside the globals it needs; the caller's OCR between pages outside them.
      const best = await g(async () => {
        const page = await pdf.getPage(n);
        const ops = await page.getOperatorList();
        let found: Raster | undefined;
        for (let i = 0; i < ops.fnArray.length; i++) {
          if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
          const key = (ops.argsArray[i] as unknown[])[0] as string;
          const store = key.startsWith('g_') ? page.commonObjs : page.objs;
          const img = await new Promise<PdfJsImage | null>((resolve) => {
            store.get(key, (v: unknown) => resolve(v as PdfJsImage | null));
          });
          const r = img ? toRaster(img) : undefined;
          if (r && (!found || r.width * r.height > found.width * found.height)) found = r;
        }
        page.cleanup();
        return found;
      });
      yield best
        ? { page: n, pages: pdf.numPages, png: encodePng(best), width: best.width, height: best.height }
        : { page: n, pages: pdf.numPages };
    }
  } finally {
    await g(() => pdf.destroy());
  }
}
