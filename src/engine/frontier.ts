/**
 * The FrontierQueue: Z `sortByPriority` (priority descending) with seed 001's tie rule (oldest
 * first, then insertion order). A binary heap, so select and add are O(log n) at any frontier size.
 */
import type { Task } from '../model';

interface Entry {
  task: Task;
  seq: number;
}

function before(a: Entry, b: Entry): boolean {
  if (a.task.priority !== b.task.priority) return a.task.priority > b.task.priority;
  if (a.task.createdAt !== b.task.createdAt) return a.task.createdAt < b.task.createdAt;
  return a.seq < b.seq;
}

export class Frontier {
  private heap: Entry[] = [];
  private ids = new Set<string>();
  private seq = 0;

  constructor(tasks: readonly Task[] = []) {
    for (const t of tasks) this.push(t);
  }

  get size(): number {
    return this.heap.length;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Adds a task unless one with the same id is queued; returns whether it was added. */
  push(task: Task): boolean {
    if (this.ids.has(task.id)) return false;
    this.ids.add(task.id);
    this.heap.push({ task, seq: this.seq++ });
    this.up(this.heap.length - 1);
    return true;
  }

  /** Whether any queued task satisfies `pred` (not only the head). */
  some(pred: (t: Task) => boolean): boolean {
    return this.heap.some((e) => pred(e.task));
  }

  peek(): Task | undefined {
    return this.heap[0]?.task;
  }

  /** head(sortByPriority(frontier)); the frontier becomes the tail. */
  pop(): Task | undefined {
    const top = this.heap[0];
    if (!top) return undefined;
    const last = this.heap.pop()!;
    if (this.heap.length) {
      this.heap[0] = last;
      this.down(0);
    }
    this.ids.delete(top.task.id);
    return top.task;
  }

  /**
   * Raises the queued tasks `pred` holds for to `priority` (never lowers one): the Lead's target
   * goes first. Returns how many were raised.
   */
  raise(pred: (t: Task) => boolean, priority: number): number {
    let n = 0;
    for (const e of this.heap)
      if (e.task.priority < priority && pred(e.task)) {
        e.task = { ...e.task, priority };
        n += 1;
      }
    if (n) for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.down(i);
    return n;
  }

  /** Removes every task (returned in priority order), e.g. when the session terminates. */
  drain(): Task[] {
    const out: Task[] = [];
    for (let t = this.pop(); t; t = this.pop()) out.push(t);
    return out;
  }

  /** sortByPriority(frontier) without changing it: the persisted form. */
  sorted(): Task[] {
    return [...this.heap].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).map((e) => e.task);
  }

  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(h[i], h[p])) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      if (l < h.length && before(h[l], h[best])) best = l;
      if (r < h.length && before(h[r], h[best])) best = r;
      if (best === i) return;
      [h[i], h[best]] = [h[best], h[i]];
      i = best;
    }
  }
}

/** Z sortByPriority on a plain sequence (stable: ties keep creation order, then sequence order). */
export function sortByPriority(tasks: readonly Task[]): Task[] {
  return tasks
    .map((task, seq) => ({ task, seq }))
    .sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0))
    .map((e) => e.task);
}
