/**
 * A life written after a name in a record's text, "Ernest Fenyvesi (1886–1942)", "James McElroy
 * (1817-1893)": newsletters, lineage papers and county histories give persons their years this way
 * where the record's index lists only the name. A closed span only: its owner is dead, so the years
 * are no living person's details, and a lone "(b. 1949)" is left alone.
 */
import type { Persona } from '../../../model';
import { splitPersonaName } from '../../../model/names';
import { escapeRegExp } from '../../../model/regexp';

const SPAN = String.raw`\(\s*(1[4-9]\d\d|20[0-2]\d)\s*[-–—]\s*(1[4-9]\d\d|20[0-2]\d)\s*\)`;

/** The persona's birth and death years as the text writes them after its name, with the words. */
export function writtenLifespan(
  text: string,
  persona: Persona,
): { birthDate: string; deathDate: string; snippet: string } | undefined {
  if (persona.birthDate || persona.deathDate) return undefined;
  const { given, surname } = splitPersonaName(persona.name);
  if (!given || !surname) return undefined;
  const name = [...given.split(/\s+/), ...surname.split(/\s+/)].map(escapeRegExp).join(String.raw`\s+`);
  const m = new RegExp(`(?<![\\p{L}])${name}\\s*${SPAN}`, 'u').exec(text);
  if (!m) return undefined;
  const born = Number(m[1]);
  const died = Number(m[2]);
  if (died < born || died - born > 110) return undefined;
  return { birthDate: m[1], deathDate: m[2], snippet: m[0].replace(/\s+/g, ' ') };
}
