/**
 * The ports the engine depends on (DESIGN.md "Ports"). Tests swap implementations only here:
 * recorded HTTP behind a SourceConnector, a scripted LlmClient (src/llm), a fake Clock.
 */
import type {
  CaseConfig,
  ClueHypothesis,
  Conflict,
  MergesFile,
  NewLogEntry,
  LogEntry,
  Person,
  RawRecord,
  SearchQuery,
  SourceRecord,
  Task,
  Tier,
} from '../model';

export interface Clock {
  now(): Date;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      // An aborted sleep rejects with the signal's reason, as AbortSignal-aware APIs do (`any` in the DOM types).
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- see above
      if (signal?.aborted) return reject(signal.reason);
      const t = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(t);
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- see above
          reject(signal.reason);
        },
        { once: true },
      );
    }),
};

export interface ConnectorContext {
  signal?: AbortSignal;
  /** Connectors log SOURCE_ACCESS, compliance and revisit entries through this. */
  log(entry: NewLogEntry): void;
}

export interface SearchOutcome {
  records: RawRecord[];
  /** The URL actually requested (credentials removed), for the log and citations. */
  url?: string;
  responseTimeMs: number;
  cached?: boolean;
}

/** One genealogical source (a YAML plugin plus its code), or the case's local archive. */
export interface SourceConnector {
  readonly id: string;
  readonly displayName: string;
  readonly tier: Tier;
  search(query: SearchQuery, ctx: ConnectorContext): Promise<SearchOutcome>;
}

/**
 * The case's local archive (`archive/`, id "archive"): a source like any other, handed in by the
 * host among the connectors. Its fingerprint changes when records are added or edited, so a
 * resumed run checks the archive again (a revisit).
 */
export interface ArchiveSource extends SourceConnector {
  readonly fingerprint: string;
  /** The id of every record it holds (`archive:<path>`), when it can list them: a search by `records` reads them. */
  catalogue?(): readonly string[];
}

/** The archive among a run's connectors, when the host handed one in that reports its fingerprint. */
export function archiveSourceOf(connectors: readonly SourceConnector[]): ArchiveSource | undefined {
  const archive = connectors.find((c) => c.id === 'archive');
  return archive && typeof (archive as Partial<ArchiveSource>).fingerprint === 'string'
    ? (archive as ArchiveSource)
    : undefined;
}

/** Engine state persisted after every step in `hypotheses.json` (the clue queue and the frontier). */
export interface SessionState {
  version: 1;
  sessionId: string;
  cycle: number;
  frontier: Task[];
  completedTaskIds: string[];
  hypotheses: ClueHypothesis[];
  revisitQueue: Task[];
  noveltyHashes: string[];
  terminated: boolean;
  terminationReason?: string;
  counters: Record<string, number>;
  /** Optional (loop): the person the session researches, so a resumed run keeps its subject. */
  subjectId?: string;
  /** Optional (loop): tasks a budget cut short; Z invariant 3 empties the frontier on termination. */
  parkedTasks?: Task[];
  /** Optional (loop): the cycle in progress, so a resumed run continues it instead of planning anew. */
  openCycle?: {
    steps: number;
    strategy: string;
    plannerStop?: string;
    startedAt: number;
    before: { persons: number; sources: number; conflicts: number };
    /** The Lead's target of the cycle (its id), rewarded with what the cycle learnt about its person. */
    target?: string;
    /** What was known about the target's person when the cycle began (the reward's baseline). */
    known?: { person: string; facts: number; sources: number; links: number; resolved: number };
  };
  /** Optional (loop): the Lead's targets, their visits and rewards (UCB1), so a later run goes on from them. */
  lead?: { cycles: number; targets: Record<string, { visits: number; reward: number }> };
}

/**
 * Options of a tree write (the case writer's `writeTree`, beyond the port).
 * `living`: verdicts the caller already took (an import judges every person once while mapping),
 * with the clock it judged by; persons it has no verdict for are judged by the store.
 */
export interface TreeWriteOptions {
  living?: { now: Date; of: (p: Person) => boolean | undefined };
  /**
   * Runs once every person is on disk, before the tree file takes its place: an import captures
   * the sources its persons cite there, so a failed capture leaves no tree citing missing sources.
   */
  beforeCommit?: () => Promise<void>;
}

/**
 * `id`: the caller names the source (a GEDCOM import names each after its file and record, so its
 * persons can cite it before it is captured); otherwise the id comes from the content.
 */
export interface CaptureOptions {
  id?: string;
}

/**
 * The case folder (DESIGN.md). Every write passes the Censor and is atomic; the log is append-only.
 * Persons come from `people/*.md` and from imported trees (`trees/*.jsonl`); a person file wins.
 */
export interface CaseStore {
  readonly root: string;
  config(): CaseConfig;
  persons(): Person[];
  person(id: string): Person | undefined;
  writePerson(person: Person): Promise<void>;
  /** Removes a person file (merges keep a snapshot first); never touches unparseable files. */
  removePerson(id: string): Promise<void>;
  sources(): SourceRecord[];
  source(id: string): SourceRecord | undefined;
  /**
   * Optional (the file case store has it): the captured source as its file reads now, afresh from
   * disk (VerifyTask); `problem` says why there is no record (missing or unreadable file).
   */
  rereadSource?(id: string): { record?: SourceRecord; problem?: string };
  /** Captures evidence; a source is never rewritten (same id and sha256 → no-op, else error). */
  captureSource(record: RawRecord, accessedAt: Date, opts?: CaptureOptions): Promise<SourceRecord>;
  /**
   * Optional (the file case store has it): marks a captured source as superseded by a newer capture
   * of the same archive record; the file keeps every captured byte (src/case/supersession.ts).
   */
  markSuperseded?(id: string, by: string): Promise<void>;
  conflicts(): Conflict[];
  writeConflict(conflict: Conflict): Promise<void>;
  merges(): MergesFile;
  writeMerges(merges: MergesFile): Promise<void>;
  session(): SessionState | undefined;
  writeSession(state: SessionState): Promise<void>;
  appendLog(entries: NewLogEntry[]): Promise<LogEntry[]>;
  /**
   * Optional transactions (the file case store has them): writes between begin() and commit() land
   * as one unit (write-ahead journal), so a killed run never leaves half a research step.
   */
  begin?(): void;
  commit?(): Promise<void>;
  /** Drops the open transaction: the engine discards a step that broke an invariant. */
  rollback?(): void;
  log(): LogEntry[];
  /** Optional (the file case store has it): entries appended to the log since byte `from` (see FileCaseStore). */
  logTail?(from: number): { entries: LogEntry[]; next: number; staged: LogEntry[] };
  writeSummary(markdown: string): Promise<void>;
  /** Optional (the file case store has it): cycles/<n>.md, timeline.md, theories.md, through the Censor. */
  writeResearchState?(rel: string, markdown: string): Promise<void>;
  hasResearchState?(rel: string): boolean;
  /** exports/<name> inside the case, or an absolute path outside it; Censor export rules apply. */
  /** censoredByField: the exporter applied the Censor per field; the text is written as given. */
  writeExport(name: string, content: string, opts?: { censoredByField?: boolean }): Promise<string>;
}
