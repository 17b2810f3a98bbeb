/**
 * A name taken by order or by declaration (issue #14, an emigrant renamed): a naturalization court
 * "ordered that his name be changed to ISADORE GORDON"; a deed or a notice names "Mosche Lewkowicz,
 * also known as Morris Lefkowitz"; an obituary says he "was known to his landsleit … as Morris
 * Kagan" or that he "took the surname Price"; a notice that he was "born Kimura". The record says in
 * words that the man it is about bears a second name, so his other records are under that name: the
 * name is his (an alias, cited to the record), and seed 000's "new name" clue then searches for it.
 *
 * Only explicit wording counts ("name … changed to", "changed his name to", "also known as",
 * "a/k/a", "was known … as", "took the surname", "born <Surname>,"); a name merely written near
 * another is not a name change. `statedAliases` reads the same beside one persona's own name in a
 * list ("Juan Buenaventura (antes Juan de la Cruz)", "Thomas Hartley alias Hurst").
 */
import { splitPersonaName } from '../../../model/names';
import { escapeRegExp } from '../../../model/regexp';

const PHRASES = [
  /\bname\s+(?:shall\s+be|be|was|is|has\s+been|had\s+been|being)\s+changed\s+to\s+/gi,
  /\bchanged\s+(?:his|her|their)\s+(?:sur)?name\s+to\s+/gi,
  /\balso\s+known\s+as\s+/gi,
  /\ba\/k\/a\s+/gi,
  // "was known to his landsleit of the Kelmer Benevolent Society, of which he was a founder, as Morris Kagan"
  /\b(?:was|were|is|became)\s+(?:also\s+|better\s+|generally\s+)?known\b[^.;:]{0,120}?\bas\s+/gi,
  /\b(?:took|adopted|assumed)\s+the\s+(?:sur)?name(?:\s+of)?\s+/gi,
];
/** "(born Kimura, 1882–1937)": a birth surname written in brackets where a date would stand. */
const BORN_SURNAME = /\(\s*born\s+([A-Z][a-z'’-]+)(?=\s*[,;)])/g;

/** Particles inside a name ("Pedro de la Cruz", "Jan van der Berg", "John ap Rhys"). */
const PARTICLE = String.raw`(?:de|del|della|dei|degli|di|da|das|do|dos|du|la|las|los|le|les|van|von|der|den|ter|ten|ap|ab|y|bin|ben)`;
const PARTICLE_WORD = new RegExp(String.raw`^${PARTICLE}$`, 'i');
/** Particles that open a surname given alone ("antes de los Reyes"). */
const LEADING_PARTICLES = new RegExp(String.raw`^((?:${PARTICLE}\s+)+)`, 'i');
const CAP = String.raw`[A-Z][A-Za-z'’-]*\.?`;
/** One to four capitalised words, with particles between ("ISADORE GORDON", "Pedro de la Cruz", "Hurst"). */
const NAME = new RegExp(String.raw`^(${CAP}(?:\s+(?:${PARTICLE}\s+)*${CAP}){0,3})`);

function titleCase(word: string): string {
  return word === word.toUpperCase() && word.length > 1 ? word[0] + word.slice(1).toLowerCase() : word;
}

export interface NameChange {
  given: string;
  surname: string;
  /** The words of the record that state it. */
  snippet: string;
}

/**
 * The name as written after a phrase, as given and surname: "Morris Kagan"; a surname alone
 * ("took the surname Price", "alias Hurst") takes the given name the person already bears.
 */
function nameAfter(
  after: string,
  ownGiven: string | undefined,
): { given: string; surname: string; written: string } | undefined {
  const n = NAME.exec(after.replace(/\s+/g, ' '));
  if (!n) return undefined;
  // A sentence ends at a full stop after a word (not an initial or "Wm."): "GORDON. Certificate No."
  const written = n[1].replace(/^(.*?[A-Za-z]{4,})\.(\s.*)?$/, '$1').replace(/\.$/, '');
  const words = written.split(/\s+/).map(titleCase);
  // "Pedro de la Cruz": the surname starts at its first particle.
  const p = words.findIndex((w, i) => i > 0 && PARTICLE_WORD.test(w));
  if (p > 0) return { given: words.slice(0, p).join(' '), surname: words.slice(p).join(' '), written };
  if (words.length === 1)
    return ownGiven && !words[0].endsWith('.') ? { given: ownGiven, surname: words[0], written } : undefined;
  const { given, surname } = splitPersonaName(words.join(' '));
  return given && surname ? { given, surname, written } : undefined;
}

function snippetOf(text: string, from: number, to: number): string {
  return text
    .slice(Math.max(0, from - 40), to)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The new name the record's text gives its principal, when it states exactly one. `ownName` is the
 * principal's name in the record, whose given name a surname stated alone goes with.
 */
export function statedNameChange(text: string | undefined, ownName?: string): NameChange | undefined {
  if (!text) return undefined;
  const own = ownName ? splitPersonaName(ownName) : undefined;
  const found = new Map<string, NameChange>();
  const add = (n: { given: string; surname: string }, snippet: string) => {
    if (
      own &&
      n.surname.toLowerCase() === own.surname.toLowerCase() &&
      n.given.toLowerCase() === own.given.toLowerCase()
    )
      return;
    found.set(`${n.given} ${n.surname}`.toLowerCase(), { given: n.given, surname: n.surname, snippet });
  };
  for (const re of PHRASES) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const at = m.index + m[0].length;
      const n = nameAfter(text.slice(at, at + 80), own?.given);
      if (n) add(n, snippetOf(text, m.index, at + n.written.length));
    }
  }
  if (own?.given)
    for (const m of text.matchAll(BORN_SURNAME))
      add({ given: own.given, surname: m[1] }, snippetOf(text, m.index, m.index + m[0].length));
  return found.size === 1 ? [...found.values()][0] : undefined;
}

/** Words that put a second name right after a person's own in a list or register. */
const ALIAS_WORDS = String.raw`(?:alias|formerly|previously|otherwise|antes|anteriormente|früher|vormals|genannt|autrefois|ci-devant|detto|vulgo|a\/k\/a|aka|also\s+known\s+as)`;

/**
 * The names a record writes right after this persona's own: "Juan Buenaventura (antes Juan de la
 * Cruz)", "Thomas Hartley alias Hurst", "Mariano Reyes (formerly de los Reyes)". Read from the
 * text and its translation; the persona's own name must stand as written just before.
 */
export function statedAliases(texts: readonly (string | undefined)[], personaName: string): NameChange[] {
  const { given, surname } = splitPersonaName(personaName);
  if (!given || !surname) return [];
  const esc = (x: string) => escapeRegExp(x).replace(/\s+/g, '\\s+');
  const re = new RegExp(String.raw`${esc(given)}\s+${esc(surname)}\s*(?:,\s*|\(\s*|\s)${ALIAS_WORDS}\s+`, 'giu');
  const out = new Map<string, NameChange>();
  for (const text of texts) {
    if (!text) continue;
    for (const m of text.matchAll(re)) {
      const at = m.index + m[0].length;
      const after = text.slice(at, at + 80);
      // "(antes de los Reyes)": a lower-case particle may open a surname given alone.
      const particle = LEADING_PARTICLES.exec(after)?.[1] ?? '';
      const n = nameAfter(after.slice(particle.length), given);
      if (!n) continue;
      const alias =
        particle && n.given === given && n.written.split(/\s+/).length === 1
          ? { given, surname: `${particle}${n.surname}`.replace(/\s+/g, ' ') }
          : n;
      if (alias.given.toLowerCase() === given.toLowerCase() && alias.surname.toLowerCase() === surname.toLowerCase())
        continue;
      out.set(`${alias.given} ${alias.surname}`.toLowerCase(), {
        given: alias.given,
        surname: alias.surname,
        snippet: snippetOf(text, m.index + 40, at + particle.length + n.written.length),
      });
    }
  }
  return [...out.values()];
}
