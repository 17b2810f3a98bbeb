/**
 * THE case writer: the only module that writes into a case folder (a test enforces it). Every write
 * passes the Censor first (living-person redaction and the PII scan, per case.yaml privacy), is
 * atomic (temp file + fsync + rename, by write-file-atomic), and the research log is only ever
 * appended to. Each redaction is reported so the store can log the compliance decision.
 */
import {
  appendFileSync,
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { type FileHandle, mkdir, open, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import type { Person, RawRecord } from '../model';
import { withFrontKey } from './supersession';
import {
  type CensorContext,
  redactPerson,
  redactRecord,
  redactText,
  replacePii,
  type Redaction,
  withoutPostalCodes,
} from '../agents/censor';

export interface CensorDecision {
  file: string;
  check: 'living' | 'pii';
  reason: string;
}

/** What a transaction holds until it commits: file contents (null: removed) and log lines. */
interface Staged {
  files: Map<string, string | Uint8Array | null>;
  log: Map<string, string[]>;
  depth: number;
}

export class CaseWriter {
  /**
   * An open transaction (begin … commit): writes are held, then committed as one unit through the
   * journal (`.ancestry/journal.json`, see commit()). Sources, persons, conflicts, merges,
   * hypotheses.json, the summary, exports and log lines take part; trees, derived data and files
   * outside the case are written at once (they are rebuilt or not part of a research step).
   */
  private staged: Staged | undefined;
  /**
   * A journal a killed commit left, as the case will be once it is applied (journalView): a reader
   * sees the committed step without writing anything. Applied before this writer's first write.
   */
  private pending: Map<string, string | null> | undefined;

  constructor(
    readonly root: string,
    private readonly censor: () => CensorContext,
    private readonly onDecision: (d: CensorDecision) => void = () => {},
  ) {}

  private abs(rel: string): string {
    const abs = resolve(this.root, rel);
    const back = relative(this.root, abs);
    if (back.startsWith('..') || isAbsolute(back)) throw new Error(`refusing to write outside the case folder: ${rel}`);
    return abs;
  }

  private report(file: string, redactions: Redaction[]): void {
    const byKind = new Map<'living' | 'pii', Set<string>>();
    for (const r of redactions) byKind.set(r.kind, (byKind.get(r.kind) ?? new Set()).add(r.what));
    for (const [check, whats] of byKind)
      this.onDecision({
        file,
        check,
        reason: `${check === 'pii' ? 'PII' : 'Living person PII'} redacted: ${[...whats].join(', ')}`,
      });
  }

  /** Reads through a pending journal instead of applying it (readers never write). True if there is one. */
  readThrough(): boolean {
    const journal = readJournal(this.root);
    this.pending = journal && journal !== 'invalid' ? journalView(this.root, journal) : undefined;
    return this.pending !== undefined;
  }

  /** Files under `dir` (relative to it) that a journal being read through writes (true) or removes (false). */
  pendingFiles(dir: string): [string, boolean][] {
    const base = resolve(this.root, dir) + sep;
    return [...(this.pending ?? [])]
      .filter(([abs]) => abs.startsWith(base))
      .map(([abs, text]) => [abs.slice(base.length).split(sep).join('/'), text !== null]);
  }

  /** Before this writer's first write to a case file: a journal it was reading through is applied first. */
  private settle(): void {
    if (!this.pending) return;
    this.pending = undefined;
    replayJournal(this.root);
  }

  private async atomic(abs: string, content: string | Uint8Array, transactional = true): Promise<void> {
    if (this.staged && transactional) {
      this.staged.files.set(abs, content);
      return;
    }
    if (transactional) this.settle();
    const bytes = typeof content === 'string' ? content : Buffer.from(content);
    try {
      // A device or pipe the user named (`--out /dev/full`, a FIFO) cannot be replaced by a rename: write into it.
      if (isStreamTarget(abs)) await writeFile(abs, bytes);
      else {
        await mkdir(dirname(abs), { recursive: true });
        await writeFileAtomic(abs, bytes);
      }
    } catch (e) {
      throw namedWriteError(abs, e);
    }
  }

  /**
   * A person file. Living persons (unless consent) are redacted: dates to decades, places to
   * state/country, and every free-text string of theirs (notes, unknown keys) through the PII scan.
   * `render` turns the censored person into file text (front matter + body).
   */
  async writePerson(
    rel: string,
    person: Person,
    body: string,
    render: (p: Person, body: string) => string,
  ): Promise<Person> {
    const ctx = this.censor();
    const { person: out, body: outBody, redactions } = censorPerson(person, body, ctx);
    await this.atomic(this.abs(rel), render(out, outBody));
    this.report(rel, redactions);
    return out;
  }

  /** Records are censored once, here, before they are hashed: snippets then match the stored text. */
  censorRecord(record: RawRecord): { record: RawRecord; redactions: Redaction[] } {
    return redactRecord(record, this.censor());
  }

  /** Writes a source file whose record already went through censorRecord. Never rewrites. */
  async writeSource(rel: string, text: string, redactions: Redaction[]): Promise<void> {
    const abs = this.abs(rel);
    const held = this.stagedText(rel);
    if (held !== undefined ? held !== null : existsSync(abs)) {
      if ((held ?? readFileSync(abs, 'utf8')) === text) return;
      throw new Error(`${rel}: a captured source is never rewritten`);
    }
    await this.atomic(abs, text);
    this.report(rel, redactions);
  }

  /**
   * One key added to (or replaced in) a captured source's front matter after capture (the
   * `supersededBy` mark, src/case/supersession.ts); every captured byte stays as it was. The value
   * is a source id, which the Censor has nothing to take from.
   */
  async markSource(rel: string, key: string, value: string): Promise<void> {
    const abs = this.abs(rel);
    const held = this.stagedText(rel);
    const current = held !== undefined ? held : existsSync(abs) ? readFileSync(abs, 'utf8') : null;
    if (current === null) throw new Error(`${rel}: no captured source to mark`);
    const next = withFrontKey(current, key, value);
    if (next !== current) await this.atomic(abs, next);
  }

  /** Any other case file (case.yaml, conflicts, merges, hypotheses, summary, exports): scanned as text. */
  async writeText(rel: string, text: string): Promise<void> {
    const { text: out, redactions } = redactText(text, this.censor());
    await this.atomic(this.abs(rel), out);
    this.report(rel, redactions);
  }

  /**
   * A JSON document whose `arrayKey` holds many independent items (merges.json's proposals): one
   * item a line, each through the text Censor on its own, so what one item says about a living
   * person decides that item's redaction only, and the scan stays linear in the file. The other
   * keys are censored together, as writeText would.
   */
  async writeJsonDocument(rel: string, doc: Record<string, unknown>, arrayKey: string): Promise<void> {
    const ctx = this.censor();
    const redactions: Redaction[] = [];
    const censor = (text: string) => {
      const r = redactText(text, ctx);
      redactions.push(...r.redactions);
      return r.text;
    };
    const items = doc[arrayKey];
    if (!Array.isArray(items)) throw new Error(`${rel}: "${arrayKey}" is not a list`);
    const rest = censor(JSON.stringify({ ...doc, [arrayKey]: undefined }));
    const lines = items.map((item) => censor(JSON.stringify(item)));
    const head = `${rest.slice(0, -1)}${rest.length > 2 ? ',' : ''}\n${JSON.stringify(arrayKey)}: [`;
    const text = lines.length ? `${head}\n${lines.join(',\n')}\n]}\n` : `${head}]}\n`;
    await this.atomic(this.abs(rel), text);
    this.report(rel, redactions);
  }

  /**
   * One JSON value per line (imported trees), streamed: each person is censored like a person file
   * (`censorPerson`), and each line is then scanned for SSNs, phones and e-mails on its own, which
   * keeps a 100k-person tree linear. Lines are encoded into a `LineSink` that writes to a temp file
   * that is fsynced and renamed, so the write stays atomic without the whole file in memory.
   * `items` is consumed once; `onWritten` sees each item as written; `beforeCommit` runs once the
   * temp file is complete, before it replaces the file (it may fail the write).
   */
  async writeJsonLines<T>(
    rel: string,
    items: Iterable<T>,
    opts: {
      censor?: (item: T, ctx: CensorContext) => { item: T; redactions: Redaction[] };
      onWritten?: (item: T) => void;
      beforeCommit?: () => Promise<void>;
      /** The line of an item (default JSON.stringify): the tree format's encoder. */
      serialize?: (item: T) => string;
      /** A first line, made from the first item (a tree's header); none when there are no items. */
      header?: (first: T) => string;
    } = {},
  ): Promise<void> {
    const ctx = this.censor();
    const kinds = new Set<'ssn' | 'phone' | 'email'>(ctx.consent ? [] : ['ssn', 'phone', 'email']);
    const redactions: Redaction[] = [];
    const abs = this.abs(rel);
    this.settle();
    mkdirSync(dirname(abs), { recursive: true });
    const tmp = `${abs}.${process.pid}.${Date.now().toString(36)}.tmp`;
    const fh = await open(tmp, 'w');
    const sink = new LineSink(fh);
    const scan = (text: string): string => {
      if (!kinds.size) return text;
      const r = replacePii(text, kinds);
      for (const m of r.redactions) redactions.push({ kind: 'pii', what: m.kind });
      return r.text;
    };
    try {
      let first = true;
      for (const raw of items) {
        let item = raw;
        if (opts.censor) {
          const c = opts.censor(raw, ctx);
          item = c.item;
          redactions.push(...c.redactions);
        }
        if (first && opts.header) {
          const head = scan(opts.header(item));
          if (!sink.add(head)) await sink.flush(head);
        }
        first = false;
        const line = scan(opts.serialize ? opts.serialize(item) : JSON.stringify(item));
        if (!sink.add(line)) await sink.flush(line);
        opts.onWritten?.(item);
      }
      await sink.close();
      await fh.sync();
      await fh.close();
      await opts.beforeCommit?.();
      renameSync(tmp, abs);
    } catch (e) {
      await sink.settle();
      await fh.close().catch(() => {});
      rmSync(tmp, { force: true });
      throw namedWriteError(abs, e);
    }
    this.report(rel, redactions);
  }

  /** Writes outside the case folder (an export the user asked for at a path), same Censor rules. */
  async writeExternal(absPath: string, text: string): Promise<void> {
    const { text: out, redactions } = redactText(text, this.censor());
    await this.atomic(resolve(absPath), out, false);
    this.report(absPath, redactions);
  }

  /**
   * A binary rendering of a text export (a chart's SVG drawn as a PDF), outside the case folder or
   * in it: the Censor reads the text, and the rendering is made from what it let through.
   */
  async writeExternalRendered(
    absPath: string,
    text: string,
    render: (censored: string) => Promise<Uint8Array>,
  ): Promise<void> {
    const { text: out, redactions } = redactText(text, this.censor());
    await this.atomic(resolve(absPath), await render(out), false);
    this.report(absPath, redactions);
  }

  /**
   * An export whose producer applied the Censor field by field (exportGedcom, exportJsonLd: living
   * persons generalised on the model, free text scanned one value at a time). Written as given:
   * the serialised stream is never scanned as text. Inside the case folder or at a user's path.
   */
  async writeCensoredExport(absPath: string, text: string): Promise<void> {
    const abs = resolve(absPath);
    const back = relative(this.root, abs);
    await this.atomic(back.startsWith('..') || isAbsolute(back) ? abs : this.abs(back), text);
  }

  /**
   * Derived, rebuildable, git-ignored data under `.ancestry/` (index, HTTP cache). Text is scanned
   * for SSNs, phones and e-mails; binary (the sql.js index) is built from censored files only.
   */
  async writeDerived(rel: string, content: string | Uint8Array): Promise<void> {
    const norm = rel.split(/[\\/]+/).join(sep);
    if (!norm.startsWith(`.ancestry${sep}`)) throw new Error(`derived data lives under .ancestry/: ${rel}`);
    const out = typeof content === 'string' ? replacePii(content, new Set(['ssn', 'phone', 'email'])).text : content;
    await this.atomic(this.abs(norm), out, false);
  }

  /** Appends lines to the research log; earlier bytes are never rewritten. */
  appendLines(rel: string, lines: string[]): void {
    if (!lines.length) return;
    const abs = this.abs(rel);
    mkdirSync(dirname(abs), { recursive: true });
    const ctx = this.censor();
    // A log line is censored as any text, and loses every postal code besides (withoutPostalCodes).
    const censored = lines.map((l) => withoutPostalCodes(redactText(l, ctx).text));
    if (this.staged) {
      const held = this.staged.log.get(rel) ?? [];
      held.push(...censored);
      this.staged.log.set(rel, held);
      return;
    }
    this.settle();
    // A run killed mid-append can leave a partial last line: start on a fresh line, never rewrite it.
    let prefix = '';
    if (existsSync(abs)) {
      const buf = readFileSync(abs);
      if (buf.length && buf[buf.length - 1] !== 0x0a) prefix = '\n';
    }
    appendFileSync(abs, `${prefix}${censored.join('\n')}\n`);
  }

  /** Restores exact bytes that the writer itself wrote earlier (merge undo); re-checked for PII. */
  async restore(rel: string, bytes: Uint8Array): Promise<void> {
    const text = Buffer.from(bytes).toString('utf8');
    if (replacePii(text, new Set(['ssn', 'phone', 'email'])).redactions.length && !this.censor().consent) {
      throw new Error(`${rel}: refusing to restore content that holds PII`);
    }
    await this.atomic(this.abs(rel), bytes);
  }

  async remove(rel: string): Promise<void> {
    if (this.staged) this.staged.files.set(this.abs(rel), null);
    else {
      this.settle();
      rmSync(this.abs(rel), { force: true });
    }
  }

  // ---------- transactions ----------

  /** Starts (or nests into) a transaction: writes are held until the outermost commit(). */
  begin(): void {
    if (this.staged) this.staged.depth += 1;
    else this.staged = { files: new Map(), log: new Map(), depth: 1 };
  }

  /** A file as the open transaction holds it: text, null (removed), or undefined (not touched). */
  stagedText(rel: string): string | null | undefined {
    const abs = resolve(this.root, rel);
    const v = this.staged?.files.get(abs) ?? this.pending?.get(abs);
    return v === undefined || v === null || typeof v === 'string' ? v : Buffer.from(v).toString('utf8');
  }

  /** Drops the open transaction (every depth): nothing it held is written (a step that broke an invariant). */
  rollback(): void {
    this.staged = undefined;
  }

  /**
   * An append-only file's whole lines from byte `from` on (as committed on disk) and the byte after
   * them; `next` below `from` when the file is shorter. Here because it opens the file by descriptor.
   */
  readLines(rel: string, from: number): { text: string; next: number } {
    const abs = this.abs(rel);
    if (!existsSync(abs)) return { text: '', next: 0 };
    const fd = openSync(abs, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size < from) return { text: '', next: size };
      const buf = Buffer.alloc(size - from);
      readSync(fd, buf, 0, buf.length, from);
      const end = buf.lastIndexOf(0x0a) + 1;
      return { text: buf.subarray(0, end).toString('utf8'), next: from + end };
    } finally {
      closeSync(fd);
    }
  }

  /** The lines the open transaction appends to a log (in order; empty outside a transaction). */
  stagedLines(rel: string): readonly string[] {
    return this.staged?.log.get(rel) ?? [];
  }

  /**
   * Commits the outermost transaction as one unit. Write-ahead: the journal holding every file and
   * log line is written atomically first (the commit point), then the files are put in place, the
   * log lines appended, and the journal removed. A kill before the journal exists loses the whole
   * step (the resume runs it again); a kill after it leaves a journal that the next open replays.
   */
  async commit(): Promise<void> {
    const staged = this.staged;
    if (!staged) return;
    staged.depth -= 1;
    if (staged.depth > 0) return;
    this.staged = undefined;
    if (!staged.files.size && !staged.log.size) return;
    const journal: Journal = { version: 1, files: [], log: [] };
    for (const [abs, content] of staged.files) {
      const rel = relative(this.root, abs).split(sep).join('/');
      journal.files.push(
        content === null
          ? { rel, remove: true }
          : typeof content === 'string'
            ? { rel, text: content }
            : { rel, base64: Buffer.from(content).toString('base64') },
      );
    }
    for (const [rel, lines] of staged.log)
      journal.log.push({ rel, from: existsSync(this.abs(rel)) ? statSync(this.abs(rel)).size : 0, lines });
    const jabs = this.abs(JOURNAL_FILE);
    // A step an earlier process committed goes in place first: this journal must not replace it.
    this.pending = undefined;
    replayJournal(this.root);
    mkdirSync(dirname(jabs), { recursive: true });
    await writeFileAtomic(jabs, JSON.stringify(journal));
    applyJournal(this.root, journal);
    rmSync(jabs, { force: true });
  }

  async ensureDir(rel: string): Promise<void> {
    mkdirSync(this.abs(rel), { recursive: true });
  }

  path(rel: string): string {
    return join(this.root, rel);
  }
}

/** The journal of a committed transaction, until it is applied (`.ancestry/`: derived, git-ignored). */
export const JOURNAL_FILE = '.ancestry/journal.json';

const JournalSchema = z.object({
  version: z.literal(1),
  files: z.array(
    z.union([
      z.object({ rel: z.string(), remove: z.literal(true) }),
      z.object({ rel: z.string(), text: z.string() }),
      z.object({ rel: z.string(), base64: z.string() }),
    ]),
  ),
  /** Log lines per log file, and its size when they were committed (a replay appends only what is missing). */
  log: z.array(z.object({ rel: z.string(), from: z.number(), lines: z.array(z.string()) })),
});
export type Journal = z.infer<typeof JournalSchema>;

/**
 * The journal an interrupted commit left, if any: 'invalid' when it does not parse (it cannot be a
 * committed one, since it is written atomically). Reading it writes nothing: readers use this.
 */
export function readJournal(root: string): Journal | 'invalid' | undefined {
  const abs = join(root, JOURNAL_FILE);
  if (!existsSync(abs)) return undefined;
  try {
    const r = JournalSchema.safeParse(JSON.parse(readFileSync(abs, 'utf8')));
    return r.success ? r.data : 'invalid';
  } catch {
    return 'invalid';
  }
}

/**
 * The case as a pending journal will leave it, for a reader (which never applies it): the journal's
 * files and each log file with the lines it still misses, as text by absolute path (null: removed).
 */
export function journalView(root: string, journal: Journal): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const f of journal.files)
    out.set(
      insideCase(root, f.rel),
      'remove' in f ? null : 'text' in f ? f.text : Buffer.from(f.base64, 'base64').toString('utf8'),
    );
  for (const l of journal.log) {
    const abs = insideCase(root, l.rel);
    const { prefix, lines } = missingLogLines(abs, l);
    const before = existsSync(abs) ? readFileSync(abs, 'utf8') : '';
    out.set(abs, lines.length ? `${before}${prefix}${lines.join('\n')}\n` : before);
  }
  return out;
}

