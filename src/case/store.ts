/**
 * The case folder as a CaseStore: reads and validates every file (problems carry file, line and
 * field; a file that does not parse is reported, kept out of the model, and never overwritten), and
 * writes only through the CaseWriter, so the Censor sees every byte.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import {
  CaseConfig,
  Conflict,
  displayName,
  LogEntry,
  MergesFile,
  Person,
  PERSON_KEYS,
  type NewLogEntry,
  type RawRecord,
  snippetForReader,
  SourceRecord,
  safeParseBounded,
  type SureParse,
} from '../model';
import type { CaptureOptions, CaseStore, Clock, SessionState, TreeWriteOptions } from '../engine/ports';
import { systemClock } from '../engine/ports';
import { type CensorContext, isLiving } from '../agents/censor';
import { type FrontMatterFile, locate, readFrontMatter, renderFrontMatter } from './frontmatter';
import { newId, sha256 } from './ids';
import * as L from './layout';
import { CaseFileError, type CaseProblem } from './problems';
import { rewriteYaml } from './yaml-merge';
import { SessionStateSchema } from './session-schema';
import { leftBehind } from './left-behind';
import { capturedFieldDigests, sourceEditProblems, sourceHash } from './source-integrity';
import { SUPERSEDED_BY } from './supersession';
import { CaseWriter, censorPerson } from './writer';
import {
  entryProblems,
  readSourceCache,
  readStamped,
  renderSourceCache,
  SOURCE_CACHE_FILE,
  type SourceCacheEntry,
  statStamp,
} from './source-cache';
import { openTreeIndex, StaleTreeIndexError, TREE_INDEX_FILE, type TreeIndex } from './tree-index';
import {
  contextFor,
  encodePerson,
  headerLine,
  PLAIN,
  readTreeLine,
  readTreeLineAs,
  type TreeContext,
} from './tree-format';

export interface OpenCaseOptions {
  clock?: Clock;
  /** Session id stamped on log entries that do not carry one. */
  sessionId?: string;
  /**
   * 'indexed': the trees/ persons are not read at open; a person by id, counts, pages and searches
   * come from the derived tree index (src/case/tree-index.ts), and a tree is read whole only when
   * every person is asked for (persons()). For readers of big cases (status, listings).
   * 'lazy': as 'indexed', but the index is opened only when asked for (openIndexOfTrees): a pass
   * over every person (eachPerson, the duplicate search) streams the trees instead.
   */
  trees?: 'read' | 'indexed' | 'lazy';
}

interface PersonEntry {
  person: Person;
  file: string;
  body: string;
  fm?: FrontMatterFile;
  parsed?: Record<string, unknown>;
}

const SourceFrontMatter = SourceRecord.omit({ text: true });

/** What a whole-case pass reads of a person, at least (eachPerson's schema gives no less). */
export interface PersonPart {
  id: string;
  living?: boolean;
  names: readonly { given: string; surname: string }[];
  assertions: readonly Pick<Person['assertions'][number], 'status' | 'field' | 'value'>[];
}

/** A person's full names ("Given Surname"), the ones the Censor looks for in text about the living. */
function namesOf(p: Pick<PersonPart, 'names'>): string[] {
  return p.names.map((n) => `${n.given} ${n.surname}`.trim()).filter((n) => n.includes(' '));
}

function listFiles(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      if (e.isDirectory()) walk(join(d, e.name), rel ? `${rel}/${e.name}` : e.name);
      else if (e.name.endsWith(ext)) out.push(rel ? `${rel}/${e.name}` : e.name);
    }
  };
  walk(dir, '');
  return out.sort();
}

/** Keys a new file would only carry as empty defaults are left out, to keep files readable. */
function isEmptyDefault(v: unknown): boolean {
  return (
    v === undefined ||
    (Array.isArray(v) && v.length === 0) ||
    (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0)
  );
}

function orderPerson(p: Person, keepKeys: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const rec = p as Record<string, unknown>;
  for (const k of [...PERSON_KEYS, ...Object.keys(rec).filter((k) => !PERSON_KEYS.includes(k))]) {
    if (!(k in rec)) continue;
    if (!keepKeys.has(k) && (isEmptyDefault(rec[k]) || (k === 'sex' && rec[k] === 'U'))) continue;
    out[k] = rec[k];
  }
  return out;
}

export { sourceHash };

export class FileCaseStore implements CaseStore {
  readonly writer: CaseWriter;
  readonly clock: Clock;
  sessionId: string;
  problems: CaseProblem[] = [];
  /**
   * What an open did about derived data that is worth a line in a log (a damaged index or cache
   * rebuilt): the CLI prints them on stderr. Never a problem of the case's own files.
   */
  notes: string[] = [];
  /** Derived files being saved (the source cache): open() waits for them. */
  private derivedSaves: Promise<unknown>[] = [];
  private cfg!: CaseConfig;
  private people = new Map<string, PersonEntry>();
  private treeCache = new Map<string, { person: Person; tree: string }>();
  /**
   * Trees written since they were last read: their persons are read back from the file when first
   * asked for, not kept from the write (a 100k-person import kept every person alive through the
   * whole import for that; what is read back is also exactly what the Censor let onto disk).
   */
  private treesToRead = new Set<string>();
  /** Ids a tree write noted as living, by tree, so a rewrite of a tree not yet read back can drop them. */
  private livingOfTree = new Map<string, string[]>();
  private blockedFiles = new Set<string>();
  private blockedIds = new Map<string, string>();
  private sourceMap = new Map<string, SourceRecord>();
  private sourceList: SourceRecord[] | undefined;
  /** Captures whose source file is being written, by id. */
  private readonly capturing = new Map<string, Promise<SourceRecord>>();
  private conflictMap = new Map<string, { conflict: Conflict; file: string; fm?: FrontMatterFile; body: string }>();
  private mergesData: MergesFile = MergesFile.parse({});
  private sessionData?: SessionState;
  /** Names of living persons by id, kept up to date per write (a full scan only on load). */
  private livingById = new Map<string, string[]>();
  private livingNames: string[] = [];
  /** The living list is derived on first need (an indexed open does not read the trees for it). */
  private livingStale = false;
  private readonly treesMode: 'read' | 'indexed' | 'lazy';
  /** While set, answers for the trees' persons that are not read yet (indexed opens only). */
  private treeIndex: TreeIndex | undefined;
  /** The tree persons persons() answers while the index stands (focusOn). */
  private focus: ReadonlyMap<string, Person> | undefined;

