/**
 * The relatives a free-text notice lists ("Surviving are two sons, Robert of Fort Wayne and Harold of
 * Detroit, Mich.; a daughter, Mrs. Walter (Ruth) Engle of New Haven; a brother, Lewis Stewart"; "at the
 * home of his son, Edward Pritchard"; "His wife, Jane, died in 1907"), each read as a genealogist reads
 * it: a residence after "of" is not a name, "Mrs. Walter (Ruth) Engle" is Ruth Engle, wife of Walter
 * Engle, "Mrs. John Hughes" names only her husband, and a bare given name takes the family surname
 * only when the record itself writes that surname for the family (the principal's children and wife
 * bear the principal's married surname; brothers and sisters the surname the principal was born with).
 */
import type { Persona } from '../../../model';
import { foldName, namesAlike, nicknameMatch, splitPersonaName } from '../../../model/names';
import { isMaleGiven } from './given-sex';
import { subjectAt } from './subject';
import { DAY_DATE, NAME, NAME_WORD } from './text-patterns';
import { escapeRegExp } from '../../../model/regexp';

export type RelativeKind = 'child' | 'sibling' | 'spouse' | 'parent';

export interface RelativeDraft {
  persona: Persona;
  snippets: Record<string, string>;
  kind: RelativeKind;
  /** Listed as the children of a couple ("Frederick and Clara's children were …"): the other parent's too. */
  ofCouple?: boolean;
  /** The husband a married daughter or sister is named with ("Mrs. Walter (Ruth) Engle", "Mrs. John Hughes"). */
  husband?: { persona: Persona; snippets: Record<string, string> };
  /** A son's wife a funeral report names with him ("Mr. and Mrs. W. Cotterill (son and daughter-in-law)"). */
  wife?: { persona: Persona; snippets: Record<string, string> };
}

/** A surname the record writes for the family, with the words that write it (cited for an inferred surname). */
export interface FamilySurname {
  surname: string;
  words: string;
}

export interface FamilySurnames {
  /** The surname the principal's children (and wife) bear. */
  children?: FamilySurname;
  /** The surname the principal was born with (brothers and sisters). */
  siblings?: FamilySurname;
}

const COUNT = '(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\\d+)';
const LIST_HEAD = new RegExp(
  `\\b(?:${COUNT}\\s+)?(sons?|daughters?|children|brothers?|sisters?)(?:\\s*,|\\s*(?:[—–]|--)|\\s+(?:were|are))\\s*`,
  'giu',
);
/**
 * As notices now write their lists, a name right after the word: "his sons Gary (Debra) Sexton of
 * Kettering and Mark Sexton; daughter Karen (Tom) Riddle". A step-, foster or god- child is no
 * child, a grandchild not one of these.
 */
const NAMED_HEAD =
  /(?<!(?:step|foster|god|grand)[\s-]?)\b(?:half-)?(sons?|daughters?|children|brothers?|sisters?)\s+(?=\p{Lu})/gu;
/**
 * As death notices write the children of the deceased: "Honora, relict of …, and dearly beloved mother
 * of Michael, Maggie (Mrs J. Kelly) and Tim". The principal's only where the caller says so.
 */
const PARENT_HEAD = /\b(?:(?:dearly\s+)?(?:beloved|loving|fond)\s+)?(mother|father)\s+of\s+(?=\p{Lu})/gu;
/** "…; brother of Tet Fook Lyn of Hong Kong; grandfather of eight": the deceased's brothers and sisters. */
const SIBLING_HEAD = /\b(?:(?:dearly\s+)?(?:beloved|loving|fond|dear)\s+)?(brother|sister)\s+of\s+(?=\p{Lu})/gu;
/** US states and their old abbreviations: "Detroit, Mich." and "Toledo, O." end a residence, they name no one. */
const STATES = new Set(
  (
    'alabama ala arizona ariz arkansas ark california cal calif colorado colo connecticut conn delaware del florida fla ' +
    'georgia ga idaho illinois ill indiana ind iowa kansas kan kans kentucky ky louisiana la maine me maryland md ' +
    'massachusetts mass michigan mich minnesota minn mississippi miss missouri mo montana mont nebraska neb nebr ' +
    'nevada nev hampshire jersey mexico york carolina dakota ohio o oklahoma okla oregon ore pennsylvania pa penn ' +
    'rhode island tennessee tenn texas tex utah vermont vt virginia va washington wash wisconsin wis wyoming wyo ' +
    'ont ontario que quebec canada england ireland scotland wales germany'
  ).split(' '),
);
const TITLE = /^(?:Mrs|Mr|Miss|Ms|Dr|Rev)\.?\s+/;

