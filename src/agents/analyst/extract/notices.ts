/**
 * The formulas of English-language death notices, as British, Irish and Australian papers and the
 * older American ones wrote them: "CARROLL.—On the 17th inst., at her residence, …, Honora, relict of
 * the late Patrick Carroll, and dearly beloved mother of Michael, Maggie (Mrs J. Kelly) and Tim, a
 * native of Clonoulty, County Tipperary, Ireland, aged 58 years." Each reading keeps the words it
 * came from; a phrase is read as the principal's only where its sentence names the principal.
 */
import type { Persona } from '../../../model';
import { clauseBefore } from './subject';
import { DAY, MONTH, NAME, NAME_WORD, titleCase } from './text-patterns';
import { dayInRecordYear, dayOfNoticeMonth } from './yearless-date';
import { escapeRegExp } from '../../../model/regexp';

function re(src: string, flags = 'u'): RegExp {
  return new RegExp(src, flags);
}

/** A given name as the notice writes it, or in the capitals it sets its subject in ("MICHAEL COUGHLIN"). */
function asWritten(given: string): string {
  const esc = escapeRegExp(given);
  return `(?:${esc}|${esc.toUpperCase()})`;
}

/** A place as a notice writes it: "Clonoulty, County Tipperary, Ireland". */
const PLACE = `${NAME_WORD}(?:(?:,\\s*|\\s+)(?:${NAME_WORD}|\\p{Lu}\\.))*`;

/** "CARROLL.—", "SMITH. —", "JONES—": a notice headed by the family's surname in capitals. */
const HEADING = `^\\s*(\\p{Lu}[\\p{Lu}'’-]+(?:[ -]\\p{Lu}[\\p{Lu}'’-]+)?)\\s*\\.?\\s*[—–-]+\\s*`;

/** What follows the deceased's given name in a headed notice: "relict of", "beloved wife of", "aged". */
const AFTER_GIVEN =
  '(?:the\\s+)?(?:relict|widow|widower|(?:dearly\\s+)?(?:beloved\\s+)?(?:wife|husband|son|daughter|mother|father)|(?:eldest|youngest|second|third|only)\\s+(?:son|daughter)|aged)\\b';

/**
 * "CARROLL.—On the 17th inst., at her residence, Humffray-street, Ballarat East, Honora, relict of …":
 * the given name before the formula that describes the deceased, and the surname of the heading.
 */
export function headedNotice(text: string): { name: string; snippet: string } | undefined {
  const head = re(HEADING).exec(text);
  if (!head || /\p{Ll}/u.test(head[1])) return undefined;
  const rest = text.slice(head[0].length);
  // "COUGHLIN.—On Wednesday, January 14, 1891, MICHAEL COUGHLIN, native of …": the name in full, in
  // capitals, in the notice's first lines (before it, a place such as "…, Ireland, beloved husband
  // of" would read as a given name).
  const full = re(`^[^;]{0,160}?\\b((?:\\p{Lu}[\\p{Lu}'’-]+\\s+){1,3})${head[1]}\\b`).exec(rest);
  if (full && !/\p{Ll}/u.test(full[1])) {
    const given = full[1].trim().split(/\s+/).map(titleCase).join(' ');
    const end = head[0].length + full.index + full[0].length;
    return { name: `${given} ${titleCase(head[1])}`, snippet: text.slice(0, end).trim() };
  }
  // The first sentence of the notice: "On the 17th inst., …, Honora, relict of …".
  // "BIRNBAUM—Max, on March 25, beloved husband of Rose": an American paid notice puts the day
  // between the given name and the formula.
  const given = re(`^[^;]{0,160}?(?:^|,\\s+)(${NAME})\\s*,\\s+(?:on\\s+${MONTH}\\s+${DAY},\\s+)?${AFTER_GIVEN}`).exec(
    rest,
  );
  if (!given) return undefined;
  const surname = titleCase(head[1]);
  const words = given[1].replace(/^(?:Mrs|Mr|Miss|Dr|Rev)\.?\s+/, '').split(/\s+/);
  if (!words.length || words[0] === words[0].toUpperCase()) return undefined;
  const name =
    words[words.length - 1].toLowerCase() === surname.toLowerCase() ? words.join(' ') : `${words.join(' ')} ${surname}`;
  const end = head[0].length + given.index + given[0].indexOf(given[1]) + given[1].length;
  return { name, snippet: text.slice(0, end).trim() };
}

/**
 * "BIRNBAUM—Max, on March 25, beloved husband of …": an American paid death notice gives the day of
 * death, without its year, between the given name and the formula (the notice's own year).
 */
