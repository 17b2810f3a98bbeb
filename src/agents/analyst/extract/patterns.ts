/**
 * Simple patterns for free text (obituaries, newspaper notices): "born … in …", "died …",
 * "son/daughter of … and …", "survived by his wife …", "married …", lists of sons and daughters,
 * "…, wife of …" for a married daughter. Each persona field keeps the exact words it came from.
 */
import type { Persona } from '../../../model';
import type { GroundedPersona } from '../../../engine/agents';
import { splitPersonaName } from '../../../sources/archive/phonetic';

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
const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\\.?';
const WEEKDAY = '(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),?\\s+)?';
/** "March 14, 1842", "14 March 1842", "March 1842" or "1842". */
const DATE = `(?:\\d{1,2}\\s+${MONTH}\\s+\\d{4}|${MONTH}\\s+\\d{1,2},?\\s+\\d{4}|${MONTH}\\s+\\d{4}|\\d{4})`;
const FULL_DATE = `(?:\\d{1,2}\\s+${MONTH}\\s+\\d{4}|${MONTH}\\s+\\d{1,2},?\\s+\\d{4}|${MONTH}\\s+\\d{4})`;
const NAME_WORD = "\\p{Lu}[\\p{L}'’-]+";
const NAME = `${NAME_WORD}(?:[ \\t]+(?:\\p{Lu}\\.|${NAME_WORD})){0,3}`;
const PLACE = `${NAME_WORD}(?:(?:,\\s*|\\s+)(?:${NAME_WORD}|\\p{Lu}\\.))*`;
/** "married June 4, 1905, to Frederick W. Hoffman": the date before "to" is not the spouse's name. */
const MARRIED_ON = `(?:(?:on\\s+)?${FULL_DATE},?\\s+to\\s+)?`;
const COUNT = '(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|\\d+)\\s+)?';

/** "March 14, 1842" → "14 MAR 1842" (a GEDCOM date); a bare year stays a year. */
export function toGedcomDate(text: string): string {
  const t = text.replace(/\./g, '').replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
  let m = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(t);
  if (m && MONTHS[m[2].toLowerCase()]) return `${Number(m[1])} ${MONTHS[m[2].toLowerCase()]} ${m[3]}`;
  m = /^([A-Za-z]+) (\d{1,2}) (\d{4})$/.exec(t);
  if (m && MONTHS[m[1].toLowerCase()]) return `${Number(m[2])} ${MONTHS[m[1].toLowerCase()]} ${m[3]}`;
  m = /^([A-Za-z]+) (\d{4})$/.exec(t);
  if (m && MONTHS[m[1].toLowerCase()]) return `${MONTHS[m[1].toLowerCase()]} ${m[2]}`;
  return t;
}

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
  'St',
]);

