/**
 * The derived sql.js index in `.ancestry/index.sqlite`: rebuilt from the case files when it is
 * missing or its fingerprint (names, sizes, mtimes of the files it derives from) is stale. Name
 * search uses FTS4 (sql.js ships FTS3/4, not FTS5).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { displayName, factValue, type Person, type SourceRecord } from '../model';
import { yearRange } from '../model/gdate';
import { INDEX_FILE } from './layout';

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

  count(table: 'persons' | 'sources' | 'assertions'): number {
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
}

/** Opens the index, rebuilding and saving it when missing or stale. */
export async function openIndex(store: IndexedCase): Promise<CaseIndex> {
  const SQL = await loadSqlJs();
  const fingerprint = store.fingerprint();
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
  }
  const source = db.prepare('INSERT OR REPLACE INTO sources VALUES (?,?,?,?,?,?,?)');
  for (const s of store.sources())
    source.run([s.id, s.title, s.recordType, s.repository, s.tier, s.date ?? null, s.place ?? null]);
  for (const st of [person, fts, assertion, source]) st.free();
  db.run("INSERT INTO meta VALUES ('fingerprint', ?)", [fingerprint]);
  db.run('COMMIT');
  await store.writeDerived(INDEX_FILE, db.export());
  return new CaseIndex(db, true);
}
