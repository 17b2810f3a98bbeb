/**
 * A family chart (pedigree, fan, descendants) as a PDF: the standalone SVG the chart webview
 * exports, drawn into one PDF page of the chart's own size by PDFKit and svg-to-pdfkit. Both run
 * in Node without a DOM (svg-to-pdfkit parses the SVG itself), bundle with esbuild and need no
 * network. Text is set in DejaVu Sans, embedded as a subset with its Unicode map, so every name
 * (Fenyvesi Ernő, Łukasiewicz, the ♂ ♀ ⚭ signs) is drawn and can be searched and copied.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';

/** The two faces a chart uses; the build copies them to dist/fonts/ (scripts/build.mjs). */
export const CHART_FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

/** PDF's largest page side (200 inches, in points): a bigger chart is scaled down to fit. */
const MAX_SIDE = 14_400;
/** CSS pixels to PDF points. */
const PX_TO_PT = 72 / 96;

/** The folder that holds the chart fonts: beside the bundle, or the dejavu-fonts-ttf package (tests, tsx). */
export function chartFontDir(candidates: readonly string[]): string {
  for (const dir of candidates) if (existsSync(join(dir, CHART_FONT_FILES.regular))) return dir;
  throw new Error(`the chart font ${CHART_FONT_FILES.regular} is in none of: ${candidates.join(', ')}`);
}

/** The SVG's own size in CSS pixels: its width/height attributes, else its viewBox. */
export function svgSize(svg: string): { w: number; h: number } {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!root) throw new Error('not an SVG document: no <svg> element');
  const attr = (name: string) => {
    const m = new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root);
    return m ? m[1] : undefined;
  };
  const num = (v: string | undefined) => (v !== undefined && /^\s*[\d.]+(px)?\s*$/.test(v) ? parseFloat(v) : NaN);
  let w = num(attr('width'));
  let h = num(attr('height'));
  if (!(w > 0 && h > 0)) {
    const vb = attr('viewBox')
      ?.trim()
      .split(/[\s,]+/)
      .map(Number);
    if (vb?.length === 4 && vb[2] > 0 && vb[3] > 0) [w, h] = [vb[2], vb[3]];
  }
  if (!(w > 0 && h > 0)) throw new Error('the SVG has no size (width and height, or a viewBox)');
  return { w, h };
}

export interface ChartPdfOptions {
  /** A folder holding CHART_FONT_FILES. */
  fontDir: string;
  /** The document's title (the chart's subject). */
  title?: string;
  /** Creation date written into the PDF (a fixed one keeps tests reproducible). */
  date?: Date;
}

/** Draws an exported chart SVG as a one-page PDF of the chart's size; returns the PDF's bytes. */
export function chartSvgToPdf(svg: string, opts: ChartPdfOptions): Promise<Uint8Array> {
  const { w, h } = svgSize(svg);
  const scale = Math.min(1, MAX_SIDE / (w * PX_TO_PT), MAX_SIDE / (h * PX_TO_PT));
  const size: [number, number] = [w * PX_TO_PT * scale, h * PX_TO_PT * scale];
  const regular = join(opts.fontDir, CHART_FONT_FILES.regular);
  const bold = join(opts.fontDir, CHART_FONT_FILES.bold);
  const date = opts.date ?? new Date();
  const doc = new PDFDocument({
    size,
    margin: 0,
    autoFirstPage: true,
    // Never the standard Helvetica (Latin-1 only, read from PDFKit's data files): the embedded face.
    font: regular,
    info: {
      Title: opts.title ?? 'Family chart',
      Creator: 'Ancestry Engine',
      Producer: 'Ancestry Engine (PDFKit)',
      CreationDate: date,
      ModDate: date,
    },
    pdfVersion: '1.7',
  });
  doc.registerFont('Chart', regular);
  doc.registerFont('Chart-Bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  SVGtoPDF(doc, svg, 0, 0, {
    width: size[0],
    height: size[1],
    assumePt: false,
    preserveAspectRatio: 'xMidYMid meet',
    fontCallback: (_family: string, bold: boolean) => (bold ? 'Chart-Bold' : 'Chart'),
    // An SVG feature PDFKit cannot draw is left out of the page, not printed to the host's console.
    warningCallback: () => undefined,
  });
  doc.end();
  return done;
}
