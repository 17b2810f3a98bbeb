/**
 * Simple patterns for free text (obituaries, newspaper notices): "born … in …", "died …",
 * "son/daughter of … and …", "survived by his wife …", "married …", lists of sons and daughters,
 * "…, wife of …" for a married daughter. Each persona field keeps the exact words it came from.
 */
import type { Persona } from '../../../model';
import type { GroundedPersona } from '../../../engine/agents';
import { splitPersonaName } from '../../../model/names';
import type { StatedRelation } from '../../../engine/agents';
import {
  type FamilySurname,
  type FamilySurnames,
  formerNames,
  kinNamedInFull,
  namedCouple,
  descendantsCouple,
  pronounRelatives,
  appositiveRelatives,
  relativeLists,
} from './relatives';
import { FUNCTION_WORDS, subjectAt } from './subject';
import { mournerLists } from './mourners';
import { readDescendantChart } from './descendant-chart';
import { DAY, DAY_DATE, INITIALS_NAME, MONTH, NAME, NAME_WORD, titleCase } from './text-patterns';
import { dayInRecordYear, weekdayBeforeRecord } from './yearless-date';
import {
  ageAtDeath,
  headedDeathDay,
  headedNotice,
  nativeOf,
  noticeDeathDay,
  noticeSpouse,
  principalClause,
  ellipticClause,
} from './notices';
import { escapeRegExp } from '../../../model/regexp';

const MONTHS: Record<string, string> = {
  jan: 'JAN',
  january: 'JAN',
  feb: 'FEB',
  february: 'FEB',
  mar: 'MAR',
  march: 'MAR',
  apr: 'APR',
  april: 'APR',
  may: 'MAY',
  jun: 'JUN',
  june: 'JUN',
  jul: 'JUL',
  july: 'JUL',
  aug: 'AUG',
  august: 'AUG',
  sep: 'SEP',
  sept: 'SEP',
  september: 'SEP',
  oct: 'OCT',
  october: 'OCT',
  nov: 'NOV',
  november: 'NOV',
  dec: 'DEC',
  december: 'DEC',
};
const WEEKDAY = '(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),?\\s+)?';
/** "March 14, 1842", "14 March 1842", "4th Feb. 1908", "March 1842" or "1842". */
const DATE = `(?:${DAY_DATE}|${MONTH}\\s+\\d{4}|\\d{4})`;
const FULL_DATE = `(?:${DAY_DATE}|${MONTH}\\s+\\d{4})`;
/** What stands between "born" and "to <parents>": a date and a place ("August 17, 1928, in Benham, Kentucky,"), no other verb. */
const BIRTH_FILLER = `(?:,?\\s+(?:in|on|at|near|\\d{1,4}(?:st|nd|rd|th)?,?|\\p{Lu}[\\p{L}'’.-]*,?)){0,10}?`;
const PLACE = `${NAME_WORD}(?:(?:,\\s*|\\s+)(?:${NAME_WORD}|\\p{Lu}\\.))*`;
/** "married June 4, 1905, to Frederick W. Hoffman": the date before "to" is not the spouse's name. */
const MARRIED_ON = `(?:(?:on\\s+)?${FULL_DATE},?\\s+to\\s+)?`;
/** "he married, according to the usage of Friends, Elizabeth": an aside between the verb and the name. */
const ASIDE = '(?:,\\s+[^,.;]{3,60},)?';
/** "married", "wed", "entered into marriage with", "was united in marriage to", "was joined in holy matrimony with". */
const MARRY =
  '(?:married|wed|(?:entered\\s+into|(?:was\\s+)?(?:united|joined)\\s+in)\\s+(?:holy\\s+)?(?:marriage|matrimony|wedlock)\\s+(?:to|with))';
/** "married [, aside,] [on <date>, to] [Miss] <name> [… in|on <date>]": the spouse's name, then a date. */
/** "he married at Lowe House Miss Honor McDonagh": the church or town before the bride her title marks. */
const MARRIED_AT = `(?:(?:at|in)\\s+(?:St\\.?\\s+)?${PLACE}\\s+(?=Miss\\s))?`;
const MARRIED = `\\b${MARRY}${ASIDE}\\s+${MARRIED_ON}${MARRIED_AT}(?:Miss\\s+)?(?!${MONTH}\\s+\\d)(${NAME})(?:[^.;]{0,40}?\\b(?:in|on)\\s+(${DATE}))?`;