  constructor(
    readonly root: string,
    opts: OpenCaseOptions = {},
  ) {
    this.clock = opts.clock ?? systemClock;
    this.sessionId = opts.sessionId ?? 'manual';
    this.treesMode = opts.trees ?? 'read';
    this.writer = new CaseWriter(
      root,
      () => this.censorContext(),
      (d) =>
        this.appendLogSync([
          {
            agent: 'Censor',
            actionType: 'compliance',
            check: d.check,
            subject: d.file,
            allowed: true,
            reason: d.reason,
            rationale: '',
            context: d.file,
          },
        ]),
    );
  }

  censorContext(): CensorContext {
    if (this.livingStale) this.refreshLiving();
    const privacy = this.cfg?.privacy ?? { livingThresholdYears: 100, consent: false };
    return {
      now: this.clock.now(),
      thresholdYears: privacy.livingThresholdYears,
      consent: privacy.consent,
      livingNames: this.livingNames,
    };
  }

  // ---------- loading ----------

  /** (Re)reads every file. Problems are collected, never thrown, except for an unusable case.yaml. */
  load(): this {
    this.problems = [];
    this.notes = [];
    this.loadConfig();
    this.loadPeople();
    this.loadTrees();
    this.loadSources();
    this.loadConflicts();
    this.mergesData = this.loadJson(L.MERGES_FILE, MergesFile) ?? MergesFile.parse({});
    this.sessionData = this.loadJson<z.ZodType<SessionState>>(L.SESSION_FILE, SessionStateSchema);
    this.problems.push(...leftBehind(this.root));
    if (this.treesMode !== 'read') this.livingStale = true;
    else this.refreshLiving();
    return this;
  }

  /** A folder's files as the case holds them: on disk, and those a journal being read through adds or removes. */
  private listCaseFiles(dir: string, ext: string): string[] {
    const names = new Set(listFiles(join(this.root, dir), ext));
    for (const [rel, exists] of this.writer.pendingFiles(dir))
      if (rel.endsWith(ext)) exists ? names.add(rel) : names.delete(rel);
    return [...names].sort();
  }

  private read(rel: string): string | undefined {
    // Inside a transaction, what it wrote (not yet on disk) is what the case holds.
    const held = this.writer.stagedText(rel);
    if (held !== undefined) return held ?? undefined;
    const abs = join(this.root, rel);
    return existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
  }

