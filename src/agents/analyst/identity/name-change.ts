/**
 * A name taken by order or by declaration (issue #14, an emigrant renamed): a naturalization court
 * "ordered that his name be changed to ISADORE GORDON"; a deed or a notice names "Mosche Lewkowicz,
 * also known as Morris Lefkowitz". The record says in words that the man it is about bears a second
 * name from then on, so his later records are under that name: the name is his (an alias, cited to
 * the record), and seed 000's "new name" clue then searches for it.
 *
 * Only explicit wording counts ("name … changed to", "changed his name to", "also known as",
 * "a/k/a"); a name merely written near another is not a name change.
 */
import { splitPersonaName } from '../../../model/names';

const PHRASES = [
  /\bname\s+(?:shall\s+be|be|was|is|has\s+been|had\s+been|being)\s+changed\s+to\s+/gi,
  /\bchanged\s+(?:his|her|their)\s+(?:sur)?name\s+to\s+/gi,
  /\balso\s+known\s+as\s+/gi,
  /\ba\/k\/a\s+/gi,
];

/** Two to four capitalised words: the new name as written ("ISADORE GORDON", "Morris Lefkowitz"). */
const NAME = /^((?:[A-Z][A-Za-z'’-]*\.?)(?:\s+(?:[A-Z][A-Za-z'’-]*\.?)){1,3})/;

function titleCase(word: string): string {
  return word === word.toUpperCase() && word.length > 1 ? word[0] + word.slice(1).toLowerCase() : word;
}

export interface NameChange {
  given: string;
  surname: string;
  /** The words of the record that state it. */
  snippet: string;
}

/** The new name the record's text gives its principal, when it states exactly one. */
export function statedNameChange(text: string | undefined): NameChange | undefined {
  if (!text) return undefined;
  const found = new Map<string, NameChange>();
  for (const re of PHRASES) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 80).replace(/\s+/g, ' ');
      const n = NAME.exec(after);
      if (!n) continue;
      // A sentence ends at a full stop after a word (not an initial or "Wm."): "GORDON. Certificate No."
      const written = n[1].replace(/^(.*?[A-Za-z]{4,})\.(\s.*)?$/, '$1').replace(/\.$/, '');
      const { given, surname } = splitPersonaName(written.split(/\s+/).map(titleCase).join(' '));
      if (!given || !surname) continue;
      const start = Math.max(0, m.index - 40);
      const snippet = text
        .slice(start, m.index + m[0].length + written.length)
        .replace(/\s+/g, ' ')
        .trim();
      found.set(`${given} ${surname}`.toLowerCase(), { given, surname, snippet });
    }
  }
  return found.size === 1 ? [...found.values()][0] : undefined;
}
