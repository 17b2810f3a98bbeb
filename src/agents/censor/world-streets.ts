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
export function worldStreetPatterns(sp: string): RegExp[] {
  const h = house(sp);
  return [
    // "14 rue des Tanneurs", "5 bis, rue Victor Hugo", "4 Heol Tegid", "12 Sráid an Mhuilinn"
    new RegExp(`${BOUNDARY}${h},?${sp}+${BEFORE_NUMBER_FIRST}${nameAfterWord(sp)}`, 'gu'),
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
