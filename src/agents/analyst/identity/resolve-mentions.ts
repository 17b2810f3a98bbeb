/**
 * Resolving a mention once a person fits it: the record that made the mention named it as a relative
 * (the subject's daughter "Lena"); when the same person now has exactly one relative of that kind
 * whose given name agrees, the mention was that relative, and its words become evidence of the link.
 * Two or more such relatives leave it open: a genealogist would not guess between sisters.
 */
import { displayName } from '../../../model';
import { splitPersonaName } from '../../../model/names';
import type { KnowledgeGraph } from '../graph';
import type { UnresolvedMention } from '../integration-result';
import { givenNamesAlike } from './hard-facts';

export interface ResolvedMention {
  mention: UnresolvedMention;
  person: string;
  why: string;
}

/** Resolves (and removes from `pending`) the mentions whose related person was touched and now has one fitting relative. */
export function resolveMentions(
  g: KnowledgeGraph,
  pending: UnresolvedMention[],
  touched: ReadonlySet<string>,
): ResolvedMention[] {
  const out: ResolvedMention[] = [];
  for (let k = pending.length - 1; k >= 0; k--) {
    const m = pending[k];
    if (!m.relatedTo || !m.kind || !m.claim || !touched.has(m.relatedTo)) continue;
    const anchor = g.get(m.relatedTo);
    if (!anchor) continue;
    const given = splitPersonaName(m.name).given;
    const fits = anchor.relationships
      .filter((r) => r.type === m.kind && r.status !== 'rejected')
      .map((r) => g.get(r.person))
      .filter((p) => p !== undefined && p.names.some((n) => givenNamesAlike(n.given, given)));
    if (fits.length !== 1) continue;
    const person = fits[0]!;
    const refused = g.relate(anchor.id, m.kind, person.id, [m.claim], 'staged', m.claim.confidence);
    if (refused) continue;
    pending.splice(k, 1);
    out.push({
      mention: m,
      person: person.id,
      why: `${displayName(person)} is the only ${m.kind} of ${displayName(anchor)} named so ("${m.snippet.slice(0, 80)}")`,
    });
  }
  return out.reverse();
}
