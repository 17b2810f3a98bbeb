/**
 * GEDCOM lines → a typed tree with line numbers. One pass over the decoded text without splitting
 * it into an array (a 100k-person file is tens of MB). CONC/CONT are folded into their parent's
 * value. Structural damage (bad level, unterminated xref, unreadable line) is fatal and names the
 * line; a level jump is repaired with a warning (fatal with `strict`);
 * blank lines, a missing HEAD/TRLR, duplicate xrefs and stray text lines are recoverable warnings.
 */
import { MAX_FIELD_BYTES } from '../../model/field-bound';

export interface GedNode {
  tag: string;
  xref?: string;
  /** Line value with CONC/CONT folded in ("\n" for CONT); pointers are in `pointer` instead. */
  value?: string;
  pointer?: string;
  line: number;
  children: GedNode[];
}

export interface GedWarning {
  line?: number;
  message: string;
}

export interface GedcomDoc {
  head?: GedNode;
  /** Level-0 records in file order; a deferred one (ParseOptions.defer) holds its first line only. */
  records: GedNode[];
  /** "5.5.1", "5.5", "7.0", "7.1" … from HEAD.GEDC.VERS (missing → "5.5"). */
  version: string;
  major: 5 | 7;
  /** In line order; a deferred record's warnings are in it once the record has been expanded. */
  readonly warnings: GedWarning[];
  lines: number;
  /**
   * A record with all its lines: a deferred record is parsed now (and throws its own syntax
   * errors), and the tree is not kept, so the caller can let it go; any other record as it is.
   */
  expand(record: GedNode): GedNode;
  /**
   * The unparsed text of a deferred record after its first line (a search for one tag can tell
   * whether the record is worth parsing yet); undefined for any other record.
   */
  deferredText(record: GedNode): string | undefined;
}

export class GedcomSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'GedcomSyntaxError';
  }
}