function kindOf(word: string): { kind: RelativeKind; sex?: 'M' | 'F' } {
  const w = word.toLowerCase();
  if (w.startsWith('son')) return { kind: 'child', sex: 'M' };
  if (w.startsWith('daughter')) return { kind: 'child', sex: 'F' };
  if (w.startsWith('brother')) return { kind: 'sibling', sex: 'M' };
  if (w.startsWith('sister')) return { kind: 'sibling', sex: 'F' };
  return { kind: 'child' };
}

export function relationshipWord(kind: RelativeKind, sex: 'M' | 'F' | undefined): string {
  if (kind === 'child') return sex === 'M' ? 'son' : sex === 'F' ? 'daughter' : 'child';
  if (kind === 'sibling') return sex === 'M' ? 'brother' : sex === 'F' ? 'sister' : 'sibling';
  return sex === 'M' ? 'husband' : sex === 'F' ? 'wife' : 'spouse';
}

/** A daughter's husband is the principal's son-in-law (never the principal's own spouse). */
function inLaw(kind: RelativeKind): string {
  return kind === 'child' ? 'son-in-law' : 'brother-in-law';
}

/** Where a list of relatives ends: a semicolon (unless semicolons part its entries), or a full stop that closes a sentence (not "Mrs." or "Mich."). */
export function listEnd(body: string, from: number, semicolons: 'end' | 'separate' = 'end'): number {
  for (let i = from; i < body.length; i++) {
    if (body[i] === ';' && semicolons === 'end') return i;
    // "his sons, John and Michael, and of his sons-in-law, Patrick Nolan …": another group begins.
    if (body[i] === ',' && /^,\s+and\s+(?:of\s+)?(?:his|her|their|the|those)\b/.test(body.slice(i, i + 24))) return i;
    if (body[i] !== '.') continue;
    const before = /([\p{L}]+)$/u.exec(body.slice(Math.max(0, i - 20), i))?.[1] ?? '';
    const after = body.slice(i + 1, i + 3);
    // "Mrs. Jas. De Pree (Coba)": an abbreviated given name's full stop ends no list.
    if (/^(?:Mrs|Mr|Ms|Dr|Rev|St|Jr|Sr|Wm|Jno|Jas|Jos|Chas|Geo|Thos|Edw|Robt|Saml|Benj|Richd)$/.test(before)) continue;
    if (before.length === 1) continue;
    if (STATES.has(before.toLowerCase()) && !/^\s*\p{Lu}/u.test(after)) continue;
    if (STATES.has(before.toLowerCase()) && /^\s*(?:a|an)\s/.test(body.slice(i + 1, i + 5))) continue;
    return i;
  }
  return body.length;
}

interface Item {
  text: string;
  given: string;
  surname?: string;
  husband?: string;
  /** "Anna, wife of Henry Miller": her husband, named after her. */
  wifeOf?: string;
  /** "Karen (Tom) Riddle": the spouse's given name in brackets, the couple's surname after. */
  spouseGiven?: string;
}

/** Words that open a notice's list of relatives, in the sentence before a head. */
const LIST_OPENERS =
  /\b(?:survived\s+by|survivors|surviving|leaves|left\s+to\s+mourn|mourned\s+by|preceded\s+in\s+death|predeceased|their\s+children)\b/iu;

function listsRelatives(body: string, at: number, head: string): boolean {
  const before = body.slice(Math.max(0, at - 200), at);
  const sentence = before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n\n')) + 1);
  // The head word itself may complete the opener: "… and of their children Thorsteinn Johnson, …".
  return LIST_OPENERS.test(`${sentence}${head}`);
}

