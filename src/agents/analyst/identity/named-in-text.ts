/**
 * Persons a free-text record names in full (issue #14, "mentions without identity stay mentions"
 * read the other way round): a reunion newsletter's "great-great-granddaughter of Philip Renouf of
 * St Ouen and Mary Ann Huard", a church history's "Jordan Dortch". The text names them as the case
 * knows them, but no reader took them as its personas (its principal is a living member, or its
 * sentences are a narrative). Where the case holds exactly one person of that full name, the record
 * is cited on that name: the person's file then lists the record among its sources, and a
 * genealogist sees that the newsletter speaks of their ancestor. Nothing else is taken from the text
 * (no fact, no relationship, no new person), and a name two persons bear cites neither. A record
 * whose persons are listed in its front matter is read too ("… his son-in-law Frank Bihl" in an
 * obituary listing only the deceased), but a name of its listed persons is theirs.
 */
import { citedSources, type Person, type SourceRecord } from '../../../model';
import { fold, nicknameMatch } from '../../../model/names';

export interface NamedInText {
  person: string;
  /** Index of the name in person.names the record writes. */
  name: number;
  source: string;
  /** The name as folded when found ("mary ann huard"). */
  written: string;
}

/** Longest name looked for, in words ("Maria de Jesus da Conceição Andrade"). */
const MAX_WORDS = 6;

/** Words that may stand before a name without being part of it ("Mrs. Mary Smith", "Uncle Isaiah Dortch"). */
const BEFORE_A_NAME = new Set(
  'mr mrs ms miss dr rev capt captain uncle aunt grandpa grandma grandfather grandmother brother sister bro sr the and but our his her their late'.split(
    ' ',
  ),
);

/** Words that may follow a whole name ("John Smith Jr.", "Philip Renouf I"). */
const AFTER_A_NAME = new Set('sr jr senior junior i ii iii the and'.split(' '));

/** Abbreviations a name may hold or follow, so their full stop ends no sentence ("Wm. Price"). */
const ABBREVIATIONS = new Set(
  'wm jno chas thos geo jas jos benj saml edw capt mrs messrs rev revd st ste hon esq'.split(' '),
);

/** A word with a full stop after four letters or more that is no abbreviation: the sentence ends there. */
function endsSentence(word: string): boolean {
  const m = /^(\p{L}{4,})\.$/u.exec(word);
  return m !== null && !ABBREVIATIONS.has(fold(m[1]));
}

/**
 * The folded runs of 2 to MAX_WORDS words of a text that may be a whole name: a run right after
 * another capitalised word ("Antonio Ybarra" in "Juan Antonio Ybarra") is the tail of a longer name,
 */
