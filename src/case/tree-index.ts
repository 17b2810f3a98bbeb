/**
 * A derived index of a case's imported trees (`trees/*.jsonl`), in `.ancestry/trees-index.sqlite`
 * (sql.js): one row per person with where its line is in its tree file (byte offset and length),
 * its names, years, places and what the living rule needs. A case with a 100k-person tree then
 * answers a count, a page, a person by id and a search by name, place or year without reading and
 * validating its 190 MB of lines (issue #16 item 1).
 *
 * The tree files stay the truth. The index carries a fingerprint of them (name, size, mtime and
 * inode of each: an atomic rewrite changes the inode, a hand edit the mtime) and is rebuilt from
 * them when it is missing, unreadable, of another version or stale. A person read by id is read
 * from its tree line and validated then, so what it shows is the file, not a copy. Person files
 * (people/) are not in it: the store reads them itself, and one with the same id as a tree entry
 * shadows it (the `shadow` table, filled by the store).
 */
import { closeSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Statement } from 'sql.js';
import { z } from 'zod';
import { displayName, factValue, type Person } from '../model';
import { yearRange } from '../model/gdate';
import { nameWords } from '../model/names';
import { loadSqlJs } from './index-db';
import { TREES_DIR } from './layout';
import type { CaseProblem } from './problems';
import { sha256 } from './ids';
import { openForReading } from './writer';
import { headerLine, PLAIN, readHeader, readTreeLine, type TreeContext } from './tree-format';

export const TREE_INDEX_FILE = '.ancestry/trees-index.sqlite';
/** Bumped when the schema or what a row holds changes: an index of another version is rebuilt. */
const VERSION = '6';

/** What a listing shows of a person, without reading the person. */
export interface PersonSummary {
  id: string;
  name: string;
  surname: string;
  given: string;
  birthYear: number | null;
  deathYear: number | null;
  /** The person file, or the tree file the person was imported into. */
  file: string;
  /** Living by the case's rule on the day asked (a listing shows them redacted). */
  living: boolean;
}

/** A search: every given part must match. */
export interface PersonQuery {
  /** Words of a name, each matching the start of a word of any of the person's names. */
  name?: string;
  /** Text found in any place of the person's events (case-insensitive). */
  place?: string;
  /** Birth (else baptism) year range, inclusive. */
  bornFrom?: number;
  bornTo?: number;
  /** The start of the first name's surname / given name (case-insensitive, accents kept). */
  surname?: string;
  given?: string;
  /** Living (true) or not (false) by the case's rule on the day asked. */
  living?: boolean;
  /** Only these ids (e.g. the persons with an open conflict). */
  ids?: readonly string[];
  /**
   * Fuzzy name search (Go to Person): each word's letters in order within one word of the names
   * ("jhn mllr" finds John Miller); prefix matches come first.
   */
  fuzzy?: string;
}

/** What livingCount needs without a scan: persons flagged living, and latest birth years of the unflagged with no death evidence. */
const LivingHistogram = z.object({ flagged: z.number(), births: z.record(z.string(), z.number()) });

/** The index no longer matches a tree file (it changed after the index was checked). */
export class StaleTreeIndexError extends Error {}

const DEATH_EVENTS = new Set(['death', 'burial', 'cremation', 'probate', 'will']);
const BIRTH_EVENTS = new Set(['birth', 'baptism', 'christening']);

/**
 * What the living rule (src/agents/censor/living.ts isLiving) needs of a person, so it can be
 * evaluated for any date and threshold in SQL: living ⇔ flag ?? (!dead && latest > year − threshold).
 * The tests check it against isLiving over whole trees.
 */
export function livingBasis(p: Pick<Person, 'assertions' | 'living'>): {
  flag: boolean | undefined;
  dead: boolean;
  latest: number | undefined;
} {
  let latest = -Infinity;
  let dead = false;
  for (const a of p.assertions) {
    if (a.status === 'rejected') continue;
    const dot = a.field.indexOf('.');
    const ev = dot < 0 ? a.field : a.field.slice(0, dot);
    if (DEATH_EVENTS.has(ev)) dead = true;
    else if (BIRTH_EVENTS.has(ev) && a.field.endsWith('.date')) {
      const max = yearRange(a.value).max;
      if (max !== undefined && max > latest) latest = max;
    }
  }
  return { flag: p.living, dead, latest: Number.isFinite(latest) ? latest : undefined };
}

