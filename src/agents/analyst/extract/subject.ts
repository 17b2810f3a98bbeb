/**
 * Whom a verb in free text is about. A notice or a family story names many people; "died 4 Feb. 1908",
 * "born …" or "married …" belongs to the principal only when the sentence is about the principal: not in
 * "his father Daniel O'Sullivan who died 4th Feb. 1908", "His big sister Agnes, who registered his death,
 * had married William Craig" or "Elizabeth died in 1794". A fact put on the wrong person is worse than
 * a fact not read, so a clause about somebody else is never read as the principal's.
 */
import { MONTH, NAME, NAME_WORD } from './text-patterns';

/** Words before a full stop that do not end a sentence ("Mrs.", "Feb.", "St.", an initial). */
const ABBREVIATIONS =
  /^(?:Mrs|Mr|Ms|Dr|Rev|Fr|St|Jr|Sr|Capt|Col|Gen|Lt|Sgt|Hon|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Co|No|Nr|N:o|Wm|Jno|Chas|Geo|Thos|Jas|Jos|Benj|Saml)$/;

/** Capitalised words that open a sentence but never a name ("When Giuseppe Ferraro stepped off …"). */
export const FUNCTION_WORDS = new Set(
  (
    'A An The This That These Those Their Our My Your Its It We They He She His Her Him Them ' +
    'When Where While After Before Although Though Since Because Until Among Between During For From ' +
    'In On At By With Without Into Of To As If Then Later Now Today Yesterday Also And But Or So Yet ' +
    'Careful Anyone Everyone Nobody Somebody Notes Note Compiled Written Erected Here There ' +
    'Like Unlike Both Each Every All Some Many Most Other Another Such Only Even Once Twice ' +
    'Mrs Mr Miss Ms Dr Rev Herr Frau Monsieur Madame ' +
    'Survivors Surviving Survived Services Funeral Burial Interment Visitation Friends Relatives Mass Memorial'
  ).split(' '),
);

const KIN =
  '(?:father|mother|parents?|wife|husband|widow|widower|sons?|daughters?|brothers?|sisters?|cousins?|uncle|aunt|niece|nephew|grand\\w+|great-\\w+|step\\w+|in-law)';

/** The sentence (or clause after a semicolon or colon) that ends at `index`. */
export function clauseBefore(body: string, index: number): string {
  const before = body.slice(0, index);
  for (let i = before.length - 1; i >= 0; i--) {
    const c = before[i];
    if (c === ';' || c === ':') return before.slice(i + 1);
    if (c !== '.' && c !== '!' && c !== '?') continue;
    if (!/^\s+["“]?\p{Lu}/u.test(body.slice(i + 1, i + 4))) continue;
    const word = /([\p{L}:]+)$/u.exec(before.slice(Math.max(0, i - 12), i))?.[1] ?? '';
    if (ABBREVIATIONS.test(word) || word.length === 1) continue;
    return before.slice(i + 1);
  }
  return before;
}

export type Subject = 'principal' | 'other' | 'unknown';

/** The principal's given name, or the surname alone ("Mrs. Hoffman died …"). */
function isPrincipal(name: string, principal: string): boolean {
  const own = principal.toLowerCase().split(/\s+/);
  const words = name.toLowerCase().split(/\s+/);
  if (own[0] && words.includes(own[0])) return true;
  return words.length === 1 && own.length > 1 && words[0] === own[own.length - 1];
}

/** The first capitalised name of a clause, function words at its start skipped. */
function firstName(clause: string): string | undefined {
  for (const m of clause.matchAll(new RegExp(NAME, 'gu'))) {
    const words = m[0].split(/\s+/);
    // Function words and a heading in capitals ("THE BOYDS OF TOWNEND") before the sentence's subject.
    while (
      words.length &&
      (FUNCTION_WORDS.has(words[0]) || (words[0].length > 1 && words[0] === words[0].toUpperCase()))
    )
      words.shift();
    // "On October 19, 1876, he …": a date's month is no one (May Smith, June Ross are).
    const date = words.length === 1 && MONTH_ONLY.test(words[0]) && /^\s*\d/.test(clause.slice(m.index + m[0].length));
    if (words.length && !date) return words.join(' ');
  }
  return undefined;
}

const MONTH_ONLY = new RegExp(`^${MONTH}$`, 'u');

/**
 * Whom the verb at `index` is about: `principal` (named, or "he"/"she" opening the sentence), `other`
 * (another name, a relative named by a kinship word, or the subject of a relative clause), or
 * `unknown` (nothing before the verb says: "Died: March 3, 1920").
 */
export function subjectAt(body: string, index: number, principal: string): Subject {
  const clause = clauseBefore(body, index);
  // "his father Daniel O'Sullivan who died …", "Agnes, who registered his death, had married …".
  const relative = new RegExp(`(${NAME})\\s*,?\\s+who\\s+(?:[^,.;]{0,60},\\s+)?(?:\\w+\\s+){0,2}$`, 'u').exec(clause);
  if (relative) return isPrincipal(relative[1], principal) ? 'principal' : 'other';
  const lead = clause.replace(/^\s*["“]?\s*/u, '');
  // "His big sister Agnes …", "Their daughter Rose Gordon married …", "Isadore's mother Rivka …".
  if (new RegExp(`^(?:His|Her|Their|${NAME_WORD}['’]s)\\s+(?:[\\p{Ll}-]+\\s+){0,2}${KIN}\\b`, 'u').test(lead))
    return 'other';
  // "In 1767 he married …", "He died …".
  if (/^(?:(?:In|On|By|About|Around)\s+[^,]{1,30},?\s+)?(?:he|she|He|She)\b/u.test(lead)) return 'principal';
  // "LYN.—TET CHONG, proprietor of Lyn's Bakery, …, died": a notice headed by its subject in capitals.
  const heading =
    /^(?:\p{Lu}[\p{Lu}'’-]*(?:[\s.,]|[—–-])*)+/u
      .exec(lead)?.[0]
      .toLowerCase()
      .split(/[^\p{L}'’]+/u) ?? [];
  const own = principal.toLowerCase().split(/\s+/)[0];
  if (own && heading.includes(own)) return 'principal';
  const first = firstName(lead);
  if (!first) return 'unknown';
  if (isPrincipal(first, principal)) return 'principal';
  // One capitalised word opening the sentence may be a common noun ("Survivors include his wife …").
  return first.includes(' ') || !lead.startsWith(first) ? 'other' : 'unknown';
}
