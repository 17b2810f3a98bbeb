/**
 * Merge proposals as a person reviews them on a large tree (issue #15 item 4): ranked (merge
 * before review, then by similarity), filtered (status, recommendation, minimum score), grouped
 * (by family: the couple whose child the canonical person is; by surname) and paged. Pure: the
 * CLI `merges` verb and the Merges view both list through it, so they show the same order.
 */
import { displayName, type MergeCluster, type Person } from '../../../model';
import { nameWords } from '../../../model/names/fold';

export type ClusterStatus = MergeCluster['status'];
export type GroupBy = 'family' | 'surname';

export interface ReviewQuery {
  /** 'all' or one status; default 'proposed' */
  status?: ClusterStatus | 'all';
  recommendation?: MergeCluster['recommendation'];
  minScore?: number;
  group?: GroupBy;
  /** 'score' (default: merge before review, best first) or 'name' (the canonical person's name) */
  sort?: 'score' | 'name';
  /** words that must all appear in a member's name or id (accents and case ignored) */
  text?: string;
  /** page size; default 50 */
  limit?: number;
  offset?: number;
}

export interface ReviewGroup {
  key: string;
  label: string;
  /** how many clusters of the filtered list fall in this group (all pages) */
  count: number;
  clusters: MergeCluster[];
}

export interface ReviewPage {
  /** matching the filter, all pages */
  matching: number;
  /** every cluster in merges.json, by status and recommendation */
  totals: Record<ClusterStatus, number> & { merge: number; review: number };
  offset: number;
  limit: number;
  clusters: MergeCluster[];
  /** the page's clusters by group (only with `group`), groups in the order of their best cluster */
  groups?: ReviewGroup[];
}

export const DEFAULT_PAGE = 50;

const rank = (c: MergeCluster) => (c.recommendation === 'merge' ? 2 : c.recommendation === 'review' ? 1 : 0);
const STATUS_ORDER: Record<ClusterStatus, number> = { proposed: 0, accepted: 1, undone: 2, rejected: 3 };

/** Open before decided, then "merge" before "review", then higher similarity, then id (stable). */
export function compareClusters(a: MergeCluster, b: MergeCluster): number {
  return (
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    rank(b) - rank(a) ||
    b.similarity - a.similarity ||
    a.id.localeCompare(b.id)
  );
}

export function matches(c: MergeCluster, q: ReviewQuery): boolean {
  const status = q.status ?? 'proposed';
  if (status !== 'all' && c.status !== status) return false;
  if (q.recommendation && c.recommendation !== q.recommendation) return false;
  if (q.minScore !== undefined && c.similarity < q.minScore) return false;
  return true;
}

/** The group a cluster falls in, from its canonical person (else its first member). */
export function groupOf(
  c: MergeCluster,
  by: GroupBy,
  person: (id: string) => Person | undefined,
): { key: string; label: string } {
  const p = person(c.canonicalId) ?? person(c.memberIds[0]);
  if (by === 'surname') {
    const surname = p?.names.find((n) => n.surname.trim())?.surname.trim() ?? '';
    return surname ? { key: `s:${surname.toLowerCase()}`, label: surname } : { key: 's:', label: '(no surname)' };
  }
  // By family: the parents the members share, else the canonical person's, else no family.
  const parentsOf = (id: string) =>
    (person(id)?.relationships ?? [])
      .filter((r) => r.type === 'parent' && r.status !== 'rejected')
      .map((r) => r.person)
      .sort();
  const lists = c.memberIds.map(parentsOf).filter((l) => l.length);
  const parents = lists.length ? lists.reduce((x, y) => (x.length >= y.length ? x : y)) : [];
  if (!parents.length) return { key: 'f:', label: '(no parents recorded)' };
  const names = parents.map((id) => {
    const q = person(id);
    return q ? displayName(q) : id;
  });
  return { key: `f:${parents.join('+')}`, label: `children of ${names.join(' & ')}` };
}

/** Keeps the clusters whose members' names or ids hold every word of `text`. */
function textFilter(
  text: string | undefined,
  person: (id: string) => Person | undefined,
): ((c: MergeCluster) => boolean) | undefined {
  const words = nameWords(text ?? '');
  if (!words.length) return undefined;
  return (c) => {
    const hay = nameWords(
      c.memberIds
        .map((id) => {
          const p = person(id);
          return `${id} ${p ? p.names.map((n) => `${n.given} ${n.surname}`).join(' ') : ''}`;
        })
        .join(' '),
    );
    return words.every((w) => hay.some((h) => h.startsWith(w)));
  };
}

export function reviewPage(
  clusters: MergeCluster[],
  q: ReviewQuery,
  person: (id: string) => Person | undefined,
): ReviewPage {
  const totals = { proposed: 0, accepted: 0, rejected: 0, undone: 0, merge: 0, review: 0 };
  for (const c of clusters) {
    totals[c.status]++;
    if (c.status === 'proposed' && (c.recommendation === 'merge' || c.recommendation === 'review'))
      totals[c.recommendation]++;
  }
  const limit = Math.max(1, q.limit ?? DEFAULT_PAGE);
  const offset = Math.max(0, q.offset ?? 0);
  const byText = textFilter(q.text, person);
  const filtered = clusters.filter((c) => matches(c, q) && (!byText || byText(c))).sort(compareClusters);
  if (q.sort === 'name') {
    const names = new Map(
      filtered.map((c) => {
        const p = person(c.canonicalId) ?? person(c.memberIds[0]);
        const n = p?.names[0];
        return [c.id, n ? `${n.surname} ${n.given}`.trim().toLowerCase() : c.canonicalId];
      }),
    );
    // Stable: within a name, the score order stays.
    filtered.sort(
      (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || names.get(a.id)!.localeCompare(names.get(b.id)!),
    );
  }
  if (!q.group)
    return { matching: filtered.length, totals, offset, limit, clusters: filtered.slice(offset, offset + limit) };
  // Grouped: whole groups stay together, groups ranked by their best cluster; the page cuts the
  // grouped order, so paging walks group after group.
  const groups = new Map<string, ReviewGroup>();
  for (const c of filtered) {
    const g = groupOf(c, q.group, person);
    let entry = groups.get(g.key);
    if (!entry) groups.set(g.key, (entry = { ...g, count: 0, clusters: [] }));
    entry.count++;
    entry.clusters.push(c);
  }
  const ordered = [...groups.values()].flatMap((g) => g.clusters.map((c) => ({ g, c })));
  const page = ordered.slice(offset, offset + limit);
  const pageGroups: ReviewGroup[] = [];
  for (const { g, c } of page) {
    const last = pageGroups.at(-1);
    if (last?.key === g.key) last.clusters.push(c);
    else pageGroups.push({ key: g.key, label: g.label, count: g.count, clusters: [c] });
  }
  return { matching: filtered.length, totals, offset, limit, clusters: page.map((x) => x.c), groups: pageGroups };
}