/** Every name of a person as one text for the search (given, surname, nickname of each). */
export function namesText(p: Pick<Person, 'names'>): string {
  return p.names.map((n) => `${n.given} ${n.surname} ${n.nickname ?? ''}`).join(' ');
}

/** The places of a person's events, lower case, each once (a place search finds text within one of them). */
export function placesOf(p: Pick<Person, 'assertions'>): string[] {
  const places = new Set<string>();
  for (const a of p.assertions)
    if (a.status !== 'rejected' && a.field.endsWith('.place')) places.add(a.value.toLowerCase());
  return [...places];
}

/** Birth (else baptism) and death (else burial) years, as the People view and the index show them. */
export function lifeYears(p: Pick<Person, 'assertions'>): { birth: number | null; death: number | null } {
  const b = factValue(p, 'birth.date') ?? factValue(p, 'baptism.date');
  const d = factValue(p, 'death.date') ?? factValue(p, 'burial.date');
  return { birth: b ? (yearRange(b).min ?? null) : null, death: d ? (yearRange(d).min ?? null) : null };
}

/** The order of a listing: surname, given name, id (case-insensitive). */
export function sortKeyOf(p: Pick<Person, 'names' | 'id'>): string {
  const n = p.names[0];
  return sortKeyOfParts(n?.surname ?? '', n?.given ?? '', p.id);
}

/** sortKeyOf from the first name's surname and given name and the id (what an index row keeps). */
function sortKeyOfParts(surname: string, given: string, id: string): string {
  return `${surname.toLowerCase()}\u0001${given.toLowerCase()}\u0001${id}`;
}

export function summaryOf(p: Person, file: string, living: boolean): PersonSummary {
  const { birth, death } = lifeYears(p);
  return {
    living,
    id: p.id,
    name: displayName(p),
    surname: p.names[0]?.surname ?? '',
    given: p.names[0]?.given ?? '',
    birthYear: birth,
    deathYear: death,
    file,
  };
}

/** SQL LIKE pattern of a fuzzy term: its letters in order, within one word of the name words. */
export function fuzzyPattern(term: string): string {
  // eslint-disable-next-line @typescript-eslint/no-misused-spread -- code points are meant: a letter may carry combining marks after it, LIKE's % takes them
  return `%${[...term].map((c) => (c === '%' || c === '_' || c === '\\' ? `\\${c}` : c)).join('%')}%`;
}

/** Whether `words` (nameWords joined by spaces) has one word holding every letter of `term` in order. */
export function fuzzyMatches(words: string, term: string): boolean {
  return words.split(' ').some((w) => {
    let i = 0;
    for (const c of w) if (c === term[i]) i += 1;
    return i >= term.length;
  });
}

/** Whether a person matches a query, by the same rules as the index (the reference for person files). */
export function matchesQuery(p: Person, q: PersonQuery, living?: boolean): boolean {
  const n = p.names[0];
  if (q.surname !== undefined && !(n?.surname ?? '').toLowerCase().startsWith(q.surname.toLowerCase())) return false;
  if (q.given !== undefined && !(n?.given ?? '').toLowerCase().startsWith(q.given.toLowerCase())) return false;
  if (q.living !== undefined && living !== undefined && living !== q.living) return false;
  if (q.ids !== undefined && !q.ids.includes(p.id)) return false;
  if (q.fuzzy !== undefined) {
    const terms = nameWords(q.fuzzy);
    const words = nameWords(namesText(p)).join(' ');
    if (!terms.length || !terms.every((t) => fuzzyMatches(words, t))) return false;
  }
  if (q.name !== undefined) {
    const terms = nameWords(q.name);
    const words = nameWords(namesText(p));
    if (!terms.length || !terms.every((t) => words.some((w) => w.startsWith(t)))) return false;
  }
  if (q.place) {
    const place = q.place.toLowerCase();
    if (!placesOf(p).some((text) => text.includes(place))) return false;
  }
  if (q.bornFrom !== undefined || q.bornTo !== undefined) {
    const { birth } = lifeYears(p);
    if (birth === null) return false;
    if (q.bornFrom !== undefined && birth < q.bornFrom) return false;
    if (q.bornTo !== undefined && birth > q.bornTo) return false;
  }
  return true;
}

