/**
 * Nordic patronymics: a surname word that names the father. Swedish Johansson / Henriksdotter,
 * Danish and Norwegian Andersen / Olsdatter, Icelandic Þorsteinsson / Björnsdóttir and Finnish
 * Juhonpoika / Heikintytär (the father's name in the genitive: Juho → Juhon, Heikki → Heikin,
 * Matti → Matin, Jaakko → Jaakon) are one kind of name. The same person is "Matts Johansson" in a
 * Swedish-language church book and "Matti Juhonpoika" in a Finnish one: son of Johan = son of Juho.
 * Two patronymics are one when they name one father's name (by the given-name variants) and one sex.
 *
 * Only the endings below count; "-son" alone is read only with the genitive "s" before it
 * (Johansson, Jónsson, Eiríksson) or after a known given name (Magnusson = Magnus + son), since
 * English surnames in -son (Hudson, Mason) name no father of the bearer.
 */
import { foldName } from './fold';
import { listedGiven, nicknameMatch } from './nicknames';

export interface Patronymic {
  /** The father's given name the patronymic is read as, folded; a few readings when unsure. */
  fathers: string[];
  sex: 'M' | 'F';
}

/** Finnish -poika (son) and -tytär (daughter), after the father's name in the genitive (-n). */
const FINNISH = /^([a-z]{2,})n(poika|tytar)$/;
/** Swedish, Danish, Norwegian, Icelandic and Faroese daughters' endings. */
const DAUGHTER = /^([a-z]{2,})(dotter|dottir|datter)$/;
/** Sons: Swedish and Icelandic -son, Danish and Norwegian -sen. */
const SON = /^([a-z]{2,})(son|sen)$/;

/** A Finnish genitive stem back to the name: Heiki(n) → Heikki, Mati(n) → Matti, Jaako(n) → Jaakko. */
function finnishNominatives(stem: string): string[] {
  const out = [stem];
  // Consonant gradation weakens a double stop in the genitive (kk → k, tt → t, pp → p).
  const m = /^(.*[a-z])([kpt])([aeiouy])$/.exec(stem);
  if (m) out.push(`${m[1]}${m[2]}${m[2]}${m[3]}`);
  // Tuomaan → Tuomas: a name in -as lengthens its vowel in the genitive.
  if (/aa$/.test(stem)) out.push(`${stem.slice(0, -1)}s`);
  return out;
}

/** Danish and Norwegian letters in Latin before folding (foldName keeps Þ and ð as th and d). */
function latin(word: string): string {
  return word.replace(/[æÆ]/g, 'ae').replace(/[øØ]/g, 'o');
}

/** The patronymic a single surname word is, or undefined. */
export function nordicPatronymic(word: string): Patronymic | undefined {
  const w = foldName(latin(word)).replace(/[^a-z]/g, '');
  if (w.length < 5) return undefined;
  const fi = FINNISH.exec(w);
  if (fi) return { fathers: finnishNominatives(fi[1]), sex: fi[2] === 'tytar' ? 'F' : 'M' };
  const d = DAUGHTER.exec(w);
  if (d) return { fathers: genitiveStems(d[1]), sex: 'F' };
  const s = SON.exec(w);
  if (!s) return undefined;
  const stem = s[1];
  if (s[2] === 'son') {
    // Johansson, Jónsson, Eiríksson carry the genitive s; "-son" right after a name is read only
    // for a Nordic name (Magnusson, Nilsson), so English Johnson, Hudson or Wilson stay surnames.
    if (stem.endsWith('s') && stem.length >= 4) return { fathers: genitiveStems(stem), sex: 'M' };
    return NORDIC_GIVEN.has(stem) ? { fathers: [stem], sex: 'M' } : undefined;
  }
  // Danish and Norwegian -sen swallows the genitive s: Andersen (Anders), Jensen (Jens), Olsen (Ole).
  const fathers = [stem, `${stem}s`, `${stem}e`, `${stem}a`].filter(known);
  return fathers.length ? { fathers, sex: 'M' } : undefined;
}

function known(name: string): boolean {
  return NORDIC_GIVEN.has(name) || listedGiven(name);
}

/** Fathers' names common in Nordic patronymics that the given-name table may not hold. */
const NORDIC_GIVEN = new Set([
  'anders',
  'nils',
  'lars',
  'per',
  'pehr',
  'olof',
  'ole',
  'ola',
  'hans',
  'jens',
  'magnus',
  'mats',
  'matts',
  'jon',
  'pal',
  'pall',
  'bjorn',
  'einar',
  'gudmund',
  'sigurd',
  'thorstein',
  'eirik',
  'erik',
  'sven',
  'svein',
  'gunnar',
  'halvor',
  'knut',
  'peder',
  'jakob',
  'johan',
  'henrik',
  'israel',
  'isak',
  'gustaf',
  'karl',
  'carl',
  'anton',
  'petter',
  'mikael',
  'abraham',
  'samuel',
  'simon',
  'thomas',
  'tomas',
  'christen',
  'kristen',
  'christian',
  'kristian',
]);

/** The father's name from the stem before the ending: Johans(son) → Johan, Björns(dóttir) → Björn. */
function genitiveStems(stem: string): string[] {
  const out = new Set<string>([stem]);
  if (stem.endsWith('s') && stem.length > 2) out.add(stem.slice(0, -1));
  // Ols(datter) → Ole: a name in -e or -a drops its vowel before the genitive s.
  if (stem.endsWith('s')) for (const v of ['e', 'a']) if (known(stem.slice(0, -1) + v)) out.add(stem.slice(0, -1) + v);
  // Þorsteins(son) → Þorsteinn, Páls(dóttir) → Páll: Icelandic nominatives double the n or l.
  for (const x of [...out]) if (/[nl]$/.test(x)) out.add(`${x}${x.slice(-1)}`);
  return [...out];
}

/** Whether two fathers' names may be one name (Juho ~ Johan, Heikki ~ Henrik, Þorsteinn ~ Thorstein). */
export function fathersAlike(a: string, b: string): boolean {
  if (a === b || nicknameMatch(a, b)) return true;
  const n = Math.min(a.length, b.length);
  return n >= 4 && a.slice(0, n) === b.slice(0, n) && Math.abs(a.length - b.length) <= 1;
}

/** Whether two surname words are one patronymic (Juhonpoika = Johansson; Heikintytär = Henriksdotter). */
export function patronymicsAlike(a: string, b: string): boolean {
  const x = nordicPatronymic(a);
  const y = nordicPatronymic(b);
  if (!x || !y || x.sex !== y.sex) return false;
  return x.fathers.some((f) => y.fathers.some((g) => fathersAlike(f, g)));
}

/** Whether a surname word is a Nordic patronymic (not a farm or family name). */
export function isNordicPatronymic(word: string): boolean {
  return nordicPatronymic(word) !== undefined;
}