export function headedDeathDay(
  body: string,
  recordDate: string | undefined,
): { date: string; snippet: string } | undefined {
  const m = re(`${HEADING}${NAME}\\s*,\\s+on\\s+(${MONTH})\\s+(\\d{1,2})(?:st|nd|rd|th)?,\\s+${AFTER_GIVEN}`).exec(
    body,
  );
  if (!m || /\p{Ll}/u.test(m[1])) return undefined;
  const month = m[2].replace('.', '').slice(0, 3).toUpperCase();
  const date = dayInRecordYear(month, parseInt(m[3], 10), recordDate);
  return date ? { date, snippet: m[0].trim() } : undefined;
}

/** Words that say a sentence tells of a death. */
const DEATH_WORDS = /\b(?:died|dies|death|passed|departed|deceased|relict|widow|late|funeral|R\.I\.P)\b/i;

/**
 * The clause before `index` has no subject of its own: a notice's formula after a semicolon or at a
 * sentence's start ("…, aged 67 years. Beloved husband of Beatrice; father of Gloria …"), which a
 * death notice writes only of the one who died.
 */
export function ellipticClause(body: string, index: number): boolean {
  return /^\s*(?:and\s+)?(?:(?:[Dd]early\s+)?(?:[Bb]eloved|[Ll]oving|[Ff]ond|[Dd]ear)\s+)?$/u.test(
    clauseBefore(body, index),
  );
}

/** The clause before `index` is the principal's: it names the principal's given name, or opens with he/she. */
export function principalClause(body: string, index: number, given: string): string | undefined {
  const clause = clauseBefore(body, index);
  if (given && re(`(?:^|[^\\p{L}])${asWritten(given)}(?![\\p{L}])`).test(clause)) return clause;
  // "…; he was a native of Kiltimagh": after a semicolon the pronoun is written small.
  if (/^\s*(?:He|She|he|she)\b/.test(clause)) return clause;
  return undefined;
}

/**
 * The day of death a notice writes as "On the 17th inst." (the notice's month) or "on the 3rd ult."
 * (the month before): the opening of a headed notice, or the day after "died"/"passed away".
 */
export function noticeDeathDay(
  body: string,
  headed: boolean,
  recordDate: string | undefined,
): { date: string; snippet: string } | undefined {
  const day = '(\\d{1,2})(?:st|nd|rd|th)?\\s+(inst|ult|instant|ultimo)\\b\\.?';
  const opening = headed ? re(`${HEADING}(?:[Oo]n\\s+)?(?:the\\s+)?${day}`).exec(body) : null;
  // A headed notice of a birth or a marriage opens the same way: "SMITH.—On the 3rd inst., the wife of J. Smith, of a son."
  const sentence = opening ? body.slice(0, 400).split(/\.\s+(?=\p{Lu})/u)[0] : '';
  const m =
    opening && !/\bof\s+a\s+(?:son|daughter)\b|\bmarried\b|\bby\s+the\s+Rev/i.test(sentence)
      ? { day: opening[2], which: opening[3], snippet: opening[0] }
      : (() => {
          const d = re(
            `\\b(?:died|passed\\s+away|departed\\s+this\\s+life)\\b[^.;]{0,60}?\\b[Oo]n\\s+the\\s+${day}`,
          ).exec(body);
          return d ? { day: d[1], which: d[2], snippet: d[0] } : undefined;
        })();
  if (!m) return undefined;
  const date = dayOfNoticeMonth(parseInt(m.day, 10), m.which.startsWith('inst') ? 'inst' : 'ult', recordDate);
  return date ? { date, snippet: m.snippet.trim() } : undefined;
}

/**
 * "Honora, relict of the late Patrick Carroll", "widow of the late X", "beloved wife of X", "She was
 * the wife of X": the principal's spouse, when the sentence names the principal.
 */
