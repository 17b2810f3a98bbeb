/**
 * A patronymic written as a middle name names the father (issue #14): "Icko Herszkowicz" is Icko son
 * of Hersz, "Icko Moszkowicz" Icko son of Moszko, "Riva Leibovna" Riva daughter of Leib. Two men of
 * one name whose patronymics name different fathers are cousins, not one man; one whose patronymic
 * does not fit the father a person is known to have is not that person.
 *
 * Only Slavic and Lithuanian patronymic endings in the given-name position count: "-son" and "-sen"
 * are surnames as often as patronymics, and the genitive of Greek registers is another form.
 */
import type { Person } from '../../../model';
import { foldName, splitPersonaName } from '../../../model/names';

const ENDING =
  /(?:owiczowna|owiczowa|owicz|ewicz|owna|ówna|owiczówna|ovich|evich|ovych|evych|yovych|ovna|evna|ivna|ovicius|evicius|aitis|ovitch|ovitz)$/;

/** The father's name a patronymic gives ("herszkowicz" → "hersz"), folded; undefined without one. */
export function patronymicStem(given: string): string | undefined {
  const words = foldName(given).split(/\s+/).filter(Boolean);
  for (const w of words.slice(1)) {
    const stem = w.replace(ENDING, '');
    if (stem !== w && stem.length >= 2) return stem;
  }
  return undefined;
}

/** Whether a father's name and a patronymic's stem may be one name (Moszko ~ "moszk", Leib ~ "leib"). */
export function fatherFits(fatherGiven: string, stem: string): boolean {
  const f = foldName(fatherGiven).split(/\s+/)[0] ?? '';
  const n = Math.min(4, f.length, stem.length);
  return n >= 2 && f.slice(0, n) === stem.slice(0, n);
}

/**
 * Why the persona, by its patronymic, cannot be `p`: p's own patronymic names another father, or the
 * father p is known to have does not fit it. Undefined when either side has no patronymic or father.
 */
export function otherFatherByPatronymic(
  personaName: string,
  p: Person,
  fathersOf: (p: Person) => string[],
  label: string,
): string | undefined {
  const stem = patronymicStem(splitPersonaName(personaName).given);
  if (!stem) return undefined;
  const own = p.names.map((n) => patronymicStem(n.given)).filter((s): s is string => Boolean(s));
  if (own.length && !own.some((s) => fatherFits(s, stem)))
    return `"${personaName.replace(/\//g, '')}" is by the patronymic a son or daughter of ${stem}…, while ${label} is named by a patronymic for ${own[0]}…: different fathers, a different person`;
  const fathers = fathersOf(p);
  if (!own.length && fathers.length && !fathers.some((f) => fatherFits(f, stem)))
    return `"${personaName.replace(/\//g, '')}" is by the patronymic a child of ${stem}…, while ${label} is the child of ${fathers.join(' and ')}: different fathers, a different person`;
  return undefined;
}
