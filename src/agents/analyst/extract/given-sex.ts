/**
 * Common men's given names (English, German, Dutch, Scandinavian, Polish, Irish forms of the 18th–20th
 * centuries). Only one question needs them: whether "Mrs. John Hughes" names the woman ("Mrs. Effie
 * Dawson") or, by the old convention, only her husband. An unknown name is taken as hers.
 */
import { unaccented } from '../../../model/names';

const MALE = new Set(
  (
    'aaron abraham adam adolph adolf albert albertus alexander alfred allen alvin amos andrew andreas anders anton ' +
    'anthony archibald arthur august augustus barney benjamin bernard bert carl charles chas christian christopher ' +
    'clarence claude clifford conrad cornelius dale daniel david dennis edgar edmund edward edwin elijah elmer emil ' +
    'ephraim ernest eugene ezra francis frank franz fred frederick friedrich george georg gottlieb gustav harold harry ' +
    'heinrich henry herbert herman hermann hiram homer howard hugh isaac jacob jakob james jan jas jesse johann johannes ' +
    'john jno jonathan joseph josef joshua julius karl lawrence leonard leroy levi lewis louis ludwig luther martin ' +
    'matthew michael moses nathan nathaniel nicholas ole oliver oscar otto patrick paul peter philip ralph raymond ' +
    'richard robert roy rudolph samuel simon stephen terence theodore thomas timothy walter warren wilhelm willard ' +
    'william wm wojciech zachariah'
  ).split(' '),
);

export function isMaleGiven(given: string): boolean {
  return MALE.has(unaccented(given.replace(/\.$/, '')));
}
