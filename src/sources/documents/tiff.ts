/**
 * The pages of a multi-page TIFF (a scanner's usual output for a register or a file of letters).
 * The decoder is libtiff inside tesseract.js's WebAssembly build (through Leptonica), which reads a
 * file's first page only; so each page is handed to it as a file whose first page is that page:
 * the same bytes with the header pointing at the page's directory and that directory ending the
 * chain. Every offset in a TIFF is from the file's start, so nothing else moves. Reduced-resolution
 * copies (thumbnails, NewSubfileType bit 0) are not pages.
 */

/** Directory offsets of the full-resolution pages, in order; [] when the bytes are not a classic TIFF. */
export function tiffPageDirectories(bytes: Uint8Array): number[] {
  if (bytes.length < 8) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const le = bytes[0] === 0x49 && bytes[1] === 0x49;
  if (!le && !(bytes[0] === 0x4d && bytes[1] === 0x4d)) return [];
  // 42 is classic TIFF; BigTIFF (43) has 8-byte offsets and is read whole, as before.
  if (view.getUint16(2, le) !== 42) return [];
  const out: number[] = [];
  const seen = new Set<number>();
  let ifd = view.getUint32(4, le);
  while (ifd && ifd + 2 <= bytes.length && !seen.has(ifd) && seen.size < 10_000) {
    seen.add(ifd);
    const count = view.getUint16(ifd, le);
    const end = ifd + 2 + count * 12;
    if (end + 4 > bytes.length) break;
    let reduced = false;
    for (let i = 0; i < count; i++) {
      const at = ifd + 2 + i * 12;
      if (view.getUint16(at, le) !== 254) continue;
      const type = view.getUint16(at + 2, le);
      const value = type === 3 ? view.getUint16(at + 8, le) : view.getUint32(at + 8, le);
      reduced = (value & 1) === 1;
    }
    if (!reduced) out.push(ifd);
    ifd = view.getUint32(end, le);
  }
  return out;
}

/** The pages as one-page TIFF files (the bytes themselves when there is one page or the file is not classic TIFF). */
export function tiffPages(bytes: Uint8Array): Uint8Array[] {
  const dirs = tiffPageDirectories(bytes);
  if (dirs.length <= 1) return [bytes];
  const le = bytes[0] === 0x49;
  return dirs.map((ifd) => {
    const copy = new Uint8Array(bytes);
    const view = new DataView(copy.buffer);
    view.setUint32(4, ifd, le);
    view.setUint32(ifd + 2 + view.getUint16(ifd, le) * 12, 0, le);
    return copy;
  });
}
