/**
 * Street addresses as most of the world writes them, for pii.ts's street_address kind: the street
 * word before the name ("14 rue des Tanneurs", "4 Heol Tegid", "Rua da Portela, n.º 27", "Calle
 * Mayor 5", "ul. Długa 7", "улица Ленина, д. 5"), a separate word after it ("Váci utca 5",
 * "Vilniaus g. 15", "Karl Johans gate 22") or one compound word ("Hauptstraße 5", "Kerkstraat 12",
 * "Storgatan 3"). The words are in street-words.ts. These run where the English shapes run (text
 * about a living person, a modern record's text), never on a dead person's historical record.
 */
import {
  NAME_PARTICLES,
  NOT_A_STREET,
  NUMBER_WORDS,
  STREET_AFTER_WORDS,
  STREET_BEFORE_WORDS,
  STREET_COMPOUND_ENDS,
} from './street-words';

const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A word as written, its first letter in either case ("[Rr]ua"), whole (no letter after). */
function word(w: string, bothCases = true): string {
  const first = w[0];
  const head =
    bothCases && first.toUpperCase() !== first.toLowerCase() ? `[${first.toUpperCase()}${first}]` : escape(first);
  return head + escape(w.slice(1)) + (/\p{L}$/u.test(w) ? '(?![\\p{L}\\p{N}])' : '');
}
/** Longest first, so that "avda." is tried before "av." and "str." before "st". */
const alternatives = (ws: readonly string[], bothCases: (w: string) => boolean = () => true): string =>
  `(?:${[...new Set(ws)]
    .sort((a, b) => b.length - a.length)
    .map((w) => word(w, bothCases(w)))
    .join('|')})`;

/** One-letter abbreviations and English look-alikes are taken only in lower case ("g. 15", not "John G. 15"). */
const lowerOnly = (w: string): boolean => !(/^\p{L}\.$/u.test(w) || w === 'gate' || w === 'sor');

/** Street words that are English words too: only capitalised before a name and a number ("took place September 18"). */
const ENGLISH_WORDS = new Set(['place', 'square', 'avenue', 'boulevard', 'passage', 'plaza']);
/** Before the name and with the number before it: not "via" ("3 via Hamburg" is a route). */
const BEFORE_NUMBER_FIRST = alternatives(STREET_BEFORE_WORDS.filter((w) => w !== 'via'));
/**
 * Before the name with the number after it: not the abbreviations English uses for other things
 * ("c. 1850", "r.", "ch."), nor "al." after "et" ("Smith et al. Report 5").
 */
const BEFORE_NUMBER_AFTER = alternatives(
  STREET_BEFORE_WORDS.filter((w) => !['c.', 'r.', 'ch.', 'pl.', 'per.', 'cours', 'route'].includes(w)).map((w) =>
    ENGLISH_WORDS.has(w) ? w[0].toUpperCase() + w.slice(1) : w,
  ),
  (w) => !ENGLISH_WORDS.has(w.toLowerCase()),
);
const AFTER = alternatives(STREET_AFTER_WORDS, lowerOnly);
const COMPOUND_END = `(?:${[...new Set(STREET_COMPOUND_ENDS)].map(escape).join('|')})`;
const NUMBER_WORD = alternatives(NUMBER_WORDS);
const PARTICLE = `(?:${NAME_PARTICLES.map(escape).join('|')})(?![\\p{L}\\p{N}])`;
/** A word of a street's name: capitalised, an abbreviation ("St."), elided ("d'Alsace"), Irish mutations ("hEaglaise"). */
const NAME = String.raw`(?:[dlDL]['’]|[hnt]-?)?(?:\p{Lu}\p{L}{0,2}\.(?![\p{L}])|\p{Lu}[\p{L}\p{M}'’-]*)`;
const BOUNDARY = String.raw`(?<![\p{L}\p{N}])`;
/** White space on one line; and in prose, one line break too (a blank line still ends an address), as pii.ts. */
const LINE_SP = String.raw`[^\S\r\n]`;
const PROSE_SP = String.raw`(?:[^\S\r\n]|\r?\n(?![^\S\r\n]*\r?\n))`;

/** A house number: "4", "27-A", "12b", "5 bis", "3/2", "s/n"; never a year ("via Bremen 1893"). */
function house(sp: string): string {
  return String.raw`(?:(?!(?:1[5-9]|20)\d\d(?!\d))\d{1,4}(?:${sp}?(?:bis|ter|quater)(?![\p{L}])|[a-zA-Z](?![\p{L}])|-(?:\d{1,4}|[A-Za-z])|\/\d{1,4}|${sp}[A-Z](?![\p{L}\p{N}'’.]))?(?![\p{L}\p{N}])|s\/n(?![\p{L}]))`;
}

