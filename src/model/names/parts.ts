/**
 * The parts of a name: titles, generational suffixes, regnal numbers and placeholder words
 * ("Son", "Infant") told apart from the given names and surnames they surround.
 */
import { fold } from './fold';

/**
 * The younger and the elder of one name as other languages write them after it: Hungarian "ifj."
 * (ifjabb) and "idősebb", French "fils", Portuguese "Filho", Spanish "hijo", British "Jnr"/"Snr".
 * ("père", "Jun." and "Sen." are left out: Pere, Jun and Sen are also names.)
 */
const YOUNGER = ['jr', 'junior', 'juengere', 'younger', 'ifj', 'ifjabb', 'fils', 'filho', 'hijo', 'jnr', 'junr'];
const ELDER = ['sr', 'senior', 'aeltere', 'elder', 'idosebb', 'snr', 'senr'];
const SUFFIXES = new Set([...YOUNGER, ...ELDER, 'esq', 'der']);
/** A generational suffix or honorific written after a name (Jr, Sr, Esq, der Ältere), folded. */
export function isSuffix(token: string): boolean {
  return SUFFIXES.has(token);
}
/** Regnal and generational numbers written after a given name (Louis XIV, John III). */
const ROMAN = /^(?:ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii|xiii|xiv|xv|xvi|xvii|xviii|xix|xx|xxi)$/;
export function isRegnal(token: string): boolean {
  return ROMAN.test(token);
}
const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'dr',
  'rev',
  'sir',
  'dame',
  'lady',
  'lord',
  'capt',
  'col',
  'gen',
  'lt',
  'sgt',
  'prof',
  'hon',
  'st',
  'saint',
  'king',
  'queen',
  'prince',
  'princess',
  'duke',
  'duchess',
  'count',
  'countess',
  'baron',
  'earl',
  'don',
  'dona',
  'dom',
  'infante',
  'infanta',
  'archduke',
  'archduchess',
  'grand',
  'elector',
  'margrave',
  'landgrave',
  'tsar',
  'czar',
  'emperor',
  'empress',
  'pope',
  'herzog',
  'graf',
  'grafin',
  'furst',
  'prinz',
  'prinzessin',
  'sieur',
]);

/**
 * Words that stand in for an unknown name ("Son", "Infant", "Twin Boy 1", "NN"): two placeholders
 * agreeing is no evidence (webtrees #4603: identical placeholder names proposed as duplicates).
 */
const PLACEHOLDERS = new Set([
  'son',
  'daughter',
  'child',
  'infant',
  'baby',
  'unknown',
  'unnamed',
  'twin',
  'boy',
  'girl',
  'nn',
  'stillborn',
  'male',
  'female',
  'mr',
  'mrs',
  'miss',
  'fnu',
  'lnu',
  'nmn',
  'dau',
  'dtr',
  'ch',
  'inf',
  'sohn',
  'tochter',
  'kind',
  'fils',
  'fille',
  'enfant',
]);

/** Tokens of a given-name string without titles and generational suffixes; [] for a placeholder. */
export function givenTokens(given: string): string[] {
  const tokens = fold(given)
    .split(' ')
    .filter((t) => t && !TITLES.has(t) && !SUFFIXES.has(t));
  // A placeholder keeps only its number, so "Twin 1" and "Twin 2" still differ.
  if (tokens.length && tokens.every((t) => PLACEHOLDERS.has(t) || /^\d+$/.test(t)))
    return tokens.filter((t) => /^\d+$/.test(t));
  return tokens;
}

/** A surname folded and with particles kept but joined ("van der Berg" → "vanderberg" as one key, also "berg"). */
export function surnameForms(surname: string): string[] {
  const f = fold(surname);
  if (!f) return [];
  const tokens = f.split(' ').filter((t) => !SUFFIXES.has(t));
  if (!tokens.length) return [];
  const joined = tokens.join('');
  const last = tokens[tokens.length - 1];
  return joined === last ? [joined] : [joined, last];
}

/** Generational suffix (Jr, Sr, III …) found in any part of a name: a hint for parent/child pairs. */
export function generationOf(...parts: (string | undefined)[]): string | undefined {
  for (const p of parts) {
    if (!p) continue;
    for (const t of fold(p).split(' ')) {
      if (t === 'ii' || YOUNGER.includes(t)) return 'jr';
      if (ELDER.includes(t)) return 'sr';
      if (t === 'iii' || t === 'iv') return t;
    }
  }
  return undefined;
}
