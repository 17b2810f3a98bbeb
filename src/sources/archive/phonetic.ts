/**
 * Name keys for blocking: both Double Metaphone codes of a name token (talisman), so Schmidt,
 * Schmitt and Smith share a key, as do Müller and Miller.
 */
import { nicknameMatch } from '../../agents/analyst/resolve/nicknames';

// talisman ships no types; these modules have one well-known signature each.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const doubleMetaphone = require('talisman/phonetics/double-metaphone') as (word: string) => [string, string];
// eslint-disable-next-line @typescript-eslint/no-require-imports
const daitchMokotoff = require('talisman/phonetics/daitch-mokotoff') as (word: string) => string[];

export function foldName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z\s'-]+/g, ' ')
    .trim();
}

export function nameTokens(s: string): string[] {
  return foldName(s.replace(/\//g, ' '))
    .split(/[\s'-]+/)
    .filter((t) => t.length > 0);
}

const keyCache = new Map<string, string[]>();

export function phoneticKeys(token: string): string[] {
  const cached = keyCache.get(token);
  if (cached) return cached;
  const t = foldName(token).replace(/[^a-z]/g, '');
  const [a, b] = t ? doubleMetaphone(t) : ['', ''];
  const keys = [...new Set([a, b].filter((k): k is string => Boolean(k)))];
  // Names repeat endlessly in an archive: the cache is bounded, not a leak.
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

/** Phonetically alike, known variants (Johann ~ John, Karl ~ Charles), an initial or an abbreviation. */
export function namesAlike(a: string, b: string): boolean {
  const fa = foldName(a).replace(/[^a-z]/g, '');
  const fb = foldName(b).replace(/[^a-z]/g, '');
  if (!fa || !fb) return false;
  if (fa === fb || nicknameMatch(fa, fb)) return true;
  if (fa.length === 1 || fb.length === 1) return fa[0] === fb[0];
  // An abbreviation ("Joh.", "Wilh.") is a prefix of the full name.
  const [short, long] = fa.length <= fb.length ? [fa, fb] : [fb, fa];
  if (short.length <= 4 && short.length < long.length && long.startsWith(short)) return true;
  const ka = phoneticKeys(fa);
  const kb = new Set(phoneticKeys(fb));
  return ka.some((k) => kb.has(k));
}

/** "Johann /Schmidt/", "Johann Schmidt" or "Schmidt, Johann" → given and surname. */
export function splitPersonaName(name: string): { given: string; surname: string } {
  const slash = /^(.*?)\s*\/([^/]*)\/\s*(.*)$/.exec(name.trim());
  if (slash) return { given: `${slash[1] ?? ''} ${slash[3] ?? ''}`.trim(), surname: (slash[2] ?? '').trim() };
  const comma = /^([^,]+),\s*(.+)$/.exec(name.trim());
  if (comma) return { given: comma[2].trim(), surname: comma[1].trim() };
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return { given: parts[0] ?? '', surname: '' };
  return { given: parts.slice(0, -1).join(' '), surname: parts[parts.length - 1] };
}
