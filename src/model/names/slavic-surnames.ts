/**
 * Slavic surnames made from a given name, across the spellings of the countries an emigrant passed
 * through (issue #14, held-out cases): Wojciechowski (Polish, from Wojciech), Vojtěchovský (Czech, from
 * Vojtěch), Woyciechowsky on a Bremen manifest. Their letters differ past what sound codes forgive
 * (ci / t, w / v), but the given name inside is one name in two languages (Wojciech = Vojtěch =
 * Adalbert, a row of the given-name table), and the ending is one ending (-owski / -ovský / -ovsky).
 *
 * A surname is read this way only when what precedes its ending is a given name the table knows:
 * Kowalski (the smith's) or Nowakowski (Nowak is a surname) stay what they are.
 */
import { foldName } from './fold';
import { canonicalGiven, listedGiven } from './nicknames';

/** Endings of surnames made from a name: "of X's place" (-ski family) and "son of X" (-wicz family). */
const ENDINGS: [RegExp, string][] = [
  [/(?:owski|owska|owsky|owskij|ovsky|ovska|ovskij|ovskiy|ewski|ewska|ewsky|evsky|evska|evskiy)$/, 'ski'],
  [/(?:owicz|ewicz|ovich|evich|ovic|evic|ovits|ovitz|owitz)$/, 'wicz'],
];

/**
 * The surname's given-name root as a key ("adalbert+ski" for Wojciechowski and Vojtechovsky), or
 * undefined when the surname is not one made from a known given name.
 */
export function surnameRootKey(surname: string): string | undefined {
  const s = foldName(surname).replace(/[^a-z]/g, '');
  for (const [ending, kind] of ENDINGS) {
    const root = s.replace(ending, '');
    if (root === s || root.length < 3) continue;
    // Only a root the given-name table lists (a known name with its forms), not any stem; a German
    // or English clerk's "oy" for the Polish "oj" (Woyciechowski) is the same root.
    const known = [root, root.replace(/oy/g, 'oj')].find((r) => listedGiven(r));
    if (!known) return undefined;
    return `${canonicalGiven(known)}+${kind}`;
  }
  return undefined;
}
