/** Text normalisation shared by the resolver's comparators and blocking keys. */

const SUFFIXES = new Set(['jr', 'sr', 'junior', 'senior', 'esq', 'der', 'aeltere', 'juengere', 'elder', 'younger']);
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

const folded = new Map<string, string>();

/** Lower case, no diacritics, letters/digits/spaces only (ß → ss, æ → ae, ø → o). */
export function fold(text: string): string {
  // Names and places repeat endlessly in a tree: fold each distinct text once.
  let f = folded.get(text);
  if (f === undefined) {
    if (folded.size > 200_000) folded.clear();
    folded.set(text, (f = foldText(text)));
  }
  return f;
}

function foldText(text: string): string {
  return text
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[œŒ]/g, 'oe')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

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
      if (t === 'jr' || t === 'junior' || t === 'ii' || t === 'juengere' || t === 'younger') return 'jr';
      if (t === 'sr' || t === 'senior' || t === 'aeltere' || t === 'elder') return 'sr';
      if (t === 'iii' || t === 'iv') return t;
    }
  }
  return undefined;
}

/**
 * Splits a persona's free name ("Given /Surname/", "Given Surname", "Surname, Given") into parts.
 * The last token is taken as the surname when no slashes or comma mark it.
 */
export function splitName(name: string): { given: string; surname: string; suffix?: string } {
  const slash = /^(.*?)\/([^/]*)\/(.*)$/.exec(name);
  if (slash) return { given: `${slash[1]} ${slash[3]}`.trim(), surname: slash[2].trim() };
  const comma = /^([^,]+),\s*(.+)$/.exec(name);
  if (comma) return { given: comma[2].trim(), surname: comma[1].trim() };
  const words = name.trim().split(/\s+/);
  let suffix: string | undefined;
  while (words.length > 1 && SUFFIXES.has(fold(words[words.length - 1]))) suffix = words.pop();
  if (words.length === 1) return { given: words[0], surname: '', suffix };
  const surname = words.pop() ?? '';
  return { given: words.join(' '), surname, suffix };
}