  private loadConfig(): void {
    const text = this.read(L.CASE_FILE);
    if (text === undefined)
      throw new CaseFileError([
        {
          file: L.CASE_FILE,
          line: 1,
          column: 1,
          message: `no ${L.CASE_FILE}: ${this.root} is not a case folder (run "ancestry init")`,
          severity: 'error',
        },
      ]);
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, { lineCounter, prettyErrors: false });
    const err = doc.errors[0];
    if (err) {
      const pos = lineCounter.linePos(err.pos[0]);
      throw new CaseFileError([
        {
          file: L.CASE_FILE,
          line: pos.line,
          column: pos.col,
          message: `YAML: ${err.message.split('\n')[0]}`,
          severity: 'error',
        },
      ]);
    }
    const parsed = safeParseBounded(CaseConfig, doc.toJS());
    if (!parsed.success) {
      const fm = { doc, lineCounter, yamlStartLine: 1 };
      throw new CaseFileError(
        parsed.error.issues.map((i) => ({
          file: L.CASE_FILE,
          ...locate(fm, i.path),
          field: i.path.join('.'),
          message: i.message,
          severity: 'error' as const,
        })),
      );
    }
    this.cfg = parsed.data;
  }

  private loadPeople(): void {
    this.people.clear();
    this.blockedFiles.clear();
    this.blockedIds.clear();
    for (const name of this.listCaseFiles(L.PEOPLE_DIR, '.md')) {
      const file = `${L.PEOPLE_DIR}/${name}`;
      const text = this.read(file) ?? '';
      const r = readFrontMatter(text, file, Person);
      if (!r.ok) {
        this.problems.push(...r.problems);
        this.blockedFiles.add(file);
        // Remember whose file it is, so that person is never written over it or beside it.
        const id = /^id:\s*["']?([A-Za-z0-9_.-]+)/m.exec(text)?.[1];
        if (id) this.blockedIds.set(id, file);
        continue;
      }
      const dup = this.people.get(r.value.id);
      if (dup) {
        this.problems.push({
          file,
          ...locate(r.fm, ['id']),
          field: 'id',
          message: `duplicate person id ${r.value.id} (also in ${dup.file})`,
          severity: 'error',
        });
        this.blockedFiles.add(file);
        continue;
      }
      this.people.set(r.value.id, {
        person: r.value,
        file,
        body: r.fm.body,
        fm: r.fm,
        parsed: r.value,
      });
    }
  }

  private loadTrees(): void {
    this.treeCache.clear();
    this.treesToRead.clear();
    this.livingOfTree.clear();
    this.dropTreeIndex();
    // Indexed: every tree is read when first needed whole; until then the index answers.
    if (this.treesMode !== 'read')
      for (const name of this.listCaseFiles(L.TREES_DIR, '.jsonl')) this.treesToRead.add(name);
    else for (const name of this.listCaseFiles(L.TREES_DIR, '.jsonl')) this.loadTree(name);
  }

  /** Opens (rebuilding if stale) the tree index, unless a journal being read through changes a tree. */
  private async openTreeIndex(): Promise<void> {
    if (this.writer.pendingFiles(L.TREES_DIR).length) return;
    const trees = [...this.treesToRead];
    let index: TreeIndex;
    try {
      index = await openTreeIndex(this.root, trees, this.readRaw(TREE_INDEX_FILE), (bytes) =>
        this.writer.writeDerived(TREE_INDEX_FILE, bytes),
      );
    } catch {
      // No index (a tree vanished or cannot be read): the trees are read when asked for, and report it.
      return;
    }
    if (index.rebuildReason) this.notes.push(`${TREE_INDEX_FILE}: ${index.rebuildReason}`);
    index.shadow(this.people.keys());
    this.problems.push(...index.problems());
    this.treeIndex = index;
  }

  private dropTreeIndex(): void {
    this.treeIndex?.close();
    this.treeIndex = undefined;
  }

  /** The index's answer while the trees are not read, else undefined (then the read trees answer). */
  private fromTreeIndex<T>(ask: (index: TreeIndex) => T): T | undefined {
    if (!this.treeIndex) return undefined;
    if (!this.treesToRead.size) return (this.dropTreeIndex(), undefined);
    try {
      return ask(this.treeIndex);
    } catch (e) {
      if (!(e instanceof StaleTreeIndexError)) throw e;
      // A tree changed under the index: read the files instead.
      this.dropTreeIndex();
      return undefined;
    }
  }

  /** A 'lazy' open's tree index, opened (built if stale) now: persons by id without reading the trees. */
  async openIndexOfTrees(): Promise<void> {
    if (this.treesMode !== 'read' && this.treesToRead.size && !this.treeIndex) await this.openTreeIndex();
  }

  /** The tree index while it answers for unread trees (person-catalog.ts asks it for counts, pages, searches). */
  indexOfTrees(): TreeIndex | undefined {
    return this.fromTreeIndex((i) => i);
  }

  /** The persons of person files (people/), without the trees. */
  filePersons(): Person[] {
    return [...this.people.values()].map((e) => e.person);
  }

  /**
   * Every person once, as persons() lists them, for a whole-case pass (the duplicate search): in an
   * indexed open the trees not read yet are streamed line by line and their persons not kept, so a
   * 100k-person tree is never held whole. Lines that do not read as a person are skipped here
   * (status and validate report them). `file` is where the person lives. With `schema`, tree lines
   * are validated by it instead of the whole Person schema (a reader of a few fields of everyone),
   * and `sure` reads those the schema certainly accepts faster (safeParseBounded).
   */
  *eachPerson<T extends PersonPart = Person>(
    schema?: z.ZodType<T>,
    sure?: SureParse<T>,
  ): Generator<{ person: T | Person; file: string }> {
    const unread = new Set(this.treesToRead);
    // A list of the living still to be derived is derived on the way (a second pass would read it all again).
    const deriving = this.livingStale && !this.treeIndex;
    const living = new Map<string, string[]>();
    const now = this.clock.now();
    const threshold = this.cfg.privacy.livingThresholdYears;
    const note = (p: PersonPart) => {
      if (deriving && isLiving(p, now, threshold)) living.set(p.id, namesOf(p));
    };
    for (const [id, { person, tree }] of this.treeCache)
      if (!this.people.has(id) && !unread.has(tree)) {
        note(person);
        yield { person, file: `${L.TREES_DIR}/${tree}` };
      }
    for (const name of unread) {
      const file = `${L.TREES_DIR}/${name}`;
      const text = this.read(file) ?? '';
      let format = PLAIN;
      let line = 0;
      for (let at = 0; at < text.length;) {
        let end = text.indexOf('\n', at);
        if (end < 0) end = text.length;
        const lineText = text.slice(at, end);
        const r = schema
          ? readTreeLineAs(lineText, ++line, format, schema, sure)
          : readTreeLine(lineText, ++line, format);
        at = end + 1;
        if (r.kind === 'header') format = r.context;
        else if (r.kind === 'person' && !this.people.has(r.person.id)) {
          note(r.person);
          yield { person: r.person, file };
        }
      }
    }
    for (const { person, file } of this.people.values()) {
      note(person);
      yield { person, file };
    }
    if (deriving && this.livingStale) {
      this.livingStale = false;
      this.livingById = living;
      this.livingNames = [...living.values()].flat();
    }
  }

  /** The persons of every tree, read back first if a tree was written since. */
  private get treePersons(): Map<string, { person: Person; tree: string }> {
    if (this.treesToRead.size) {
      const names = [...this.treesToRead];
      this.treesToRead.clear();
      for (const name of names) this.loadTree(name);
    }
    return this.treeCache;
  }

  private loadTree(name: string): void {
    const file = `${L.TREES_DIR}/${name}`;
    // Read again after a write: what an earlier read found wrong in it went with the old file.
    this.problems = this.problems.filter((p) => p.file !== file);
    const lines = (this.read(file) ?? '').split('\n');
    let format = PLAIN;
    lines.forEach((text, i) => {
      const r = readTreeLine(text, i + 1, format);
      if (r.kind === 'header') format = r.context;
      else if (r.kind === 'person') this.treeCache.set(r.person.id, { person: r.person, tree: name });
      else if (r.kind === 'invalid')
        for (const issue of r.issues)
          this.problems.push({
            file,
            line: i + 1,
            column: 1,
            ...(issue.field !== undefined ? { field: issue.field } : {}),
            message: issue.message,
            severity: 'error',
          });
    });
  }

  /**
   * Reads sources/, parsing only the files changed since the derived source cache was written
   * (src/case/source-cache.ts); the cache is rewritten when any file was parsed or removed.
   */
  private loadSources(): void {
    this.sourceMap.clear();
    this.sourceList = undefined;
    const cached = readSourceCache(this.readRaw(SOURCE_CACHE_FILE));
    if (cached.dropped) this.notes.push(`${SOURCE_CACHE_FILE}: ${cached.dropped}`);
    const fresh = new Map<string, SourceCacheEntry>();
    let changed = cached.dropped !== undefined;
    for (const name of this.listCaseFiles(L.SOURCES_DIR, '.md')) {
      const file = `${L.SOURCES_DIR}/${name}`;
      // Inside a transaction or a journal being read through, what it holds is not on disk: no cache.
      const staged = this.writer.stagedText(file) !== undefined;
      // A cached entry whose file has its stamp still is used without reading the file: a stat, not
      // the bytes (a long research run captures thousands of sources).
      const hit = staged ? undefined : cached.entries.get(name);
      if (hit && hit.stamp === statStamp(join(this.root, file))) {
        const front = hit.front && SourceFrontMatter.safeParse(hit.front);
        if (!hit.front || front?.success) {
          fresh.set(name, hit);
          this.problems.push(...entryProblems(hit));
          if (front?.success) this.sourceMap.set(front.data.id, { ...front.data, text: hit.body });
          continue;
        }
      }
      changed = true;
      const { text, stamp } = staged
        ? { text: this.read(file) ?? '', stamp: undefined }
        : readStamped(join(this.root, file));
      const r = readFrontMatter(text, file, SourceFrontMatter);
      if (!r.ok) {
        this.problems.push(...r.problems);
        if (stamp) fresh.set(name, { stamp, body: '', problems: r.problems });
        continue;
      }
      const record: SourceRecord = { ...r.value, text: r.fm.body };
      const problems = sourceEditProblems(file, r.fm, record);
      this.problems.push(...problems);
      this.sourceMap.set(record.id, record);
      if (stamp) fresh.set(name, { stamp, front: r.value, body: r.fm.body, problems });
    }
    if (changed || fresh.size !== cached.entries.size) {
      // Derived data: a failure to save costs only the next open's time.
      const bytes = renderSourceCache(fresh);
      this.derivedSaves.push(this.writer.writeDerived(SOURCE_CACHE_FILE, bytes).catch(() => undefined));
    }
  }

  private loadConflicts(): void {
    this.conflictMap.clear();
    for (const name of this.listCaseFiles(L.CONFLICTS_DIR, '.md')) {
      const file = `${L.CONFLICTS_DIR}/${name}`;
      const r = readFrontMatter(this.read(file) ?? '', file, Conflict);
      if (!r.ok) {
        this.problems.push(...r.problems);
        this.blockedFiles.add(file);
        continue;
      }
      this.conflictMap.set(r.value.id, { conflict: r.value, file, fm: r.fm, body: r.fm.body });
    }
  }

  private loadJson<S extends z.ZodType>(rel: string, schema: S): z.infer<S> | undefined {
    const text = this.read(rel);
    if (text === undefined) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      const m = /position (\d+)/.exec((e as Error).message);
      // No position: the text ended too soon (a truncated file), so the damage is at its end.
      const line = m ? text.slice(0, Number(m[1])).split('\n').length : text.trimEnd().split('\n').length;
      this.problems.push({
        file: rel,
        line,
        column: 1,
        message: `not JSON: ${(e as Error).message}`,
        severity: 'error',
      });
      this.blockedFiles.add(rel);
      return undefined;
    }
    const r = safeParseBounded(schema, json);
    if (!r.success) {
      for (const i of r.error.issues)
        this.problems.push({
          file: rel,
          line: jsonLine(text, i.path),
          column: 1,
          field: i.path.join('.'),
          message: i.message,
          severity: 'error',
        });
      this.blockedFiles.add(rel);
      return undefined;
    }
    return r.data;
  }

  private refreshLiving(): void {
    this.livingStale = false;
    this.livingById.clear();
    const index = this.indexOfTrees();
    if (index) {
      const { now, threshold } = { now: this.clock.now(), threshold: this.cfg.privacy.livingThresholdYears };
      for (const [id, names] of index.livingNames(now, threshold)) this.livingById.set(id, names);
      for (const p of this.filePersons()) this.noteLiving(p, false);
    } else for (const p of this.persons()) this.noteLiving(p, false);
    this.livingNames = [...this.livingById.values()].flat();
  }

  /** Updates one person's entry in the living-name list: O(1) per write instead of a case scan. */
  private noteLiving(p: Person | undefined, id?: string | false, living?: boolean): void {
    // A list still to be derived is derived whole, this change with it.
    if (this.livingStale) return;
    const key = p?.id ?? (id || '');
    const had = this.livingById.delete(key);
    if (p && (living ?? isLiving(p, this.clock.now(), this.cfg.privacy.livingThresholdYears))) {
      this.livingById.set(key, namesOf(p));
    } else if (!had) return;
    if (id !== false) this.livingNames = [...this.livingById.values()].flat();
  }

  private guard(file: string): void {
    if (this.blockedFiles.has(file)) {
      const problems = this.problems.filter((p) => p.file === file);
      throw new CaseFileError(
        problems.length
          ? problems
          : [
              {
                file,
                line: 1,
                column: 1,
                message: 'the file could not be read; it is not overwritten',
                severity: 'error',
              },
            ],
      );
    }
  }

  // ---------- transactions (write-ahead, see CaseWriter.commit) ----------

  /**
   * Opens the case. Reading never writes: a step a killed run committed (its journal) is read
   * through, not applied; the lock holder applies it when it takes the lock (src/case/lock.ts), and
   * any writer before its first write.
   */
  async open(): Promise<this> {
    this.writer.readThrough();
    this.load();
    if (this.treesMode === 'indexed' && this.treesToRead.size) await this.openTreeIndex();
    await Promise.all(this.derivedSaves.splice(0));
    return this;
  }

  /** Holds every write until commit(): a research step lands whole or not at all. */
  begin(): void {
    this.writer.begin();
  }

  async commit(): Promise<void> {
    await this.writer.commit();
  }

  // ---------- CaseStore ----------

  config(): CaseConfig {
    return this.cfg;
  }

  async writeConfig(config: CaseConfig): Promise<void> {
    const parsed = CaseConfig.parse(config);
    const previous = this.read(L.CASE_FILE) ?? '';
    const before = CaseConfig.safeParse(parseDocument(previous).toJS());
    // Only what changed is written: the user's comments and layout stay (yaml-merge.ts).
    const text = rewriteYaml(previous, before.success ? before.data : undefined, parsed);
    await this.writer.writeText(L.CASE_FILE, text);
    this.cfg = parsed;
  }

  /**
   * Research of one subject in a big tree (src/case/research-scope.ts): persons() answers these tree
   * persons and the person files, without reading the trees, while the index answers for them.
   */
  focusOn(persons: ReadonlyMap<string, Person>): void {
    this.focus = persons;
  }

  persons(): Person[] {
    if (this.focus && this.indexOfTrees()) {
      const out: Person[] = [];
      for (const [id, person] of this.focus) if (!this.people.has(id)) out.push(person);
      for (const { person } of this.people.values()) out.push(person);
      return out;
    }
    const out: Person[] = [];
    for (const { person } of this.treePersons.values()) if (!this.people.has(person.id)) out.push(person);
    for (const { person } of this.people.values()) out.push(person);
    return out;
  }

  person(id: string): Person | undefined {
    const file = this.people.get(id)?.person;
    if (file) return file;
    const indexed = this.fromTreeIndex((i) => i.person(id) ?? null);
    return indexed === undefined ? this.treePersons.get(id)?.person : (indexed ?? undefined);
  }

  /** Where a person lives: their file, or the tree they were imported into. */
  personFile(id: string): string | undefined {
    const e = this.people.get(id);
    if (e) return e.file;
    const indexed = this.fromTreeIndex((i) => i.treeOf(id) ?? null);
    if (indexed !== undefined) return indexed === null ? undefined : `${L.TREES_DIR}/${indexed}`;
    const t = this.treePersons.get(id);
    return t ? `${L.TREES_DIR}/${t.tree}` : undefined;
  }

  /** The file of a person whose front matter could not be read (it is kept out of the model). */
  unreadablePersonFile(id: string): string | undefined {
    return this.blockedIds.get(id);
  }

  personBody(id: string): string | undefined {
    return this.people.get(id)?.body;
  }

  async writePerson(person: Person, body?: string): Promise<void> {
    const parsed = Person.parse(person);
    const existing = this.people.get(parsed.id);
    const blocked = this.blockedIds.get(parsed.id);
    if (blocked) this.guard(blocked);
    const file = existing?.file ?? `${L.PEOPLE_DIR}/${parsed.id}-${L.slugify(displayName(parsed))}.md`;
    this.guard(file);
    const keep = new Set(Object.keys(existing?.parsed ?? {}));
    const text = (p: Person, b: string) => renderFrontMatter(orderPerson(p, keep), b, existing?.fm, existing?.parsed);
    const written = await this.writer.writePerson(file, parsed, body ?? existing?.body ?? '\n', text);
    // Re-read what is on disk so the next write compares against the real bytes.
    const r = readFrontMatter(this.read(file) ?? '', file, Person);
    if (r.ok)
      this.people.set(parsed.id, {
        person: r.value,
        file,
        body: r.fm.body,
        fm: r.fm,
        parsed: r.value,
      });
    else this.people.set(parsed.id, { person: written, file, body: body ?? '\n' });
    this.treeIndex?.shadow([parsed.id]);
    this.noteLiving(this.person(parsed.id), parsed.id);
  }

  async removePerson(id: string): Promise<void> {
    const e = this.people.get(id);
    if (e) {
      this.guard(e.file);
      await this.writer.remove(e.file);
      this.people.delete(id);
    }
    // The index cannot forget one person: the trees are read (this one left out of them).
    this.dropTreeIndex();
    this.treePersons.delete(id);
    this.noteLiving(this.person(id), id);
  }

  /**
   * A large import: one JSON line per person, each censored like a person file, streamed to disk.
   * The persons come from the GEDCOM mapper, typed and built by our code (tests check every mapped
   * person of every shared GEDCOM file against the schema), so they are not re-validated here; the
   * tree is validated line by line when a case is opened.
   */
  async writeTree(name: string, persons: Iterable<Person>, opts: TreeWriteOptions = {}): Promise<string> {
    const base = L.slugify(name.replace(/\.jsonl$/, ''));
    const file = `${L.TREES_DIR}/${base}.jsonl`;
    const tree = `${base}.jsonl`;
    let redacted = 0;
    // The Censor rule is evaluated once per person: it decides the redaction and the living list.
    let living = false;
    // isLiving depends on the clock only through its UTC year: a verdict taken in the same year holds.
    let known: ((p: Person) => boolean | undefined) | undefined;
    // Applied only once the file is on disk: a failed write leaves the store as it was. Only the
    // living persons' names are kept (the Censor redacts them elsewhere); the persons themselves
    // are read back from the file when asked for.
    const livingNames: [string, string[]][] = [];
    let format: TreeContext = PLAIN;
    await this.writer.writeJsonLines(file, persons, {
      censor: (p, ctx) => {
        known ??=
          opts.living && opts.living.now.getUTCFullYear() === ctx.now.getUTCFullYear()
            ? opts.living.of
            : () => undefined;
        living = known(p) ?? isLiving(p, ctx.now, ctx.thresholdYears);
        if (!living || ctx.consent) return { item: p, redactions: [] };
        const c = censorPerson(p, '', ctx, living);
        if (c.redactions.length) redacted += 1;
        return { item: c.person, redactions: c.redactions };
      },
      onWritten: (p) => {
        if (living) livingNames.push([p.id, namesOf(p)]);
      },
      ...(opts.beforeCommit ? { beforeCommit: opts.beforeCommit } : {}),
      // The compact line format (decision 0003), abbreviating by what the first person shows.
      header: (first) => headerLine((format = contextFor(first))),
      serialize: (p) => encodePerson(p, format),
    });
    // What the earlier file of this tree put in the store goes: its persons, and its living names.
    for (const [id, t] of this.treeCache)
      if (t.tree === tree) {
        this.treeCache.delete(id);
        if (!this.people.has(id)) this.livingById.delete(id);
      }
    for (const id of this.livingOfTree.get(tree) ?? []) if (!this.people.has(id)) this.livingById.delete(id);
    // A person file with the same id wins over the tree entry, for the living list too.
    for (const [id, names] of livingNames) if (!this.people.has(id)) this.livingById.set(id, names);
    this.livingOfTree.set(
      tree,
      livingNames.map(([id]) => id),
    );
    this.treesToRead.add(tree);
    // The index describes the tree as it was.
    this.dropTreeIndex();
    this.livingNames = [...this.livingById.values()].flat();
    if (redacted)
      this.appendLogSync([
        {
          agent: 'Censor',
          actionType: 'compliance',
          check: 'living',
          subject: file,
          allowed: true,
          reason: `Living person PII redacted for ${redacted} persons`,
          rationale: '',
          context: file,
        },
      ]);
    return file;
  }

  /**
   * In id order, the same whether they were captured in this process or read back from sources/
   * (capture times tie and vary with the machine's speed): a resumed run's summary and exports list
   * them as the uninterrupted run's do.
   */
  sources(): SourceRecord[] {
    this.sourceList ??= [...this.sourceMap.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return [...this.sourceList];
  }

  source(id: string): SourceRecord | undefined {
    return this.sourceMap.get(id);
  }

  /**
   * Safe to call concurrently (an import captures its sources at once, so their fsyncs overlap):
   * the same content captured twice while its file is being written waits for that one write.
   */
  async captureSource(raw: RawRecord, accessedAt: Date, opts: CaptureOptions = {}): Promise<SourceRecord> {
    // Everything up to the first await runs at the call, so the capture is registered before
    // another call can look for it.
    const { record, redactions } = this.writer.censorRecord(raw);
    const content = sourceHash({ ...record });
    const id =
      opts.id ??
      `S-${sha256(`${record.sourceId}|${record.url ?? record.externalId ?? record.title}|${content}`).slice(0, 12)}`;
    const existing = this.sourceMap.get(id);
    if (existing) return existing;
    const pending = this.capturing.get(id);
    if (pending) return pending;
    const write = (async () => {
      // A redacted body keeps the hash of the answer itself, and lists what the Censor removed.
      const original = redactions.length ? sourceHash(raw) : content;
      const listed =
        original !== content ? { redactions: [...new Set(redactions.map((r) => r.what))], bodySha256: content } : {};
      const parsed = SourceRecord.parse({
        ...record,
        id,
        accessedAt: accessedAt.toISOString(),
        sha256: original,
        ...listed,
      });
      // The captured fields get their digests, so an edit of any of them is noticed and named.
      const { text, ...fields } = parsed;
      const front = stripUndefined(fields);
      const captured: SourceRecord = { ...parsed, frontSha256: capturedFieldDigests(front) };
      await this.writer.writeSource(
        `${L.SOURCES_DIR}/${id}.md`,
        renderFrontMatter({ ...front, frontSha256: captured.frontSha256 }, text),
        redactions,
      );
      this.sourceMap.set(id, captured);
      this.sourceList = undefined;
      return captured;
    })().finally(() => this.capturing.delete(id));
    this.capturing.set(id, write);
    return write;
  }

  /**
   * Marks a captured source as superseded by a newer capture of the same archive record
   * (src/case/supersession.ts): the file keeps every captured byte and gains `supersededBy`.
   */
  async markSuperseded(id: string, by: string): Promise<void> {
    const s = this.sourceMap.get(id);
    if (!s) throw new Error(`${id}: no such source`);
    if (s.supersededBy === by) return;
    await this.writer.markSource(`${L.SOURCES_DIR}/${id}.md`, SUPERSEDED_BY, by);
    this.sourceMap.set(id, { ...s, supersededBy: by });
    this.sourceList = undefined;
  }

  rereadSource(id: string): { record?: SourceRecord; problem?: string } {
    const file = `${L.SOURCES_DIR}/${id}.md`;
    const text = this.read(file);
    if (text === undefined) return { problem: `${file} is missing` };
    const r = readFrontMatter(text, file, SourceFrontMatter);
    if (!r.ok)
      return { problem: `${file} cannot be read: ${r.problems[0]?.message.split('\n')[0] ?? 'invalid front matter'}` };
    return { record: { ...r.value, text: r.fm.body } };
  }

  conflicts(): Conflict[] {
    return [...this.conflictMap.values()].map((c) => c.conflict);
  }

  async writeConflict(conflict: Conflict): Promise<void> {
    const parsed = Conflict.parse(conflict);
    const existing = this.conflictMap.get(parsed.id);
    const file = existing?.file ?? `${L.CONFLICTS_DIR}/${parsed.id}.md`;
    this.guard(file);
    const notes = existing ? existing.body.split(/^## Notes\s*$/m)[1] : undefined;
    const body = `${renderConflictBody(parsed, this.person(parsed.person), (id) => this.source(id)?.text)}\n## Notes\n${notes ?? '\n'}`;
    await this.writer.writeText(file, renderFrontMatter(stripUndefined(parsed), body, existing?.fm));
    const r = readFrontMatter(this.read(file) ?? '', file, Conflict);
    this.conflictMap.set(
      parsed.id,
      r.ok ? { conflict: r.value, file, fm: r.fm, body: r.fm.body } : { conflict: parsed, file, body },
    );
  }

  merges(): MergesFile {
    return this.mergesData;
  }

  async writeMerges(merges: MergesFile): Promise<void> {
    this.guard(L.MERGES_FILE);
    const parsed = MergesFile.parse(merges);
    await this.writer.writeJsonDocument(L.MERGES_FILE, parsed, 'clusters');
    this.mergesData = parsed;
  }

  session(): SessionState | undefined {
    return this.sessionData;
  }

  async writeSession(state: SessionState): Promise<void> {
    this.guard(L.SESSION_FILE);
    const parsed = SessionStateSchema.parse(state);
    await this.writer.writeText(L.SESSION_FILE, `${JSON.stringify(parsed, null, 2)}\n`);
    this.sessionData = parsed;
  }

  private appendLogSync(entries: NewLogEntry[]): LogEntry[] {
    const now = this.clock.now().toISOString();
    const stamped = entries.map((e) =>
      LogEntry.parse({ ...e, id: newId('L'), timestamp: now, sessionId: e.sessionId ?? this.sessionId }),
    );
    this.writer.appendLines(
      L.LOG_FILE,
      stamped.map((e) => JSON.stringify(e)),
    );
    return stamped;
  }

  async appendLog(entries: NewLogEntry[]): Promise<LogEntry[]> {
    return this.appendLogSync(entries);
  }

  log(): LogEntry[] {
    const text = this.read(L.LOG_FILE) ?? '';
    // Inside a transaction, the entries it appended are part of the log too (as read() does for files).
    return parseLogLines([...text.split('\n'), ...this.writer.stagedLines(L.LOG_FILE)]);
  }

  /**
   * The log's whole lines from byte `from` of the file on, the byte after the last of them (the next
   * call's `from`), and the open transaction's entries apart (they reach the file at its commit):
   * an incremental reader (the cycle files) parses only what was appended since its last read.
   * `next` below `from` means the file is shorter than that: read it whole.
   */
  logTail(from: number): { entries: LogEntry[]; next: number; staged: LogEntry[] } {
    const staged = parseLogLines(this.writer.stagedLines(L.LOG_FILE));
    const tail = this.writer.readLines(L.LOG_FILE, from);
    return { entries: parseLogLines(tail.text.split('\n')), next: tail.next, staged };
  }

  async writeSummary(markdown: string): Promise<void> {
    await this.writer.writeText(L.SUMMARY_FILE, markdown);
  }

  /**
   * The research state beside summary.md (issue #23): cycles/<n>.md, timeline.md, theories.md.
   * Written like summary.md: through the Censor, atomically, inside the run's transaction.
   */
  async writeResearchState(rel: string, markdown: string): Promise<void> {
    if (!/^((\.ancestry\/)?cycles\/[1-9]\d*\.md|timeline\.md|theories\.md)$/.test(rel))
      throw new Error(`${rel}: not a research-state file (cycles/<n>.md, timeline.md, theories.md)`);
    await this.writer.writeText(rel, markdown);
  }

  /** Drops the open transaction: nothing written since begin() reaches the case (ports.ts). */
  rollback(): void {
    this.writer.rollback();
  }

  /** Whether a research-state file is in the case (a cycle file written before, or in this transaction). */
  hasResearchState(rel: string): boolean {
    return this.read(rel) !== undefined;
  }

  /**
   * An export file. `censoredByField`: the exporter has already applied the Censor field by field
   * (GEDCOM, JSON-LD): the serialised text is not scanned again, since patterns run over a
   * serialised stream read structure as text (a date line and the next line's place as an address).
   */
  async writeExport(name: string, content: string, opts: { censoredByField?: boolean } = {}): Promise<string> {
    // A focused store's persons() is a neighbourhood: an export of it would lose the rest of the tree.
    if (this.focus && this.indexOfTrees())
      throw new Error(
        'not rewritten by a research run on a big tree (it sees only the subject\'s neighbourhood): run "ancestry export" for the whole case',
      );
    const abs = isAbsolute(name) ? name : join(this.root, L.EXPORTS_DIR, basename(name));
    if (opts.censoredByField) await this.writer.writeCensoredExport(abs, content);
    else if (isAbsolute(name)) await this.writer.writeExternal(name, content);
    else await this.writer.writeText(`${L.EXPORTS_DIR}/${basename(name)}`, content);
    return abs;
  }

  /**
   * A binary export rendered from censored text (a chart's SVG as a PDF): at a user's path, or a
   * name under exports/. Returns the absolute path written.
   */
  async writeRenderedExport(
    name: string,
    text: string,
    render: (censored: string) => Promise<Uint8Array>,
  ): Promise<string> {
    const abs = isAbsolute(name) ? name : join(this.root, L.EXPORTS_DIR, basename(name));
    await this.writer.writeExternalRendered(abs, text, render);
    return abs;
  }

  async writeDerived(rel: string, content: string | Uint8Array): Promise<void> {
    await this.writer.writeDerived(rel, content);
  }

  /** Exact bytes of a case file (merge snapshots). */
  readRaw(rel: string): Uint8Array | undefined {
    const held = this.writer.stagedText(rel);
    if (held !== undefined) return held === null ? undefined : Buffer.from(held, 'utf8');
    const abs = join(this.root, rel);
    return existsSync(abs) ? readFileSync(abs) : undefined;
  }

  /** Removes a file a merge created (merge undo) and re-reads the case. */
  async removeFile(rel: string): Promise<void> {
    this.guard(rel);
    await this.writer.remove(rel);
    this.load();
  }

  /** Restores exact bytes (merge undo) and re-reads the case. */
  async restoreFile(rel: string, bytes: Uint8Array): Promise<void> {
    await this.writer.restore(rel, bytes);
    this.load();
  }

  /** Fingerprint of the files the index is derived from. */
  fingerprint(): string {
    const parts: string[] = [];
    for (const dir of [L.PEOPLE_DIR, L.TREES_DIR, L.SOURCES_DIR, L.CONFLICTS_DIR]) {
      for (const f of listFiles(join(this.root, dir), dir === L.TREES_DIR ? '.jsonl' : '.md')) {
        const st = statSync(join(this.root, dir, f));
        parts.push(`${dir}/${f}:${st.size}:${Math.floor(st.mtimeMs)}`);
      }
    }
    return sha256(parts.join('\n'));
  }
}

function stripUndefined(o: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(o)) as Record<string, unknown>;
}

