/**
 * The case's local archive as a Tier 0 SourceConnector. The engine always adds it (DESIGN.md); it
 * reads `<case>/archive/**\/*.md` once per run and answers searches from an inverted index.
 */
import { readFileSync } from 'node:fs';
import { listMarkdown } from './files';
import { join, relative, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RawRecord, SearchQuery } from '../../model';
import type { ConnectorContext, SearchOutcome, SourceConnector } from '../../engine/ports';
import type { CaseProblem } from '../../case/problems';
import { describeArchiveProblems } from './problems';
import { createHash } from 'node:crypto';
import { ArchiveSearchIndex } from './search-index';
import { ARCHIVE_SOURCE_ID, parseArchiveRecord } from './record';
import { formatQuery } from '../../model';

export interface ArchiveConnectorOptions {
  /** Case root; records are read from `<root>/archive`. */
  root: string;
  limit?: number;
}

export class ArchiveConnector implements SourceConnector {
  readonly id = ARCHIVE_SOURCE_ID;
  readonly displayName = 'Local archive';
  readonly tier = 0 as const;
  private index?: ArchiveSearchIndex;
  private problemList: CaseProblem[] = [];
  private fp = '';
  private reported = false;

  constructor(private readonly opts: ArchiveConnectorOptions) {}

  /** Files that could not be used (errors: skipped, never changed) and unknown keys (warnings), with line and field. */
  get problems(): readonly CaseProblem[] {
    this.load();
    return this.problemList;
  }

  /** Changes when a record is added, removed or edited: drives the time-based revisit. */
  get fingerprint(): string {
    this.load();
    return this.fp;
  }

  get size(): number {
    return this.load().size;
  }

  /** The id of every readable record (`archive:<path>`): the engine reads those no search reached. */
  catalogue(): string[] {
    return this.load().ids();
  }

  /** Every record, in path order (used by tests and the bench to build expectations). */
  records(): RawRecord[] {
    const dir = join(this.opts.root, 'archive');
    return listMarkdown(dir).flatMap((abs) => {
      const r = parseArchiveRecord(readFileSync(abs, 'utf8'), relative(this.opts.root, abs).split(sep).join('/'));
      return r.ok ? [r.record] : [];
    });
  }

  private load(): ArchiveSearchIndex {
    if (this.index) return this.index;
    const index = new ArchiveSearchIndex();
    const hash = createHash('sha1');
    const dir = join(this.opts.root, 'archive');
    for (const abs of listMarkdown(dir)) {
      const rel = relative(this.opts.root, abs).split(sep).join('/');
      const text = readFileSync(abs, 'utf8');
      hash.update(rel).update('\0').update(text).update('\0');
      const r = parseArchiveRecord(text, rel);
      if (r.ok) index.add(rel, r.record);
      this.problemList.push(...r.problems);
    }
    this.fp = hash.digest('hex').slice(0, 16);
    this.index = index;
    return index;
  }

  async search(query: SearchQuery, ctx: ConnectorContext): Promise<SearchOutcome> {
    const t0 = performance.now();
    const index = this.load();
    if (!this.reported && this.problemList.length) {
      this.reported = true;
      const report = describeArchiveProblems(this.problemList);
      if (report.skipped.length)
        ctx.log({
          agent: 'Scout',
          actionType: 'error',
          message: report.skippedText,
          rationale: 'archive records the reader cannot use are named with the reason, and left untouched',
          context: 'archive',
        });
      if (report.warnings.length)
        ctx.log({
          agent: 'Scout',
          actionType: 'error',
          message: report.warningText,
          rationale: 'unknown keys are kept in the file and reported, never an error',
          context: 'archive',
        });
    }
    const hits = index.search(query, this.opts.limit ?? 25);
    const url = `archive:?${formatQuery(query)}`;
    const responseTimeMs = Number((performance.now() - t0).toFixed(3));
    // Like every connector, the archive logs its own access (ConnectorContext.log).
    ctx.log({
      agent: 'Scout',
      actionType: 'source_access',
      source: this.id,
      tier: 0,
      url,
      success: true,
      responseTimeMs,
      recordCount: hits.length,
      rationale: '',
      context: formatQuery(query),
    });
    return { records: hits.map((h) => h.record), url, responseTimeMs };
  }
}

export function createArchiveConnector(root: string): ArchiveConnector {
  return new ArchiveConnector({ root });
}

/**
 * A run's sources with the case's local archive first, unless the host already chose one (a test's
 * recorded archive): the archive is always searched, and the engine takes it from the host like
 * every other source.
 */
export function withCaseArchive(root: string, connectors: readonly SourceConnector[]): SourceConnector[] {
  return connectors.some((c) => c.id === ARCHIVE_SOURCE_ID)
    ? [...connectors]
    : [createArchiveConnector(root), ...connectors];
}
