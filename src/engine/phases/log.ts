/**
 * Logging: the run's research-log entries (stamped with the session and cycle, written in batches
 * before anything that depends on them) and its live events for the host. The sources accessed and
 * the searches made are read from the entries as they pass, for revisits and for summary.md.
 */
import type { LogEntry, NewLogEntry } from '../../model';
import type { CaseStore } from '../ports';
import type { EngineEvent } from '../events';
import type { SearchRecord } from '../../agents/analyst/proof/summary';

export class RunLog {
  private pending: NewLogEntry[] = [];
  private written = 0;
  private stepEntries: NewLogEntry[] = [];
  /** Sources searched in this case, this run or before (ScoutRevisitSource revisits only these). */
  readonly accessed = new Set<string>();
  /** Every search, for summary.md. */
  readonly searches: SearchRecord[] = [];
  /** The session and cycle entries are stamped with (set once the session exists). */
  private session: () => { sessionId?: string; cycle?: number } = () => ({});

  constructor(
    private readonly store: CaseStore,
    private readonly opts: { onEvent?: (e: EngineEvent) => void; meter?: { costUsd(): number } },
  ) {}

  stampWith(session: () => { sessionId: string; cycle: number }): void {
    this.session = session;
  }

  /** The entries already in the log when the run started (a resumed or continued case). */
  restore(prior: readonly LogEntry[]): void {
    this.written = prior.length;
    for (const e of prior) if (e.actionType === 'source_access') this.noteAccess(e);
  }

  add(e: NewLogEntry): void {
    const now = this.session();
    const entry = { ...e, sessionId: now.sessionId ?? e.sessionId, cycle: e.cycle ?? now.cycle } as NewLogEntry;
    this.pending.push(entry);
    this.stepEntries.push(entry);
    if (entry.actionType === 'source_access') this.noteAccess(entry);
  }

  private noteAccess(e: Extract<LogEntry | NewLogEntry, { actionType: 'source_access' }>): void {
    this.accessed.add(e.source);
    this.searches.push({
      query: e.context || e.url || '',
      source: e.source,
      records: e.recordCount,
      success: e.success,
      failure: e.failureReason,
    });
  }

  async flush(): Promise<void> {
    if (!this.pending.length) return;
    const batch = this.pending;
    this.pending = [];
    await this.store.appendLog(batch);
    this.written += batch.length;
  }

  /** Drops the entries not yet written (a step discarded for breaking an invariant). */
  discardPending(): void {
    this.pending = [];
    this.stepEntries = [];
  }

  /** Entries in the log, written or waiting (the log budget counts both). */
  get size(): number {
    return this.written + this.pending.length;
  }

  /** The entries logged since the last call (the invariants check one step's entries). */
  takeStepEntries(): NewLogEntry[] {
    const out = this.stepEntries;
    this.stepEntries = [];
    return out;
  }

  emit(type: EngineEvent['type'], message: string): void {
    this.opts.onEvent?.({ type, message, cycle: this.session().cycle ?? 0, costUsd: this.opts.meter?.costUsd() });
  }
}
