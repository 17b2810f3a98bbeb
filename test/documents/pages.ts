/**
 * Record-like pages rendered from known text, for OCR accuracy tests and the bench: a census line,
 * a certificate, a gravestone inscription and a newspaper column. PNGs are drawn with pureimage (pure
 * JavaScript) in DejaVu Serif, a free font shipped by the dejavu-fonts-ttf package; PDFs are written
 * with pdf-lib. Noise and skew come from a seeded generator, so a page is the same in every run.
 */
import { PassThrough } from 'node:stream';
import { dirname, join } from 'node:path';
import * as PImage from 'pureimage';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface PageSpec {
  name: string;
  lines: string[];
}

export const PAGES: PageSpec[] = [
  {
    name: 'census line',
    lines: [
      'Census of 1880 Springfield Sangamon Illinois',
      'Schmidt Johann head 30 farmer born Bavaria',
      'Schmidt Maria wife 27 keeping house born Ohio',
    ],
  },
  {
    name: 'certificate',
    lines: [
      'Certificate of Marriage',
      'This certifies that William Hartwell',
      'and Sarah Pegg were united in marriage',
      'on the 14th day of June 1892 at Lowell',
    ],
  },
  {
    name: 'gravestone',
    lines: ['IN MEMORY OF', 'THOMAS OWENS', 'DIED MARCH 3 1871', 'AGED 67 YEARS'],
  },
  {
    name: 'newspaper column',
    lines: [
      'Died at her home on Tuesday last',
      'Mrs Anna Hoffman widow of the late',
      'Jacob Hoffman aged seventy two years',
      'She leaves three sons and a daughter',
    ],
  },
];

export function pageText(p: PageSpec): string {
  return p.lines.join('\n');
}

let fontFamily: string | undefined;
function font(): string {
  if (fontFamily) return fontFamily;
  const ttf = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSerif.ttf');
  PImage.registerFont(ttf, 'DejaVu Serif').loadSync();
  return (fontFamily = 'DejaVu Serif');
}

/** Seeded (mulberry32): the same page in every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RenderOptions {
  /** Text height in pixels (resolution): ~12 is a poor phone photo, ~32 a good scan. */
  px: number;
  /** Degrees. */
  skew?: number;
  /** Share of pixels flipped to a random grey, 0..1. */
  noise?: number;
  seed?: number;
}

async function encodePng(img: PImage.Bitmap): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => chunks.push(c));
  await PImage.encodePNGToStream(img, stream);
  return new Uint8Array(Buffer.concat(chunks));
}

export async function renderPng(p: PageSpec, o: RenderOptions): Promise<Uint8Array> {
  return encodePng(renderBitmap(p, o));
}

/**
 * A multi-page TIFF as a scanner writes one: 8-bit grey, uncompressed, one strip a page, little
 * endian; `thumbnail` adds a reduced-resolution copy of the first page (NewSubfileType 1), which is
 * not a page.
 */