const SCHEMA = `
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE trees(n INTEGER PRIMARY KEY, name TEXT, format TEXT);
CREATE TABLE persons(rowid INTEGER PRIMARY KEY, id TEXT UNIQUE, tree INTEGER, line INTEGER, offset INTEGER, length INTEGER,
  name TEXT, surname TEXT, given TEXT, birth_year INTEGER, death_year INTEGER,
  living_flag INTEGER, dead INTEGER, latest_birth INTEGER, full_names TEXT, words TEXT, places TEXT);
CREATE TABLE place_texts(n INTEGER PRIMARY KEY, text TEXT);
CREATE TABLE problems(file TEXT, line INTEGER, field TEXT, message TEXT);
CREATE INDEX persons_birth ON persons(birth_year);
`;

const SUMMARY_COLUMNS = 'p.id, p.name, p.surname, p.given, p.birth_year, p.death_year, p.tree';

/*
 * What is left out to keep the index small (at 100k persons every byte per row is 100 kB of file
 * and twice that of memory when it is opened): the listing order as a column and an index on it
 * (rows are written in listing order, sortKeyOf, so the rowid is the order: a sort key column and
 * its index were 6.4 of the 23 MB at 100k persons), the tree as a number, the display name and the full
 * names when they are the first name's "given surname" (NULL), and the name words as a plain column
 * searched by scanning (a full-text table doubled the file; a scan of 100k short texts is a few ms).
 */
function plainName(given: string, surname: string): string {
  return [given, surname].filter(Boolean).join(' ');
}
/** Living for a year and a threshold, as isLiving decides it (parameters: year − threshold). */
const LIVING_SQL = 'COALESCE(p.living_flag, CASE WHEN p.dead = 0 AND p.latest_birth > ? THEN 1 ELSE 0 END) = 1';
const NOT_SHADOWED = 'p.id NOT IN (SELECT id FROM shadow)';
/**
 * Tree persons a person file shadows, and the living among them (parameter: year − threshold). The
 * CROSS JOIN keeps the shadow table (a few rows, often none) the outer loop, each looked up in
 * persons by id: with a plain JOIN SQLite scanned all 100k persons for the living count (0.2 s).
 */
export const SHADOWED_COUNT_SQL = 'SELECT COUNT(*) FROM shadow s CROSS JOIN persons p ON p.id = s.id';
export const SHADOWED_LIVING_SQL = `${SHADOWED_COUNT_SQL} WHERE ${LIVING_SQL}`;
/** A page in listing order: the rows are in it, so the first page reads its rows and sorts nothing. */
export const PAGE_SQL = `SELECT ${SUMMARY_COLUMNS}, ${LIVING_SQL} FROM persons p WHERE ${NOT_SHADOWED} ORDER BY p.rowid LIMIT ? OFFSET ?`;

/** A person's row: where its line is, then what the index keeps of it (the person itself is not kept). */
interface Row {
  tree: string;
  line: number;
  offset: number;
  length: number;
  /** The listing order (sortKeyOf): rows are inserted in it, so their rowid is the order. */
  sortKey: string;
  columns: (string | number | null)[];
}

/**
 * A row's columns. `places` numbers each distinct place text (the place_texts table): a row keeps
 * its places' numbers ("3 17 5"), not their text, which a tree repeats (3.8 of 15.7 MB at 100k).
 */
function columnsOf(p: Person, places: Map<string, number>): (string | number | null)[] {
  const { birth, death } = lifeYears(p);
  const basis = livingBasis(p);
  const fullNames = p.names.map((n) => `${n.given} ${n.surname}`.trim()).filter((n) => n.includes(' '));
  const [given, surname] = [p.names[0]?.given ?? '', p.names[0]?.surname ?? ''];
  const name = displayName(p);
  return [
    name === plainName(given, surname) && name ? null : name,
    surname,
    given,
    birth,
    death,
    basis.flag === undefined ? null : basis.flag ? 1 : 0,
    basis.dead ? 1 : 0,
    basis.latest ?? null,
    p.names.length === 1 ? null : JSON.stringify(fullNames),
    nameWords(namesText(p)).join(' '),
    placesOf(p)
      .map((text) => {
        let n = places.get(text);
        if (n === undefined) places.set(text, (n = places.size + 1));
        return n;
      })
      .join(' ') || null,
  ];
}

