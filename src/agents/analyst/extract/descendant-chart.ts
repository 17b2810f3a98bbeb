/**
 * A descendant chart as family-tree software prints it ("Descendants of Pedro Paulo Fernandes"):
 *
 *   Pedro Paulo Fernandes, of Aldona — m. Anna Rita de Souza
 *   |-- Fr. Bartolomeu Fernandes (1874–1950), priest
 *   |-- Caetano Francisco Xavier "Tanu" Fernandes (b. 10 Mar 1878 Aldona; d. 22 Oct 1941 Zanzibar),
 *   |   m. 8 Jan 1906 at Moira: Maria Philomena (Filomena) de Menezes (1886–1969)
 *   |   |-- Aloysius Peter Fernandes (b. 4 Aug 1908 Zanzibar; d. 1989 Swindon)
 *
 * Each "|--" is a child of the person above it at a lesser indent, each "m." the spouse of the
 * person it is written under (or beside). Every relationship is the chart's own statement; the
 * chart is a compiler's work, and the Analyst weighs it as authored (secondary) evidence.
 */
import type { GroundedPersona, StatedRelation } from '../../../engine/agents';
import type { Persona } from '../../../model';

/** "|-- ", "+-- ", "├── ", "└── ": a branch to a child. */
const BRANCH = /^([\s|│]*)(?:\|--|\+--|├──|└──|`--)\s+(.*)$/u;
/** A spouse line under a person: "|   m. 8 Jan 1906 at Moira: Maria …". */
const SPOUSE_LINE = /^[\s|│]*m\.\s+(.*)$/u;
/** "c. 1912", "abt 1912", "about 1912": an approximate date. */
const APPROX = /(?:c\.|abt\.?|about|ca\.)\s*/;
const APPROX_FIRST = new RegExp(`^${APPROX.source}`, 'i');
const TITLE = /^(?:(?:Fr|Rev|Dr|Mr|Mrs|Miss|Sr|Br|Capt|Lt|Sgt)\.?\s+)+/u;
const NAME_WORD = "\\p{Lu}[\\p{L}'’.-]*";
/** The name: capitalised words and particles ("de", "da", "van"), a quoted nickname or a bracketed alias between them. */
const NAME = new RegExp(
  `^(${NAME_WORD}(?:\\s+(?:(?:de|da|do|dos|das|del|della|di|van|von|der|den|la|le|du|d['’])\\s+)*(?:${NAME_WORD}|["“][^"”]{1,30}["”]|\\((?![^)]*\\d)[^()]{1,40}\\)))*)`,
  'u',
);

/** "Caetano Francisco Xavier "Tanu" Fernandes" → "Caetano Francisco Xavier Fernandes" (nickname and alias out). */
function cleanChartName(raw: string): string {
  return raw
    .replace(/\s+["“][^"”]*["”]/gu, '')
    .replace(/\s+\([^()]*\)/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a person's entry says after the name: "(1874–1950)", "(b. 10 Mar 1878 Aldona; d. 22 Oct 1941
 * Zanzibar)", "(d. 1968, Phou Pha Thi)", "(1933 – 14 Mar 2009, St. Paul)", "(c. 1912 – Mar 1980, Ban Vinai)".
 */
function lifeOf(rest: string, toDate: (s: string) => string): Partial<Persona> {
  const out: Partial<Persona> = {};
  if (/\[living\]|\(living\)/i.test(rest)) return out;
  const date = String.raw`(?:${APPROX.source})?(?:\d{1,2}\s+)?(?:[A-Z][a-z]{2,8}\.?\s+)?\d{4}`;
  const read = (d: string) => {
    const bare = toDate(d.replace(APPROX_FIRST, ''));
    return APPROX_FIRST.test(d) ? `ABT ${bare}` : bare;
  };
  for (const m of rest.matchAll(/\(([^()]*\d{4}[^()]*)\)/gu)) {
    const inner = m[1];
    const b = new RegExp(String.raw`\bb\.\s*(${date})(?:\s+([^;,)]+?))?\s*(?:[;,]|$)`, 'u').exec(inner);
    const d = new RegExp(
      String.raw`\bd\.\s*(?:(${date})(?:,?\s+(?:in\s+)?([^;)]+?))?|in\s+([^;)]+?))\s*(?:[;)]|$)`,
      'u',
    ).exec(inner);
    if (b) {
      out.birthDate = read(b[1]);
      if (b[2] && /^\p{Lu}/u.test(b[2])) out.birthPlace = b[2].trim();
    }
    if (d) {
      if (d[1]) out.deathDate = read(d[1]);
      const place = d[2] ?? d[3];
      if (place && /^\p{Lu}/u.test(place.trim())) out.deathPlace = place.trim();
    }
    if (!b && !d) {
      const span = new RegExp(String.raw`^\s*(${date})?\s*[–—-]\s*(${date})?(?:,\s*([^;)]+))?\s*$`, 'u').exec(inner);
      if (span) {
        if (span[1]) out.birthDate = read(span[1]);
        if (span[2]) out.deathDate = read(span[2]);
        if (span[3] && span[2] && /^\p{Lu}/u.test(span[3])) out.deathPlace = span[3].trim();
      }
    }
    if (b || d || out.birthDate || out.deathDate) break;
  }
  return out;
}

/** One person's entry: the name (titles, nickname and alias aside) and the dates after it. */
function entry(text: string, toDate: (s: string) => string): Persona | undefined {
  const t = text.replace(TITLE, '').trim();
  const m = NAME.exec(t);
  if (!m) return undefined;
  const name = cleanChartName(m[1]).replace(/[,.]$/, '');
  if (name.split(/\s+/).length < 2) return undefined;
  return { name, role: 'other', ...lifeOf(t.slice(m[0].length), toDate) };
}

/** "m. 1955 Mai Lee (Maiv Lis), dau. of Ger Lee": the spouse after the date and place of the marriage. */
function spouseEntry(text: string, toDate: (s: string) => string): Persona | undefined {
  const t = text
    .replace(/^(?:(?:on\s+)?(?:c\.\s*)?(?:\d{1,2}\s+)?(?:[A-Z][a-z]{2,8}\.?\s+)?\d{4}\s*)?/u, '')
    .replace(/^(?:at|in)\s+[^:]{1,60}:\s*/u, '');
  return entry(t, toDate);
}

/**
 * The chart's persons and what it states between them. The root (the first entry above the first
 * branch) is the principal: the one the chart is "descendants of".
 */
export function readDescendantChart(
  text: string,
  toDate: (s: string) => string,
): { personas: GroundedPersona[]; relations: StatedRelation[] } | undefined {
  const lines = text.split(/\r?\n/);
  // Two branch lines at least make a chart.
  const first = lines.findIndex((l) => BRANCH.test(l));
  if (first < 0 || !lines.slice(first + 1).some((l) => BRANCH.test(l))) return undefined;
  const people: { persona: Persona; snippet: string }[] = [];
  const relations: StatedRelation[] = [];
  const add = (persona: Persona, line: string): number => {
    people.push({ persona, snippet: line.replace(/\s+/g, ' ').trim() });
    return people.length - 1;
  };
  let root: number | undefined;
  const marry = (i: number, text: string, line: string) => {
    const spouse = spouseEntry(text, toDate);
    if (!spouse) return;
    const j = add({ ...spouse, role: i === root ? 'spouse' : 'other' }, line);
    relations.push({ from: `#${j}`, to: `#${i}`, type: 'spouse', snippet: people[j].snippet });
  };
  // The root: the last line above the first branch that names a person ("Shoua Vang (d. in Laos) m. Pa Xiong …").
  for (let k = first - 1; k >= 0 && root === undefined; k--) {
    const line = lines[k].trim();
    if (!line || /^[\p{Lu}\s\W\d]+$/u.test(line)) continue;
    const [own, wed] = line.split(/\s+(?:[—–-]\s+)?m\.\s+/u);
    const p = entry(own, toDate);
    if (!p) break;
    root = add({ ...p, role: 'principal' }, lines[k]);
    if (wed) marry(root, wed, lines[k]);
  }
  if (root === undefined) return undefined;
  const stack: { col: number; i: number }[] = [];
  let last: { col: number; i: number } | undefined;
  for (const line of lines.slice(first)) {
    const b = BRANCH.exec(line);
    if (b) {
      const col = b[1].length;
      while (stack.length && stack[stack.length - 1].col >= col) stack.pop();
      const parent = stack.length ? stack[stack.length - 1].i : root;
      const [own, wed] = b[2].split(/,?\s+m\.\s+/u);
      const p = entry(own, toDate);
      if (!p) continue;
      const i = add({ ...p, role: parent === root ? 'child' : 'other' }, line);
      relations.push({ from: `#${i}`, to: `#${parent}`, type: 'child', snippet: people[i].snippet });
      if (wed) marry(i, wed, line);
      last = { col, i };
      stack.push(last);
      continue;
    }
    const s = SPOUSE_LINE.exec(line);
    if (s && last) marry(last.i, s[1], line);
    // A blank line or prose ("NOTE: …") ends the chart.
    if (!line.trim() || (!/^[\s|│]/u.test(line) && !s)) break;
  }
  // The principal's spouse is its spouse; relatives further down are the record's other persons.
  const personas: GroundedPersona[] = people.map((p, i) => ({
    persona: p.persona,
    snippets: Object.fromEntries(
      ['name', 'birthDate', 'birthPlace', 'deathDate', 'deathPlace', 'role']
        .filter((k) => k === 'name' || k === 'role' || (p.persona as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, p.snippet]),
    ),
    confidence: 0.7,
    method: 'pattern',
    key: `#${i}`,
  }));
  return { personas, relations };
}
