/**
 * The enslaver named in a record of freed people (issue #14, held-out cases): a Freedmen's Bureau
 * cohabitation register's "Last owner" column, a bank register's "former owner", a narrative's
 * "the property of" or "enslaved by". Before 1865 an enslaved family appears in the enslaver's own
 * papers (an estate inventory, a will, a deed of gift), by given names only: a genealogist's next
 * step is to search that man's estate records, which no search by the family's surname finds.
 */
import { ESTATE_LEAD, formatQuery } from '../../../model';
import { splitPersonaName } from '../../../model/names';

export interface Lead {
  type: string;
  text: string;
  priority: number;
  suggestedQueries: string[];
}

const HEADER = /^(?:last|former)\s+(?:owner|master|enslaver)s?$/i;
const PROSE =
  /\b(?:last owner|former owner|former master|formerly the property of|the property of|enslaved by|slave of|owned by)[,:]?\s+((?:[A-Z][\w'’.-]*\.?\s+){0,2}[A-Z][\w'’-]+)/g;

/** "Richard Bledsoe (dec'd)" → "Richard Bledsoe"; a dash, a blank or a word that is no name → undefined. */
function nameIn(cell: string): string | undefined {
  const name = cell
    .replace(/\([^)]*\)/g, ' ')
    .replace(/,.*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const words = name.split(' ');
  if (words.length < 2 || words.length > 4 || !words.every((w) => /^[A-Z]/.test(w))) return undefined;
  return name;
}

/** Names in the columns a table heads "Last owner" (markdown or pipe tables). */
function fromTables(text: string): string[] {
  const out: string[] = [];
  let columns: number[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim().startsWith('|')) {
      columns = [];
      continue;
    }
    const cells = line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
    if (cells.some((c) => HEADER.test(c))) {
      columns = cells.flatMap((c, i) => (HEADER.test(c) ? [i] : []));
      continue;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    for (const i of columns) {
      const name = cells[i] ? nameIn(cells[i]) : undefined;
      if (name) out.push(name);
    }
  }
  return out;
}

/** One search of each enslaver's probate, will and deed records the record names. */
export function enslaverLeads(...texts: (string | undefined)[]): Lead[] {
  const names = new Map<string, string>();
  for (const text of texts) {
    if (!text) continue;
    for (const n of fromTables(text)) names.set(n.toLowerCase(), n);
    for (const m of text.matchAll(PROSE)) {
      const n = nameIn(m[1]);
      if (n) names.set(n.toLowerCase(), n);
    }
  }
  return [...names.values()].map((name) => {
    const { given, surname } = splitPersonaName(name);
    return {
      type: 'other',
      text: `${ESTATE_LEAD} ${name}, named as the last owner: an enslaved family appears there by given names only`,
      priority: 0.8,
      suggestedQueries: [formatQuery({ given: given || undefined, surname, recordTypes: ['probate', 'will', 'deed'] })],
    };
  });
}
