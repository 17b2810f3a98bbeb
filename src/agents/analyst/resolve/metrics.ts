/**
 * String metrics for the comparators, without allocation. talisman's jaro allocates four arrays per
 * call and its Damerau-Levenshtein a matrix; scoring 100k persons calls them millions of times, and
 * that garbage was most of the collector's work. Same algorithm and same results as
 * talisman/metrics/jaro-winkler (boost threshold 0.7, scaling 0.1, prefix ≤ 4) — a property test
 * checks they agree.
 */

let maxFlags = new Uint8Array(64);
let minFlags = new Uint8Array(64);

function jaro(a: string, b: string): number {
  if (a === b) return 1;
  const max = a.length > b.length ? a : b;
  const min = a.length > b.length ? b : a;
  if (maxFlags.length < max.length) maxFlags = new Uint8Array(max.length * 2);
  if (minFlags.length < min.length) minFlags = new Uint8Array(min.length * 2);
  maxFlags.fill(0, 0, max.length);
  minFlags.fill(0, 0, min.length);
  const range = Math.max(((max.length / 2) | 0) - 1, 0);
  let matches = 0;
  for (let i = 0; i < min.length; i++) {
    const ch = min.charCodeAt(i);
    const end = Math.min(i + range + 1, max.length);
    for (let j = Math.max(i - range, 0); j < end; j++) {
      if (!maxFlags[j] && ch === max.charCodeAt(j)) {
        maxFlags[j] = 1;
        minFlags[i] = 1;
        matches++;
        break;
      }
    }
  }
  if (!matches) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < min.length; i++) {
    if (!minFlags[i]) continue;
    while (!maxFlags[k]) k++;
    if (min.charCodeAt(i) !== max.charCodeAt(k)) transpositions++;
    k++;
  }
  const t = (transpositions / 2) | 0;
  const m = matches;
  return (m / a.length + m / b.length + (m - t) / m) / 3;
}

/** Jaro-Winkler similarity in [0,1]. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const dj = jaro(a, b);
  if (dj < 0.7) return dj;
  const limit = Math.min(a.length, b.length, 4);
  let l = 0;
  while (l < limit && a.charCodeAt(l) === b.charCodeAt(l)) l++;
  return dj + l * 0.1 * (1 - dj);
}

/** True when one insertion, deletion, substitution or adjacent transposition turns a into b (distance exactly 1). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (la === lb) {
    // A substitution at i, or a and b swapped at i, i+1; the rest equal.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One character inserted at i in the longer string.
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