/** Lines of a file with their byte offsets, read in chunks (a 190 MB tree is never one string). */
function* linesOf(abs: string): Generator<{ text: string; offset: number; length: number; line: number }> {
  const fd = openForReading(abs);
  try {
    const chunk = Buffer.allocUnsafe(4 << 20);
    let carry = Buffer.alloc(0);
    let carryOffset = 0;
    let line = 0;
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      const buf = carry.length ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n);
      let start = 0;
      for (let nl = buf.indexOf(10, start); nl >= 0; nl = buf.indexOf(10, start)) {
        line += 1;
        yield { text: buf.toString('utf8', start, nl), offset: carryOffset + start, length: nl - start, line };
        start = nl + 1;
      }
      carryOffset += start;
      carry = Buffer.from(buf.subarray(start));
      if (n === 0) break;
    }
    if (carry.length) yield { text: carry.toString('utf8'), offset: carryOffset, length: carry.length, line: line + 1 };
  } finally {
    closeSync(fd);
  }
}

/** Reads one tree the way the store does (same problems, a later line of an id wins); returns its format context. */
function readTree(
  root: string,
  tree: string,
  rows: Map<string, Row>,
  problems: CaseProblem[],
  places: Map<string, number>,
): TreeContext {
  const file = `${TREES_DIR}/${tree}`;
  let format = PLAIN;
  for (const { text, offset, length, line } of linesOf(join(root, file))) {
    const r = readTreeLine(text, line, format);
    if (r.kind === 'header') format = r.context;
    else if (r.kind === 'invalid')
      for (const issue of r.issues)
        problems.push({
          file,
          line,
          column: 1,
          ...(issue.field !== undefined ? { field: issue.field } : {}),
          message: issue.message,
          severity: 'error',
        });
    else if (r.kind === 'person') {
      rows.delete(r.person.id);
      rows.set(r.person.id, {
        tree,
        line,
        offset,
        length,
        sortKey: sortKeyOf(r.person),
        columns: columnsOf(r.person, places),
      });
    }
  }
  return format;
}

/** Name, size, mtime and inode of every tree file, with the index version. */
export function treesFingerprint(root: string, trees: readonly string[]): string {
  const parts = [`v${VERSION}`];
  for (const tree of trees) {
    const st = statSync(join(root, TREES_DIR, tree));
    parts.push(`${tree}:${st.size}:${st.mtimeMs}:${st.ino}`);
  }
  return sha256(parts.join('\n'));
}

export class TreeIndex {
  private readonly cache = new Map<string, Person>();
  /** Tree file names by their number in the index. */
  private readonly treeNames = new Map<number, string>();
  /** Each tree's format context (its header), by name: a line is decoded with it. */
  private readonly formats = new Map<string, TreeContext>();

  constructor(
    private readonly db: Database,
    private readonly root: string,
    /** Whether this open rebuilt the index (it was missing or stale). */
    readonly rebuilt: boolean,
    /** Why an existing index was not used (damaged, stale, another version); undefined when there was none. */
    readonly rebuildReason?: string,
  ) {
    db.run('CREATE TEMP TABLE shadow(id TEXT PRIMARY KEY)');
    // Whether a row's place numbers ("3 17 5") include one of the wanted (" 3 9 ").
    db.create_function('has_place', (places: unknown, wanted: unknown) =>
      typeof places === 'string' && places.split(' ').some((n) => String(wanted).includes(` ${n} `)) ? 1 : 0,
    );
    db.create_function('fuzzy_word', (words: unknown, term: unknown) =>
      fuzzyMatches(String(words), String(term)) ? 1 : 0,
    );
    for (const [n, name, format] of this.all('SELECT n, name, format FROM trees', [])) {
      this.treeNames.set(Number(n), String(name));
      this.formats.set(String(name), typeof format === 'string' ? (readHeader(JSON.parse(format)) ?? PLAIN) : PLAIN);
    }
  }

  private tree(n: unknown): string {
    const name = this.treeNames.get(Number(n));
    if (name === undefined) throw new StaleTreeIndexError(`the index names no tree ${String(n)}`);
    return name;
  }

  /** Ids a person file holds: their tree entries are hidden. */
  shadow(ids: Iterable<string>): void {
    const st = this.db.prepare('INSERT OR IGNORE INTO shadow VALUES (?)');
    for (const id of ids) st.run([id]);
    st.free();
  }

  close(): void {
    this.db.close();
  }