/** A street's name after its street word: particles and capitalised words, ending on a capitalised word. */
function nameAfterWord(sp: string): string {
  return `(?:${sp}+${PARTICLE})*${sp}+${NAME}(?:(?:${sp}+${PARTICLE})*${sp}+${NAME}){0,3}`;
}

/** The number after a street: "5", ", 5", ", n.º 27", " Nr. 5", ", д. 5"; after a bare comma, not before a lower-case word ("via Liverpool, 3 days"). */
function numberAfter(sp: string): string {
  const h = house(sp);
  return `(?:,?${sp}*${NUMBER_WORD}${sp}*${h}|${sp}+${h}|,${sp}*${h}(?!${sp}+\\p{Ll}{2,}))`;
}

/** The patterns for one kind of white space (one line, or prose whose lines wrap). */
function worldStreetPatterns(sp: string): RegExp[] {
  const h = house(sp);
  return [
    // "14 rue des Tanneurs", "5 bis, rue Victor Hugo", "4 Heol Tegid", "12 Sráid an Mhuilinn", and an
    // American street of a Spanish name with its direction: "2211 W. Calle Paraíso"
    new RegExp(`${BOUNDARY}${h},?${sp}+(?:[NSEW]\\.?${sp}+)?${BEFORE_NUMBER_FIRST}${nameAfterWord(sp)}`, 'gu'),
    // "Rua da Portela, n.º 27", "Calle Mayor 5", "Piazza Garibaldi, 3", "ul. Długa 7", "улица Ленина, д. 5"
    new RegExp(`${BOUNDARY}(?<!et${sp}+)${BEFORE_NUMBER_AFTER}${nameAfterWord(sp)}${numberAfter(sp)}`, 'gu'),
    // "Váci utca 5", "Vilniaus g. 15", "Karl Johans gate 22", "Тверская ул., д. 5"
    new RegExp(`${BOUNDARY}${NAME}(?:(?:${sp}+${PARTICLE})*${sp}+${NAME}){0,2}${sp}+${AFTER}${numberAfter(sp)}`, 'gu'),
    // "Hauptstraße 5", "Kerkstraat 12", "Storgatan 3", "Vesterbrogade 40", "Mannerheimintie 5", "Hauptstr. 5"
    new RegExp(String.raw`${BOUNDARY}\p{Lu}[\p{L}\p{M}'’-]+?${COMPOUND_END}(?![\p{L}])${numberAfter(sp)}`, 'gu'),
  ];
}

/** Whether a match is a street: not an English word that only ends like one ("Brigade 5"). */
export function isStreetMatch(match: string): boolean {
  const first = /^[\p{L}'’-]+/u.exec(match);
  return !first || !NOT_A_STREET.has(first[0].toLowerCase());
}

/**
 * A run of one to four digits that may be a house number: not part of a longer number
 * ("47,170,179"), not an ordinal ("3rd", "5th"; "12b" and "5bis" are house numbers).
 */
const HOUSE_DIGITS = /(?<![\p{L}\p{N}]|\d[.,])\d{1,4}(?![\p{N}]|[.,]\d|(?!bis|ter)\p{L}{2})/gu;
const YEAR = /^(?:1[5-9]|20)\d\d$/;
/** How far an address reaches from its house number: a street word and up to five name words. */
const REACH = 120;
const WHITE = /\s/;

/**
 * The stretches of the text around a house number with a street word near it, merged where they
 * meet, each starting and ending at white space (within 40 characters): the patterns try every
 * word start, and most of a long text of years and prose has no such number.
 */
function windows(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(HOUSE_DIGITS)) {
    if (YEAR.test(m[0]) || !streetWordNear(text, m.index, m.index + m[0].length)) continue;
    let start = Math.max(0, m.index - REACH);
    let end = Math.min(text.length, m.index + m[0].length + REACH);
    const last = out[out.length - 1];
    if (last && start <= last[1]) {
      last[1] = Math.max(last[1], end);
      continue;
    }
    for (let i = 0; start > 0 && i < 40 && !WHITE.test(text[start - 1]); i++) start--;
    for (let i = 0; end < text.length && i < 40 && !WHITE.test(text[end]); i++) end++;
    out.push([start, end]);
  }
  return out;
}

