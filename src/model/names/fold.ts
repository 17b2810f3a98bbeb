/**
 * Folding: a name reduced to the letters that compare. Every fold of the code base lives here, each
 * kept as its users had it (their outputs are stored: novelty hashes, index words, scores):
 * `unaccented` only drops case and diacritics (given names looked up, snippets, model output
 * compared with a record); `foldName` keeps apostrophes and hyphens (archive search, the engine's
 * subject lookup, the Analyst's mention matching); `fold` also keeps digits and expands ligatures
 * (the resolver's comparators and blocking keys, place names); `foldWords` keeps letters a–z and
 * digits as words (search queries' novelty keys, evidence counts); `nameWords` keeps the letters of
 * every script (the tree index's name search).
 */

/**
 * Cyrillic and Greek letters in Latin, as the registers of emigration wrote the same names (BGN/PCGN
 * for Russian and Greek, the Ukrainian national system when the text has a Ukrainian letter):
 * "Гнатишин" is "hnatyshyn", "Иван" is "ivan", "Γεώργιος" is "georgios". Lower case. A name written
 * in Cyrillic is then compared, indexed and searched like its Latin forms instead of folding to nothing.
 */
const CYRILLIC_GREEK: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};
const UKRAINIAN: Record<string, string> = { г: 'h', и: 'y', й: 'i' };
const NON_LATIN = /[\u0370-\u03ff\u0400-\u04ff]/;

/**
 * Nordic letters as emigrants' records and indexes write them: Þorsteinn is Thorsteinn, Sigríður is
 * Sigridur, Sørensen is Sorensen, Kræn is Kraen. Unicode gives them no base letter, so a fold dropped
 * them and split the name ("sigri ur", "orsteinn", "s rensen").
 */
const NORDIC: Record<string, string> = { þ: 'th', Þ: 'Th', ð: 'd', Ð: 'D', ø: 'o', Ø: 'O', æ: 'ae', Æ: 'Ae' };
const NORDIC_LETTER = /[þÞðÐøØæÆ]/g;

/**
 * Armenian letters as the diaspora's records write the names (Western Armenian, the speech of the
 * Ottoman Armenians who reached Marseille, Beirut and Boston): Յակոբ is Hagop, Կարապետ Garabed,
 * Սարգսեան Sarkissian, Պօղոս Boghos. Classical spelling: "ու" is ou, the ending "եան" is -ian, and an
 * initial Յ is h. Western values (բ p, պ b, գ k, կ g, դ t, տ d), so emigrants' spellings meet.
 */
const ARMENIAN: Record<string, string> = {
  ա: 'a',
  բ: 'p',
  գ: 'k',
  դ: 't',
  ե: 'e',
  զ: 'z',
  է: 'e',
  ը: 'e',
  թ: 't',
  ժ: 'zh',
  ի: 'i',
  լ: 'l',
  խ: 'kh',
  ծ: 'dz',
  կ: 'g',
  հ: 'h',
  ձ: 'ts',
  ղ: 'gh',
  ճ: 'j',
  մ: 'm',
  յ: 'y',
  ն: 'n',
  շ: 'sh',
  ո: 'o',
  չ: 'ch',
  պ: 'b',
  ջ: 'ch',
  ռ: 'r',
  ս: 's',
  վ: 'v',
  տ: 'd',
  ր: 'r',
  ց: 'ts',
  ւ: 'v',
  փ: 'p',
  ք: 'k',
  օ: 'o',
  ֆ: 'f',
  և: 'yev',
};
const ARMENIAN_TEXT = /[\u0531-\u0587]/;

function armenianLetters(s: string): string {
  return s
    .toLowerCase()
    .replace(/(^|[^\u0561-\u0587])յ/g, '$1h')
    .replace(/ու/g, 'ou')
    .replace(/եա/g, 'ia')
    .replace(/իւ/g, 'iu')
    .replace(/[\u0561-\u0587]/g, (ch) => ARMENIAN[ch] ?? ch);
}

export function latinLetters(s: string): string {
  if (/[þÞðÐøØæÆ]/.test(s)) s = s.replace(NORDIC_LETTER, (ch) => NORDIC[ch]);
  if (ARMENIAN_TEXT.test(s)) s = armenianLetters(s);
  if (!NON_LATIN.test(s)) return s;
  const table = /[іїєґІЇЄҐ]/.test(s) ? { ...CYRILLIC_GREEK, ...UKRAINIAN } : CYRILLIC_GREEK;
  let out = '';
  // Greek "ου" is one sound, written "ou" ("Παπαδόπουλος" → "papadopoulos").
  for (const ch of s.replace(/[οΟ][υύΥ]/g, 'ou')) {
    const lower = ch.toLowerCase();
    // A Greek vowel with its accent ("ώ") is its base letter; Cyrillic "й" and "ё" are letters of their own.
    const base = /[\u0370-\u03ff]/.test(lower) ? lower.normalize('NFD')[0] : lower;
    out += table[base] ?? ch;
  }
  return out;
}

/** Lower case, no diacritics (NFKD with the combining marks dropped); every other character kept. */
export function unaccented(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** `unaccented`, then words of a–z and 0–9 only, one space apart ("Saint-Jean, Québec" → "saint jean quebec"). */
export function foldWords(s: string): string {
  return unaccented(s)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words a name search compares: `unaccented`, split at anything not a letter or digit of any script. */
export function nameWords(text: string): string[] {
  return unaccented(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Lower case, no diacritics (ß → ss), letters, spaces, apostrophes and hyphens only. */
export function foldName(s: string): string {
  return latinLetters(s)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z\s'-]+/g, ' ')
    .trim();
}

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
  return latinLetters(text)
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

/** The words of a name ("Johann /Schmidt/", "O'Brien-Smith") folded: slashes, apostrophes and hyphens split. */
export function nameTokens(s: string): string[] {
  return foldName(s.replace(/\//g, ' '))
    .split(/[\s'-]+/)
    .filter((t) => t.length > 0);
}
