/**
 * The host side of the People directory: a worker thread (dist/people-worker.js) holds the case
 * opened from its tree index and answers pages, searches and lookups, so no request blocks the
 * extension host (issue #16 item 3; bench/people-view.ts measures the host thread). Requests wait
 * for the open in progress; `open` again (another case, or its files changed) starts over.
 */
import { Worker } from 'node:worker_threads';
import type { Family, NeighbourhoodOptions } from '../../case/tree-family';
import type { Person } from '../../model';
import type { PeopleFilter, PeoplePage, PersonRow, Relatives } from './directory';
import type { Generations, PedigreeView } from '../../protocol/pedigree';
import type { PersonPage } from '../../protocol/person';

export type { PeopleFilter, PeoplePage, PersonRow, Relatives } from './directory';

interface Reply {
  id: number;
  result?: unknown;
  error?: string;
}

export class PeopleClient {
  private worker: Worker | undefined;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private opened: Promise<unknown> | undefined;
  private root: string | undefined;

  constructor(private readonly script: string) {}

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.script);
    w.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (!this.pending.size) w.unref();
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.result);
    });
    const fail = (e: Error) => {
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
      if (this.worker === w) {
        this.worker = undefined;
        this.opened = undefined;
      }
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the people worker exited (${code})`)));
    // An idle worker does not keep the host process alive (it is ref'd while a request waits).
    w.unref();
    return (this.worker = w);
  }

  private send<T>(method: string, args: unknown[]): Promise<T> {
    const w = this.ensureWorker();
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      if (!this.pending.size) w.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      w.postMessage({ id, method, args });
    });
  }

  /** Opens (again) the case at `root` in the worker. */
  open(root: string): Promise<unknown> {
    this.root = root;
    return (this.opened = this.send('open', [root]));
  }

  get caseRoot(): string | undefined {
    return this.root;
  }

  private async ask<T>(method: string, args: unknown[]): Promise<T> {
    if (!this.opened) throw new Error('no case is open');
    await this.opened;
    return this.send<T>(method, args);
  }

  page(filter: PeopleFilter, offset: number, limit: number): Promise<PeoplePage> {
    return this.ask('page', [filter, offset, limit]);
  }

  search(text: string, limit: number): Promise<PersonRow[]> {
    return this.ask('search', [text, limit]);
  }

  relatives(id: string): Promise<Relatives> {
    return this.ask('relatives', [id]);
  }

  locate(id: string): Promise<{ file: string; line?: number } | null> {
    return this.ask('locate', [id]);
  }

  /** A person's family chart (null: no such person); `privacy` is the user's side of redaction. */
  chart(
    id: string,
    generations: Generations,
    privacy: { thresholdYears: number; consent: boolean },
  ): Promise<PedigreeView | null> {
    return this.ask('chart', [id, generations, privacy]);
  }

  /**
   * Writes a chart's SVG, or that SVG drawn as a PDF, to `path` (absolute, or a name under
   * exports/) through the case's writer.
   */
  saveChart(path: string, svg: string, format: 'svg' | 'pdf' = 'svg', title?: string): Promise<string> {
    return this.ask('saveChart', [path, svg, format, title]);
  }

  /** The person page of `id` (null: not in the case). */
  personPage(id: string): Promise<PersonPage | null> {
    return this.ask('personPage', [id]);
  }

  /** Whole persons by id, from the tree index in the worker (unknown ids are left out). */
  persons(ids: readonly string[]): Promise<Person[]> {
    return this.ask('persons', [ids]);
  }

  /** A person with parents, spouses and children (src/case/tree-family.ts), or null. */
  family(id: string): Promise<Family | null> {
    return this.ask('family', [id]);
  }

  /** The persons around one, each once, the subject first (src/case/tree-family.ts neighbourhood). */
  neighbourhood(id: string, opts: NeighbourhoodOptions = {}): Promise<Person[]> {
    return this.ask('neighbourhood', [id, opts]);
  }

  subject(): Promise<string | null> {
    return this.ask('subject', []);
  }

  dispose(): void {
    void this.worker?.terminate();
    this.worker = undefined;
    this.opened = undefined;
  }
}
