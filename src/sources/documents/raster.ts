/**
 * Pixels to a PNG file (fflate's zlib, no native code): how a scanned PDF's page image reaches OCR
 * and the document view, which read image files, not raw pixels.
 */
import { zlibSync } from 'fflate';

export interface Raster {
  width: number;
  height: number;
  /** 1 grey, 3 RGB, 4 RGBA; row by row, no padding. */
  channels: 1 | 3 | 4;
  data: Uint8Array | Uint8ClampedArray;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

export function encodePng(r: Raster): Uint8Array {
  const { width, height, channels } = r;
  if (r.data.length !== width * height * channels)
    throw new Error(`raster of ${width}×${height}×${channels} has ${r.data.length} bytes`);
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header[8] = 8;
  header[9] = channels === 1 ? 0 : channels === 3 ? 2 : 6;
  const row = width * channels;
  // Filter type 0 (none) before every row.
  const raw = new Uint8Array((row + 1) * height);
  for (let y = 0; y < height; y++) raw.set(r.data.subarray(y * row, (y + 1) * row), y * (row + 1) + 1);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
