/**
 * Phonetic keys of name tokens (talisman): Double Metaphone, so Schmidt, Schmitt and Smith share a
 * key, as do Müller and Miller; Daitch–Mokotoff for Slavic, Yiddish and German spellings.
 * Names repeat endlessly in an archive or a tree: every cache is bounded, not a leak.
 */
import daitchMokotoff from 'talisman/phonetics/daitch-mokotoff';
import doubleMetaphone from 'talisman/phonetics/double-metaphone';
import { foldName } from './fold';

export { doubleMetaphone };

const keyCache = new Map<string, string[]>();

/** Both Double Metaphone codes of a token (folded first), without empty or repeated codes. */
export function phoneticKeys(token: string): string[] {
  const cached = keyCache.get(token);
  if (cached) return cached;
  const t = foldName(token).replace(/[^a-z]/g, '');
  const [a, b] = t ? doubleMetaphone(t) : ['', ''];
  const keys = [...new Set([a, b].filter((k): k is string => Boolean(k)))];
  if (keyCache.size > 100_000) keyCache.clear();
  keyCache.set(token, keys);
  return keys;
}

/**
 * Daitch–Mokotoff codes of a surname token: the soundex made for Slavic, Yiddish and German
 * spellings (Lewkowicz ~ Lefkowitz, Kowalski ~ Kovalsky), which Double Metaphone keeps apart.
 * Used to widen archive searches only; identity decisions keep the stricter `namesAlike`.
 */
export function surnameSoundex(token: string): string[] {
  const t = foldName(token).replace(/[^a-z]/g, '');
  return t.length >= 4 ? daitchMokotoff(t) : [];
}

const metaCache = new Map<string, string[]>();
/** Double Metaphone (primary, alternate when it differs) of an already folded word: the resolver's codes. */
export function metaphoneCodes(word: string): string[] {
  let m = metaCache.get(word);
  if (!m) {
    const [p, s] = doubleMetaphone(word);
    m = p === s || !s ? [p] : [p, s];
    if (metaCache.size > 200_000) metaCache.clear();
    metaCache.set(word, m);
  }
  return m;
}

const dmCache = new Map<string, string[]>();
/** Daitch–Mokotoff codes (all branches) of an already folded word; [] when it has no letter. */
export function daitchMokotoffCodes(word: string): string[] {
  let m = dmCache.get(word);
  if (!m) {
    m = /[a-z]/.test(word) ? daitchMokotoff(word) : [];
    if (dmCache.size > 200_000) dmCache.clear();
    dmCache.set(word, m);
  }
  return m;
}