  /** SQLite's plan of a query (EXPLAIN QUERY PLAN's detail lines), for tests of what a query reads. */
  queryPlan(sql: string, params: (string | number)[] = []): string[] {
    return this.all(`EXPLAIN QUERY PLAN ${sql}`, params).map((r) => String(r[3]));
  }

  /** Where the tree's persons were found wrong when the index was built (the store's problems). */
  problems(): CaseProblem[] {
    return this.all('SELECT file, line, field, message FROM problems ORDER BY rowid', []).map(
      ([file, line, field, message]) => ({
        file: String(file),
        line: Number(line),
        column: 1,
        ...(typeof field === 'string' ? { field } : {}),
        message: String(message),
        severity: 'error' as const,
      }),
    );
  }

  /** A number or JSON the build kept in meta (counts that would otherwise scan every row). */
  private meta(key: string): string | undefined {
    const r = this.all('SELECT value FROM meta WHERE key = ?', [key])[0];
    return r ? String(r[0]) : undefined;
  }

  /** Tree persons not shadowed by a person file: the build's count less the shadowed (found by id). */
  count(): number {
    const total = Number(this.meta('count'));
    const shadowed = Number(this.all(SHADOWED_COUNT_SQL, [])[0][0]);
    return total - shadowed;
  }

  /**
   * Living tree persons for a year and threshold: those flagged living, and those with no flag, no
   * death evidence and a latest birth year after year − threshold, counted from the build's
   * histogram of latest birth years (no scan), less the living among the shadowed.
   */
  livingCount(now: Date, thresholdYears: number): number {
    const after = now.getUTCFullYear() - thresholdYears;
    const basis = LivingHistogram.parse(JSON.parse(this.meta('living') ?? '{}'));
    let n = basis.flagged;
    for (const [year, count] of Object.entries(basis.births)) if (Number(year) > after) n += count;
    const shadowed = Number(this.all(SHADOWED_LIVING_SQL, [after])[0][0]);
    return n - shadowed;
  }

  /**
   * Ids and full names ("Given Surname") of the living tree persons, for the Censor. Fetched as one
   * JSON array built in SQL: stepping through 27k rows at 100k persons, each value crossing from
   * the wasm one call at a time, took 0.2 s of a process's start (three times the JSON's cost).
   */
  livingNames(now: Date, thresholdYears: number): [string, string[]][] {
    const json = this.all(
      `SELECT json_group_array(json_array(p.id, p.full_names, p.given, p.surname)) FROM persons p WHERE ${LIVING_SQL} AND ${NOT_SHADOWED}`,
      [now.getUTCFullYear() - thresholdYears],
    )[0]?.[0];
    const rows = typeof json === 'string' ? (JSON.parse(json) as unknown[][]) : [];
    return rows.map(([id, names, given, surname]) => {
      if (typeof names === 'string') return [String(id), JSON.parse(names) as string[]];
      const full = `${String(given)} ${String(surname)}`.trim();
      return [String(id), full.includes(' ') ? [full] : []];
    });
  }

  /** The tree file (under trees/) a person is in. */
  treeOf(id: string): string | undefined {
    const r = this.all('SELECT tree FROM persons WHERE id = ?', [id])[0];
    return r ? this.tree(r[0]) : undefined;
  }

  /** The line of the tree file a person is on (1-based). */
  lineOf(id: string): number | undefined {
    const r = this.all('SELECT line FROM persons WHERE id = ?', [id])[0];
    return r ? Number(r[0]) : undefined;
  }

  /** A person, read from their tree line and validated. */
  person(id: string): Person | undefined {
    const hit = this.cache.get(id);
    if (hit) return hit;
    const r = this.all('SELECT tree, offset, length FROM persons WHERE id = ?', [id])[0];
    if (!r) return undefined;
    const [tree, offset, length] = [this.tree(r[0]), Number(r[1]), Number(r[2])];
    const buf = Buffer.alloc(length);
    const fd = openForReading(join(this.root, TREES_DIR, tree));
    try {
      readSync(fd, buf, 0, length, offset);
    } finally {
      closeSync(fd);
    }
    const r2 = readTreeLine(buf.toString('utf8'), 0, this.formats.get(tree) ?? PLAIN);
    if (r2.kind !== 'person' || r2.person.id !== id)
      throw new StaleTreeIndexError(`${TREES_DIR}/${tree} changed since its index was checked`);
    const person = r2.person;
    if (this.cache.size >= 1000) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(id, person);
    return person;
  }

