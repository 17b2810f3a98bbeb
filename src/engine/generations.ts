/**
 * Seed 001's generation_depth: how many generations above the subject the research has proven, as
 * the longest line of accepted parent links (the subject's parents are generation 1).
 */
import type { Person } from '../model';

export function generationDepth(subjectId: string, get: (id: string) => Person | undefined): number {
  let depth = 0;
  let frontier = new Set([subjectId]);
  const seen = new Set(frontier);
  while (frontier.size) {
    const next = new Set<string>();
    for (const id of frontier)
      for (const r of get(id)?.relationships ?? [])
        if (r.type === 'parent' && r.status === 'accepted' && !seen.has(r.person) && get(r.person)) {
          seen.add(r.person);
          next.add(r.person);
        }
    if (!next.size) break;
    depth += 1;
    frontier = next;
  }
  return depth;
}