/** Best-effort line of a JSON path (for problems in merges.json / hypotheses.json). */
function jsonLine(text: string, path: readonly PropertyKey[]): number {
  const key = [...path].reverse().find((k) => typeof k === 'string');
  if (typeof key !== 'string') return 1;
  const i = text.indexOf(`"${key}"`);
  return i < 0 ? 1 : text.slice(0, i).split('\n').length;
}

function renderConflictBody(
  c: Conflict,
  person: Person | undefined,
  sourceText: (id: string) => string | undefined,
): string {
  const who = person ? displayName(person) : c.person;
  // A snippet made up from the record's index is labelled so, never quoted as its transcription (#14 item 9).
  const rows = c.competing
    .map(
      (x) =>
        `| ${x.value === c.preferred ? `**${x.value}**` : x.value} | ${x.weight.toFixed(3)} | ${x.evidence.map((e) => `${e.source} (${e.evidenceType}, tier ${e.tier}): ${snippetForReader(e.snippet, sourceText(e.source)).replace(/\|/g, '\\|')}`).join('<br>') || '—'} |`,
    )
    .join('\n');
  return [
    '',
    `# Conflict: ${c.field} of ${who}`,
    '',
    `Status: **${c.status}**${c.resolvedBy ? ` (resolved by ${c.resolvedBy})` : ''}. Preferred value: **${c.preferred}**.`,
    '',
    '| value | weight | evidence |',
    '| --- | --- | --- |',
    rows,
    '',
    `Rationale: ${c.rationale}`,
    '',
    c.nextActions.length ? `Next actions:\n${c.nextActions.map((a) => `- ${a}`).join('\n')}\n` : '',
  ].join('\n');
}

export function isCaseFolder(root: string): boolean {
  return existsSync(join(root, L.CASE_FILE));
}

/** Research-log lines as entries: blank lines and a partial last line (a run killed mid-append) are skipped. */
function parseLogLines(lines: readonly string[]): LogEntry[] {
  const out: LogEntry[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    try {
      const r = LogEntry.safeParse(JSON.parse(line));
      if (r.success) out.push(r.data);
    } catch {
      // A run killed mid-append leaves a partial line; it is skipped, never rewritten.
    }
  }
  return out;
}
