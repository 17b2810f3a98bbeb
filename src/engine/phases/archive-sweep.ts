/**
 * The sweep of the local archive: before the research ends on its own rules (goal achieved, GPS
 * satisfied, diminishing returns, nothing left), the Scout reads the archive records no search
 * reached. The archive is what the user gathered for this case; a genealogist reads every paper in
 * the case file before signing a conclusion (GPS element 1, a reasonably exhaustive search), and a
 * record filed under a name the searches never tried (a name changed in America, a newsletter of
 * the family's society) is often the one that links the rest. Once per archive fingerprint, in
 * batches that count against the request budget like any search; a budget ending skips it.
 */
import type { Task } from '../../model';
import { makeTask } from '../state';
import type { Research, RunContext } from './context';

/** Records per sweep task: one analysis step stays the size of a large search's answer. */
const BATCH = 25;
const SWEEP_PRIORITY = 1;

/** The novelty key that marks the archive, as it is now, swept (it persists with the session). */
function sweptKey(fingerprint: string): string {
  return `archive-sweep:${fingerprint}`;
}

export function isArchiveSweep(task: Task): boolean {
  return task.taskType === 'SearchTask' && Boolean(task.query?.records?.length);
}

/**
 * The sweep tasks, when the archive holds records no source of the case was captured from and it
 * was not swept as it is now; marks it swept. Empty when there is nothing to read.
 */
export function archiveSweepTasks(ctx: RunContext, research: Research): Task[] {
  const archive = ctx.archive;
  if (!archive?.catalogue) return [];
  const key = sweptKey(archive.fingerprint);
  const { engine } = research;
  if (engine.novelty.has(key)) return [];
  engine.novelty.add(key);
  const captured = new Set(ctx.store.sources().flatMap((s) => (s.externalId ? [s.externalId] : [])));
  const unread = archive.catalogue().filter((id) => !captured.has(id));
  const tasks: Task[] = [];
  for (let i = 0; i < unread.length; i += BATCH)
    tasks.push(
      makeTask({
        taskType: 'SearchTask',
        priority: SWEEP_PRIORITY,
        createdAt: ctx.clock.now().toISOString(),
        query: { sources: [archive.id], records: unread.slice(i, i + BATCH) },
        sourceConstraint: [0],
      }),
    );
  return tasks;
}