export function noticeSpouse(
  body: string,
  given: string,
  surname = '',
): { persona: Persona; snippets: Record<string, string>; principalSex: 'M' | 'F'; late: boolean } | undefined {
  const pattern = re(
    `\\b(relict|widow|widower|(?:[Dd]early\\s+)?(?:[Bb]eloved\\s+|[Ll]oving\\s+)?(?:[Ww]ife|[Hh]usband))\\s+of\\s+(the\\s+late\\s+)?(?:(?:Mr|Mrs|Dr|Capt|Rev)\\.?\\s+)?(${NAME})`,
    'gu',
  );
  for (const m of body.matchAll(pattern)) {
    // "LYN.—CHARLES … died … Beloved husband of Beatrice; father of …": a notice's formulas, each of the deceased.
    const elliptic = ellipticClause(body, m.index);
    const clause = principalClause(body, m.index, given);
    if (!clause && !elliptic) continue;
    // Right after the principal's name ("Honora, relict of") or "she was (the) wife of".
    // Not "a daughter, Luisa, the wife of Santiago Lobero": the name before is the principal's.
    const own = `${asWritten(given)}(?:\\s+(?:\\p{Lu}\\.|${NAME_WORD}))*`;
    const native = `(?:,\\s+(?:a\\s+)?native\\s+of\\s+[^;]{1,80}?)?`;
    // "BIRNBAUM—Max, on March 25, beloved husband of": the day of death between name and formula.
    const day = `(?:,\\s+on\\s+${MONTH}\\s+${DAY})?`;
    if (
      !elliptic &&
      !re(`(?:\\b${own}${day}|\\b(?:he|she)\\s+was)${native}\\s*,?\\s+(?:the\\s+)?(?:and\\s+)?$`).test(clause ?? '')
    )
      continue;
    let name = m[3].replace(/\s+(?:of|in|at)$/u, '').trim();
    let words = m[0];
    // "beloved husband of Rose (née Feldstein)": her given name and the surname she was born with.
    const nee = re(`^\\s*\\((?:née|nee|born)\\s+(${NAME_WORD})\\)`).exec(body.slice(m.index + m[0].length));
    if (name.split(/\s+/).length === 1 && nee) {
      name = `${name} ${nee[1]}`;
      words = `${m[0]}${nee[0]}`;
    }
    // "Beloved husband of Beatrice": his wife by her given name, under the surname of the notice.
    const single = name.split(/\s+/).length < 2;
    if (single && !(elliptic && surname && /husband/i.test(m[1]))) continue;
    if (single) name = `${name} ${surname}`;
    const word = m[1].toLowerCase();
    const principalSex: 'M' | 'F' = /widower|husband/.test(word) ? 'M' : 'F';
    const persona: Persona = {
      name,
      role: 'spouse',
      relationship: principalSex === 'F' ? 'husband' : 'wife',
      sex: principalSex === 'F' ? 'M' : 'F',
    };
    return { persona, snippets: { name: words, role: m[0] }, principalSex, late: !!m[2] };
  }
  return undefined;
}

/** "a native of Clonoulty, County Tipperary, Ireland": where the one the sentence is about was born (`who`: 'principal' or a spouse's name). */
export function nativeOf(
  body: string,
  given: string,
  spouses: readonly string[],
): { who: string; place: string; snippet: string } | undefined {
  for (const m of body.matchAll(
    re(`(?:(${NAME})\\s*,\\s*)?\\b(?:[Aa]|[Bb]eing\\s+a)\\s+native\\s+of\\s+(${PLACE})`, 'gu'),
  )) {
    // "married Ascension Uriarte, a native of Lekeitio": the spouse just named.
    const spouse = m[1] && spouses.find((s) => s === m[1] || s.endsWith(` ${m[1]}`) || m[1].endsWith(s));
    if (spouse) return { who: spouse, place: m[2], snippet: m[0] };
    // "…, aged 58 years. A native of Tung Kun, China, and son of …": a notice's sentence without a subject.
    if (principalClause(body, m.index, given) || (!m[1] && /^\s*$/u.test(clauseBefore(body, m.index))))
      return { who: 'principal', place: m[2], snippet: m[0] };
  }
  return undefined;
}

/**
 * "aged 58 years", "in his 73rd year", "at the age of 66 years": the principal's age at death, in a
 * sentence that tells of the death and names the principal; not "his father Daniel who died … aged 62".
 */
export function ageAtDeath(body: string, given: string): { age: number | string; snippet: string } | undefined {
  const pattern = re(
    `\\b(?:aged\\s+(?:(\\d{1,3})|about\\s+\\d{1,3})(?:\\s+years)?|at\\s+the\\s+age\\s+of\\s+(\\d{1,3})(?:\\s+years)?|in\\s+(?:his|her)\\s+\\d{1,3}(?:st|nd|rd|th)\\s+year)\\b`,
    'gu',
  );
  for (const m of body.matchAll(pattern)) {
    const clause = principalClause(body, m.index, given);
    // "the body of Martin Connolly, aged 63, glass bottle maker, …, who died on Sunday": the death
    // may be told after the age, in the same sentence.
    const rest = body.slice(m.index + m[0].length).split(/[.!?]\s+(?=\p{Lu})/u)[0];
    if (
      !clause ||
      !(
        DEATH_WORDS.test(`${clause}${m[0]}`) ||
        /^,[^;]*?\b(?:who\s+(?:died|was\s+killed)|was\s+(?:\p{Ll}+ly\s+)?killed)\b/u.test(rest)
      )
    )
      continue;
    if (/\bwho\s+(?:died|was)\b[^;]{0,40}$/.test(clause)) continue;
    const n = m[1] ?? m[2];
    return { age: n ? Number(n) : m[0], snippet: m[0] };
  }
  return undefined;
}