function nameRuns(text: string): Set<string> {
  // A possessive is the name ("Sarah Ann Bright's family").
  const words = text
    .replace(/(\p{L})['’]s(?!\p{L})/gu, '$1')
    .split(/[^\p{L}'’.-]+/u)
    .filter(Boolean);
  const folded = words.map((w) => fold(w.replace(/\.$/, '')));
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const before = i > 0 ? words[i - 1] : '';
    if (/^\p{Lu}/u.test(before) && !BEFORE_A_NAME.has(folded[i - 1]) && !endsSentence(before)) continue;
    for (let n = 2; n <= MAX_WORDS && i + n <= words.length; n++) {
      // …and one right before another capitalised word its head ("Jean Baptiste" of "Jean Baptiste
      // Grandchamp"), unless a sentence ends between them ("their son Evan Price. Nain would …").
      const after = words[i + n] ?? '';
      if (/^\p{Lu}/u.test(after) && !AFTER_A_NAME.has(folded[i + n]) && !endsSentence(words[i + n - 1])) continue;
      out.add(
        folded
          .slice(i, i + n)
          .join(' ')
          .split(/[\s'-]+/)
          .join(' '),
      );
    }
  }
  return out;
}

const WORD = String.raw`\p{Lu}[\p{L}'’.-]*`;
/** "Sarah (Tolley) Clegg", "Wasyl (Bill) Hrycak": a maiden name or a nickname in brackets. */
const BRACKETED = new RegExp(String.raw`((?:${WORD}\s+){1,3})\(([^()]{1,40})\)\s+(${WORD})`, 'gu');
/** "Joe Mike and Asun Goicoechea": a couple, or two siblings, under one surname written once. */
const COUPLE = new RegExp(
  String.raw`(?<![\p{L}'’.-])(${WORD}(?:\s+${WORD})?)\s+(?:and|und|y|e|et|og|och|en)\s+${WORD}(?:\s+${WORD})?\s+(${WORD})`,
  'gu',
);

/**
 * The names a text writes in a shorter way, written out: "Sarah (Tolley) Clegg" is Sarah Clegg and
 * Sarah Tolley, "Joe Mike and Asun Goicoechea" names Joe Mike Goicoechea.
 */
function otherForms(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(BRACKETED)) {
    const given = m[1].trim();
    const inner = m[2].trim();
    out.push(`${given} ${m[3]}`, `${given} ${inner}`, `${inner} ${m[3]}`);
  }
  for (const m of text.matchAll(COUPLE)) out.push(`${m[1]} ${m[2]}`);
  return out;
}

/** A name as looked for: folded, one space between its words. */
const nameKey = (name: string) =>
  fold(name)
    .split(/[\s'-]+/)
    .filter(Boolean)
    .join(' ');

/**
 * The citations to add: free-text records (no personas written in their front matter) that name a
 * person of the case in full, where no other person bears that name and the person does not cite
 * the record yet.
 */
export function namedInText(sources: readonly SourceRecord[], persons: readonly Person[]): NamedInText[] {
  const texts = sources.filter((s) => s.text.trim());
  if (!texts.length) return [];
  // Each name's full form ("given surname"), and, for given names written shorter ("Pat Hanrahan"
  // is the case's only Patrick Hanrahan, a nickname or an abbreviation such as Thos.; "Juan B.
  // Daher" its only Juan Bautista Daher, a later given name as its initial), its given names by
  // surname. The first given name is never an initial alone.
  const bearers = new Map<string, { person: Person; name: number }[]>();
  const bySurname = new Map<string, { person: Person; name: number; givens: string[] }[]>();
  for (const p of persons)
    p.names.forEach((n, i) => {
      const given = fold(n.given);
      const surname = fold(n.surname);
      if (given && surname) {
        const key = nameKey(`${given} ${surname}`);
        const list = bearers.get(key) ?? [];
        if (!list.some((b) => b.person.id === p.id)) list.push({ person: p, name: i });
        bearers.set(key, list);
      }
      const givens = nameKey(n.given).split(' ').filter(Boolean);
      const surnameKey = nameKey(n.surname);
      if (givens.length && surnameKey)
        bySurname.set(surnameKey, [...(bySurname.get(surnameKey) ?? []), { person: p, name: i, givens }]);
    });
  const fits = (written: string[], held: string[]) =>
    written.length <= held.length &&
    written[0].length > 1 &&
    nicknameMatch(written[0], held[0]) &&
    written.every((w, i) => i === 0 || w === held[i] || (w.length === 1 && held[i].startsWith(w)));
  const byShorterGiven = (run: string) => {
    const words = run.split(' ');
    if (words.length < 2) return undefined;
    const surname = words[words.length - 1];
    const givens = words.slice(0, -1);
    const list = (bySurname.get(surname) ?? []).filter((b) => fits(givens, b.givens));
    return new Set(list.map((b) => b.person.id)).size === 1 ? list[0] : undefined;
  };
  const out: NamedInText[] = [];
  for (const s of texts) {
    const runs = nameRuns(s.text);
    for (const form of otherForms(s.text)) for (const run of nameRuns(form)) runs.add(run);
    // A record's own persons are read from its front matter: a name of theirs in its text is theirs.
    const listed = new Set(s.persons.map((p) => nameKey(p.name.replace(/\//g, ' '))));
    const found = new Set<string>();
    for (const run of runs) {
      if (listed.has(run)) continue;
      const list = bearers.get(run);
      const bearer = list ? (list.length === 1 ? list[0] : undefined) : byShorterGiven(run);
      if (!bearer) continue;
      const { person, name } = bearer;
      if (found.has(person.id) || citedSources(person).has(s.id)) continue;
      found.add(person.id);
      out.push({ person: person.id, name, source: s.id, written: run });
    }
  }
  return out;
}