function cleanName(n: string): string {
  return n
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

/** The principal of a free-text record: named in the title ("Obituary of …") or first in the text. */
export function principalName(title: string, text: string): { name: string; snippet: string } | undefined {
  // "Obituary of Mrs. Clara B. Hoffman": the title before the name is not part of it.
  const t = re(
    `(?:Obituary|Death notice|Death|Funeral)(?:\\s+notice)?(?:\\s+of|:|\\s+[—–-])\\s+(?:(?:Mrs|Mr|Miss|Ms|Dr|Rev)\\.?\\s+)?(${NAME})`,
    'u',
  ).exec(title);
  const fromTitle = t ? cleanName(t[1]) : undefined;
  if (fromTitle) {
    const surname = splitPersonaName(fromTitle).surname;
    const inText = re(NAME, 'gu');
    for (const m of text.matchAll(inText)) {
      if (surname && m[0].includes(surname) && m[0].split(/\s+/).length >= 2)
        return { name: cleanName(m[0]), snippet: m[0] };
    }
    return { name: fromTitle, snippet: fromTitle };
  }
  for (const m of text.matchAll(re(NAME))) {
    const words = m[0].split(/\s+/);
    if (words.length >= 2 && !STOPWORDS.has(words[0])) return { name: cleanName(m[0]), snippet: m[0] };
  }
  return undefined;
}

export function extractFromText(
  title: string,
  text: string,
): {
  personas: GroundedPersona[];
  hypotheses: { type: string; text: string; priority: number; suggestedQueries: string[] }[];
} {
  const principal = principalName(title, text);
  if (!principal) return { personas: [], hypotheses: [] };
  const surname = splitPersonaName(principal.name).surname;
  const main: Draft = { persona: { name: principal.name, role: 'principal' }, snippets: { name: principal.snippet } };
  const others: Draft[] = [];
  const body = text.replace(/\s+/g, ' ');

  const born = re(`\\bborn\\s+(?:on\\s+|in\\s+)?(${DATE}),?\\s+(?:in|at)\\s+(${PLACE})`, 'u').exec(body) ?? undefined;
  if (born) {
    main.persona.birthDate = toGedcomDate(born[1]);
    main.persona.birthPlace = born[2];
    main.snippets.birthDate = born[0];
    main.snippets.birthPlace = born[0];
  } else {
    const b2 = re(`\\bborn\\s+(?:in|at)\\s+(${PLACE}),?\\s+(?:on\\s+)?(${DATE})`, 'u').exec(body);
    if (b2) {
      main.persona.birthDate = toGedcomDate(b2[2]);
      main.persona.birthPlace = b2[1];
      main.snippets.birthDate = b2[0];
      main.snippets.birthPlace = b2[0];
    }
  }
  const died = re(`\\b(?:died|passed away)\\b[^.;]{0,60}?\\b(?:on\\s+)?${WEEKDAY}(${FULL_DATE})`, 'u').exec(body);
  if (died) {
    main.persona.deathDate = toGedcomDate(died[1]);
    main.snippets.deathDate = died[0];
  }
  // "son of Mr. and Mrs. Jakob Müller": the father is named, the mother only by his name and a title.
  const couple = re(
    `\\b(son|daughter|child)\\s+of\\s+(?:the\\s+late\\s+)?Mr\\.?\\s+(?:and|&)\\s+Mrs\\.?\\s+(${NAME})`,
    'u',
  ).exec(body);
  const parents = couple
    ? null
    : re(`\\b(son|daughter|child)\\s+of\\s+(?:the\\s+late\\s+)?(${NAME})(?:\\s+and\\s+(${NAME}))?`, 'u').exec(body);
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
    main.persona.sex = parents[1] === 'son' ? 'M' : parents[1] === 'daughter' ? 'F' : undefined;
    const a = cleanName(parents[2]);
    const b = parents[3] ? cleanName(parents[3]) : undefined;
    const shared =
      b && b.split(/\s+/).length >= 2
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
    if (b)
      others.push({
        persona: { name: withSurname(b, shared), role: 'mother', sex: 'F', relationship: 'mother' },
        snippets: { name: parents[0], role: parents[0] },
      });
  }
  const spouse =
    re(
      `\\b(?:survived by|leaves|preceded in death by)\\s+(his|her)\\s+(?:wife|husband|widow),?\\s+(${NAME})`,
      'u',
    ).exec(body) ??
    re(
      `\\b(?:married|wed)\\s+${MARRIED_ON}(?:Miss\\s+)?(?!${MONTH}\\s+\\d)(${NAME})(?:[^.;]{0,40}?\\b(?:in|on)\\s+(${DATE}))?`,
      'u',
    ).exec(body);
  if (spouse) {
    const survived = spouse[1] === 'his' || spouse[1] === 'her';
    const raw = cleanName(survived ? spouse[2] : spouse[1]);
    const persona: Persona = { name: withSurname(raw, surname), role: 'spouse', relationship: 'spouse' };
    if (survived) persona.sex = spouse[1] === 'his' ? 'F' : 'M';
    const snippets: Record<string, string> = { name: spouse[0], role: spouse[0] };
    if (!survived && spouse[2]) {
      persona.marriageDate = toGedcomDate(spouse[2]);
      snippets.marriageDate = spouse[0];
    }
    // The same spouse may be named twice ("married Miss Katharina Huber …", "survived by his wife, Katharina").
    const married = survived
      ? re(
          `\\b(?:married|wed)\\s+${MARRIED_ON}(?:Miss\\s+)?(?!${MONTH}\\s+\\d)(${NAME})(?:[^.;]{0,40}?\\b(?:in|on)\\s+(${DATE}))?`,
          'u',
        ).exec(body)
      : null;
    if (married && splitPersonaName(cleanName(married[1])).given.split(/\s+/)[0] === raw.split(/\s+/)[0]) {
      persona.name = cleanName(married[1]).split(/\s+/).length >= 2 ? cleanName(married[1]) : persona.name;
      snippets.name = married[0];
      if (married[2]) {
        persona.marriageDate = toGedcomDate(married[2]);
        snippets.marriageDate = married[0];
      }
    }
    if (!persona.marriageDate) {
      const inYear = re(
        `\\b(?:In|in|On|on)\\s+(${DATE}),?\\s+(?:he|she)\\s+(?:married|wed)\\s+(?:Miss\\s+)?(${NAME})`,
        'u',
      ).exec(body);
      if (inYear && cleanName(inYear[2]).split(/\s+/)[0] === persona.name.split(/\s+/)[0]) {
        persona.marriageDate = toGedcomDate(inYear[1]);
        snippets.marriageDate = inYear[0];
      }
    }
    others.push({ persona, snippets });
  }
  for (const m of body.matchAll(re(`\\b${COUNT}(sons?|daughters?|children),\\s+([^;.]+)`, 'gu'))) {
    const kind = m[1];
    const sex = kind.startsWith('son') ? 'M' : kind.startsWith('daughter') ? 'F' : undefined;
    const items = m[2]
      .split(/,\s*(?:and\s+)?|\s+and\s+/)
      .map((s) => s.trim())
      .filter(Boolean);
    const kids: Draft[] = [];
    let lastSurname = '';
    for (const it of items) {
      const wife = /^(?:wife|husband) of\s+(.+)$/.exec(it);
      if (wife && kids.length) {
        const spouseName = cleanName(wife[1].replace(/\s+(?:of|in)\s+.*$/, ''));
        const kid = kids[kids.length - 1];
        kid.persona.marriedName = `${kid.persona.name.split(/\s+/)[0]} ${splitPersonaName(spouseName).surname}`;
        kid.persona.spouseName = spouseName;
        kid.snippets.marriedName = m[0];
        kid.snippets.spouseName = m[0];
        continue;
      }
      const nm = /^(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)*)/u.exec(it);
      if (!nm || STOPWORDS.has(nm[1])) continue;
      const name = cleanName(nm[1]);
      if (name.split(/\s+/).length >= 2) lastSurname = splitPersonaName(name).surname;
      kids.push({
        persona: { name, role: 'child', sex, relationship: sex === 'M' ? 'son' : sex === 'F' ? 'daughter' : 'child' },
        snippets: { name: m[0], role: m[0] },
      });
    }
    for (const k of kids) k.persona.name = withSurname(k.persona.name, lastSurname || surname);
    others.push(...kids);
  }
  const all = [main, ...others];
  const personas: GroundedPersona[] = all.map((d) => ({
    persona: d.persona,
    snippets: d.snippets,
    confidence: 0.75,
    method: 'pattern',
  }));
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
  return { personas, hypotheses };
}
