/**
 * A search that a source could not answer (down, timing out, circuit open, 5xx, rate-limited) is
 * not a search done: the query is parked for that source and asked again by a later run, so an
 * outage once does not leave a case "exhausted" for good (issue #21). A refusal that would repeat
 * (ToS, robots.txt, credentials, a malformed, oversized or redirected answer, a 4xx) is not parked.
 */
import type { Task } from '../model';
import { stableId } from './ids';

const TRANSIENT = new Set(['network', 'timeout', 'circuit_open', 'rate_limited']);

/** Whether the error says the source was unreachable rather than that it answered. */
export function isOutage(e: unknown): boolean {
  if (!e || typeof e !== 'object' || !('kind' in e)) return false;
  const { kind, status } = e as { kind: unknown; status?: unknown };
  if (kind === 'http') return typeof status !== 'number' || status >= 500 || status === 429 || status === 408;
  return typeof kind === 'string' && TRANSIENT.has(kind);
}

/** The same search for the sources that were down, with an id a repeated outage keeps. */
export function retryLater(task: Task, sources: readonly string[]): Task {
  const only = [...sources].sort();
  return {
    ...task,
    id: stableId('T', task.id, 'outage', only.join(',')),
    query: { ...(task.query ?? {}), sources: only },
    completed: false,
  };
}

/**
 * What an 'exhausted' stop adds when searches wait for sources that did not answer: the case is
 * exhausted only for now, and a later run asks them again.
 */
export function outageNote(parked: readonly Task[]): string {
  const waiting = parked.filter((t) => !t.completed && t.query?.sources?.length);
  if (!waiting.length) return '';
  const sources = [...new Set(waiting.flatMap((t) => t.query?.sources ?? []))].sort();
  return `; ${waiting.length} search(es) wait for sources that did not answer (${sources.join(', ')}): run again when they are back`;
}
