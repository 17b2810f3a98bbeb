/**
 * Finding the verbatim words of a record that ground a persona's field: the text line that names
 * the persona and holds the value, else any line holding the value, else the persona's index line.
 */
import type { Persona, RawRecord } from '../../../model';
import { namesAlike, nameTokens, splitPersonaName, unaccented } from '../../../model/names';
import { indexLine } from './evidence-text';
import { escapeRegExp } from '../../../model/regexp';

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Does the line name this persona (surname and a given-name token, spelling variants allowed)? */
function namesPersona(line: string, p: Persona): boolean {
  const { given, surname } = splitPersonaName(p.name);
  const words = nameTokens(line);
  const sOk = !surname || nameTokens(surname).some((t) => words.some((w) => namesAlike(w, t) && w.length > 1));
  const g = nameTokens(given)[0];
  const gOk = !g || words.some((w) => w === g || (w.length > 1 && namesAlike(w, g)));
  return sOk && gOk;
}

/** Tokens of a value worth finding in text: years, day numbers, words of places/occupations. */
function valueTokens(field: string, value: string): string[] {
  if (/date|age/i.test(field))
    return (value.match(/\d{1,4}/g) ?? []).filter((t) => t.length >= 2 || /age/i.test(field));
  return unaccented(value)
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 2)
    .slice(0, 2);
}

function containsAll(line: string, tokens: string[]): boolean {
  const f = unaccented(line);
  return tokens.every((t) => new RegExp(`(^|[^a-z0-9])${escapeRegExp(t)}($|[^a-z0-9])`).test(f));
}

export class SnippetFinder {
  private readonly textLines: string[];

  constructor(private readonly record: Pick<RawRecord, 'text' | 'persons'>) {
    this.textLines = lines(record.text);
  }

  /** The line that names the persona, if any (census rows, register entries). */
  personaLine(p: Persona): string | undefined {
    return this.textLines.find((l) => namesPersona(l, p));
  }

  /** Verbatim support for `field = value` of persona `p`. */
  find(p: Persona, field: string, value: string): string {
    const own = this.personaLine(p);
    if (field === 'name') return own ?? indexLine(p, 'name', p.name);
    const toks = valueTokens(field, value);
    if (toks.length) {
      if (own && containsAll(own, toks)) return own;
      const any = this.textLines.filter((l) => containsAll(l, toks));
      const named = any.find((l) => namesPersona(l, p));
      if (named) return named;
      if (any.length === 1 && this.record.persons.length <= 1) return any[0];
    }
    return indexLine(p, field, value);
  }
}
