/**
 * Two namesakes equally like the bride of a marriage (two Hannah Fairbankses of one town): the one
 * already married to another man is the less likely bride. Not a hard fact (a widow remarries), so
 * it only breaks a tie that nothing else breaks, as a genealogist would weigh it, and says so.
 */
import { displayName } from '../../../model';
import { yearRange } from '../../../model/gdate';
import type { KnowledgeGraph } from '../graph';
import { givenNamesAlike } from './hard-facts';

/**
 * The spouse `personId` is recorded married to by `year`, other than the one the record names
 * (given names `spouseGiven`); undefined when none.
 */
export function marriedElsewhere(
  g: KnowledgeGraph,
  personId: string,
  spouseGiven: readonly string[],
  year: number | undefined,
): string | undefined {
  const p = g.get(personId);
  if (!p || !spouseGiven.length) return undefined;
  for (const r of p.relationships) {
    if (r.type !== 'spouse' || r.status === 'rejected') continue;
    const q = g.get(r.person);
    if (!q || q.names.some((n) => spouseGiven.some((s) => Boolean(n.given) && givenNamesAlike(n.given, s)))) continue;
    // Married by the time of this record: the marriage is dated no later than it.
    const since = p.assertions
      .filter((a) => a.field === 'marriage.date' && a.status !== 'rejected')
      .filter((a) => q.assertions.some((b) => b.field === 'marriage.date' && b.event === a.event))
      .map((a) => yearRange(a.value).min)
      .filter((y): y is number => y !== undefined);
    if (year !== undefined && since.length && Math.min(...since) > year) continue;
    return displayName(q);
  }
  return undefined;
}

/**
 * Of tied candidates for a bride or groom, the only one not married to someone else by then (when
 * the others are); undefined when that does not single one out.
 */
export function pickUnmarried(
  g: KnowledgeGraph,
  tied: readonly string[],
  spouseGiven: readonly string[],
  year: number | undefined,
): { id: string; why: string } | undefined {
  const married = tied.map((id) => ({ id, to: marriedElsewhere(g, id, spouseGiven, year) }));
  const free = married.filter((m) => !m.to);
  if (free.length !== 1 || free.length === married.length) return undefined;
  const others = married
    .filter((m) => m.to)
    .map((m) => `${displayName(g.get(m.id)!)} (${m.id}) is already married to ${m.to}`)
    .join('; ');
  return {
    id: free[0].id,
    why: `Of equally alike namesakes, the one not already married: ${others}.`,
  };
}
