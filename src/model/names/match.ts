/** Whether two name tokens may be one name, as the archive search and the Analyst's mentions ask it. */
import { foldName } from './fold';
import { nicknameMatch } from './nicknames';
import { patronymicsAlike } from './patronymic';
import { phoneticKeys } from './phonetic';

/**
 * Phonetically alike, known variants (Johann ~ John, Karl ~ Charles), an initial or an abbreviation,
 * or one Nordic patronymic in two languages (Juhonpoika ~ Johansson).
 */
export function namesAlike(a: string, b: string): boolean {
  if (patronymicsAlike(a, b)) return true;
  const fa = foldName(a).replace(/[^a-z]/g, '');
  const fb = foldName(b).replace(/[^a-z]/g, '');
  if (!fa || !fb) return false;
  if (fa === fb || nicknameMatch(fa, fb)) return true;
  if (fa.length === 1 || fb.length === 1) return fa[0] === fb[0];
  // An abbreviation ("Joh.", "Wilh.") is a prefix of the full name.
  const [short, long] = fa.length <= fb.length ? [fa, fb] : [fb, fa];
  if (short.length <= 4 && short.length < long.length && long.startsWith(short)) return true;
  const ka = phoneticKeys(fa);
  const kb = new Set(phoneticKeys(fb));
  return ka.some((k) => kb.has(k));
}
