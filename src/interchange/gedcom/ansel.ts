/**
 * ANSEL (ANSI/NISO Z39.47) with the GEDCOM 5.5 additions, decoded to Unicode NFC.
 * ANSEL writes combining diacritics BEFORE the letter they modify; Unicode writes them after,
 * so marks are held until their base character arrives.
 */

/** Spacing (non-combining) characters above 0x7F. */
const SPACING: Record<number, string> = {
  0xa1: '\u0141',
  0xa2: '\u00d8',
  0xa3: '\u0110',
  0xa4: '\u00de',
  0xa5: '\u00c6',
  0xa6: '\u0152',
  0xa7: '\u02b9',
  0xa8: '\u00b7',
  0xa9: '\u266d',
  0xaa: '\u00ae',
  0xab: '\u00b1',
  0xac: '\u01a0',
  0xad: '\u01af',
  0xae: '\u02bc',
  0xb0: '\u02bb',
  0xb1: '\u0142',
  0xb2: '\u00f8',
  0xb3: '\u0111',
  0xb4: '\u00fe',
  0xb5: '\u00e6',
  0xb6: '\u0153',
  0xb7: '\u02ba',
  0xb8: '\u0131',
  0xb9: '\u00a3',
  0xba: '\u00f0',
  0xbc: '\u01a1',
  0xbd: '\u01b0',
  // GEDCOM 5.5 additions to ANSEL.
  0xbe: '\u25a1',
  0xbf: '\u25a0',
  0xc0: '\u00b0',
  0xc1: '\u2113',
  0xc2: '\u2117',
  0xc3: '\u00a9',
  0xc4: '\u266f',
  0xc5: '\u00bf',
  0xc6: '\u00a1',
  0xc7: '\u00df',
  0xc8: '\u20ac',
  0xcd: '\u0065',
  0xce: '\u006f',
  0xcf: '\u00df',
};

/** Combining diacritics 0xE0–0xFE (written before the base letter). */
const COMBINING: Record<number, string> = {
  0xe0: '\u0309',
  0xe1: '\u0300',
  0xe2: '\u0301',
  0xe3: '\u0302',
  0xe4: '\u0303',
  0xe5: '\u0304',
  0xe6: '\u0306',
  0xe7: '\u0307',
  0xe8: '\u0308',
  0xe9: '\u030c',
  0xea: '\u030a',
  0xeb: '\ufe20',
  0xec: '\ufe21',
  0xed: '\u0315',
  0xee: '\u030b',
  0xef: '\u0310',
  0xf0: '\u0327',
  0xf1: '\u0328',
  0xf2: '\u0323',
  0xf3: '\u0324',
  0xf4: '\u0325',
  0xf5: '\u0333',
  0xf6: '\u0332',
  0xf7: '\u0326',
  0xf8: '\u031c',
  0xf9: '\u032e',
  0xfa: '\ufe22',
  0xfb: '\ufe23',
  0xfe: '\u0313',
};

export interface AnselResult {
  text: string;
  /** Bytes with no ANSEL meaning (replaced by U+FFFD). */
  unmapped: number;
}

export function decodeAnsel(bytes: Uint8Array): AnselResult {
  const out: string[] = [];
  let pending = '';
  let unmapped = 0;
  let chunk = '';
  const flush = () => {
    if (chunk) {
      out.push(chunk);
      chunk = '';
    }
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x80) {
      // A mark before a line break or control char has no base: keep it on a space.
      const base = String.fromCharCode(b);
      if (pending) {
        chunk += b === 0x0a || b === 0x0d ? ' ' + pending + base : base + pending;
        pending = '';
      } else chunk += base;
      if (chunk.length > 8192) flush();
      continue;
    }
    const mark = COMBINING[b];
    if (mark) {
      pending += mark;
      continue;
    }
    let ch = SPACING[b];
    if (ch === undefined) {
      ch = '\ufffd';
      unmapped++;
    }
    chunk += ch + pending;
    pending = '';
  }
  if (pending) chunk += ' ' + pending;
  flush();
  return { text: out.join('').normalize('NFC'), unmapped };
}

const ENCODE_SPACING = new Map<string, number>(
  Object.entries(SPACING)
    .filter(([k]) => !['205', '206', '207'].includes(k))
    .map(([k, v]) => [v, Number(k)]),
);
const ENCODE_COMBINING = new Map<string, number>(Object.entries(COMBINING).map(([k, v]) => [v, Number(k)]));

/** Unicode → ANSEL bytes (marks moved before their base); characters ANSEL lacks become "?". */
export function encodeAnsel(text: string): { bytes: Uint8Array; unmappable: number } {
  const out: number[] = [];
  let unmappable = 0;
  for (const cluster of text.normalize('NFD').match(/\P{M}\p{M}*|\p{M}+/gu) ?? []) {
    // eslint-disable-next-line @typescript-eslint/no-misused-spread -- code points are meant: a base and its NFD marks, each its own ANSEL byte
    const chars = [...cluster];
    const base = /\p{M}/u.test(chars[0]) ? '' : chars.shift()!;
    for (const m of chars) {
      const code = ENCODE_COMBINING.get(m);
      if (code === undefined) unmappable++;
      else out.push(code);
    }
    if (!base) continue;
    const c = base.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else {
      const code = ENCODE_SPACING.get(base);
      if (code === undefined) {
        unmappable++;
        out.push(0x3f);
      } else out.push(code);
    }
  }
  return { bytes: Uint8Array.from(out), unmappable };
}
