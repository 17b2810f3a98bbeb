/**
 * The derived sql.js index in `.ancestry/index.sqlite`: rebuilt from the case files when it is
 * missing or its fingerprint (names, sizes, mtimes of the files it derives from, the privacy
 * settings, the schema) is stale. Name search and `ancestry search` use FTS4 (sql.js ships
 * FTS3/4, not FTS5); the full text holds persons and sources as the Censor shows them, so no
 * result and no snippet carries a living person's details without consent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { isLiving, redactPerson, redactText, type CensorContext } from '../agents/censor';
import { displayName, factValue, type Person, type SourceRecord } from '../model';
import { yearRange } from '../model/gdate';
import { INDEX_FILE, SOURCES_DIR } from './layout';

let sqlPromise: Promise<SqlJsStatic> | undefined;

function wasmPath(): string {
  // Bundled: dist/sql-wasm.wasm beside the bundle; from source (tests): the package's own copy.
  const beside = join(__dirname, 'sql-wasm.wasm');
  // (path built at run time so esbuild leaves the source-tree fallback alone)
  return existsSync(beside) ? beside : require.resolve(['sql.js', 'dist', 'sql-wasm.wasm'].join('/'));
}

export function loadSqlJs(): Promise<SqlJsStatic> {
  sqlPromise ??= initSqlJs({ wasmBinary: readFileSync(wasmPath()) as unknown as ArrayBuffer });
  return sqlPromise;
}

export interface PersonRow {
  id: string;
  name: string;
  birthYear: number | null;
  deathYear: number | null;
  file: string;
}

/** One hit of the full-text search: a person file or a captured source, best first. */
export interface SearchHit {
  kind: 'person' | 'source';
  id: string;
  title: string;
  file: string;
  /** The matching passage, the matched words in [brackets]. */
  snippet: string;
  score: number;
}

/** Words of a query, each a prefix term; a "quoted phrase" stays a phrase. Operators are not passed through. */
export function ftsQuery(text: string): string {
  const words = (t: string) => (t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) as string[];
  const parts: string[] = [];
  const re = /"([^"]*)"|([^"\s]+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const w = words(m[1] ?? m[2]);
    if (!w.length) continue;
    if (m[1] !== undefined && w.length > 1) parts.push(`"${w.join(' ')}"`);
    else parts.push(...w.map((x) => `${x}*`));
  }
  return parts.join(' ');
}

/** Column weights of the ranking: a word in a title (a name, a source's title) counts three times. */
const WEIGHTS = [3, 1];

/**
 * Okapi BM25 from FTS4's matchinfo('pcnalx'): p phrases, c columns, n rows, a average tokens per
 * column, l this row's tokens per column, then per phrase and column (hits here, hits in all
 * rows, rows with a hit). sql.js has no FTS5 and so no built-in rank.
 */
export function bm25(info: Uint8Array, k1 = 1.2, b = 0.75): number {
  const v = new Uint32Array(info.buffer, info.byteOffset, info.byteLength / 4);
  const [p, c, n] = [v[0], v[1], v[2]];
  const avg = (j: number) => v[3 + j] || 1;
  const len = (j: number) => v[3 + c + j];
  let score = 0;
  for (let i = 0; i < p; i++)
    for (let j = 0; j < c; j++) {
      const x = 3 + 2 * c + 3 * (i * c + j);
      const tf = v[x];
      const df = v[x + 2];
      if (!tf) continue;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += (WEIGHTS[j] ?? 1) * idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * len(j)) / avg(j))));
    }
  return score;
}

export class CaseIndex {
  constructor(
    readonly db: Database,
    readonly rebuilt: boolean,
  ) {}

  searchPersons(text: string, limit = 50): PersonRow[] {
    const terms = text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map((t) => `${t}*`)
      .join(' ');
    if (!terms) return [];
    const stmt = this.db.prepare(
      'SELECT p.id, p.name, p.birth_year, p.death_year, p.file FROM persons_fts f JOIN persons p ON p.rowid = f.rowid WHERE persons_fts MATCH ? LIMIT ?',
    );
    return this.rows(stmt, [terms, limit]);
  }