/** "March 14, 1842" → "14 MAR 1842" (a GEDCOM date); a bare year stays a year. */
export function toGedcomDate(text: string): string {
  const t = text
    .replace(/\./g, '')
    .replace(/,/g, ' ')
    .replace(/\b(\d{1,2})(?:st|nd|rd|th)\b/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  let m = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(t);
  if (m && MONTHS[m[2].toLowerCase()]) return `${Number(m[1])} ${MONTHS[m[2].toLowerCase()]} ${m[3]}`;
  m = /^([A-Za-z]+) (\d{1,2}) (\d{4})$/.exec(t);
  if (m && MONTHS[m[1].toLowerCase()]) return `${Number(m[2])} ${MONTHS[m[1].toLowerCase()]} ${m[3]}`;
  m = /^([A-Za-z]+) (\d{4})$/.exec(t);
  if (m && MONTHS[m[1].toLowerCase()]) return `${MONTHS[m[1].toLowerCase()]} ${m[2]}`;
  return t;
}

/** A full stop or semicolon that ends a sentence: not after an initial ("H.") or a title ("Mr.", "Wm."). */
const SENTENCE_END = /(?<!(?:^|[\s(])(?:\p{Lu}|Mr|Mrs|Ms|Dr|St|Rev|Jr|Sr|Wm|Jno|Chas|Jas|Geo|Thos))[.;](?=\s)/gu;

function re(src: string, flags = 'gu'): RegExp {
  return new RegExp(src, flags);
}

const STOPWORDS = new Set([
  'He',
  'She',
  'The',
  'His',
  'Her',
  'Mr',
  'Mrs',
  'Miss',
  'Funeral',
  'Services',
  'Obituary',
  'Death',
  'Died',
  'Born',
  'Interment',
  'Rev',
  'Saint',
  'Dear',
  'St',
]);

/**
 * What a family calls its elders before their names ("Great-grandpa Isadore Gordon", "Aunt Kate
 * Ryan", "Bubbe Rebecca"): a kinship word, not part of the name.
 */
const KIN_TITLE =
  /^(?:(?:Great-)*(?:Grand(?:pa|ma|father|mother|dad|mom)|Gran|Granny|Nana|Uncle|Aunt|Auntie|Cousin|Bubbe|Zayde|Nonno|Nonna|Oma|Opa|Abuelo|Abuela|Tante|Onkel|Babcia|Dziadek|(?:Ur)*Gro(?:ß|ss)(?:vater|mutter|papa|mama)|Vater|Mutter|Grootvader|Grootmoeder|Farfar|Morfar|Farmor|Mormor|Bestefar|Bestemor|Isoisä|Isoäiti|Mummo|Vaari|(?:Arrière-)*Grand-(?:père|mère)|Pépère|Mémère|Avô|Avó|Bisavô|Bisavó|Vovó|Vovô|Nagyapa|Nagyanya|Nagymama|Dédapa|Dédanya|Taid|Nain|Seanair|Seanmhair)\s+)+/i;

/** A phrase written all in capitals is a heading ("THE BOYDS OF TOWNEND"), not a person named in a sentence. */
function heading(words: readonly string[]): boolean {
  return words.every(inCapitals);
}

/** A word set in capitals, "McELROY" and "MacLEOD" too (their prefix keeps its small letter). */
function inCapitals(w: string): boolean {
  return w === w.toUpperCase() || /^(?:Mc|Mac)\p{Lu}[\p{Lu}'’-]*$/u.test(w);
}

function cleanName(n: string): string {
  return n
    .replace(KIN_TITLE, '')
    .replace(/^(?:Mrs?\.?|Miss|Mr\.?)\s+/, '')
    .replace(/\s+(?:of|in|at)\s*$/, '')
    .trim();
}

function withSurname(name: string, surname: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length >= 2 ? name.trim() : `${name.trim()} ${surname}`.trim();
}

interface Draft {
  persona: Persona;
  snippets: Record<string, string>;
}

/**
 * The date of a marriage phrase: the one written right after "married" ("married June 4, 1905, to X"),
 * else one that follows the spouse's name, unless it dates a death ("who preceded her in death in 1948").
 */
function marriageDateOf(phrase: string, after: string | undefined): string | undefined {
  const first = re(`^${MARRY}\\s+(?:on\\s+)?(${FULL_DATE})`, 'u').exec(phrase);
  if (first) return first[1];
  if (!after || /\b(?:death|died|deceased)\b/.test(phrase)) return undefined;
  return after;
}

/**
 * "married X" where the principal is the one who married: not "Their daughter Rose Gordon married Sol
 * Feldman", whose subject is another person named just before the verb.
 */
function principalMarried(body: string, principal: string): RegExpExecArray | null {
  // The principal's own given name before the verb ("Isadore married …", "Isadore Gordon married …").
  const given = (principal.split(/\s+/)[0] ?? '').toLowerCase();
  const pattern = re(MARRIED, 'gu');
  for (let m = pattern.exec(body); m; m = pattern.exec(body)) {
    const before =
      body
        .slice(Math.max(0, m.index - 60), m.index)
        .split(/[.;!?]\s/)
        .pop() ?? '';
    const subject = re(`(${NAME})\\s*,?\\s*(?:who\\s+|then\\s+|later\\s+)?$`, 'u').exec(before);
    const words = subject?.[1].split(/\s+/) ?? [];
    const other =
      words.length > 0 &&
      !STOPWORDS.has(words[0]) &&
      words[0].toLowerCase() !== given &&
      !/^(?:He|She|They|Who|And|Then|Later|In|On)$/.test(words[0]);
    if (!other && subjectAt(body, m.index, principal) !== 'other') return m;
  }
  return null;
}

/** What a free-text relative is to the principal, as a stated relationship. */
export function toPrincipal(p: Persona): StatedRelation['type'] | undefined {
  if (p.role === 'child') return 'child';
  if (p.role === 'spouse') return 'spouse';
  if (p.role === 'father' || p.role === 'mother') return p.role;
  if (p.relationship === 'brother' || p.relationship === 'sister') return p.relationship;
  return undefined;
}

/** Which relatives a draft is among, to read one named twice once. */
function groupOf(p: Persona): string {
  if (p.role === 'spouse') return 'spouse';
  if (p.role === 'child') return 'child';
  return p.relationship ?? p.role;
}

/** The principal of a free-text record: named in the title ("Obituary of …") or first in the text. */
export function principalName(title: string, text: string): { name: string; snippet: string } | undefined {
  // "SEXTON, Delbert Ray, 80, of Kettering, passed away …": a notice that opens with the surname in
  // capitals and a comma names its subject surname first.
  // An age, an alias or a dash follows the name; a dateline ("GORDONVILLE, Pa., Jan. 21 —") is no name.
  const lead = re(
    `^\\s*(\\p{Lu}[\\p{Lu}'’-]+(?:[ -]\\p{Lu}[\\p{Lu}'’-]+)?),[ \\t]+(${NAME})(?=,\\s*\\d|\\s*\\(|\\s+[—–-])`,
    'u',
  ).exec(text);
  if (lead && !/\p{Ll}/u.test(lead[1])) {
    const given = leadTrimmed(lead[2].split(/\s+/)).join(' ');
    if (given) return { name: `${given} ${titleCase(lead[1])}`, snippet: lead[0].trim() };
  }
  // "CARROLL.—On the 17th inst., …, Honora, relict of …": the surname heads the notice, the given name follows.
  const headed = headedNotice(text);
  if (headed) return headed;
  // "Obituary of Mrs. Clara B. Hoffman", "— obituary, Delbert Ray Sexton": the word before the name is not part of it.
  // "obituary, Cornelius ("Case") Verhulst", "Giovanni Battista (John) Cristofoli": a name the title
  // gives with a nickname or another language's form in brackets is the name without them.
  const t = re(
    `(?:[Oo]bituary|[Dd]eath notice|[Dd]eath|[Ff]uneral)(?:\\s+notice)?(?:\\s+of|:|,|\\s+[—–-])\\s+(?:(?:Mrs|Mr|Miss|Ms|Dr|Rev)\\.?\\s+)?(${NAME}|${INITIALS_NAME})(?:\\s+${BRACKETED}\\s+(${NAME}))?`,
    'u',
  ).exec(title);
  const fromTitle = t ? cleanName(t[2] ? `${t[1]} ${t[2]}` : t[1]) : undefined;
  // "death of Calum Mac Aonghais (Malcolm McInnis)": the name in another language in brackets after it.
  const other = t && !t[2] ? re(`^\\s*\\((${NAME})\\)`, 'u').exec(title.slice(t.index + t[0].length)) : null;
  const otherName = other && other[1].split(/\s+/).length >= 2 ? cleanName(other[1]) : undefined;
  // A surname alone ("death notice, Caplan") does not say which of the family is meant.
  if (fromTitle && fromTitle.split(/\s+/).length >= 2) {
    const inText = re(NAME, 'gu');
    // The title's person as the text writes it: the same surname and first given name ("Clarence
    // Sexton", the stepfather named in Delbert Sexton's obituary, is not its subject).
    for (const form of otherName ? [fromTitle, otherName] : [fromTitle]) {
      const { given, surname } = splitPersonaName(form);
      const first = given.split(/\s+/)[0];
      for (const m of text.matchAll(inText)) {
        const written = leadTrimmed(m[0].split(/\s+/)).join(' ');
        const words = written.split(/\s+/);
        if (
          surname &&
          macAlike(written).includes(macAlike(surname)) &&
          words.length >= 2 &&
          (!first || words[0] === first)
        )
          return { name: cleanName(written), snippet: written };
      }
    }
    const { given, surname } = splitPersonaName(fromTitle);
    const first = given.split(/\s+/)[0];
    // "William (Wasyl) Hritzuk": the name the text calls him by, with the other in brackets.
    // "Giovanni Battista (John) Cristofoli": a second given name may come before the brackets.
    const bracketed =
      first && surname
        ? re(`${escapeRegExp(first)}(?:\\s+${NAME_WORD}){0,2}\\s+${BRACKETED}\\s+${escapeRegExp(surname)}`, 'u').exec(
            text,
          )
        : null;
    if (bracketed) return { name: fromTitle, snippet: bracketed[0] };
    return { name: fromTitle, snippet: fromTitle };
  }
  for (const m of text.matchAll(re(NAME))) {
    // "came over on the Ben Nevis", "of the Grand Carniolan Slovenian Catholic Union": a ship, a
    // society, a house or an inn; a person's name takes no article.
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    if (VESSEL_BEFORE.test(before)) continue;
    // "My brother Jan Kurjo … has died", "Hana's brother Pětr Nowak": the writer's or another's kin.
    if (KIN_OF_ANOTHER_BEFORE.test(before)) continue;
    // 'Johann "John" Kurio (1846–1918)': the name without the nickname the family called him by.
    const nick = m[0].includes(' ') ? null : QUOTED_NICKNAME_AFTER.exec(text.slice(m.index + m[0].length));
    if (nick) return { name: cleanName(`${m[0]} ${nick[1]}`), snippet: m[0] + nick[0] };
    // "From: Gwen Rowlands Kostenbader⏎Subject: …": a word with a colon after it is a label, not a name's.
    const read = m[0].split(/\s+/);
    if (text[m.index + m[0].length] === ':') read.pop();
    const words = leadTrimmed(afterDayOfMonth(text, m.index, read));
    if (words.length < 2 || placeLike(words)) continue;
    const written = words.join(' ');
    if (heading(words)) {
      // "… was JOSEPH GARRETSON, the pioneer …": a county history sets its subject in capitals within a
      // sentence; a capitalised line of its own ("THE BOYDS OF TOWNEND") is a heading.
      if (!biographee(text, m.index + m[0].length - written.length, words)) continue;
      return { name: words.map(titleCase).join(' '), snippet: written };
    }
    const name = cleanName(written);
    // "Great-grandpa Isadore": a kinship word before a bare given name leaves no surname: not a principal.
    if (name.split(/\s+/).length >= 2) return { name, snippet: written };
  }
  return undefined;
}

/** "MacInnis" and "McInnis" are one spelling of the name for finding the title's person in the text. */
const macAlike = (s: string): string => s.replace(/\bMac(?=\p{Lu})/gu, 'Mc');

/** What comes before a ship's name: "on the Ben Nevis", "the steamer Ben Nevis", "dem Schiffe „Ben Nevis“". */
const VESSEL_BEFORE =
  /(?:\b[Tt]he|\b(?:ship|steamer|steamship|barque|bark|brig|schooner|vessel|liner|S\.S\.|SS|Schiffe?|Dampfer)[ \t]*[„“"]?)[ \t]+$|[„“"]$/u;
/**
 * Kin named from another's side, just before a name: "Hana's brother", and a writer's collateral kin
 * ("my brother", "our cousin"). "Our dear father Peter H. Penner" opens his children's obituary of
 * him: a parent or spouse so named may be the text's subject, a brother in a letter is not.
 */
const KIN_OF_ANOTHER_BEFORE =
  /(?:\p{Lu}\p{Ll}+['’]s[ \t]+(?:(?:late|dear|beloved|little|eldest|elder|younger|youngest)[ \t]+)?(?:father|mother|brother|sister|son|daughter|wife|husband|uncle|aunt|cousin|nephew|niece|grandfather|grandmother|grandson|granddaughter)|\b(?:[Mm]y|[Oo]ur)[ \t]+(?:(?:late|dear|beloved|little|eldest|elder|younger|youngest)[ \t]+)?(?:brother|sister|uncle|aunt|cousin|nephew|niece))s?,?[ \t]+$/u;
/** After a given name, a nickname in quotes and the rest of the name: ' "John" Kurio'. */
const QUOTED_NICKNAME_AFTER = re(`^[ \\t]+["“„][\\p{L}'’. -]{2,24}["”“][ \\t]+(${NAME})`, 'u');

/**
 * A name's words without what precedes it in the sentence: a word that opens a sentence ("When Giuseppe
 * Ferraro stepped off …") or the end of a heading in capitals ("DEATH OF JOHN F. SCHMIDT John F. Schmidt").
 */
function leadTrimmed(words: string[]): string[] {
  const out = withoutOpeningWords(words);
  while (out.length > 1 && out[0].length > 1 && inCapitals(out[0]) && !heading(out)) out.shift();
  return out;
}

/** A nickname or another form of a name in brackets: `("Case")`, `(John)`. */
const BRACKETED = '\\([^()]{1,40}\\)';

const MONTH_WORD = new RegExp(`^(?:${MONTH})$`, 'u');

/**
 * "On 3 March Josef Šimek, an old settler, died": after a day's number a month opens the phrase the
 * name pattern reads, and is no given name (a girl called May or June is not written after a day).
 */
function afterDayOfMonth(text: string, at: number, words: string[]): string[] {
  return words.length > 2 && MONTH_WORD.test(words[0]) && /\d\.?\s+$/.test(text.slice(Math.max(0, at - 5), at))
    ? words.slice(1)
    : words;
}

/** A name's words without the words that open a sentence before it ("When", "The", "Mrs"). */
function withoutOpeningWords(words: readonly string[]): string[] {
  const out = [...words];
  while (out.length && (FUNCTION_WORDS.has(out[0]) || STOPWORDS.has(out[0]))) out.shift();
  return out;
}

/** Words of a heading, never of a name set in capitals. */
const HEADING_WORDS = /^(?:THE|OF|AND|FAMILY|FAMILIES|NOTES|HISTORY|GENEALOGY|DESCENDANTS|RECORD|RECORDS)$/;

/** A name set in capitals inside a sentence: a lower-case word before it on its line, no heading words. */
function biographee(text: string, at: number, words: readonly string[]): boolean {
  if (words.some((w) => HEADING_WORDS.test(w))) return false;
  const line = text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
  // "CAPT. JAMES McELROY, farmer, District No. 9, was born …": a county history's sketch opens with
  // its subject in capitals, a comma and his calling.
  const after = text.slice(at + words.join(' ').length, at + words.join(' ').length + 24);
  // "JUAN B. DAHER (q.e.p.d.) — Falleció ayer": a death notice headed by its subject and a requiescat.
  return /\p{Ll}/u.test(line) || /^,\s*\p{Ll}/u.test(after) || REQUIESCAT.test(after);
}

/** "(R.I.P.)", "(q.e.p.d.)", "(D.E.P.)", "(S.I.P.)", "(†)" after a name heading a death notice. */
const REQUIESCAT = /^\s*\((?:R\.\s?I\.\s?P\.|[Qq]\.\s?[Ee]\.\s?[Pp]\.\s?[Dd]\.|D\.\s?E\.\s?P\.|S\.\s?I\.\s?P\.|†)\)/u;

/** Words that start a place's or an institution's name, never a person's ("El Refugio", "The Kerryman"). */
const ARTICLES = new Set(['El', 'La', 'Los', 'Las', 'Le', 'Les', 'Der', 'Die', 'Das', 'Het', 'The', 'A', 'An']);
/** Words naming a place or an institution ("Kenmare Old Cemetery", "Calle Hidalgo", "St. Mary's Church"). */
const PLACE_WORDS =
  /^(?:City|Town|Village|Falls|Springs|Creek|Harbou?r|Heights|Junction|Landing|Valley|Prairie|District|Precinct|Ward|Cemetery|Churchyard|Church|Chapel|Cathedral|Parish|Street|Road|Avenue|Lane|Square|County|Township|Hospital|School|College|University|Hall|Society|Company|Union|Lodge|Club|Association|Hotel|Park|Sociedad|Sociedade|Società|Société|Asociación|Associação|Verein|Gesellschaft|Old|New|North|South|East|West|Capilla|Iglesia|Calle|Panteón|Kyrka|Kirche|Friedhof|Kerk|Église|Cimetière|Chiesa|Cimitero)$/;

/** A capitalised phrase that names a place or an institution, not a person: never a principal. */
function placeLike(words: readonly string[]): boolean {
  return ARTICLES.has(words[0]) || words.some((w) => PLACE_WORDS.test(w.replace(/[.,;:]$/, '')));
}

/**
 * "don José María Hernández Ruiz (1868–1934)": a full name with the years of birth and death after it.
 * The years go to the relative already read under that name, or to a new persona named only so.
 */
function lifespans(body: string, main: Draft, others: Draft[]): void {
  const pattern = re(`(${NAME})\\s*\\(\\s*(?:b\\.\\s*)?(\\d{4})\\s*[–—-]\\s*(?:d\\.\\s*)?(\\d{4})\\s*\\)`, 'gu');
  for (const m of body.matchAll(pattern)) {
    const words = withoutOpeningWords(m[1].split(/\s+/));
    const name = cleanName(words.join(' '));
    if (name.split(/\s+/).length < 2 || placeLike(words) || Number(m[3]) < Number(m[2])) continue;
    const same = [main, ...others].find((d) => d.persona.name.toLowerCase() === name.toLowerCase());
    const d: Draft = same ?? { persona: { name, role: 'other' }, snippets: { name: m[0] } };
    if (!d.persona.birthDate) {
      d.persona.birthDate = m[2];
      d.snippets.birthDate = m[0];
    }
    if (!d.persona.deathDate) {
      d.persona.deathDate = m[3];
      d.snippets.deathDate = m[0];
    }
    if (!same) others.push(d);
  }
}

/**
 * "Mr. Martin Connolly", "Mrs. Clara Hoffman", "Miss Honor McDonagh": the sex a title before the
 * principal's name gives. Not "Mr. and Mrs. John Smith" (a couple under his name).
 */
function principalTitle(text: string, name: string): { sex: 'M' | 'F'; snippet: string } | undefined {
  if (!name) return undefined;
  const m = re(
    `(?<!\\b(?:Mr|MR)\\.?\\s+(?:and|&)\\s+)\\b(Mr|Mrs|Miss|MR|MRS|MISS)\\.?\\s+${escapeRegExp(name)}(?![\\p{L}])`,
    'u',
  ).exec(text);
  if (!m) return undefined;
  return { sex: /^mr$/i.test(m[1]) ? 'M' : 'F', snippet: m[0] };
}

export function extractFromText(
  title: string,
  text: string,
  recordDate?: string,
): {
  personas: GroundedPersona[];
  hypotheses: { type: string; text: string; priority: number; suggestedQueries: string[] }[];
  relations: StatedRelation[];
} {
  // A descendant chart printed from family-tree software: its lines, not its sentences, say who is whose.
  const chart = readDescendantChart(text, toGedcomDate);
  if (chart) return { ...chart, hypotheses: [] };
  // A name broken across two lines is one name: read the text with its line breaks as spaces.
  const body = text.replace(/\s+/g, ' ');
  const principal = principalName(title, body);
  if (!principal) return { personas: [], hypotheses: [], relations: [] };
  const surname = splitPersonaName(principal.name).surname;
  const main: Draft = { persona: { name: principal.name, role: 'principal' }, snippets: { name: principal.snippet } };
  const others: Draft[] = [];
  // "of Mr. Martin Connolly": the title the text gives its principal says the sex; without it an
  // obituary's principal is no likelier the person sought than his son of the same name in it.
  const titled = principalTitle(body, principal.snippet) ?? principalTitle(title, principal.name);
  if (titled) {
    main.persona.sex = titled.sex;
    main.snippets.sex = titled.snippet;
  }
  // The first match whose sentence is not about somebody else ("his father Daniel who died …").
  const about = (pattern: RegExp): RegExpExecArray | undefined =>
    [...body.matchAll(pattern)].find((m) => subjectAt(body, m.index, principal.name) !== 'other');

  // "born in 1839 on Tamme farm": a farm is a place one is born on.
  const born = about(re(`\\b[Bb]orn\\s+(?:on\\s+|in\\s+)?(${DATE}),?\\s+(?:in|at|on)\\s+(${PLACE})`, 'gu'));
  if (born) {
    main.persona.birthDate = toGedcomDate(born[1]);
    main.persona.birthPlace = born[2];
    main.snippets.birthDate = born[0];
    main.snippets.birthPlace = born[0];
  } else {
    const b2 = about(re(`\\b[Bb]orn\\s+(?:in|at)\\s+(${PLACE}),?\\s+(?:on\\s+)?(${DATE})`, 'gu'));
    if (b2) {
      main.persona.birthDate = toGedcomDate(b2[2]);
      main.persona.birthPlace = b2[1];
      main.snippets.birthDate = b2[0];
      main.snippets.birthPlace = b2[0];
    }
    // "Born at Mweenish, Carna, in Connemara, he came to St. Helens": a sentence that opens with the
    // birthplace and goes on about the principal (he/she), without a date.
    const b3 = b2
      ? undefined
      : re(
          `(?:^|[.!?]["'”’]?\\s+)Born\\s+(?:at|in)\\s+(${PLACE})(?:,?\\s+in\\s+${PLACE})?,\\s+(?:he|she)\\s`,
          'u',
        ).exec(body);
    if (b3 && !MONTH_WORD.test(b3[1].split(/[\s,]+/)[0])) {
      main.persona.birthPlace = b3[1];
      main.snippets.birthPlace = b3[0].replace(/^[.!?]["'”’]?\s+/, '');
    }
  }
  // "Died on 4 March 1913 in Kolga parish … Jüri Tamm": a notice may open with the verb.
  const died = about(re(`\\b(?:[Dd]ied|[Pp]assed away)\\b[^.;]{0,60}?\\b(?:on\\s+)?${WEEKDAY}(${FULL_DATE})`, 'gu'));
  if (died) {
    main.persona.deathDate = toGedcomDate(died[1]);
    main.snippets.deathDate = died[0];
  } else {
    // "died Tuesday (March 11)": the notice's own year (yearless-date.ts).
    const recent = about(
      re(
        `\\b(?:died|passed away)\\b[^.;]{0,60}?\\b(?:on\\s+)?${WEEKDAY}\\(?(?:(${MONTH})\\s+(${DAY})|(${DAY})\\s+(${MONTH}))\\)?(?!,?\\s*\\d)`,
        'gu',
      ),
    );
    const month = recent && MONTHS[(recent[1] ?? recent[4]).replace('.', '').toLowerCase()];
    const date = recent && month && dayInRecordYear(month, parseInt(recent[2] ?? recent[3], 10), recordDate);
    if (recent && date) {
      main.persona.deathDate = date;
      main.snippets.deathDate = recent[0];
    }
  }
  // "On 8 March died here G. P. Sandberg": the date before the verb, as a notice translated from a
  // Scandinavian or German one writes it ("Den 8 mars afled härstädes …").
  if (!main.persona.deathDate) {
    const first = about(
      re(
        `\\b[Oo]n\\s+(?:the\\s+)?(?:(${DAY})\\s+(?:of\\s+)?(${MONTH})|(${MONTH})\\s+(${DAY}))(?:,?\\s+(\\d{4}))?,?\\s+(?:there\\s+)?(?:died|passed away)\\b`,
        'gu',
      ),
    );
    const month = first && MONTHS[(first[2] ?? first[3]).replace('.', '').toLowerCase()];
    const day = first && parseInt(first[1] ?? first[4], 10);
    const date =
      first && month && day
        ? first[5]
          ? `${day} ${month} ${first[5]}`
          : dayInRecordYear(month, day, recordDate)
        : undefined;
    if (first && date) {
      main.persona.deathDate = date;
      main.snippets.deathDate = first[0];
    }
  }
  // "mourns the passing, on the 22nd October, of Mr. Caetano F. X. Fernandes": the day before the name.
  if (!main.persona.deathDate) {
    const passing = re(
      `\\bthe\\s+(?:passing|death),?\\s+on\\s+(?:the\\s+)?(${DAY})\\s+(?:of\\s+)?(${MONTH})(?:,?\\s+(\\d{4}))?,?\\s+of\\s+(?:(?:Mr|Mrs|Miss|Dr)\\.?\\s+)?(${NAME})`,
      'u',
    ).exec(body);
    const month = passing && MONTHS[passing[2].replace('.', '').toLowerCase()];
    // The principal by name, or by the initial a heading gives him ("Death of Mr. C. F. X. Fernandes").
    const [given, first] = [principal.name.split(/\s+/)[0], passing?.[4].split(/\s+/)[0] ?? ''];
    const own = passing && (first === given || (/^\p{Lu}\.$/u.test(given) && first.startsWith(given[0])));
    const day = passing && parseInt(passing[1], 10);
    const date =
      passing && own && month && day
        ? passing[3]
          ? `${day} ${month} ${passing[3]}`
          : dayInRecordYear(month, day, recordDate)
        : undefined;
    if (passing && date) {
      main.persona.deathDate = date;
      main.snippets.deathDate = passing[0];
    }
  }
  // "BIRNBAUM—Max, on March 25, beloved husband of": the day, in the notice's own year.
  if (!main.persona.deathDate) {
    const day = headedDeathDay(body, recordDate);
    if (day) {
      main.persona.deathDate = day.date;
      main.snippets.deathDate = day.snippet;
    }
  }
  // "CARROLL.—On the 17th inst.", "passed away … on the 12th inst.": a day of the notice's month.
  if (!main.persona.deathDate) {
    const day = noticeDeathDay(body, !!headedNotice(body), recordDate);
    if (day) {
      main.persona.deathDate = day.date;
      main.snippets.deathDate = day.snippet;
    }
  }
  // "died Tuesday at Mercy Hospital", "The death occurred on Wednesday at his home": the paper's last such day.
  if (!main.persona.deathDate) {
    const weekday = about(
      re(
        `\\b(?:died|passed\\s+away|death\\s+occurred|was\\s+(?:\\p{Ll}+ly\\s+)?killed)\\b[^.;]{0,40}?\\b(?:on\\s+)?(?:last\\s+)?(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\\b(?!,?\\s*(?:\\(|\\d|the\\s+\\d|${MONTH}))`,
        'gu',
      ),
    );
    const date = weekday && weekdayBeforeRecord(weekday[1], recordDate);
    if (weekday && date) {
      main.persona.deathDate = date;
      main.snippets.deathDate = weekday[0];
    }
  }
  // "son of Mr. and Mrs. Jakob Müller": the father is named, the mother only by his name and a title.
  // "son of …" is the principal's only in a sentence about the principal (a pronoun or their given
  // name before it): "Mrs. Ross, the former Janet Hoffman, daughter of …" is about someone else.
  const ofPrincipal = (m: RegExpExecArray | null): RegExpExecArray | null => {
    if (!m) return null;
    const before = body.slice(0, m.index);
    // The sentence ends at a full stop that ends a word, not at an initial ("Peter H. Penner") or "Mr.".
    const ends = [...before.matchAll(SENTENCE_END)];
    const sentence = before.slice(ends.length ? ends[ends.length - 1].index + 1 : 0);
    const given = principal.name.split(/\s+/)[0];
    // "he entered into marriage with Helena Penner, daughter of Jacob Penner": the spouse's father.
    if (re(`\\b${MARRY}\\s+(?:Miss\\s+)?${NAME}\\s*,\\s*(?:the\\s+)?$`, 'u').test(sentence)) return null;
    // "A native of Tung Kun, China, and son of the late Lyn Ah Sam.": a notice's sentence without a subject.
    const elliptic = /^\s*(?:[Aa]\s+native\s+of\s+[^;]{1,60}?,?\s+and\s+)?$/u.test(sentence);
    // "Avila was a native of Urzelina, … and a son of Antonio Avila": a paper calls the man by his surname.
    const bySurname = surname
      ? re(`^\\s*${escapeRegExp(surname)}\\s+(?:was|is|had|came)\\b`, 'u').test(sentence)
      : false;
    return /\b(?:he|she|the deceased)\b/i.test(sentence) || sentence.includes(given) || elliptic || bySurname
      ? m
      : null;
  };
  const couple = ofPrincipal(
    re(
      `(?<!\\b(?:foster|step|god|nurse)[\\s-]?)\\b(son|daughter|child)\\s+of\\s+(?:the\\s+late\\s+)?Mr\\.?\\s+(?:and|&)\\s+Mrs\\.?\\s+(${NAME})`,
      'u',
    ).exec(body),
  );
  const parentsRead = couple
    ? null
    : ofPrincipal(
        re(
          // "… born August 17, 1928, in Benham, Kentucky, to the late Ray and Edna (Hensley) Mullins" too.
          // "… which his father Jaan Tamm and his mother Mai née Lepp kept": the parents by their words.
          `(?:(?<!\\b(?:foster|step|god|nurse)[\\s-]?)\\b(son|daughter|child)\\s+of|\\b[Bb]orn\\b${BIRTH_FILLER}\\s+to(?!\\s+(?:Mr|Mrs)\\b)|\\b(?:his|her)\\s+father,?)\\s+(?:the\\s+late\\s+)?(${NAME})(?:,?\\s+and\\s+(?:(?:his|her)\\s+mother,?\\s+)?(${NAME})(?:\\s+\\((${NAME_WORD})\\)\\s+(${NAME_WORD})|,?\\s+(?:née|nee|geb\\.|geborene)\\s+(${NAME_WORD}))?)?`,
          'u',
        ).exec(body),
      );
  // "his father Daniel O'Sullivan who died …": a father alone in a clause of his own is read with his
  // clause (pronoun relatives); only the pair "his father … and his mother …" is read here.
  const parents =
    parentsRead && !parentsRead[1] && /^(?:his|her)\b/.test(parentsRead[0]) && !parentsRead[3] ? null : parentsRead;
  if (couple) {
    main.persona.sex = couple[1] === 'son' ? 'M' : couple[1] === 'daughter' ? 'F' : undefined;
    const father = withSurname(cleanName(couple[2]), surname);
    others.push({
      persona: { name: father, role: 'father', sex: 'M', relationship: 'father' },
      snippets: { name: couple[0], role: couple[0] },
    });
    others.push({
      persona: { name: `Mrs. ${splitPersonaName(father).surname}`, role: 'mother', sex: 'F', relationship: 'mother' },
      snippets: { name: couple[0], role: couple[0] },
    });
  }
  if (parents) {
    if (parents[1] || !/^(?:his|her)\b/.test(parents[0]))
      main.persona.sex = parents[1] === 'son' ? 'M' : parents[1] === 'daughter' ? 'F' : undefined;
    const a = cleanName(parents[2]);
    // "daughter of Samuel and Lydia (Crane) Stewart": the mother's maiden name in brackets, the couple's surname last.
    const b = parents[3] ? cleanName(parents[4] ? `${parents[3]} ${parents[4]}` : parents[3]) : undefined;
    const shared = parents[5]
      ? parents[5]
      : b && b.split(/\s+/).length >= 2
        ? splitPersonaName(b).surname
        : a.split(/\s+/).length >= 2
          ? splitPersonaName(a).surname
          : surname;
    others.push({
      persona: {
        name: withSurname(a, shared),
        role: b ? 'father' : 'other',
        sex: b ? 'M' : undefined,
        relationship: b ? 'father' : 'parent',
      },
      snippets: { name: parents[0], role: parents[0] },
    });
    if (b) {
      // "Heinrich Penner and Aganetha née Klassen": her birth surname, the couple's as her married one.
      const nee = parents[6];
      const mother: Draft = {
        persona: {
          name: nee ? `${b} ${nee}` : withSurname(b, shared),
          role: 'mother',
          sex: 'F',
          relationship: 'mother',
        },
        snippets: { name: parents[0], role: parents[0] },
      };
      if (nee && shared) {
        mother.persona.marriedName = `${b} ${shared}`;
        mother.snippets.marriedName = parents[0];
      }
      if (parents[4]) {
        mother.persona.marriedName = `${parents[3]} ${shared}`;
        mother.snippets.marriedName = parents[0];
      }
      others.push(mother);
    }
  }
  // "the foster son of Pierre Moreau and Marie Leblanc", "godson of …": named, but not parents (issue #14).
  const fostered = ofPrincipal(
    re(
      `\\b(foster|god|nurse)[\\s-]?(son|daughter|child)\\s+of\\s+(?:the\\s+late\\s+)?(${NAME})(?:\\s+and\\s+(${NAME}))?`,
      'u',
    ).exec(body),
  );
  if (fostered) {
    const tie = fostered[1].toLowerCase();
    const a = cleanName(fostered[3]);
    const b = fostered[4] ? cleanName(fostered[4]) : undefined;
    const shared = a.split(/\s+/).length >= 2 ? splitPersonaName(a).surname : surname;
    const word = (w: string) => (tie === 'god' ? `god${w}` : `${tie} ${w}`);
    const snippets = { name: fostered[0], role: fostered[0], relationship: fostered[0] };
    others.push({
      persona: { name: a, role: 'other', sex: b ? 'M' : undefined, relationship: word(b ? 'father' : 'parent') },
      snippets,
    });
    if (b)
      others.push({
        persona: { name: withSurname(b, shared), role: 'other', sex: 'F', relationship: word('mother') },
        snippets,
      });
  }
  // Whose surname the family bears: a man's children and wife bear his; a married woman's ("Mrs.", or
  // a husband of her surname) children and husband bear hers; her brothers and sisters bear her father's.
  const pronouns = (w: RegExp) => (body.match(w) ?? []).length;
  const male =
    main.persona.sex === 'M' ||
    (main.persona.sex !== 'F' && pronouns(/\b(?:he|his|him)\b/gi) > pronouns(/\b(?:she|her)\b/gi));
  const esc = escapeRegExp(principal.snippet);
  const mrs = re(`\\bMrs\\.?\\s+${esc}`, 'u').test(body) || /\bMrs\.?\s/.test(title);
  const ownWords: FamilySurname | undefined =
    // The title's words serve as well ("death notice, Charles Tet Chong Lyn of May Pen").
    surname &&
    (body.includes(principal.snippet) || title.includes(principal.snippet)) &&
    principal.snippet.toLowerCase().includes(surname.toLowerCase())
      ? { surname, words: principal.snippet }
      : undefined;
  const familySurnames = (): FamilySurnames => {
    const spouseOf = others.find((o) => o.persona.role === 'spouse');
    const sameAsSpouse = spouseOf && splitPersonaName(spouseOf.persona.name).surname === surname;
    const out: FamilySurnames = {};
    if (ownWords && (male || mrs || sameAsSpouse)) out.children = ownWords;
    if (male) out.siblings = ownWords;
    else if (parents) {
      const written = [parents[3], parents[2]].find((n) => n && !parents[5] && cleanName(n).split(/\s+/).length >= 2);
      const born = parents[5] ?? (written ? splitPersonaName(cleanName(written)).surname : undefined);
      if (born) out.siblings = { surname: born, words: parents[0] };
    }
    return out;
  };
  let inLaw: { from: Draft; to: Draft; type: StatedRelation['type']; snippet: string } | undefined;
  // "Surviving are the widow, Adriana (Kamerling) Verhulst": his widow, as "survived by his wife".
  const widow = re(
    `\\b(?:[Ss]urviving\\s+(?:are|is)|[Ss]urvivors\\s+(?:are|include))\\s+the\\s+(widow|widower),?\\s+(${NAME})`,
    'u',
  ).exec(body);
  if (widow) widow[1] = widow[1] === 'widow' ? 'his' : 'her';
  const spouse =
    re(
      // "He leaves his aged companion, Molly": as a nineteenth-century paper calls a wife.
      `\\b(?:survived by|leaves|preceded in death by)\\s+(his|her)\\s+(?:wife|husband|widow|consort|(?:aged|beloved)\\s+(?:wife|husband|companion|consort)),?\\s+(${NAME})`,
      'u',
    ).exec(body) ??
    widow ??
    principalMarried(body, principal.name);
  if (spouse) {
    const survived = spouse[1] === 'his' || spouse[1] === 'her';
    const raw = cleanName(survived ? spouse[2] : spouse[1]);
    const persona: Persona = { name: withSurname(raw, surname), role: 'spouse', relationship: 'spouse' };
    if (survived) persona.sex = spouse[1] === 'his' ? 'F' : 'M';
    const snippets: Record<string, string> = { name: spouse[0], role: spouse[0] };
    // "Adriana (Kamerling) Verhulst": the surname she was born with in brackets, her married one after.
    const maidenAfter = survived
      ? re(`^\\s+\\((${NAME_WORD})\\)\\s+(${NAME_WORD})`, 'u').exec(body.slice(spouse.index + spouse[0].length))
      : null;
    if (maidenAfter && raw.split(/\s+/).length === 1) {
      const words = spouse[0] + maidenAfter[0];
      persona.name = `${raw} ${maidenAfter[1]}`;
      persona.marriedName = `${raw} ${maidenAfter[2]}`;
      snippets.name = snippets.marriedName = words;
    }
    // "married Miss Honor (Nora) McDonagh": her name as a girl, what she was called in brackets.
    const called =
      !survived && /\bMiss\s/.test(spouse[0]) && raw.split(/\s+/).length === 1
        ? re(`^\\s+\\((${NAME_WORD})\\)\\s+(${NAME_WORD})`, 'u').exec(body.slice(spouse.index + spouse[0].length))
        : null;
    if (called) {
      persona.name = `${raw} ${called[2]}`;
      snippets.name = spouse[0] + called[0];
    }
    // "his wife, Dorothy": a man's wife bears his surname, a married woman's husband hers.
    if (raw.split(/\s+/).length === 1 && ownWords && (male || mrs)) snippets.surname = ownWords.words;
    const when = survived ? undefined : marriageDateOf(spouse[0], spouse[2]);
    if (when) {
      persona.marriageDate = toGedcomDate(when);
      snippets.marriageDate = spouse[0];
    }
    // The same spouse may be named twice ("married Miss Katharina Huber …", "survived by his wife, Katharina").
    const married = survived ? re(MARRIED, 'u').exec(body) : null;
    if (married && splitPersonaName(cleanName(married[1])).given.split(/\s+/)[0] === raw.split(/\s+/)[0]) {
      persona.name = cleanName(married[1]).split(/\s+/).length >= 2 ? cleanName(married[1]) : persona.name;
      snippets.name = married[0];
      const when2 = marriageDateOf(married[0], married[2]);
      if (when2) {
        persona.marriageDate = toGedcomDate(when2);
        snippets.marriageDate = married[0];
        delete snippets.surname;
      }
    }
    if (!persona.marriageDate) {
      const inYear = re(
        `\\b(?:In|in|On|on)\\s+(${DATE}),?\\s+(?:he|she)\\s+${MARRY}${ASIDE}\\s+(?:Miss\\s+)?(${NAME})`,
        'u',
      ).exec(body);
      if (inYear && cleanName(inYear[2]).split(/\s+/)[0] === persona.name.split(/\s+/)[0]) {
        persona.marriageDate = toGedcomDate(inYear[1]);
        snippets.marriageDate = inYear[0];
      }
    }
    const wed: Draft = { persona, snippets };
    others.push(wed);
    // "married … Elizabeth, daughter of Caleb Pennock of Marple": her father, and the surname she was born with.
    const written = survived ? spouse[2] : spouse[1];
    const nameEnd = spouse.index + spouse[0].indexOf(written) + written.length;
    const daughterOf = re(`^,?\\s+(?:the\\s+)?(?:daughter|son)\\s+of\\s+(?:the\\s+late\\s+)?(${NAME})`, 'u').exec(
      body.slice(nameEnd),
    );
    const fatherName = daughterOf ? cleanName(daughterOf[1]) : '';
    if (daughterOf && raw.split(/\s+/).length === 1 && fatherName.split(/\s+/).length >= 2) {
      const words = body.slice(spouse.index, nameEnd) + daughterOf[0];
      persona.marriedName = persona.name;
      persona.name = `${raw} ${splitPersonaName(fatherName).surname}`;
      snippets.name = words;
      delete snippets.surname;
      const father: Draft = {
        persona: { name: fatherName, role: 'other', sex: 'M', relationship: 'father-in-law' },
        snippets: { name: words },
      };
      others.push(father);
      inLaw = { from: wed, to: father, type: 'child', snippet: words };
    } else if (daughterOf && fatherName.split(/\s+/).length >= 2) {
      // "entered into marriage with Helena Penner, daughter of Jacob Penner": her name as written, her father.
      const words = body.slice(spouse.index, nameEnd) + daughterOf[0];
      const father: Draft = {
        persona: { name: fatherName, role: 'other', sex: 'M', relationship: 'father-in-law' },
        snippets: { name: words },
      };
      others.push(father);
      inLaw = { from: wed, to: father, type: 'child', snippet: words };
    }
  }
  // "Honora, relict of the late Patrick Carroll", "beloved wife of X": the notice's formula for a spouse.
  const given = principal.name.split(/\s+/)[0];
  if (!others.some((o) => o.persona.role === 'spouse')) {
    const formula = noticeSpouse(body, given, surname);
    if (formula) {
      // "Beloved husband of Beatrice": her surname is the one the notice gives him.
      if (!formula.snippets.name.includes(surname)) formula.snippets.surname = principal.snippet;
      others.push({ persona: formula.persona, snippets: formula.snippets });
      if (!main.persona.sex) {
        main.persona.sex = formula.principalSex;
        main.snippets.sex = formula.snippets.name;
      }
    }
  }
  // "the late Frederick and Clara Hoffman": a spouse no other phrase names.
  if (!others.some((o) => o.persona.role === 'spouse')) {
    const pair = namedCouple(body, principal.name.split(/\s+/)[0], surname) ?? descendantsCouple(body, principal.name);
    if (pair) others.push(pair);
  }
  // Children, brothers and sisters: lists ("two sons, Robert of Fort Wayne and Harold") and single
  // mentions ("his son, Edward Pritchard"); one relative named twice is read once.
  const family = familySurnames();
  const seen = (d: Draft & { kind?: string }) =>
    others.some(
      (o) =>
        groupOf(o.persona) === groupOf(d.persona) && o.persona.name.split(/\s+/)[0] === d.persona.name.split(/\s+/)[0],
    );
  const links: { from: Draft; to: Draft; type: StatedRelation['type']; snippet: string }[] = inLaw ? [inLaw] : [];
  const spouseDraft = others.find((o) => o.persona.role === 'spouse');
  const female =
    !male && (main.persona.sex === 'F' || mrs || pronouns(/\b(?:she|her)\b/gi) > pronouns(/\b(?:he|his|him)\b/gi));
  const principalSex = male ? 'M' : female ? 'F' : undefined;
  for (const r of [
    ...relativeLists(
      body,
      family,
      (at) => !!principalClause(body, at, given) || ellipticClause(body, at),
      given,
      (at) => ellipticClause(body, at),
    ),
    ...pronounRelatives(body, family, principalSex, toGedcomDate, principal.name),
    ...mournerLists(body),
    ...appositiveRelatives(body, family, principalSex, principal.name),
  ]) {
    if (r.kind === 'spouse' && spouseDraft) continue;
    if (seen(r)) continue;
    const d: Draft = { persona: r.persona, snippets: r.snippets };
    others.push(d);
    // "Frederick and Clara's children were …": the spouse's children too, in the record's words.
    if (r.ofCouple && spouseDraft) links.push({ from: d, to: spouseDraft, type: 'child', snippet: r.snippets.name });
    if (r.husband) {
      const h: Draft = { persona: r.husband.persona, snippets: r.husband.snippets };
      others.push(h);
      links.push({ from: h, to: d, type: 'spouse', snippet: h.snippets.name });
    }
    if (r.wife) {
      const w: Draft = { persona: r.wife.persona, snippets: r.wife.snippets };
      others.push(w);
      links.push({ from: w, to: d, type: 'spouse', snippet: w.snippets.name });
    }
  }
  // "a cousin, Max Kagan of Brooklyn", "his nephew Carl Engle": persons of the record, tied to no one.
  for (const k of kinNamedInFull(body))
    if (!others.some((o) => o.persona.name === k.persona.name) && k.persona.name !== main.persona.name) others.push(k);
  // "Mrs. Ross, the former Janet Hoffman, daughter of the late Robert Hoffman"; "Mr. and Mrs. Dale Ross".
  const sameName = (p: Persona) => others.find((o) => o.persona.name === p.name);
  for (const c of formerNames(body)) {
    if (!c.wife) continue;
    const wife: Draft = sameName(c.wife.persona) ?? { persona: c.wife.persona, snippets: c.wife.snippets };
    if (!others.includes(wife)) others.push(wife);
    if (c.father) {
      const father = sameName(c.father.persona) ?? { persona: c.father.persona, snippets: c.father.snippets };
      if (!others.includes(father)) others.push(father);
      links.push({ from: wife, to: father, type: 'child', snippet: c.wife.snippets.name });
    }
    if (c.husband) {
      const husband = sameName(c.husband.persona) ?? { persona: c.husband.persona, snippets: c.husband.snippets };
      if (!others.includes(husband)) others.push(husband);
      links.push({ from: husband, to: wife, type: 'spouse', snippet: c.husband.snippets.name });
    }
  }
  lifespans(body, main, others);
  // "a native of Clonoulty, County Tipperary, Ireland"; "married Ascension Uriarte, a native of Lekeitio".
  const spouses = others.filter((o) => o.persona.role === 'spouse');
  const native = nativeOf(
    body,
    given,
    spouses.map((o) => o.persona.name),
  );
  const bornIn = native && (native.who === 'principal' ? main : spouses.find((o) => o.persona.name === native.who));
  if (native && bornIn && !bornIn.persona.birthPlace) {
    bornIn.persona.birthPlace = native.place;
    bornIn.snippets.birthPlace = native.snippet;
  }
  // "aged 58 years", "in his 73rd year": the age at death, from which a birth year is estimated.
  const age = main.persona.age === undefined && !main.persona.birthDate ? ageAtDeath(body, given) : undefined;
  if (age) {
    main.persona.age = age.age;
    main.snippets.age = age.snippet;
  }
  const all = [main, ...others];
  const personas: GroundedPersona[] = all.map((d, i) => ({
    persona: d.persona,
    snippets: d.snippets,
    confidence: 0.75,
    method: 'pattern',
    key: `#${i}`,
  }));
  // "Mrs. Walter (Ruth) Engle", "the former Janet Hoffman, daughter of …": what the record states between its relatives.
  const relations: StatedRelation[] = links.map((l) => ({
    from: `#${all.indexOf(l.from)}`,
    to: `#${all.indexOf(l.to)}`,
    type: l.type,
    snippet: l.snippet,
  }));
  // A relative the record states something about is read from its statements only: its tie to the
  // principal, which its role gives, is stated with them.
  const stated = new Set(relations.flatMap((r) => [r.from, r.to]));
  all.forEach((d, i) => {
    const type = toPrincipal(d.persona);
    if (i > 0 && type && stated.has(`#${i}`))
      relations.push({ from: `#${i}`, to: '#0', type, snippet: d.snippets.role ?? d.snippets.name });
  });
  const hypotheses: { type: string; text: string; priority: number; suggestedQueries: string[] }[] = [];
  if (/\bJr\.?$/.test(principal.name)) {
    const father = principal.name.replace(/\s*Jr\.?$/, '');
    hypotheses.push({
      type: 'parental_discovery',
      text: `"${principal.name}" implies a father named ${father}`,
      priority: 0.8,
      suggestedQueries: [`name:"${father}"`],
    });
  }
  return { personas, hypotheses, relations };
}
