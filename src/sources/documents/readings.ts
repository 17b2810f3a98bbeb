/**
 * Two or more readings of one document compared word by word (the consensus of seeds 002/003): a
 * word of the first reading that another reading does not have at the same place in the sequence,
 * or that the reader itself bracketed, is marked `[word?]`. Comparison ignores case and
 * punctuation, so "Owens," and "OWENS" agree.
 */
import { markUncertain } from './ocr';
import { unaccented } from '../../model/names';

const norm = (w: string) => unaccented(w).replace(/[^\p{L}\p{N}]/gu, '');

/** For each word of `a`, whether it is part of a longest common subsequence with `b`. */
export function agreedWords(a: readonly string[], b: readonly string[]): boolean[] {
  const A = a.map(norm);
  const B = b.map(norm);
  const n = A.length;
  const m = B.length;
  // Rows of the LCS table from the end, so the walk below reads forwards.
  const t: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      t[i][j] = A[i] && A[i] === B[j] ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1]);
  const out = new Array<boolean>(n).fill(false);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (A[i] && A[i] === B[j]) {
      out[i] = true;
      i++;
      j++;
    } else if (t[i + 1][j] >= t[i][j + 1]) i++;
    else j++;
  }
  return out;
}

/** A reader's own doubt: `[word?]`, `[word]`, `[?]`, `[illegible]`. */
const BRACKETED = /^\[[^\]]*\]?[.,;:]?$|^\[?[^\]]*\?\]$/;

export interface Compared {
  text: string;
  uncertain: number;
  /** Share of words every reading agrees on. */
  agreement: number;
  /** The words no reading doubts: facts may rest only on these. */
  certainText: string;
}

function plainWord(w: string): string {
  return w.replace(/^\[/, '').replace(/\??\]([.,;:]?)$/, '$1');
}

/**
 * The first reading, line by line, with every word the others do not share (or that it bracketed
 * itself) marked uncertain. `others` are whole texts (a second reading, OCR of print).
 */
export function compareReadings(first: string, others: readonly string[]): Compared {
  const lines = first.split('\n').map((l) => l.split(/\s+/).filter(Boolean));
  const flat = lines.flat();
  const agreeAll = flat.map(() => true);
  for (const other of others) {
    const ok = agreedWords(flat.map(plainWord), other.split(/\s+/).filter(Boolean).map(plainWord));
    ok.forEach((v, i) => (agreeAll[i] &&= v));
  }
  let k = 0;
  let uncertain = 0;
  const certain: string[] = [];
  const text = lines
    .map((words) =>
      words
        .map((w) => {
          const idx = k++;
          const doubted = BRACKETED.test(w) || !agreeAll[idx];
          if (!doubted) {
            certain.push(w);
            return w;
          }
          // Only words with letters or digits are worth a mark ("—" stays as it is).
          if (!/[\p{L}\p{N}]/u.test(plainWord(w))) return w;
          uncertain += 1;
          certain.push('…');
          return markUncertain(plainWord(w));
        })
        .join(' '),
    )
    .join('\n');
  const words = flat.filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return {
    text,
    uncertain,
    agreement: words ? Number(((words - uncertain) / words).toFixed(3)) : 0,
    certainText: certain.join(' '),
  };
}