// level, optional xref, tag, optional value after exactly one delimiter.
const LINE = /^[ \t]*(\d+)[ \t]+(?:(@[^@]+@)[ \t]+)?([A-Za-z0-9_]+)(?:[ \t](.*))?$/;
const POINTER = /^@[^@#\s][^@]*@$/;
/** Shared by every leaf; never pushed to (the parser replaces it on a node's first child). */
const NO_CHILDREN: GedNode[] = [];
/** Warnings listed per kind; the rest are counted. */
const PER_KIND = 5;

export interface ParseOptions {
  file?: string;
  /** Cap on recoverable warnings kept (the count is still reported). */
  maxWarnings?: number;
  /** Level jumps are fatal instead of repaired. */
  strict?: boolean;
  /**
   * Level-0 tags whose records are only located in this pass (first line parsed, the rest skipped)
   * and parsed by `doc.expand` when the caller needs them: the import parses each INDI as it maps
   * that person, so a 100k-person file's syntax trees are short-lived
   * (docs/decisions/0001-imported-trees.md, fourth measurement).
   */
  defer?: ReadonlySet<string>;
}

export function parseGedcom(text: string, opts: ParseOptions = {}): GedcomDoc {
  const parser = new GedcomParser(text, opts);
  const lines = parser.parseAll();
  const all = parser.records;
  const head = all[0]?.tag === 'HEAD' ? all[0] : undefined;
  const gedc = head?.children.find((c) => c.tag === 'GEDC');
  const vers = gedc?.children.find((c) => c.tag === 'VERS')?.value?.trim() || '5.5';
  const maxWarnings = opts.maxWarnings ?? 200;
  return {
    head,
    records: all.filter((r) => r !== head && r.tag !== 'TRLR'),
    version: vers,
    major: vers.startsWith('7') ? 7 : 5,
    get warnings() {
      return parser.log.list(maxWarnings);
    },
    lines,
    expand: (record) => parser.expand(record),
    deferredText: (record) => parser.deferredText(record),
  };
}

/**
 * Recoverable problems: per kind, the first few by line number and a count of the rest. Kept and
 * listed by line (then text) rather than by arrival, so a deferred record's warnings, which arrive
 * late, land where an eager parse puts them.
 */
class WarningLog {
  private readonly kinds = new Map<string, { count: number; kept: { line: number; message: string }[] }>();

  constructor(private readonly file: string) {}

  add(kind: string, line: number, message: string): void {
    let k = this.kinds.get(kind);
    if (!k) this.kinds.set(kind, (k = { count: 0, kept: [] }));
    k.count++;
    const kept = k.kept;
    if (kept.length === PER_KIND && line >= kept[PER_KIND - 1].line) return;
    let i = kept.length;
    while (i > 0 && kept[i - 1].line > line) i--;
    kept.splice(i, 0, { line, message });
    if (kept.length > PER_KIND) kept.pop();
  }

  list(max: number): GedWarning[] {
    const listed = [...this.kinds.values()]
      .flatMap((k) => k.kept)
      .sort((a, b) => a.line - b.line || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
    const more = [...this.kinds]
      .filter(([, k]) => k.count > PER_KIND)
      .sort(([x, a], [y, b]) => a.kept[0].line - b.kept[0].line || (x < y ? -1 : 1))
      .map(([kind, k]) => ({
        message: `${this.file}: ${k.count - PER_KIND} more warning(s) of the same kind as "${kind}" not listed`,
      }));
    return [...listed.slice(0, max), ...more];
  }
}

/** Where a deferred record's lines after its first one are, and the line number before them. */
interface DeferredRange {
  from: number;
  to: number;
  lineBefore: number;
  expanded: boolean;
}

/**
 * One pass over the decoded text without splitting it into an array (a 100k-person file is tens of
 * MB). Lines end in LF, CR or CRLF, mixed within a file.
 */
/** The longest line read (64 KB); longer values are built from CONC/CONT lines. */
export const MAX_LINE_CHARS = 64 * 1024;

class GedcomParser {
  readonly records: GedNode[] = [];
  readonly log: WarningLog;
  private readonly file: string;
  private readonly seenXrefs = new Set<string>();
  private readonly deferred = new Map<GedNode, DeferredRange>();
  /** The first non-blank characters say whether this is GEDCOM 7 (only "@@" at the start escapes then). */
  private v7: boolean | undefined;
  private sawTrlr = false;
  /** No warnings while a record is expanded a second time (they were logged the first time). */
  private quiet = false;
  /**
   * The first CR at or after `crFrom` (-1: none): valid for every position from `crFrom` on up to
   * it, so an LF-only file is searched once, and again only when expand() goes back in the text.
   */
  private nextCr = -1;
  private crFrom = Infinity;

  constructor(
    private readonly text: string,
    private readonly opts: ParseOptions,
  ) {
    this.file = opts.file ?? 'input';
    this.log = new WarningLog(this.file);
  }

  private warn(kind: string, line: number, message: string): void {
    if (!this.quiet) this.log.add(kind, line, message);
  }

  /** Index of the end of the line starting at `pos` (its CR or LF, or the end of the text). */
  private lineEnd(pos: number): number {
    const text = this.text;
    let lf = text.indexOf('\n', pos);
    if (lf < 0) lf = text.length;
    if (pos < this.crFrom || (this.nextCr !== -1 && this.nextCr < pos)) {
      this.nextCr = text.indexOf('\r', pos);
      this.crFrom = pos;
    }
    return this.nextCr >= 0 && this.nextCr < lf ? this.nextCr : lf;
  }

  /** Index of the line after the one ending at `end`. */
  private nextLine(end: number): number {
    return this.text.charCodeAt(end) === 13 && this.text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
  }

  /** The whole text; returns the number of lines. A fatal error names the first damaged line in the file. */
  parseAll(): number {
    const start = this.text.charCodeAt(0) === 0xfeff ? 1 : 0;
    let lines: number;
    try {
      lines = this.parseLines(start, this.text.length, 0, []);
    } catch (e) {
      // A deferred record before the damage may hold damage of its own, earlier in the file.
      if (e instanceof GedcomSyntaxError)
        for (const [record, range] of this.deferred) if (record.line < e.line && !range.expanded) this.expand(record);
      throw e;
    }
    if (this.records[0]?.tag !== 'HEAD')
      this.warn('nohead', 1, `${this.file}: no HEAD record at the start of the file`);
    if (!this.sawTrlr) this.warn('notrlr', lines, `${this.file}: no TRLR record at the end of the file (truncated?)`);
    return lines;
  }

  deferredText(record: GedNode): string | undefined {
    const range = this.deferred.get(record);
    return range ? this.text.slice(range.from, range.to) : undefined;
  }

  expand(record: GedNode): GedNode {
    const range = this.deferred.get(record);
    if (!range) return record;
    const node: GedNode = { ...record, children: NO_CHILDREN };
    this.quiet = range.expanded;
    try {
      this.parseLines(range.from, range.to, range.lineBefore, [node]);
    } finally {
      this.quiet = false;
      range.expanded = true;
    }
    return node;
  }

  /**
   * Lines [pos, to) under the open structures in `stack` (empty: at the top of the file). Returns
   * the number of the last line read.
   */
  private parseLines(pos: number, to: number, lineNo: number, stack: GedNode[]): number {
    const text = this.text;
    const file = this.file;
    const defer = this.opts.defer;
    // A record expanded later gets its nodes from object and array literals of their own: V8
    // decides per literal whether its objects are long-lived (allocation-site pretenuring), and the
    // nodes of the first pass live as long as the document, while an expanded record's die with
    // its person. Sharing the literals made every expanded node old-generation garbage that kept
    // its young strings alive through each scavenge (1.46 s → 0.47 s to expand 100k persons).
    const expanding = stack.length > 0;
    let last: GedNode | undefined = stack[stack.length - 1];
    while (pos < to) {
      const end = this.lineEnd(pos);
      const raw = text.slice(pos, end);
      lineNo++;
      // No genealogical value needs one line this long; a damaged or hostile file does (a 50 MB NAME).
      if (raw.length > MAX_LINE_CHARS)
        throw new GedcomSyntaxError(
          file,
          lineNo,
          `line of ${raw.length} characters (over ${MAX_LINE_CHARS / 1024} KB): not a GEDCOM value, the file is damaged`,
        );
      pos = this.nextLine(end);
      // Only a line that is empty or starts with white space can be blank (no trim() per line).
      const c0 = raw.charCodeAt(0);
      if ((raw.length === 0 || c0 <= 32 || c0 > 126) && raw.trim() === '') {
        this.warn('blank', lineNo, `${file}:${lineNo}: blank line skipped`);
        continue;
      }
      const m = LINE.exec(raw);
      if (!m) {
        const t = raw.trimStart();
        if (/^\d/.test(t)) {
          const lv = /^(\d+)/.exec(t)![1];
          if (/^\d+[ \t]+@[^@\s]*[ \t]/.test(t) || /^\d+[ \t]+@[^@]*$/.test(t))
            throw new GedcomSyntaxError(file, lineNo, `unterminated cross-reference id in "${raw.slice(0, 60)}"`);
          throw new GedcomSyntaxError(
            file,
            lineNo,
            `cannot read line "${raw.slice(0, 60)}" (expected "<level> [@xref@] <TAG> [value]", level ${lv})`,
          );
        }
        if (t.startsWith('@') || !last)
          throw new GedcomSyntaxError(
            file,
            lineNo,
            `cannot read line "${raw.slice(0, 60)}" (expected "<level> [@xref@] <TAG> [value]")`,
          );
        // A value broken by a raw line break (some exporters do this): keep it as a continuation.
        last.value = (last.value ?? '') + '\n' + raw;
        this.warn('stray', lineNo, `${file}:${lineNo}: line without a level joined to the previous value`);
        continue;
      }
      const levelText = m[1];
      const level = Number(levelText);
      if (levelText.length > 2 || (levelText.length === 2 && levelText[0] === '0')) {
        throw new GedcomSyntaxError(
          file,
          lineNo,
          `invalid level "${levelText}" (GEDCOM levels are 0–99 without leading zeros)`,
        );
      }
      const tag = m[3];
      let value = m[4];
      const xref = m[2];
      let depth = level;
      if (level > stack.length) {
        const message = `level ${level} follows level ${stack.length - 1}: a line may go at most one level deeper than the line before it`;
        if (this.opts.strict || stack.length === 0) throw new GedcomSyntaxError(file, lineNo, message);
        // Lenient: hang it under the deepest open structure, which is what the writer evidently meant.
        depth = stack.length;
        this.warn(
          'jump',
          lineNo,
          `${file}:${lineNo}: ${message}; read as level ${depth} under ${stack[depth - 1].tag} (line ${stack[depth - 1].line})`,
        );
      }
      if ((tag === 'CONC' || tag === 'CONT') && depth > 0) {
        const parent = stack[depth - 1];
        if (depth !== stack.length) {
          // CONT at the right depth but after a sibling substructure: still belongs to that parent.
          this.warn(
            'contorder',
            lineNo,
            `${file}:${lineNo}: ${tag} after a substructure; appended to its parent ${parent.tag}`,
          );
        }
        if (value !== undefined && this.v7 !== true) value = value.replace(/@@/g, '@');
        else if (value !== undefined && value.startsWith('@@')) value = value.slice(1);
        if (parent.pointer !== undefined) {
          parent.value = parent.pointer;
          delete parent.pointer;
        }
        parent.value = (parent.value ?? '') + (tag === 'CONT' ? '\n' : '') + (value ?? '');
        // The case's readers bound every field (model/field-bound.ts): a value folded past that bound
        // would be written into a person file that could then never be read again.
        if (parent.value.length * 3 > MAX_FIELD_BYTES && Buffer.byteLength(parent.value) > MAX_FIELD_BYTES)
          throw new GedcomSyntaxError(
            file,
            parent.line,
            `${parent.tag} value of over ${MAX_FIELD_BYTES / 1024} KB folded from its CONC/CONT lines (to line ${lineNo}): over the bound of a field, the file is damaged or hostile`,
          );
        stack.length = depth;
        last = parent;
        continue;
      }
      // Leaves share one empty array until they get a child: most lines of a file are leaves, and
      // a 100k-person file has over a million of them. Two identical literals: see `expanding`.
      const node: GedNode = expanding
        ? { tag, line: lineNo, children: NO_CHILDREN }
        : { tag, line: lineNo, children: NO_CHILDREN };
      if (xref !== undefined) {
        if (depth !== 0)
          this.warn('xref', lineNo, `${file}:${lineNo}: cross-reference id ${xref} on a level ${level} line ignored`);
        else if (this.seenXrefs.has(xref)) {
          let k = 2;
          while (this.seenXrefs.has(`${xref.slice(0, -1)}-dup${k}@`)) k++;
          node.xref = `${xref.slice(0, -1)}-dup${k}@`;
          this.warn(
            'dupxref',
            lineNo,
            `${file}:${lineNo}: ${xref} is used by an earlier record too; this ${tag} is kept as ${node.xref} and pointers resolve to the first`,
          );
          this.seenXrefs.add(node.xref);
        } else {
          node.xref = xref;
          this.seenXrefs.add(xref);
        }
      }
      if (value !== undefined) {
        if (value.charCodeAt(0) === 64 && POINTER.test(value)) node.pointer = value;
        else if (this.v7 === true) node.value = value.startsWith('@@') ? value.slice(1) : value;
        else node.value = value.includes('@@') ? value.replace(/@@/g, '@') : value;
      }
      if (depth === 0) {
        if (tag === 'TRLR') this.sawTrlr = true;
        this.records.push(node);
        stack.length = 0;
        if (defer?.has(tag)) {
          // Only locate the rest of the record: its lines run to the next level-0 line.
          const rest = this.skipRecord(pos, to);
          this.deferred.set(node, { from: pos, to: rest.to, lineBefore: lineNo, expanded: false });
          lineNo += rest.lines;
          pos = rest.to;
          last = undefined;
          continue;
        }
      } else {
        const parent = stack[depth - 1];
        if (parent.children === NO_CHILDREN) parent.children = expanding ? [node] : [node];
        else parent.children.push(node);
        stack.length = depth;
        // HEAD.GEDC.VERS decides the escaping rules for the rest of the file; a GEDC.VERS inside another
        // first record (a file without HEAD) does not, or a deferred record would parse differently.
        if (
          this.v7 === undefined &&
          tag === 'VERS' &&
          depth === 2 &&
          stack[1]?.tag === 'GEDC' &&
          stack[0]?.tag === 'HEAD' &&
          this.records.length === 1
        )
          this.v7 = (value ?? '').trim().startsWith('7');
      }
      stack.push(node);
      last = node;
    }
    return lineNo;
  }

  /**
   * From a line start, the start of the next line that opens a level-0 record ("0" after optional
   * blanks, then a blank: every line the full parse reads as level 0 starts so), and the lines passed.
   * A damaged line in between is left to `expand`, which reports it with its line number.
   */
  private skipRecord(pos: number, to: number): { to: number; lines: number } {
    const text = this.text;
    let lines = 0;
    while (pos < to) {
      let i = pos;
      let c = text.charCodeAt(i);
      while (c === 32 || c === 9) c = text.charCodeAt(++i);
      if (c === 48) {
        const d = text.charCodeAt(i + 1);
        if (d === 32 || d === 9) return { to: pos, lines };
      }
      lines++;
      pos = this.nextLine(this.lineEnd(i));
    }
    return { to, lines };
  }
}

/** First child with this tag. */
export function child(node: GedNode | undefined, tag: string): GedNode | undefined {
  if (!node) return undefined;
  for (const c of node.children) if (c.tag === tag) return c;
  return undefined;
}

export function childValue(node: GedNode | undefined, tag: string): string | undefined {
  const v = child(node, tag)?.value?.trim();
  return v || undefined;
}

export function childrenOf(node: GedNode | undefined, tag: string): GedNode[] {
  return node ? node.children.filter((c) => c.tag === tag) : [];
}