function insideCase(root: string, rel: string): string {
  const abs = resolve(root, rel);
  const back = relative(root, abs);
  if (back.startsWith('..') || isAbsolute(back))
    throw new Error(`journal names a file outside the case folder: ${rel}`);
  return abs;
}

/** The lines of a journal's log entry not yet in the log file (whole ones, by id), and a newline to end a torn line. */
function missingLogLines(abs: string, l: Journal['log'][number]): { prefix: string; lines: string[] } {
  let prefix = '';
  let lines = l.lines;
  if (existsSync(abs)) {
    const buf = readFileSync(abs);
    if (buf.length && buf[buf.length - 1] !== 0x0a) prefix = '\n';
    // Lines already appended before a kill (whole ones, by their id) are not appended twice.
    if (buf.length > l.from) {
      const done = new Set<string>();
      for (const line of buf.subarray(l.from).toString('utf8').split('\n')) {
        try {
          const id = (JSON.parse(line) as { id?: unknown }).id;
          if (typeof id === 'string') done.add(id);
        } catch {
          // a partial line: its entry is appended again in full
        }
      }
      lines = lines.filter((line) => !done.has(String((JSON.parse(line) as { id?: unknown }).id)));
    }
  }
  return { prefix, lines };
}

/** Puts a journal's files in place and appends its log lines; safe to run twice. Synchronous: no step interleaves. */
function applyJournal(root: string, journal: Journal): void {
  for (const f of journal.files) {
    const abs = insideCase(root, f.rel);
    if ('remove' in f) {
      rmSync(abs, { force: true });
      continue;
    }
    mkdirSync(dirname(abs), { recursive: true });
    writeFileAtomic.sync(abs, 'text' in f ? f.text : Buffer.from(f.base64, 'base64'));
  }
  for (const l of journal.log) {
    const abs = insideCase(root, l.rel);
    mkdirSync(dirname(abs), { recursive: true });
    const { prefix, lines } = missingLogLines(abs, l);
    if (lines.length) appendFileSync(abs, `${prefix}${lines.join('\n')}\n`);
  }
}