  personsBornBetween(from: number, to: number, limit = 1000): PersonRow[] {
    return this.rows(
      this.db.prepare(
        'SELECT id, name, birth_year, death_year, file FROM persons WHERE birth_year BETWEEN ? AND ? LIMIT ?',
      ),
      [from, to, limit],
    );
  }

  /** Full text over persons and sources, best first (BM25), each with its file and a snippet. */
  search(text: string, limit = 20, offset = 0): SearchHit[] {
    const q = ftsQuery(text);
    if (!q) return [];
    const stmt = this.db.prepare(
      "SELECT d.kind, d.ref, d.title, d.file, snippet(docs_fts, '[', ']', '…', -1, 16), matchinfo(docs_fts, 'pcnalx') FROM docs_fts JOIN docs d ON d.rowid = docs_fts.rowid WHERE docs_fts MATCH ?",
    );
    stmt.bind([q]);
    const hits: SearchHit[] = [];
    while (stmt.step()) {
      const [kind, id, title, file, snippet, info] = stmt.get() as [string, string, string, string, string, Uint8Array];
      hits.push({ kind: kind as SearchHit['kind'], id, title, file, snippet, score: Number(bm25(info).toFixed(4)) });
    }
    stmt.free();
    return hits
      .sort((a, b) => b.score - a.score || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id))
      .slice(offset, offset + limit);
  }

  count(table: 'persons' | 'sources' | 'assertions' | 'docs'): number {
    return Number(this.db.exec(`SELECT COUNT(*) FROM ${table}`)[0]?.values[0]?.[0] ?? 0);
  }

  private rows(stmt: ReturnType<Database['prepare']>, params: (string | number)[]): PersonRow[] {
    stmt.bind(params);
    const out: PersonRow[] = [];
    while (stmt.step()) {
      const [id, name, b, d, file] = stmt.get() as [string, string, number | null, number | null, string];
      out.push({ id, name, birthYear: b, deathYear: d, file });
    }
    stmt.free();
    return out;
  }
}

const SCHEMA = `
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE persons(rowid INTEGER PRIMARY KEY, id TEXT UNIQUE, name TEXT, surname TEXT, birth_year INTEGER, death_year INTEGER, file TEXT);
CREATE VIRTUAL TABLE persons_fts USING fts4(names);
CREATE TABLE assertions(person TEXT, field TEXT, value TEXT, status TEXT, confidence REAL);
CREATE TABLE sources(id TEXT PRIMARY KEY, title TEXT, record_type TEXT, repository TEXT, tier INTEGER, date TEXT, place TEXT);
CREATE TABLE docs(rowid INTEGER PRIMARY KEY, kind TEXT, ref TEXT, title TEXT, file TEXT);
CREATE VIRTUAL TABLE docs_fts USING fts4(title, body, tokenize=unicode61 "remove_diacritics=1");
CREATE INDEX persons_birth ON persons(birth_year);
CREATE INDEX assertions_person ON assertions(person);
`;

/** What the index is built from: the case store (which itself uses the tree index, so not its type). */
export interface IndexedCase {
  fingerprint(): string;
  readRaw(rel: string): Uint8Array | undefined;
  persons(): Person[];
  personFile(id: string): string | undefined;
  sources(): SourceRecord[];
  writeDerived(rel: string, content: string | Uint8Array): Promise<void>;
  /** The Censor's view of the case (the file store's); without it the text is indexed as the files hold it. */
  censorContext?(): CensorContext;
  /** The user's notes below a person's front matter. */
  personBody?(id: string): string | undefined;
}

/** Bumped when the tables change: an index of another schema is rebuilt. */
const SCHEMA_VERSION = 2;

/** What the stored index must match: the files, the privacy settings, the schema. */
function indexKey(store: IndexedCase): string {
  const c = store.censorContext?.();
  return `${store.fingerprint()}|consent:${c?.consent ?? 'n/a'}|living:${c?.thresholdYears ?? 'n/a'}|schema:${SCHEMA_VERSION}`;
}

