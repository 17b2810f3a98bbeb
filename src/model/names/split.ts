/**
 * A free name split into given names and surname. Three readings, each kept as its callers had it
 * (their outputs are part of case files and scores): they differ only in what they do with commas
 * and trailing suffixes.
 */
import { fold } from './fold';
import { isSuffix } from './parts';

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
  const surname = words.pop() ?? '';
  return { given: words.join(' '), surname, suffix };
}

/**
 * The subject's name as the user typed it in case.yaml ("Given Names Surname" or "Given /Surname/"):
 * a comma is part of a name here, not a "Surname, Given" order.
 */
export function splitSubjectName(name: string): { given: string; surname: string } {
  const slash = /^(.*?)\s*\/([^/]*)\/\s*(.*)$/.exec(name.trim());
  if (slash) return { given: `${slash[1] ?? ''} ${slash[3] ?? ''}`.trim(), surname: (slash[2] ?? '').trim() };
  const parts = name.trim().split(/\s+/);
  return parts.length > 1
    ? { given: parts.slice(0, -1).join(' '), surname: parts[parts.length - 1] ?? '' }
    : { given: parts[0] ?? '', surname: '' };
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