  /** A page of the tree persons in listing order (sortKeyOf); living as of `now`. */
  page(offset: number, limit: number, now: Date, thresholdYears: number): (PersonSummary & { sortKey: string })[] {
    return this.summaries(PAGE_SQL, [now.getUTCFullYear() - thresholdYears, limit, offset]);
  }

  /** Tree persons matching a query, in listing order, the first `limit` from `offset`. */
  find(
    q: PersonQuery,
    limit: number,
    now: Date,
    thresholdYears: number,
    offset = 0,
  ): (PersonSummary & { sortKey: string })[] {
    const { where, params } = this.where(q, now, thresholdYears);
    if (!where) return [];
    params.unshift(now.getUTCFullYear() - thresholdYears);
    params.push(limit, offset);
    return this.summaries(
      `SELECT ${SUMMARY_COLUMNS}, ${LIVING_SQL} FROM persons p WHERE ${where} ORDER BY p.rowid LIMIT ? OFFSET ?`,
      params,
    );
  }

  /** How many tree persons match a query. */
  countMatching(q: PersonQuery, now: Date, thresholdYears: number): number {
    const { where, params } = this.where(q, now, thresholdYears);
    return where ? Number(this.all(`SELECT COUNT(*) FROM persons p WHERE ${where}`, params)[0][0]) : 0;
  }

  /** The WHERE clause of a query (undefined: nothing can match). */
  private where(
    q: PersonQuery,
    now: Date,
    thresholdYears: number,
  ): { where: string | undefined; params: (string | number)[] } {
    const where = [NOT_SHADOWED];
    const params: (string | number)[] = [];
    if (q.surname !== undefined) {
      where.push('substr(lower(p.surname), 1, ?) = ?');
      params.push(q.surname.length, q.surname.toLowerCase());
    }
    if (q.given !== undefined) {
      where.push('substr(lower(p.given), 1, ?) = ?');
      params.push(q.given.length, q.given.toLowerCase());
    }
    if (q.living !== undefined) {
      where.push(q.living ? LIVING_SQL : `NOT (${LIVING_SQL})`);
      params.push(now.getUTCFullYear() - thresholdYears);
    }
    if (q.ids !== undefined) {
      if (!q.ids.length) return { where: undefined, params };
      where.push(`p.id IN (${q.ids.map(() => '?').join(',')})`);
      params.push(...q.ids);
    }
    if (q.fuzzy !== undefined) {
      const terms = nameWords(q.fuzzy);
      if (!terms.length) return { where: undefined, params };
      // A LIKE over the words narrows it; the letters must then fall in one word (fuzzy_word).
      for (const t of terms) {
        where.push("p.words LIKE ? ESCAPE '\\' AND fuzzy_word(p.words, ?)");
        params.push(fuzzyPattern(t), t);
      }
    }
    if (q.name !== undefined) {
      const terms = nameWords(q.name);
      if (!terms.length) return { where: undefined, params };
      // A term starts a word: it follows the start or a space in the words nameWords made.
      for (const t of terms) {
        where.push("instr(' ' || p.words, ?) > 0");
        params.push(` ${t}`);
      }
    }
    if (q.place) {
      // The place texts holding the words, then the persons with one of them.
      const wanted = this.all('SELECT n FROM place_texts WHERE instr(text, ?) > 0', [q.place.toLowerCase()]);
      if (!wanted.length) return { where: undefined, params };
      where.push('has_place(p.places, ?)');
      params.push(` ${wanted.map((r) => Number(r[0])).join(' ')} `);
    }
    if (q.bornFrom !== undefined) {
      where.push('p.birth_year >= ?');
      params.push(q.bornFrom);
    }
    if (q.bornTo !== undefined) {
      where.push('p.birth_year <= ?');
      params.push(q.bornTo);
    }
    return { where: where.join(' AND '), params };
  }

  private summaries(sql: string, params: (string | number)[]): (PersonSummary & { sortKey: string })[] {
    return this.all(sql, params).map(([id, name, surname, given, b, d, tree, living]) => ({
      id: String(id),
      name: typeof name === 'string' ? name : plainName(String(given), String(surname)) || '(unnamed)',
      surname: String(surname),
      given: String(given),
      birthYear: b === null ? null : Number(b),
      deathYear: d === null ? null : Number(d),
      file: `${TREES_DIR}/${this.tree(tree)}`,
      sortKey: sortKeyOfParts(String(surname), String(given), String(id)),
      living: Number(living) === 1,
    }));
  }