/** One entry of a list: "Robert of Fort Wayne", "Mrs. Walter (Ruth) Engle of New Haven", "Lewis Stewart". */
function readItem(raw: string): Item | undefined {
  const text = raw.trim();
  const noPlaceAt = text.replace(/\s+(?:of|in|at|on)\s+.*$/u, '').trim();
  // "Marinus ("Rinus") Verhulst": a nickname in quotes is no spouse in brackets.
  const noPlace = noPlaceAt.replace(/\s+\(["“'‘][^()]{1,30}["”'’]\)(?=\s|$)/u, '');
  const titled = TITLE.exec(noPlace);
  const rest = titled ? noPlace.slice(titled[0].length) : noPlace;
  // "Maggie (Mrs J. Kelly)", "Maria (Mrs Johann Regier)": a married daughter, her husband's name in brackets.
  const mrsAfter = new RegExp(
    `^(${NAME_WORD})\\s+\\(Mrs\\.?\\s+((?:\\p{Lu}\\.\\s*|${NAME_WORD}\\s+)+?(${NAME_WORD}))\\)$`,
    'u',
  ).exec(rest);
  if (mrsAfter && !titled) return { text, given: mrsAfter[1], surname: mrsAfter[3], husband: mrsAfter[2].trim() };
  // "Mrs Kenneth Macdonald (Catherine)": her husband's name, her own given name in brackets.
  // "Mrs. Jas. De Pree (Coba)": an abbreviated given name, and a surname with its particle.
  const givenAfter = new RegExp(
    `^((?:\\p{Lu}\\.\\s*|${NAME_WORD}\\.?\\s+)+?(${NAME_WORD}))\\s+\\((${NAME_WORD})\\)$`,
    'u',
  ).exec(rest);
  if (givenAfter && titled && /^Mrs/.test(titled[0])) {
    const husband = givenAfter[1].trim();
    const surname = splitPersonaName(husband).surname || givenAfter[2];
    return { text, given: givenAfter[3], surname, husband };
  }
  // "Walter (Ruth) Engle": the husband's given name, hers in brackets, the married surname.
  const paren = new RegExp(`^(${NAME_WORD}(?:\\s+\\p{Lu}\\.)?)\\s+\\((${NAME_WORD})\\)\\s+(${NAME_WORD})$`, 'u').exec(
    rest,
  );
  // Without "Mrs.", as notices now write it, the relative comes first and the spouse in brackets:
  // "Gary (Debra) Sexton" is Gary, whose wife is Debra; "Karen (Tom) Riddle" is Karen, wife of Tom Riddle.
  if (paren && !titled) return { text, given: paren[1], surname: paren[3], spouseGiven: paren[2] };
  // "Mr Alexander (Sandy) Grant": a man, and what he is called in brackets.
  if (paren && titled && /^Mr\b/.test(titled[0])) return { text, given: paren[1], surname: paren[3] };
  if (paren) return { text, given: paren[2], surname: paren[3], husband: `${paren[1]} ${paren[3]}` };
  // "Coley (Colman)": one given name and another form of it in brackets (not "Robert (Mary)", his wife).
  const alias = new RegExp(`^(${NAME_WORD})\\s+\\((${NAME_WORD})\\)$`, 'u').exec(rest);
  if (alias && !titled) {
    const [a, b] = [alias[1], alias[2]].map((w) => foldName(w));
    return nicknameMatch(a, b) || namesAlike(a, b) ? { text, given: alias[1] } : undefined;
  }
  const m = new RegExp(`^(${NAME_WORD}(?:\\s+(?:\\p{Lu}\\.|${NAME_WORD}))*)$`, 'u').exec(rest);
  if (!m) return undefined;
  const words = m[1].split(/\s+/);
  if (words.length === 1) return { text, given: words[0] };
  const { given, surname } = splitPersonaName(m[1]);
  // "Mrs. John Hughes": a married woman named by her husband's name; her own given name is not written.
  if (titled && /^Mrs/.test(titled[0]) && isMaleGiven(given.split(/\s+/)[0]))
    return { text, given: '', surname, husband: m[1] };
  return { text, given, surname };
}

/** The lists of children and brothers and sisters a notice gives, each entry a draft relative. */
export function relativeLists(
  body: string,
  family: FamilySurnames,
  parentOfPrincipal: (index: number) => boolean = () => false,
  principalGiven?: string,
  siblingOfPrincipal: (index: number) => boolean = () => false,
): RelativeDraft[] {
  const out: RelativeDraft[] = [];
  // A head with the name right after it ("sister Agnes") lists relatives only where a notice lists
  // survivors or the dead before them; elsewhere "His big sister Agnes" is a sentence's, not a list's
  // (pronounRelatives reads those, with their subject).
  const listed = [...body.matchAll(LIST_HEAD)];
  const named = [...body.matchAll(NAMED_HEAD)].filter(
    (h) =>
      listsRelatives(body, h.index, h[0]) && !listed.some((l) => l.index <= h.index && h.index < l.index + l[0].length),
  );
  const parentOf = [...body.matchAll(PARENT_HEAD)].filter((h) => parentOfPrincipal(h.index));
  const siblingOf = [...body.matchAll(SIBLING_HEAD)].filter((h) => siblingOfPrincipal(h.index));
  const heads = [...listed, ...named, ...parentOf, ...siblingOf].sort((a, b) => a.index - b.index);
  heads.forEach((h, n) => {
    const start = h.index + h[0].length;
    const nextHead = heads[n + 1]?.index ?? body.length;
    // "three children — Daniel Kessler of this township; Sarah, wife of Samuel Bair; and Caty": after a
    // dash, semicolons part the entries of one list, which the full stop ends.
    const dashed = /[—–]|--/u.test(h[0]);
    const end = Math.min(listEnd(body, start, dashed ? 'separate' : 'end'), nextHead);
    // "brother of Tet Fook": the word is the principal's sex, not the relative's.
    const { kind, sex } = siblingOf.includes(h) ? { kind: 'sibling' as const, sex: undefined } : kindOf(h[1]);
    // "Frederick and Clara's children were …": the couple's names belong to the words cited.
    const couple = new RegExp(`${NAME_WORD}\\s+(?:and|&)\\s+${NAME_WORD}['’]s\\s*$`, 'u').exec(body.slice(0, h.index));
    const ofCouple = couple ? true : undefined;
    // "Grandpa Joe's five children were …": the children of the one named, not of another principal.
    const owner = new RegExp(`(${NAME_WORD})['’]s\\s+(?:${COUNT}\\s+)?$`, 'u').exec(body.slice(0, h.index));
    if (!couple && owner && principalGiven && owner[1] !== principalGiven) return;
    const from = couple ? couple.index : h.index;
    const words = body.slice(from, end).replace(/[,\s]+(?:and\s*)?$/u, '');
    // Each entry with the separator before it: "Maggie (Mrs J. Kelly) and Tim" lists Tim; "(Catherine), Glasgow" a place.
    const parts = body
      .slice(start, end)
      .split(dashed ? /([,;]\s*(?:and\s+)?|\s+and\s+)/u : /(,\s*(?:and\s+)?|\s+and\s+)/u);
    const items: string[] = [];
    const commaBefore: boolean[] = [];
    parts.forEach((p, i) => {
      if (i % 2 === 1 || !p.trim()) return;
      items.push(p.trim());
      commaBefore.push(i > 0 && /^,\s*$/u.test(parts[i - 1]));
    });
    const drafts: { item: Item; sex?: 'M' | 'F' }[] = [];
    // "a brother, William Rowlands, Llanberis, and a sister, Mrs. Ellen Parry, Deiniolen": one brother,
    // one sister; a single word after the full name is where that one lives, not another relative.
    const one = /^(?:son|daughter|brother|sister)$/iu.test(h[1]);
    let residence = false;
    let previous = '';
    for (const [index, it] of items.entries()) {
      const after = previous;
      previous = it;
      // "of this city", "of Wilkes-Barre": where the one before lives; "Mich", "O": the rest of a residence;
      // "Mrs Kenneth Macdonald (Catherine), Glasgow": one word after a bracketed name is where she lives.
      if (
        /^(?:of|in|at)\s/u.test(it) ||
        (residence && STATES.has(it.replace(/\.$/, '').toLowerCase())) ||
        ((/\)$/u.test(after) || (one && drafts.some((d) => d.item.surname))) &&
          commaBefore[index] &&
          /^\p{Lu}[\p{L}'’.-]+$/u.test(it))
      ) {
        residence = true;
        continue;
      }
      // "Anna, wife of Henry Miller of Chicago": the one before is a married daughter.
      const wife = /^(?:the\s+)?(?:wife|husband) of\s+(.+)$/u.exec(it);
      if (wife && drafts.length) {
        const last = drafts[drafts.length - 1].item;
        const husband = readItem(wife[1]);
        if (husband?.given && husband.surname && !last.husband) last.wifeOf = `${husband.given} ${husband.surname}`;
        residence = /\s(?:of|in|at)\s/u.test(wife[1]);
        continue;
      }
      if (!/^\p{Lu}/u.test(it)) break;
      const item = readItem(it);
      residence = /\s(?:of|in|at)\s/u.test(it);
      if (item) drafts.push({ item, sex });
    }
    // "two sons, William and Charles Schmidt": the surname written last is the brothers'.
    const shared = [...drafts].reverse().find((d) => d.item.surname && !d.item.husband)?.item.surname;
    for (const { item, sex: s } of drafts) {
      const inferred = kind === 'sibling' ? family.siblings : family.children;
      const surname = item.surname ?? shared ?? inferred?.surname;
      const snippets: Record<string, string> = { name: words, role: words };
      if (!item.surname && !shared && inferred) snippets.surname = inferred.words;
      const persona: Persona = {
        name: item.given ? `${item.given} ${surname ?? ''}`.trim() : `Mrs. ${surname ?? ''}`.trim(),
        role: kind === 'child' ? 'child' : 'other',
        relationship: relationshipWord(kind, s),
      };
      if (s) persona.sex = s;
      const draft: RelativeDraft = { persona, snippets, kind };
      if (ofCouple) draft.ofCouple = true;
      if (item.wifeOf) {
        persona.sex = 'F';
        persona.relationship = relationshipWord(kind, 'F');
        persona.marriedName = `${item.given} ${splitPersonaName(item.wifeOf).surname}`;
        persona.spouseName = item.wifeOf;
        snippets.marriedName = words;
        snippets.spouseName = words;
        draft.husband = {
          persona: { name: item.wifeOf, role: 'other', sex: 'M', relationship: inLaw(kind) },
          snippets: { name: words, role: words },
        };
      }
      // A daughter's or sister's husband in brackets is named; a son's wife is left to other records.
      if (item.spouseGiven && s === 'F' && item.surname) item.husband = `${item.spouseGiven} ${item.surname}`;
      if (item.husband) {
        persona.sex = 'F';
        persona.relationship = relationshipWord(kind, 'F');
        draft.husband = {
          persona: { name: item.husband, role: 'other', sex: 'M', relationship: inLaw(kind) },
          snippets: { name: words, role: words },
        };
      }
      out.push(draft);
    }
  });
  return out;
}

/** " (Collins) Sexton" after a woman's given name: her birth surname in brackets, her married one after. */
const MAIDEN_AFTER = new RegExp(`^\\s+\\((${NAME_WORD})\\)\\s+(${NAME_WORD})`, 'u');

/** What a kinship word ("son", "widow", "mother") makes the one it names, to the principal. */
function kinWord(word: string): { kind: RelativeKind; sex: 'M' | 'F'; role: Persona['role']; relationship: string } {
  const kind: RelativeKind = /son|daughter/.test(word)
    ? 'child'
    : /brother|sister/.test(word)
      ? 'sibling'
      : /father|mother/.test(word)
        ? 'parent'
        : 'spouse';
  const sex = /son|brother|husband|widower|father/.test(word) ? 'M' : 'F';
  const role: Persona['role'] =
    kind === 'child' || kind === 'spouse' ? kind : kind === 'parent' ? (sex === 'M' ? 'father' : 'mother') : 'other';
  const relationship = word === 'widow' ? 'wife' : word === 'widower' ? 'husband' : word;
  return { kind, sex, role, relationship };
}

/**
 * "Catherine Connolly, the widow, identified the body"; "Michael Connolly, a son, who works at the
 * same furnace"; "John Kelly, brother of the deceased, said": the kin an inquest or a funeral report
 * names in apposition, each the deceased's. The word must end the apposition, a verb or a clause
 * after it ("the widow of X" is X's; "a son, John" lists him; "his wife" is the man's just named), or
 * say "of the deceased" ("daughter of the deceased Donald Macdonald" is his).
 */
export function appositiveRelatives(
  body: string,
  family: FamilySurnames,
  principalSex?: 'M' | 'F',
  principal?: string,
): RelativeDraft[] {
  const out: RelativeDraft[] = [];
  const KIN = '(widow|widower|wife|husband|son|daughter|brother|sister)';
  const re = new RegExp(
    `(?:(?:Mrs|Mr|Miss)\\.?\\s+)?(${NAME}),\\s+(?:(?:the|a)\\s+${KIN}(?=\\s*(?:[;.]|,\\s*\\p{Ll}))|(?:the\\s+|a\\s+)?${KIN}\\s+of\\s+the\\s+deceased\\b(?!\\s+\\p{Lu}))`,
    'gu',
  );
  for (const m of body.matchAll(re)) {
    const word = (m[2] ?? m[3]).toLowerCase();
    const written = m[1].split(/\s+/);
    // "his widow, Mrs MacLeod, a son, John": a list of survivors, not an apposition.
    if (written.length === 1 && /^(?:Mrs|Mr|Miss)/.test(m[0])) continue;
    if (principal && written.join(' ').toLowerCase() === principal.toLowerCase()) continue;
    const { kind, sex, role, relationship } = kinWord(word);
    // "the widow": the deceased was a man; "the widower": a woman.
    if (kind === 'spouse' && principalSex && principalSex === sex) continue;
    const inferred = kind === 'sibling' ? family.siblings : family.children;
    const snippets: Record<string, string> = { name: m[0], role: m[0] };
    let name = m[1];
    if (written.length === 1) {
      if (!inferred) continue;
      name = `${m[1]} ${inferred.surname}`;
      snippets.surname = inferred.words;
    }
    out.push({ persona: { name, role, sex, relationship }, snippets, kind });
  }
  return out;
}

/** Just before `at`, a sentence tells of the principal's marriage ("In 1894 he married at Lowe House Miss …"). */
function theirsAfterMarriage(body: string, at: number): boolean {
  // "Their" opens a sentence, and the words just before it ("St. Marie's" holds a full stop) tell of it.
  const before = body.slice(Math.max(0, at - 200), at);
  return /[.!?]\s*$/u.test(before) && /\b(?:he|she)\s+married\b/iu.test(before);
}

/** "who died 4th Feb. 1908", "who died on March 3, 1920": a date of death said right after a relative's name. */
const WHO_DIED = new RegExp(`^,?\\s+who\\s+died\\s+(?:on\\s+)?(${DAY_DATE})`, 'u');

/**
 * "at the home of his son, Edward Pritchard", "His wife, Jane, died", "his father Daniel O'Sullivan who
 * died 4th Feb. 1908": one relative named by the principal's pronoun. A pronoun of the other sex is
 * about somebody else ("Isadore … His wife, Ida …; her brother Abe" is Ida's brother, not Isadore's).
 */
export function pronounRelatives(
  body: string,
  family: FamilySurnames,
  principalSex?: 'M' | 'F',
  toDate: (written: string) => string = (w) => w,
  principal?: string,
): RelativeDraft[] {
  const out: RelativeDraft[] = [];
  const re = new RegExp(
    // "his wife of 49 years, Juanita": the years married stand between the word and the name.
    `\\b([Hh]is|[Hh]er|Their)\\s+(son|daughter|brother|sister|wife|husband|widow|father|mother)(?:\\s+of\\s+\\d{1,2}\\s+years)?,?\\s+(?:(?:Mrs|Mr|Miss)\\.?\\s+)?(${NAME_WORD}(?:\\s+(?:\\p{Lu}\\.|${NAME_WORD})){0,3})`,
    'gu',
  );
  for (const m of body.matchAll(re)) {
    const pronoun = m[1].toLowerCase();
    if ((pronoun === 'his' && principalSex === 'F') || (pronoun === 'her' && principalSex === 'M')) continue;
    // "In 1894 he married … Their son Patrick fell in France": the couple of the sentence before, only
    // a child, only after the principal's own marriage (not "her daughter and her husband; their son").
    if (pronoun === 'their' && (!/^(?:son|daughter)$/.test(m[2]) || !theirsAfterMarriage(body, m.index))) continue;
    // "That second Hugh Boyd … died in 1889, leaving his widow Margaret": his is Hugh's, not the principal's.
    if (principal && subjectAt(body, m.index, principal) === 'other') continue;
    const word = m[2].toLowerCase();
    const { kind, sex, role, relationship } = kinWord(word);
    const written = m[3].split(/\s+/);
    // A father bears the surname the principal was born with; a mother is named here by her married one.
    const inferred = kind === 'sibling' || kind === 'parent' ? family.siblings : family.children;
    const snippets: Record<string, string> = { name: m[0], role: m[0] };
    let name = m[3];
    // "his wife of 49 years, Juanita (Collins) Sexton": her birth surname in brackets, her married one after.
    const maiden = MAIDEN_AFTER.exec(body.slice(m.index + m[0].length));
    let marriedName: string | undefined;
    if (maiden && written.length === 1 && !isMaleGiven(m[3])) {
      name = `${m[3]} ${maiden[1]}`;
      marriedName = `${m[3]} ${maiden[2]}`;
      snippets.name = snippets.role = snippets.marriedName = m[0] + maiden[0];
    } else if (written.length === 1) {
      if (!inferred) continue;
      name = `${m[3]} ${inferred.surname}`;
      snippets.surname = inferred.words;
    }
    const persona: Persona = { name, role, sex, relationship };
    if (marriedName) persona.marriedName = marriedName;
    else if (kind === 'parent' && sex === 'F' && written.length === 1) persona.marriedName = name;
    const died = WHO_DIED.exec(body.slice(m.index + m[0].length));
    if (died) {
      persona.deathDate = toDate(died[1]);
      snippets.deathDate = m[0] + died[0];
    }
    out.push({ persona, snippets, kind });
  }
  return out;
}

export interface NoticeCouple {
  /** "Mrs. Ross, the former Janet Hoffman": her birth name, her married name, the words. */
  wife?: { persona: Persona; snippets: Record<string, string> };
  /** "daughter of the late Robert Hoffman": her father. */
  father?: { persona: Persona; snippets: Record<string, string> };
  /** "Mr. and Mrs. Dale Ross": her husband, when his surname is her married one. */
  husband?: { persona: Persona; snippets: Record<string, string> };
}

/** A married woman named by her maiden name ("Mrs. Ross, the former Janet Hoffman, daughter of …") and her husband. */
export function formerNames(body: string): NoticeCouple[] {
  const out: NoticeCouple[] = [];
  const re = new RegExp(
    `\\bMrs\\.?\\s+(${NAME_WORD}),\\s+the\\s+former\\s+(${NAME_WORD}(?:\\s+(?:\\p{Lu}\\.|${NAME_WORD})){1,3})(?:,\\s+(son|daughter)\\s+of\\s+(?:the\\s+late\\s+)?(${NAME_WORD}(?:\\s+(?:\\p{Lu}\\.|${NAME_WORD})){1,3}))?`,
    'gu',
  );
  for (const m of body.matchAll(re)) {
    const { given } = splitPersonaName(m[2]);
    const c: NoticeCouple = {
      wife: {
        persona: { name: m[2], role: 'other', sex: 'F', marriedName: `${given} ${m[1]}` },
        snippets: { name: m[0], marriedName: m[0] },
      },
    };
    if (m[4]) c.father = { persona: { name: m[4], role: 'other', sex: 'M' }, snippets: { name: m[0] } };
    const mr = new RegExp(
      `\\bMr\\.?\\s+(?:and|&)\\s+Mrs\\.?\\s+(${NAME_WORD}(?:\\s+\\p{Lu}\\.)?\\s+${m[1]})\\b`,
      'u',
    ).exec(body);
    if (mr && !/\bof\s+(?:the\s+late\s+)?$/u.test(body.slice(Math.max(0, mr.index - 14), mr.index)))
      c.husband = { persona: { name: mr[1], role: 'other', sex: 'M' }, snippets: { name: mr[0] } };
    out.push(c);
  }
  return out;
}

/** "the late Frederick and Clara Hoffman": the principal named with a spouse who shares the surname. */
export function namedCouple(
  body: string,
  given: string,
  surname: string,
): { persona: Persona; snippets: Record<string, string> } | undefined {
  if (!given || !surname) return undefined;
  const m = new RegExp(
    `\\b(${NAME_WORD})\\s+(?:and|&)\\s+${escapeRegExp(given)}\\s+${escapeRegExp(surname)}\\b`,
    'u',
  ).exec(body);
  if (!m || /^(?:Mr|Mrs|The|And)$/.test(m[1])) return undefined;
  return {
    persona: { name: `${m[1]} ${surname}`, role: 'spouse', relationship: 'spouse' },
    snippets: { name: m[0], role: m[0] },
  };
}

/**
 * "Descendants of Jón Þorsteinsson Hólm (1838–1912) and Sigríður Björnsdóttir": a reunion notice or
 * a family history names the couple whose descendants it gathers; the one named after the principal
 * is the principal's spouse. Only a name written in full (given name and surname) is read: a given
 * name alone would have to borrow a surname the notice does not write.
 */
export function descendantsCouple(
  body: string,
  principal: string,
): { persona: Persona; snippets: Record<string, string> } | undefined {
  if (!principal.trim()) return undefined;
  const m = new RegExp(
    // Not case-blind: NAME needs its capitals.
    `\\b(?:[Dd]escendants|DESCENDANTS)\\s+(?:of|OF)\\s+(?:the\\s+late\\s+)?${escapeRegExp(principal.trim())}(?:\\s*\\([^)]{0,20}\\))?\\s+(?:and|&)\\s+(${NAME})`,
    'u',
  ).exec(body);
  if (!m) return undefined;
  const name = m[1].replace(/\s+(?:of|in|at)$/u, '').trim();
  if (name.split(/\s+/).length < 2 || /^(?:Mr|Mrs|The|Their|His|Her)\b/.test(name)) return undefined;
  return {
    persona: { name, role: 'spouse', relationship: 'spouse' },
    snippets: { name: m[0], role: m[0] },
  };
}

/** Kin a notice names in full but the family tree has no tie for: "a cousin, Max Kagan of Brooklyn". */
// Not "great-granddaughter": a modern notice's descendant is usually its living informant, whom the
// record names for the story, not as kin of the dead to be filed.
const KIN_WORD = String.raw`(?:cousin|nephew|niece|uncle|aunt|(?:brother|sister|son|daughter)-in-law)`;
const KIN = new RegExp(String.raw`\b(${KIN_WORD})s?(?:\s+and\s+${KIN_WORD})?,?\s+(${NAME})`, 'gu');

/**
 * A cousin, a nephew, an uncle or an in-law named in full (given name and surname): a person of
 * the record with the kinship word as written, and no tie to the principal (the tree has none for a
 * cousin; a son-in-law's is read from his wife where the record names her).
 */
export function kinNamedInFull(body: string): { persona: Persona; snippets: Record<string, string> }[] {
  const out: { persona: Persona; snippets: Record<string, string> }[] = [];
  for (const m of body.matchAll(KIN)) {
    const name = m[2].replace(/\s+(?:of|in|at)$/u, '').trim();
    const words = name.split(/\s+/);
    if (words.length < 2 || !/^\p{Lu}\p{Ll}/u.test(words[words.length - 1])) continue;
    out.push({
      persona: { name, role: 'other', relationship: m[1].toLowerCase() },
      snippets: { name: m[0], role: m[0] },
    });
  }
  return out;
}
