/**
 * A CaseStore kept in memory (a port implementation for tests, as DESIGN.md allows): the same
 * validation and Censor rules as the file store — Person/Source schemas, source ids from content,
 * living-person redaction of trees — without thousands of file writes per test.
 */
import { createHash } from 'node:crypto';
import { redactPerson, redactRecord, type CensorContext } from '../../../src/agents/censor';
import type { CaptureOptions, CaseStore, SessionState, TreeWriteOptions } from '../../../src/engine/ports';
import {
  CaseConfig,
  Conflict,
  LogEntry,
  MergesFile,
  Person,
  SourceRecord,
  type NewLogEntry,
  type RawRecord,
} from '../../../src/model';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export class MemoryCaseStore implements CaseStore {
  readonly root = '/memory';
  private cfg: CaseConfig;
  private people = new Map<string, Person>();
  private src = new Map<string, SourceRecord>();
  private conflictList: Conflict[] = [];
  private mergesData: MergesFile = MergesFile.parse({});
  private entries: LogEntry[] = [];
  readonly exports = new Map<string, string>();
  readonly bodies = new Map<string, string>();
  trees = 0;

  constructor(
    config: Partial<CaseConfig> = {},
    readonly now = new Date('2026-01-01T00:00:00Z'),
  ) {
    this.cfg = CaseConfig.parse({ question: 'test', subject: { name: 'Test' }, ...config });
  }
  censorContext(): CensorContext {
    return { now: this.now, thresholdYears: this.cfg.privacy.livingThresholdYears, consent: this.cfg.privacy.consent };
  }
  config() {
    return this.cfg;
  }
  persons() {
    return [...this.people.values()];
  }
  person(id: string) {
    return this.people.get(id);
  }
  async writePerson(person: Person, body?: string) {
    const p = Person.parse(person);
    this.people.set(p.id, redactPerson(p, this.censorContext()).person);
    if (body !== undefined) this.bodies.set(p.id, body);
  }
  personBody(id: string) {
    return this.bodies.get(id);
  }
  async writeTree(name: string, persons: Iterable<Person>, opts: TreeWriteOptions = {}) {
    this.trees++;
    const written = [...persons].map((p) => redactPerson(Person.parse(p), this.censorContext()).person);
    await opts.beforeCommit?.();
    for (const p of written) this.people.set(p.id, p);
    return `trees/${name}.jsonl`;
  }
  async removePerson(id: string) {
    this.people.delete(id);
  }
  sources() {
    return [...this.src.values()];
  }
  source(id: string) {
    return this.src.get(id);
  }
  async captureSource(raw: RawRecord, accessedAt: Date, opts: CaptureOptions = {}) {
    const { record } = redactRecord(raw, this.censorContext());
    const content = sha(record.text || JSON.stringify(record.persons));
    const id =
      opts.id ??
      `S-${sha(`${record.sourceId}|${record.url ?? record.externalId ?? record.title}|${content}`).slice(0, 12)}`;
    const existing = this.src.get(id);
    if (existing) return existing;
    const s = SourceRecord.parse({ ...record, id, accessedAt: accessedAt.toISOString(), sha256: content });
    this.src.set(id, s);
    return s;
  }
  conflicts() {
    return this.conflictList;
  }
  async writeConflict(c: Conflict) {
    this.conflictList = [...this.conflictList.filter((x) => x.id !== c.id), Conflict.parse(c)];
  }
  merges() {
    return this.mergesData;
  }
  async writeMerges(m: MergesFile) {
    this.mergesData = MergesFile.parse(m);
  }
  session(): SessionState | undefined {
    return undefined;
  }
  async writeSession() {}
  async appendLog(entries: NewLogEntry[]) {
    const stamped = entries.map((e, i) =>
      LogEntry.parse({
        ...e,
        id: `L-${this.entries.length + i + 1}`,
        timestamp: this.now.toISOString(),
        sessionId: 'test',
      }),
    );
    this.entries.push(...stamped);
    return stamped;
  }
  log() {
    return this.entries;
  }
  async writeSummary() {}
  async writeExport(name: string, content: string) {
    this.exports.set(name, content);
    return `exports/${name}`;
  }
}
