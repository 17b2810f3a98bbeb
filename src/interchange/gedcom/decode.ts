/**
 * Bytes → text for every encoding GEDCOM files arrive in: UTF-8 (BOM or not), UTF-16 LE/BE (BOM
 * or not), ANSEL, cp1252 ("ANSI"), cp437 ("IBMPC"), Latin-1 and ASCII. The BOM wins, then the
 * byte pattern of "0 HEAD" in UTF-16, then the header's CHAR line; a file whose bytes contradict
 * its CHAR line is decoded by its bytes and the mismatch is reported as a warning.
 */
import { isAscii, isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { decodeAnsel } from './ansel';

export type GedcomEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'ansel' | 'cp1252' | 'cp437' | 'latin1' | 'ascii';

export interface Decoded {
  text: string;
  encoding: GedcomEncoding;
  bom: boolean;
  /** The header's CHAR value as written, if any. */
  declared?: string;
  warnings: string[];
}

/** The CHAR value from the first few KB, read as ASCII (every 8-bit GEDCOM encoding is ASCII-compatible). */
function declaredChar(head: string): string | undefined {
  const m = /^\s*1\s+CHAR\s+([^\r\n]*)/m.exec(head);
  return m?.[1]?.trim() || undefined;
}

function encodingOfChar(declared: string | undefined): GedcomEncoding | undefined {
  if (!declared) return undefined;
  const v = declared.toUpperCase().replace(/[\s_-]+/g, '');
  if (v === 'ANSEL') return 'ansel';
  if (v === 'UTF8') return 'utf8';
  // "UNICODE" means UTF-16 of either byte order; 8-bit bytes under it are guessed below.
  if (v === 'UNICODE' || v === 'UTF16') return 'utf16le';
  if (
    v === 'ANSI' ||
    v === 'IBMWINDOWS' ||
    v === 'WINDOWS' ||
    v === 'CP1252' ||
    v === 'WINDOWS1252' ||
    v === 'MSWINDOWS'
  )
    return 'cp1252';
  if (v === 'IBMPC' || v === 'IBMDOS' || v === 'CP437' || v === 'MSDOS' || v === 'DOS') return 'cp437';
  if (v === 'LATIN1' || v === 'ISO88591' || v === 'ISO8859') return 'latin1';
  if (v === 'ASCII' || v === 'USASCII') return 'ascii';
  return undefined;
}

export function decodeGedcom(bytes: Uint8Array, fileName = 'input'): Decoded {
  const warnings: string[] = [];
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) {
    const body = bytes.subarray(3);
    const declared = declaredChar(Buffer.from(body.subarray(0, 4096)).toString('latin1'));
    const enc = encodingOfChar(declared);
    if (enc && enc !== 'utf8' && enc !== 'ascii')
      warnings.push(`${fileName}: UTF-8 byte order mark but header says CHAR ${declared}; decoded as UTF-8`);
    return { text: new TextDecoder('utf-8').decode(body), encoding: 'utf8', bom: true, declared, warnings };
  }
  const utf16 =
    b0 === 0xff && b1 === 0xfe
      ? { enc: 'utf16le' as const, bom: true }
      : b0 === 0xfe && b1 === 0xff
        ? { enc: 'utf16be' as const, bom: true }
        : b0 === 0x30 && b1 === 0x00
          ? { enc: 'utf16le' as const, bom: false }
          : b0 === 0x00 && b1 === 0x30
            ? { enc: 'utf16be' as const, bom: false }
            : undefined;
  if (utf16) {
    const body = utf16.bom ? bytes.subarray(2) : bytes;
    const text = new TextDecoder(utf16.enc === 'utf16le' ? 'utf-16le' : 'utf-16be').decode(body);
    const declared = declaredChar(text.slice(0, 4096));
    const enc = encodingOfChar(declared);
    if (enc && enc !== 'utf16le' && enc !== 'utf8')
      warnings.push(`${fileName}: UTF-16 bytes but header says CHAR ${declared}; decoded as UTF-16`);
    return { text, encoding: utf16.enc, bom: utf16.bom, declared, warnings };
  }
  const declared = declaredChar(Buffer.from(bytes.subarray(0, 4096)).toString('latin1'));
  let enc = encodingOfChar(declared);
  if (declared && !enc) warnings.push(`${fileName}: unknown CHAR "${declared}"; guessing from the bytes`);
  // Native checks: validating UTF-8 by decoding it cost a second decode of the file.
  const high = !isAscii(bytes);
  const validUtf8 = high && isUtf8(bytes);
  if (!high) enc = enc === 'utf16le' || !enc ? 'ascii' : enc;
  else if (!enc || enc === 'ascii' || enc === 'utf16le') {
    enc = validUtf8 ? 'utf8' : 'cp1252';
    if (declared)
      warnings.push(
        `${fileName}: header says CHAR ${declared} but the bytes are not; decoded as ${enc === 'utf8' ? 'UTF-8' : 'cp1252'}`,
      );
  } else if (enc === 'utf8' && !validUtf8) {
    enc = 'cp1252';
    warnings.push(`${fileName}: header says CHAR ${declared} but the bytes are not valid UTF-8; decoded as cp1252`);
  } else if (enc !== 'utf8' && validUtf8) {
    // Multi-byte UTF-8 sequences almost never occur by chance in ANSEL/cp1252/cp437 text.
    warnings.push(`${fileName}: header says CHAR ${declared} but the bytes are valid UTF-8; decoded as UTF-8`);
    enc = 'utf8';
  }
  let text: string;
  // Pure 7-bit files decode the same in every one of these encodings: take the fast path.
  if (!high) return { text: new TextDecoder('utf-8').decode(bytes), encoding: enc, bom: false, declared, warnings };
  switch (enc) {
    case 'ansel': {
      const r = decodeAnsel(bytes);
      if (r.unmapped) warnings.push(`${fileName}: ${r.unmapped} byte(s) with no ANSEL meaning replaced by U+FFFD`);
      text = r.text;
      break;
    }
    case 'cp1252':
      text = iconv.decode(Buffer.from(bytes), 'win1252');
      break;
    case 'cp437':
      text = iconv.decode(Buffer.from(bytes), 'cp437');
      break;
    case 'latin1':
      text = iconv.decode(Buffer.from(bytes), 'latin1');
      break;
    default:
      text = new TextDecoder('utf-8').decode(bytes);
  }
  return { text, encoding: enc, bom: false, declared, warnings };
}
