/**
 * A free name split into given names and surname. Three readings, each kept as its callers had it
 * (their outputs are part of case files and scores): they differ only in what they do with commas
 * and trailing suffixes.
 */
import { fold } from './fold';
import { isSuffix } from './parts';
import { isNordicPatronymic } from './patronymic';

/**
 * Words that begin a surname when written before its last word ("Jan de Vries", "Maria de Jesus",
 * "Ludwig van der Berg"): without slashes, they belong to the surname, not to the given names.
 */
const SURNAME_PARTICLES = new Set([
  'de',
  'da',
  'das',
  'do',
  'dos',
  'di',
  'del',
  'della',
  'du',
  'des',
  'van',
  'von',
  'der',
  'den',
  'ter',
  'ten',
  'te',
  'zu',
  'la',
  'le',
]);

/**
 * Where the surname begins among a name's words: the last word, with the particles before it; a
 * given name stays. A Nordic patronymic before a farm name is part of the surname, as the registers
 * and their indexes write it ("Matti /Juhonpoika Kallio/", "Ole /Andersen Bakken/"): the farm name
 * changes when the bearer moves, the patronymic does not.
 */
function surnameStart(words: readonly string[]): number {
  let i = words.length - 1;
  while (i > 1 && SURNAME_PARTICLES.has(fold(words[i - 1]))) i -= 1;
  if (i === words.length - 1 && i > 1 && isNordicPatronymic(words[i - 1]) && !isNordicPatronymic(words[i])) i -= 1;
  return i;
}

/** "Johann /Schmidt/", "Johann Schmidt" or "Schmidt, Johann" → given and surname. */
export function splitPersonaName(name: string): { given: string; surname: string } {
  const slash = /^(.*?)\s*\/([^/]*)\/\s*(.*)$/.exec(name.trim());
  if (slash) return { given: `${slash[1] ?? ''} ${slash[3] ?? ''}`.trim(), surname: (slash[2] ?? '').trim() };
  const comma = /^([^,]+),\s*(.+)$/.exec(name.trim());
  if (comma) return { given: comma[2].trim(), surname: comma[1].trim() };
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return { given: parts[0] ?? '', surname: '' };
  const at = surnameStart(parts);
  return { given: parts.slice(0, at).join(' '), surname: parts.slice(at).join(' ') };
}

/**
 * Splits a persona's free name ("Given /Surname/", "Given Surname", "Surname, Given") into parts,
 * with a trailing generational suffix ("John Smith Jr") set apart: the resolver's reading.
 * The last token is taken as the surname when no slashes or comma mark it.
 */
export function splitName(name: string): { given: string; surname: string; suffix?: string } {
  const slash = /^(.*?)\/([^/]*)\/(.*)$/.exec(name);
  if (slash) return { given: `${slash[1]} ${slash[3]}`.trim(), surname: slash[2].trim() };
  const comma = /^([^,]+),\s*(.+)$/.exec(name);
  if (comma) return { given: comma[2].trim(), surname: comma[1].trim() };
  const words = name.trim().split(/\s+/);
  let suffix: string | undefined;
  while (words.length > 1 && isSuffix(fold(words[words.length - 1]))) suffix = words.pop();
  if (words.length === 1) return { given: words[0], surname: '', suffix };
  const at = surnameStart(words);
  return { given: words.slice(0, at).join(' '), surname: words.slice(at).join(' '), suffix };
}

/**
 * The subject's name as the user typed it in case.yaml ("Given Names Surname" or "Given /Surname/"):
 * a comma is part of a name here, not a "Surname, Given" order.
 */
export function splitSubjectName(name: string): { given: string; surname: string } {
  const slash = /^(.*?)\s*\/([^/]*)\/\s*(.*)$/.exec(name.trim());
  if (slash) return { given: `${slash[1] ?? ''} ${slash[3] ?? ''}`.trim(), surname: (slash[2] ?? '').trim() };
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return { given: parts[0] ?? '', surname: '' };
  const at = surnameStart(parts);
  return { given: parts.slice(0, at).join(' '), surname: parts.slice(at).join(' ') };
}

export interface QueryName {
  given?: string;
  surname?: string;
  full?: string;
}

/**
 * A search query's name parts (its given/surname, or its free `name`: "Given /Surname/" or split on
 * its last word), as the sources send them.
 */
export function queryName(q: { given?: string; surname?: string; name?: string }): QueryName {
  const clean = (s?: string) => s?.replace(/\//g, ' ').replace(/\s+/g, ' ').trim() || undefined;
  let given = clean(q.given);
  let surname = clean(q.surname);
  const name = clean(q.name);
  if (name && !given && !surname) {
    const m = /^\s*([^/]*?)\s*\/([^/]+)\/\s*$/.exec(q.name ?? '');
    if (m) {
      given = clean(m[1]);
      surname = clean(m[2]);
    } else {
      const parts = name.split(' ');
      surname = parts.length > 1 ? parts.pop() : parts[0];
      given = parts.length ? parts.join(' ') : undefined;
    }
  }
  const full = [given, surname].filter(Boolean).join(' ') || name;
  return { given, surname, full };
}