/** A person's searchable text as the Censor shows it: a living person's given names and details withheld. */
function personDoc(store: IndexedCase, p: Person, ctx: CensorContext | undefined): { title: string; body: string } {
  const living = ctx ? isLiving(p, ctx.now, ctx.thresholdYears) : false;
  const hidden = Boolean(ctx && living && !ctx.consent);
  const shown = ctx && hidden ? redactPerson(p, ctx, true).person : p;
  const name = hidden ? `Living ${p.names[0]?.surname ?? ''}`.trim() : displayName(p);
  const lines = hidden ? [] : p.names.slice(1).map((n) => displayName({ names: [n] }));
  for (const a of shown.assertions) if (a.status !== 'rejected') lines.push(`${a.field} ${a.value}`);
  const notes = store.personBody?.(p.id)?.trim();
  if (notes) lines.push(ctx ? redactText(notes, { ...ctx, aboutLiving: hidden }).text : notes);
  return { title: name, body: lines.join('\n') };
}

/** Opens the index, rebuilding and saving it when missing or stale. */
export async function openIndex(store: IndexedCase): Promise<CaseIndex> {
  const SQL = await loadSqlJs();
  const fingerprint = indexKey(store);
  const bytes = store.readRaw(INDEX_FILE);
  if (bytes) {
    try {
      const db = new SQL.Database(bytes);
      const current = db.exec("SELECT value FROM meta WHERE key = 'fingerprint'")[0]?.values[0]?.[0];
      if (current === fingerprint) return new CaseIndex(db, false);
      db.close();
    } catch {
      // A corrupt index is derived data: rebuild it.
    }
  }
  const db = new SQL.Database();
  db.run(SCHEMA);
  db.run('BEGIN');
  const person = db.prepare(
    'INSERT INTO persons(rowid, id, name, surname, birth_year, death_year, file) VALUES (?,?,?,?,?,?,?)',
  );
  const fts = db.prepare('INSERT INTO persons_fts(rowid, names) VALUES (?,?)');
  const assertion = db.prepare('INSERT INTO assertions VALUES (?,?,?,?,?)');
  const doc = db.prepare('INSERT INTO docs(rowid, kind, ref, title, file) VALUES (?,?,?,?,?)');
  const docText = db.prepare('INSERT INTO docs_fts(rowid, title, body) VALUES (?,?,?)');
  const ctx = store.censorContext?.();
  let docId = 0;
  const addDoc = (kind: SearchHit['kind'], ref: string, file: string, d: { title: string; body: string }) => {
    docId += 1;
    doc.run([docId, kind, ref, d.title, file]);
    docText.run([docId, d.title, d.body]);
  };
  let rowid = 0;
  for (const p of store.persons()) {
    rowid += 1;
    const birth = factValue(p, 'birth.date') ?? factValue(p, 'baptism.date');
    const death = factValue(p, 'death.date') ?? factValue(p, 'burial.date');
    person.run([
      rowid,
      p.id,
      displayName(p),
      p.names[0]?.surname ?? '',
      birth ? (yearRange(birth).min ?? null) : null,
      death ? (yearRange(death).min ?? null) : null,
      store.personFile(p.id) ?? '',
    ]);
    fts.run([rowid, p.names.map((n) => `${n.given} ${n.surname} ${n.nickname ?? ''}`).join(' ')]);
    for (const a of p.assertions) assertion.run([p.id, a.field, a.value, a.status, a.confidence]);
    addDoc('person', p.id, store.personFile(p.id) ?? '', personDoc(store, p, ctx));
  }
  const source = db.prepare('INSERT OR REPLACE INTO sources VALUES (?,?,?,?,?,?,?)');
  for (const s of store.sources()) {
    source.run([s.id, s.title, s.recordType, s.repository, s.tier, s.date ?? null, s.place ?? null]);
    // Captured text is censored at capture; scanned again in case it was edited by hand since.
    const body = [s.repository, s.date, s.place, s.text].filter(Boolean).join('\n');
    addDoc('source', s.id, `${SOURCES_DIR}/${s.id}.md`, {
      title: s.title,
      body: ctx ? redactText(body, ctx).text : body,
    });
  }
  for (const st of [person, fts, assertion, source, doc, docText]) st.free();
  db.run("INSERT INTO meta VALUES ('fingerprint', ?)", [fingerprint]);
  db.run('COMMIT');
  await store.writeDerived(INDEX_FILE, db.export());
  return new CaseIndex(db, true);
}
