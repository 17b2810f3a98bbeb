/**
 * Research against a big tree (issue #16 item 5): the case is opened from its tree index and the
 * run sees the subject's neighbourhood (ancestors, descendants and their spouses, read one tree
 * line each through src/case/tree-family.ts) and the person files, instead of every person of a
 * 100k-person tree. Its start and its per-cycle work then follow the neighbourhood, not the tree.
 *
 * What the run does not see: tree persons outside the neighbourhood, so a record naming one of them
 * makes a new person (and `ancestry merges` proposes joining the two later). Trees under
 * FOCUS_FROM_BYTES are read whole as before, where matching against every person is cheap.
 * The Censor still knows every living person of every tree (from the index).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { foldName } from '../model/names';
import { TREES_DIR } from './layout';
import { openCase } from './index';
import { findPersons } from './person-catalog';
import type { FileCaseStore } from './store';
import { neighbourhood } from './tree-family';

/**
 * Tree files (bytes, all trees) from which research sees only the subject's neighbourhood: about 5k
 * persons in the compact format (~390 bytes each), which read whole in well under a second.
 */
export const FOCUS_FROM_BYTES = 2 << 20;

function treeBytes(root: string): number {
  const dir = join(root, TREES_DIR);
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const name of readdirSync(dir)) if (name.endsWith('.jsonl')) n += statSync(join(dir, name)).size;
  return n;
}

/** How far the neighbourhood reaches: great-grandparents, grandchildren, and the spouses of all. */
export const RESEARCH_NEIGHBOURHOOD = { ancestors: 3, descendants: 2, spouses: true, limit: 2_000 } as const;

/** The subject's id: `person` (an id, or a full name found once), else the session's, else case.yaml's. */
export function researchSubjectId(store: FileCaseStore, person?: string): string | undefined {
  if (person) {
    if (store.person(person)) return person;
    const f = foldName(person);
    const found = findPersons(store, { name: person }, 50).filter((s) => foldName(s.name) === f);
    return found.length === 1 ? found[0].id : undefined;
  }
  const session = store.session()?.subjectId;
  if (session && store.person(session)) return session;
  const configured = store.config().subject.person;
  return configured && store.person(configured) ? configured : undefined;
}

/**
 * Opens a case for a research run on `person` (or the case's subject). A big tree is opened from its
 * index and focused on the subject's neighbourhood; anything else opens as `openCase` does.
 * `scope` says which, for the run's log line and the bench.
 */
export async function openForResearch(
  root: string,
  person?: string,
  opts: { focusFromBytes?: number } = {},
): Promise<{ store: FileCaseStore; scope: { persons: number; subject: string } | undefined }> {
  if (treeBytes(root) < (opts.focusFromBytes ?? FOCUS_FROM_BYTES))
    return { store: await openCase(root), scope: undefined };
  const indexed = await openCase(root, { trees: 'indexed' });
  const subject = indexed.indexOfTrees() ? researchSubjectId(indexed, person) : undefined;
  // No index (a tree unreadable) or no subject in the trees: read as before.
  if (!subject) return { store: await openCase(root), scope: undefined };
  const around = neighbourhood(indexed, subject, RESEARCH_NEIGHBOURHOOD);
  indexed.focusOn(around);
  return { store: indexed, scope: { persons: around.size, subject } };
}
