/**
 * The wife of a known husband (issue #14, held-out cases): a death register's "Maria da Conceição
 * Freitas, wife of Jose G. Freitas" names a woman whose names in the records before were "Maria de
 * Jesus" and "Maria da Conceição" (Portuguese devotional names) and never Freitas: the resolver finds
 * no one like her. Her husband it finds at once, and his known wife is a Maria of the right age. A
 * genealogist reads the record through the husband: she is his wife, unless the record contradicts it.
 *
 * Only when exactly one known couple fits: a partner found with confidence and one spouse of theirs
 * whose given name fits. A widower's two wives of one name, or two men alike each with a wife alike,
 * decide nothing.
 */
import type { Person } from '../../../model';
import { displayName } from '../../../model';
import { namesAlike } from '../../../model/names';

export interface PartnerMatch {
  /** The known person the record's partner persona is. */
  partner: Person;
  /** The partner's known spouse taken for the anchor. */
  spouse: Person;
  why: string;
}

/**
 * `strong`: the known persons the partner persona is found to be with confidence (one is needed);
 * `fits`: whether a known spouse may be the anchor (sex, no hard contradiction, not taken already).
 */
export function spouseOfKnownPartner(
  get: (id: string) => Person | undefined,
  strong: readonly string[],
  anchorGiven: string,
  fits: (id: string) => boolean,
): PartnerMatch | undefined {
  const first = anchorGiven.split(/\s+/)[0] ?? '';
  if (!first) return undefined;
  // Every known couple the record's couple may be: a partner found with confidence, and a spouse of
  // theirs named alike. One couple decides; two (a widower's two Marias, two men alike with wives
  // alike) decide nothing. A partner alike with no such spouse is no rival: the couple is the evidence.
  const couples: { partner: Person; spouse: Person }[] = [];
  for (const id of new Set(strong)) {
    const partner = get(id);
    if (!partner) continue;
    for (const r of partner.relationships) {
      if (r.type !== 'spouse' || r.status === 'rejected') continue;
      const q = get(r.person);
      if (q && q.names.some((n) => namesAlike(first, n.given.split(/\s+/)[0] ?? '')) && fits(q.id))
        couples.push({ partner, spouse: q });
    }
  }
  if (couples.length !== 1) return undefined;
  const { partner, spouse } = couples[0];
  return {
    partner,
    spouse,
    why: `Family context: the record names the spouse, ${displayName(partner)} (${partner.id}), found with confidence, whose only known spouse of this given name is ${displayName(spouse)}.`,
  };
}
