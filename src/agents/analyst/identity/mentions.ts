/**
 * Mentions without identity (issue #14 item 4). "Mrs. Koch", "Mr. and Mrs.", or "one daughter, Lena"
 * in an obituary name someone, but not well enough to tell who: a title alone gives no name, and a
 * given name whose surname the text never writes leaves the surname a guess. A genealogist notes such
 * a mention against its source and resolves it when a known person fits it (the subject's daughter
 * Lena) or a record names it in full; they never open a person file for it.
 */
import type { GroundedPersona } from '../../../engine/agents';
import type { SourceRecord } from '../../../model';
import { foldName, splitPersonaName } from '../../../model/names';

/** Words that address or describe a person without naming them. */
const TITLES = new Set([
  'mr',
  'mrs',
  'miss',
  'ms',
  'mme',
  'madame',
  'mlle',
  'mademoiselle',
  'messrs',
  'master',
  'herr',
  'frau',
  // Spanish and Portuguese "Doña/Dona", "Señor/Señora", Italian "Signor(a)", Dutch "Mevrouw": "Doña
  // Angelita" names a widow by her given name only ("Don" stays out: it is also Donald's short form).
  'dona',
  'senor',
  'senora',
  'signor',
  'signora',
  'mevrouw',
  'fraulein',
  'dr',
  'doctor',
  'rev',
  'reverend',
  'fr',
  'father',
  'sister',
  'brother',
  'sir',
  'lady',
  'lord',
  'dame',
  'capt',
  'captain',
  'col',
  'colonel',
  'widow',
  'wwe',
  'witwe',
  'the',
  'late',
  'and',
  'und',
  'et',
  'infant',
  'baby',
  'child',
  'unknown',
  'unnamed',
  'nn',
  'n',
]);

function words(s: string): string[] {
  return foldName(s.replace(/\//g, ' ').replace(/&/g, ' and '))
    .split(/[\s'-]+/)
    .filter(Boolean);
}

/** The name's given names, titles removed. */
function givenWords(name: string): string[] {
  return words(splitPersonaName(name).given).filter((w) => !TITLES.has(w));
}

/**
 * Why a persona is a mention rather than a person, or undefined when it names someone (or a
 * database profile identifies it): a title alone or no given name at all, anywhere; and in free text (a record without a persons
 * index), a surname the text does not write in the words the persona was read from.
 */
export function mentionReason(gp: GroundedPersona, source: Pick<SourceRecord, 'persons'>): string | undefined {
  // A profile in a database (a WikiTree id) identifies its person whatever its name field holds.
  if (gp.persona.externalId) return undefined;
  const name = gp.persona.name.replace(/\//g, '').replace(/\s+/g, ' ').trim();
  const all = words(name);
  if (!all.length || all.every((w) => TITLES.has(w))) return `"${name}" is a title, not a name`;
  if (!givenWords(gp.persona.name).length) return `"${name}" gives no given name`;
  if (source.persons.length) return undefined;
  const surname = words(splitPersonaName(gp.persona.name).surname).filter((w) => !TITLES.has(w));
  if (!surname.length) return `"${name}" gives no surname`;
  const said = Object.values(gp.snippets).map((s) => ` ${words(s).join(' ')} `);
  if (said.some((s) => surname.every((w) => s.includes(` ${w} `)))) return undefined;
  const where = gp.snippets.name ?? gp.snippets.role ?? '';
  return `the text names "${name.split(/\s+/)[0]}" without a surname${where ? ` ("${where.slice(0, 80)}")` : ''}: the surname ${splitPersonaName(gp.persona.name).surname} would be a guess`;
}
