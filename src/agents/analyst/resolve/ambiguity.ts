/**
 * A record that fits two persons who are not one person is not yet either of them: a genealogist
 * who finds a second "Rory Kennedy, born after 1967" beside two sisters of that name (one who died
 * young, one named after her) cannot say which sister it is, however well it fits each. So when
 * one person is a "merge" with two others who are not a "merge" with each other (the rules hold
 * them apart, or nothing links them), the weaker fit becomes a "review", and so does the better one
 * unless it fits by a clear margin (MARGIN). Three entries of one person are merges with each
 * other and stay as they are.
 */
import type { PersonFeatures } from './feature-types';
import type { PairScore } from './score';

interface Proposal {
  a: PersonFeatures;
  b: PersonFeatures;
  score: PairScore;
}

/**
 * Log-odds by which the better of two rival fits must lead for it to stay a "merge": e to 1 on the
 * evidence compared, the least that reads as "clearly better". Two sisters of one name and parents
 * fit a third entry about equally, and a coin toss between them is no conclusion. On the tuning
 * injector (resolve-heldout.ts seeds 1-5) a margin of 0 (the best fit always kept) cost no
 * duplicate, 1 and 2 cost 2 of willis's 380 (duplicates of a person the tree already holds twice),
 * 3 and 4 cost 3-4; 1 is kept for the reason above, which that injector (twins, no namesake
 * siblings) cannot show.
 */
export const MARGIN = 1;

function key(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

function logit(s: number): number {
  const p = Math.min(Math.max(s, 1e-12), 1 - 1e-12);
  return Math.log(p / (1 - p));
}

/** Demotes (in place) the merges of a person who fits two others held apart; returns how many. */
export function demoteAmbiguous(proposals: Proposal[]): number {
  const merges = proposals.filter((d) => d.score.recommendation === 'merge');
  const mergeKeys = new Set(merges.map((d) => key(d.a.id, d.b.id)));
  const partners = new Map<string, { other: PersonFeatures; fit: number; self: PersonFeatures }[]>();
  const add = (x: PersonFeatures, y: PersonFeatures, fit: number) => {
    const list = partners.get(x.id);
    const entry = { other: y, fit, self: x };
    if (list) list.push(entry);
    else partners.set(x.id, [entry]);
  };
  for (const d of merges) {
    const fit = logit(d.score.similarity);
    add(d.a, d.b, fit);
    add(d.b, d.a, fit);
  }
  const why = new Map<string, string>();
  const demote = (x: PersonFeatures, y: PersonFeatures, reason: string) => {
    if (!why.has(key(x.id, y.id))) why.set(key(x.id, y.id), reason);
  };
  for (const list of partners.values()) {
    if (list.length < 2) continue;
    list.sort((p, q) => q.fit - p.fit || p.other.id.localeCompare(q.other.id));
    const [best, ...rest] = list;
    const x = best.self;
    const rivals = rest.filter((r) => !mergeKeys.has(key(best.other.id, r.other.id)));
    if (!rivals.length) continue;
    for (const r of rivals)
      demote(
        x,
        r.other,
        `${x.label} fits ${best.other.label} (${best.other.id}) better, and the two are not one person: a reviewer decides`,
      );
    const lead = best.fit - rivals[0].fit;
    if (lead < MARGIN)
      demote(
        x,
        best.other,
        `${x.label} fits ${rivals[0].other.label} (${rivals[0].other.id}) almost as well (log-odds ${lead.toFixed(1)} apart), and the two are not one person: which one it is, a reviewer decides`,
      );
  }
  let demoted = 0;
  for (const d of merges) {
    const reason = why.get(key(d.a.id, d.b.id));
    if (!reason) continue;
    d.score = {
      ...d.score,
      recommendation: 'review',
      whyNotMerge: `${d.score.whyNotMerge}${d.score.whyNotMerge ? ' ' : ''}Review only: ${reason}.`,
    };
    demoted++;
  }
  return demoted;
}