/** Every street word, lower case, with and without its dot; and the compound ends by length. */
const STREET_TOKENS = new Set(
  [...STREET_BEFORE_WORDS, ...STREET_AFTER_WORDS].flatMap((w) => [w, w.replace(/\.$/, '')]),
);
const LONGEST_WORD = Math.max(...[...STREET_TOKENS].map((w) => w.length));
const ENDS_BY_LENGTH = new Map<number, Set<string>>();
for (const end of STREET_COMPOUND_ENDS) {
  const set = ENDS_BY_LENGTH.get(end.length) ?? new Set<string>();
  ENDS_BY_LENGTH.set(end.length, set.add(end));
}
/** Characters between words: white space and , ; : ( ) " (char codes: a regex test per character is the cost here). */
const SEPARATORS = new Uint8Array(256);
for (const c of [9, 10, 11, 12, 13, 32, 34, 40, 41, 44, 58, 59, 160]) SEPARATORS[c] = 1;
const isSeparator = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i);
  return c < 256 ? SEPARATORS[c] === 1 : c === 0x2007 || c === 0x202f;
};

/** A street word; or, `compound` (the word right before the number), a word ending like one. */
function isStreetToken(token: string, compound: boolean): boolean {
  compound &&= startsUpper(token);
  if (!compound && token.length > LONGEST_WORD) return false;
  const word = token.toLowerCase();
  if (STREET_TOKENS.has(word)) return true;
  if (!compound) return false;
  for (const [length, ends] of ENDS_BY_LENGTH)
    if (word.length > length && ends.has(word.slice(word.length - length))) return true;
  return false;
}

/** Lower-case words that may stand between a street word and its number. */
const BETWEEN_WORDS = new Set([...NAME_PARTICLES, ...NUMBER_WORDS]);
function startsUpper(token: string): boolean {
  const c = token.charCodeAt(0);
  if (c < 128) return c >= 65 && c <= 90;
  const first = token[0];
  return first !== first.toLowerCase();
}

/** How many words before a house number its street word may stand ("Rua da Portela de Cima, n.º 27"), and after it. */
const WORDS_BEFORE = 7;
const WORDS_AFTER = 2;

/**
 * Whether a street word stands within a few words of the house number at [at, end): a handful of
 * Set look-ups, so that the patterns run only around such numbers (a note's days and page numbers
 * have none).
 */
function streetWordNear(text: string, at: number, end: number): boolean {
  let i = at;
  for (let n = 0; n < WORDS_BEFORE && i > 0; n++) {
    while (i > 0 && isSeparator(text, i - 1)) i--;
    const tokenEnd = i;
    while (i > 0 && !isSeparator(text, i - 1) && tokenEnd - i < 40) i--;
    if (tokenEnd <= i) break;
    const token = text.slice(i, tokenEnd);
    if (isStreetToken(token, n < 2)) return true;
    // Words between a street word and its number are a name's: capitalised, particles, "n.º".
    if (!startsUpper(token) && !BETWEEN_WORDS.has(token.toLowerCase())) break;
  }
  let j = end;
  for (let n = 0; n < WORDS_AFTER && j < text.length; n++) {
    while (j < text.length && isSeparator(text, j)) j++;
    const tokenStart = j;
    while (j < text.length && !isSeparator(text, j) && j - tokenStart < 40) j++;
    if (j > tokenStart && isStreetToken(text.slice(tokenStart, j), false)) return true;
  }
  return false;
}

// Built on first use, not when the module loads: every CLI verb loads the Censor, and building
// these Unicode patterns took 70–120 ms of a process's start, also for verbs that write nothing.
let linePatterns: RegExp[] | undefined;
let prosePatterns: RegExp[] | undefined;
function worldStreetPatternsFor(prose: boolean): RegExp[] {
  if (prose) return (prosePatterns ??= worldStreetPatterns(PROSE_SP));
  return (linePatterns ??= worldStreetPatterns(LINE_SP));
}

/** Every address of these shapes in the text (matches may overlap: the caller merges them). */
export function scanWorldStreets(text: string, prose = false): { match: string; index: number }[] {
  const found: { match: string; index: number }[] = [];
  const patterns = worldStreetPatternsFor(prose);
  for (const [start, end] of windows(text)) {
    const part = text.slice(start, end);
    for (const re of patterns)
      for (const m of part.matchAll(re)) if (isStreetMatch(m[0])) found.push({ match: m[0], index: start + m.index });
  }
  return found;
}