export function renderTiff(pages: PageSpec[], o: RenderOptions, thumbnail = false): Uint8Array {
  const bitmaps = pages.map((p, i) => ({ bmp: renderBitmap(p, { ...o, seed: (o.seed ?? 1) + i }), reduced: false }));
  if (thumbnail)
    bitmaps.splice(1, 0, { bmp: renderBitmap(pages[0], { ...o, px: Math.max(6, o.px / 4) }), reduced: true });
  const parts: Uint8Array[] = [];
  let at = 8;
  const header = new Uint8Array(8);
  new DataView(header.buffer).setUint16(0, 0x4949, true);
  new DataView(header.buffer).setUint16(2, 42, true);
  parts.push(header);
  const patches: number[] = [];
  for (const { bmp, reduced } of bitmaps) {
    const grey = new Uint8Array(bmp.width * bmp.height);
    for (let i = 0; i < grey.length; i++) grey[i] = bmp.data[i * 4];
    const stripAt = at;
    parts.push(grey);
    at += grey.length + (grey.length % 2);
    if (grey.length % 2) parts.push(new Uint8Array(1));
    const tags: [number, number, number][] = [
      [254, 4, reduced ? 1 : 0],
      [256, 4, bmp.width],
      [257, 4, bmp.height],
      [258, 3, 8],
      [259, 3, 1],
      [262, 3, 1],
      [273, 4, stripAt],
      [277, 3, 1],
      [278, 4, bmp.height],
      [279, 4, grey.length],
    ];
    const ifd = new Uint8Array(2 + tags.length * 12 + 4);
    const v = new DataView(ifd.buffer);
    v.setUint16(0, tags.length, true);
    tags.forEach(([tag, type, value], i) => {
      v.setUint16(2 + i * 12, tag, true);
      v.setUint16(4 + i * 12, type, true);
      v.setUint32(6 + i * 12, 1, true);
      if (type === 3) v.setUint16(10 + i * 12, value, true);
      else v.setUint32(10 + i * 12, value, true);
    });
    patches.push(at);
    parts.push(ifd);
    at += ifd.length;
  }
  const out = new Uint8Array(at);
  let o2 = 0;
  for (const p of parts) {
    out.set(p, o2);
    o2 += p.length;
  }
  const dv = new DataView(out.buffer);
  dv.setUint32(4, patches[0], true);
  patches.forEach((ifdAt, i) => {
    const next = patches[i + 1] ?? 0;
    dv.setUint32(ifdAt + 2 + dv.getUint16(ifdAt, true) * 12, next, true);
  });
  return out;
}

function renderBitmap(p: PageSpec, o: RenderOptions): PImage.Bitmap {
  const family = font();
  const lineH = Math.round(o.px * 1.6);
  const longest = Math.max(...p.lines.map((l) => l.length));
  const w = Math.round(longest * o.px * 0.62 + o.px * 4);
  const h = lineH * p.lines.length + o.px * 4;
  const img = PImage.make(w, h);
  const ctx = img.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.save();
  if (o.skew) {
    ctx.translate(w / 2, h / 2);
    ctx.rotate((o.skew * Math.PI) / 180);
    ctx.translate(-w / 2, -h / 2);
  }
  ctx.fillStyle = '#111111';
  ctx.font = `${o.px}pt '${family}'`;
  p.lines.forEach((line, i) => ctx.fillText(line, o.px * 2, o.px * 2 + lineH * i + o.px));
  ctx.restore();
  if (o.noise) {
    const r = rng(o.seed ?? 1);
    const n = Math.round(w * h * o.noise);
    for (let i = 0; i < n; i++) {
      const g = Math.floor(r() * 256);
      img.setPixelRGBA(Math.floor(r() * w), Math.floor(r() * h), ((g << 24) | (g << 16) | (g << 8) | 0xff) >>> 0);
    }
  }
  return img;
}

/** A PDF with a real text layer (Times, a standard font: pdf-lib embeds no file for it). */
export async function renderPdf(pages: PageSpec[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  for (const p of pages) {
    const page = doc.addPage([420, 300]);
    p.lines.forEach((line, i) => page.drawText(line, { x: 24, y: 260 - i * 22, size: 14, font: times }));
  }
  return doc.save();
}

/** A scanned PDF: each PNG is one page, drawn at its pixel size, with no text layer (as a scanner writes it). */
export async function renderScannedPdf(pngs: Uint8Array[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const png of pngs) {
    const img = await doc.embedPng(png);
    doc.addPage([img.width, img.height]).drawImage(img, { x: 0, y: 0 });
  }
  return doc.save();
}

/** Levenshtein distance over arrays (characters or words). */
function distance<T>(a: readonly T[], b: readonly T[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** Uncertainty marks off, spaces normalised: what is compared with the known text. */
export function plain(text: string): string {
  return text
    .replace(/\[([^\]]*?)\?\]/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 1 − edit distance / length, for characters and for words. */
export function accuracy(expected: string, got: string): { chars: number; words: number } {
  const e = plain(expected);
  const g = plain(got);
  // eslint-disable-next-line @typescript-eslint/no-misused-spread -- the character error rate is counted in code points
  const chars = 1 - distance([...e], [...g]) / Math.max(1, e.length);
  const ew = e.split(' ');
  const words = 1 - distance(ew, g.split(' ')) / Math.max(1, ew.length);
  return { chars: Math.max(0, chars), words: Math.max(0, words) };
}