  private all(sql: string, params: (string | number)[]): unknown[][] {
    const st: Statement = this.db.prepare(sql);
    try {
      st.bind(params);
      const out: unknown[][] = [];
      while (st.step()) out.push(st.get());
      return out;
    } finally {
      st.free();
    }
  }
}

/**
 * Opens the index of `trees` (names under trees/, as the store lists them), rebuilding it from the
 * tree files when it is missing or stale. `saved` is the index file's bytes, if any; `save`
 * stores a rebuilt one (derived data: a failure to save costs only the next open's time).
 */
export async function openTreeIndex(
  root: string,
  trees: readonly string[],
  saved: Uint8Array | undefined,
  save: (bytes: Uint8Array) => Promise<void>,
): Promise<TreeIndex> {
  const SQL = await loadSqlJs();
  const fingerprint = treesFingerprint(root, trees);
  let reason: string | undefined;
  if (saved) {
    try {
      const db = new SQL.Database(saved);
      const current = db.exec("SELECT value FROM meta WHERE key = 'fingerprint'")[0]?.values[0]?.[0];
      if (current === fingerprint) return new TreeIndex(db, root, false);
      db.close();
      reason = 'a tree changed since it was built, or it is of another version: rebuilt from trees/';
    } catch (e) {
      // A damaged index is derived data: rebuild it (and say so).
      reason = `not readable (${(e as Error).message.split('\n')[0]}): rebuilt from trees/`;
    }
  }
  const rows = new Map<string, Row>();
  const problems: CaseProblem[] = [];
  const formats = new Map<string, TreeContext>();
  const places = new Map<string, number>();
  for (const tree of trees) formats.set(tree, readTree(root, tree, rows, problems, places));
  const db = new SQL.Database();
  db.run(SCHEMA);
  db.run('BEGIN');
  const insert = db.prepare(
    'INSERT INTO persons(rowid, id, tree, line, offset, length, name, surname, given, birth_year, death_year, living_flag, dead, latest_birth, full_names, words, places) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)',
  );
  const treeNumber = new Map(trees.map((t, i) => [t, i + 1]));
  for (const [t, n] of treeNumber) {
    const format = formats.get(t);
    db.run('INSERT INTO trees VALUES (?, ?, ?)', [n, t, format && format !== PLAIN ? headerLine(format) : null]);
  }
  // In listing order (as the catalog compares keys), so that ORDER BY rowid lists them.
  const ordered = [...rows].sort(([, a], [, b]) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  let rowid = 0;
  for (const [id, r] of ordered) {
    rowid += 1;
    insert.run([rowid, id, treeNumber.get(r.tree)!, r.line, r.offset, r.length, ...r.columns]);
  }
  ordered.length = 0;
  const place = db.prepare('INSERT INTO place_texts VALUES (?, ?)');
  for (const [text, n] of places) place.run([n, text]);
  place.free();
  const problem = db.prepare('INSERT INTO problems VALUES (?,?,?,?)');
  for (const p of problems) problem.run([p.file, p.line, p.field ?? null, p.message]);
  for (const st of [insert, problem]) st.free();
  const living = { flagged: 0, births: {} as Record<string, number> };
  for (const r of rows.values()) {
    // columns: name, surname, given, birth, death, living_flag, dead, latest_birth, …
    const [flag, dead, latest] = [r.columns[5], r.columns[6], r.columns[7]];
    if (flag === 1) living.flagged += 1;
    else if (flag === null && dead === 0 && latest !== null) living.births[latest] = (living.births[latest] ?? 0) + 1;
  }
  db.run("INSERT INTO meta VALUES ('count', ?)", [String(rows.size)]);
  db.run("INSERT INTO meta VALUES ('living', ?)", [JSON.stringify(living)]);
  db.run("INSERT INTO meta VALUES ('fingerprint', ?)", [fingerprint]);
  db.run('COMMIT');
  rows.clear();
  try {
    await save(db.export());
  } catch {
    // Derived data: the next open rebuilds it.
  }
  return new TreeIndex(db, root, true, reason);
}