/**
 * Applies the journal an interrupted commit left (the step it holds was committed: its files go in
 * place now). Returns what was replayed, or undefined when there was no journal. A journal that does
 * not parse cannot be a committed one (it is written atomically): it is removed. Only a writer (the
 * lock holder, or a writer about to write) calls this; readers read through the journal instead.
 */
export function replayJournal(root: string): { files: number; logLines: number } | undefined {
  const abs = join(root, JOURNAL_FILE);
  const journal = readJournal(root);
  if (!journal) return undefined;
  if (journal === 'invalid') {
    rmSync(abs, { force: true });
    return { files: 0, logLines: 0 };
  }
  applyJournal(root, journal);
  rmSync(abs, { force: true });
  return { files: journal.files.length, logLines: journal.log.reduce((n, l) => n + l.lines.length, 0) };
}

/**
 * The case's write lock (src/case/lock.ts), under the derived `.ancestry/`: created only if absent
 * (O_EXCL, so two writers started at once cannot both get it). False when the file already exists.
 */
export function createLockFile(abs: string, text: string): boolean {
  mkdirSync(dirname(abs), { recursive: true });
  let fd: number;
  try {
    fd = openSync(abs, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Removes a whole case folder (one an import created and could not fill); only a folder with a case.yaml. */
export function removeCaseFolder(abs: string): void {
  if (!existsSync(join(abs, 'case.yaml'))) return;
  rmSync(abs, { recursive: true, force: true });
}

/**
 * In a folder that existed before a failed import made a case in it: removes what the import added
 * (case.yaml, the layout's folders, .gitignore) and nothing that was there before.
 */
export function removeAddedEntries(dir: string, existing: ReadonlySet<string>): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir))
    if (!existing.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
}

/**
 * Removes the folder a failed import created (it did not exist before the import, which holds the
 * case's lock: nobody else wrote into it), whether or not its case.yaml was written yet.
 */
export function removeCreatedFolder(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Removes the write lock (or a stale one, or a stale temp file) by absolute path. */
export function removeLockFile(abs: string): void {
  rmSync(abs, { force: true });
}

/**
 * A person as the Censor lets it be written. Living persons (unless consent) are redacted: dates to
 * decades, places to state/country, and every free-text string of theirs (notes, unknown keys)
 * through the PII scan. Others are written unchanged, but never with an SSN, phone or e-mail in notes.
 */
export function censorPerson(
  person: Person,
  body: string,
  ctx: CensorContext,
  living?: boolean,
): { person: Person; body: string; redactions: Redaction[] } {
  const { person: censored, redactions } = redactPerson(person, ctx, living);
  // redactPerson returns a new object exactly when the person is living and there is no consent.
  if (censored !== person) {
    const about = { ...ctx, aboutLiving: true };
    const b = redactText(body, about);
    redactions.push(...b.redactions);
    return { person: deepRedactStrings(censored, about, redactions) as Person, body: b.text, redactions };
  }
  if (!body) return { person, body, redactions };
  const b = redactText(body, { ...ctx, livingNames: [] });
  redactions.push(...b.redactions);
  return { person, body: b.text, redactions };
}

/**
 * Every string in a living person's data, except names and ids, through the text Censor (ctx:
 * aboutLiving). Copy on write: an array or object is copied only when a string inside it changed,
 * so the mostly unchanged data of a 100k-person import is not duplicated (nothing is mutated).
 */
function deepRedactStrings(value: unknown, ctx: CensorContext, out: Redaction[], key = ''): unknown {
  if (typeof value === 'string') {
    if (VERBATIM_KEYS.has(key)) return value;
    const r = redactText(value, ctx);
    for (const x of r.redactions) out.push(x);
    return r.text;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = deepRedactStrings(value[i], ctx, out, key);
      if (v !== value[i]) (copy ??= value.slice())[i] = v;
    }
    return copy ?? value;
  }
  if (value && typeof value === 'object') {
    const src = value as Record<string, unknown>;
    let copy: Record<string, unknown> | undefined;
    for (const k in src) {
      const v = deepRedactStrings(src[k], ctx, out, k);
      if (v !== src[k]) (copy ??= { ...src })[k] = v;
    }
    return copy ?? value;
  }
  return value;
}

/** Names and identifiers: not free text, kept as they are. */
const VERBATIM_KEYS = new Set([
  'id',
  'person',
  'source',
  'given',
  'surname',
  'prefix',
  'suffix',
  'nickname',
  'field',
  'status',
  'type',
  'event',
  'method',
]);

/** Bytes in each of the two buffers of a LineSink. */
const SINK_BYTES = 4 << 20;

/**
 * Text lines encoded straight into one of two buffers; a full buffer goes to the file while the
 * other fills, so the disk write (done by libuv off the main thread) overlaps the next lines'
 * work. Each line is a flat string (JSON.stringify's): appending lines to one string instead builds
 * a rope whose flattening at write time cost more than the stringify itself (measured at 100k
 * persons: 1.3 s against 0.11 s for flat lines; docs/decisions/0001-imported-trees.md).
 */
class LineSink {
  private readonly bufs = [Buffer.allocUnsafe(SINK_BYTES), Buffer.allocUnsafe(SINK_BYTES)];
  private cur = 0;
  private used = 0;
  /** The buffer being written, if any; its error is kept and thrown at the next flush or close. */
  private inFlight: Promise<void> | undefined;
  private failure: unknown;

  constructor(private readonly fh: FileHandle) {}

  /** Appends `line` and a newline if they surely fit (UTF-8 takes at most 3 bytes per UTF-16 unit); false: call flush(line). */
  add(line: string): boolean {
    if (this.used + line.length * 3 + 1 > SINK_BYTES) return false;
    const buf = this.bufs[this.cur];
    this.used += buf.write(line, this.used, 'utf8');
    buf[this.used++] = 0x0a;
    return true;
  }

  /** Sends the current buffer off, then appends `line` (one too long for a buffer goes on its own). */
  async flush(line?: string): Promise<void> {
    await this.settle();
    this.rethrow();
    if (this.used) {
      const n = this.used;
      this.inFlight = writeAll(this.fh, this.bufs[this.cur], n).catch((e: unknown) => {
        this.failure ??= e;
      });
      this.cur ^= 1;
      this.used = 0;
    }
    if (line !== undefined && !this.add(line)) {
      await this.settle();
      this.rethrow();
      await writeAll(this.fh, Buffer.from(`${line}\n`, 'utf8'));
    }
  }

  async close(): Promise<void> {
    await this.flush();
    await this.settle();
    this.rethrow();
  }

  /** Waits for the buffer in flight (its error, if any, is kept for rethrow). */
  async settle(): Promise<void> {
    if (this.inFlight) await this.inFlight;
    this.inFlight = undefined;
  }

  private rethrow(): void {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows the write's own failure as caught (unknown, narrowed to {} by the check)
    if (this.failure !== undefined) throw this.failure;
  }
}

/** FileHandle.write may write fewer bytes than asked; the rest follows until all are out. */
async function writeAll(fh: FileHandle, buf: Uint8Array, length = buf.length): Promise<void> {
  let at = 0;
  while (at < length) {
    const { bytesWritten } = await fh.write(buf, at, length - at, null);
    if (bytesWritten <= 0) throw new Error('file write made no progress');
    at += bytesWritten;
  }
}

/**
 * A file opened for reading only (the tree index reads one line at its offset): opening files is
 * kept to this module, which is where opening them for writing happens.
 */
export function openForReading(abs: string): number {
  return openSync(abs, 'r');
}

/** An existing target that is not a regular file or folder: a character device, a FIFO, a socket. */
export function isStreamTarget(abs: string): boolean {
  try {
    const st = statSync(abs);
    return !st.isFile() && !st.isDirectory();
  } catch {
    return false;
  }
}

/**
 * Node's write errors name the syscall, not the file ("ENOSPC: no space left on device, write"): the
 * user must learn which file was not written. The code is kept for callers that test it.
 */
export function namedWriteError(abs: string, e: unknown): Error {
  if (!(e instanceof Error)) return new Error(String(e));
  // Only the system's own errors: a producer's error (a GEDCOM line it could not read) names its own file.
  if (typeof (e as NodeJS.ErrnoException).syscall !== 'string' || e.message.includes(abs)) return e;
  const named = new Error(`could not write ${abs}: ${e.message}`, { cause: e });
  const code = (e as NodeJS.ErrnoException).code;
  if (code) (named as NodeJS.ErrnoException).code = code;
  return named;
}
