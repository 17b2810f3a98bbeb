/** Entity resolution: features, explainable pairwise scores, blocking, and whole-case duplicate search. */
import type { NotSamePerson, Person } from '../../../model';
import { demoteAmbiguous } from './ambiguity';
import { CandidateIndex } from './blocking';
import { featuresOfPerson } from './features';
import type { PersonFeatures } from './feature-types';
import { DEFAULT_THRESHOLDS, scorePair, type PairScore, type ScoreThresholds } from './score';

export { CandidateIndex, blockingKeys } from './blocking';
export { FeatureSource, sureFeatureSource } from './feature-source';
export { demoteAmbiguous } from './ambiguity';
export {
  featuresOfPerson,
  featuresOfPersona,
  ageInYears,
  dateFeature,
  nameFeature,
  fullName,
  withRelativeNames,
} from './features';
export { ScoringContext } from './context';
export type { PersonFeatures, NameFeature, DateFeature, RecordContext } from './feature-types';
export { scorePair, DEFAULT_THRESHOLDS } from './score';
export type { PairScore, Recommendation, ScoreThresholds, FeatureResult, ScoreOptions, FamilyLookup } from './score';
export { NameFrequencies } from './frequency';
export { comparePlaces, placeParts } from './places';

export interface DuplicateProposal {
  a: PersonFeatures;
  b: PersonFeatures;
  score: PairScore;
}

/** Unordered pair key: the order of a and b never matters for a "not the same person" decision. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export interface FindDuplicatesOptions {
  /** Decisions the user made: these pairs are never proposed again. */
  notSamePerson?: NotSamePerson[];
  thresholds?: ScoreThresholds;
  /** Proposals below this similarity are dropped (default: the review threshold). */
  minSimilarity?: number;
  /** Keep pairs the rules forbid (hard negatives) for inspection; off by default. */
  includeSeparate?: boolean;
  /**
   * Explain (features, rationale, why not) every "merge" but only this many of the best "review"
   * pairs; the others keep their exact similarity and recommendation with no explanation, which
   * `explain` gives when one is listed. Default: all. On a 100k-person tree most of the time and
   * memory went into explaining ~100k review pairs nobody reads.
   */
  explainReviews?: number;
  /**
   * Keep every "merge" but only this many "review" proposals, the best (default: all). On a large
   * tree of common names every person has namesakes born the same years: a 100k-person generated
   * tree gave 46,694 reviews, more than anyone reads. The search also stops scoring a pair early
   * once it cannot reach the reviews kept so far, so the cut saves the work as well as the list.
   */
  maxReviews?: number;
}

export interface DuplicateSearch {
  /** Best first (similarity, then pair key). */
  proposals: DuplicateProposal[];
  /** The full, explained score of a pair, against the same index and name frequencies. */
  explain(a: PersonFeatures, b: PersonFeatures): PairScore;
  index: CandidateIndex;
  /**
   * Set when `maxReviews` left reviews out: they are all below this similarity (the lowest kept),
   * and a search without the cap finds them.
   */
  reviewsBelow?: number;
}

/**
 * The `k` best review similarities met so far (a min-heap): once full, a pair below its least
 * cannot be among the reviews kept, so scoring it can stop as soon as that is certain.
 */
class BestReviews {
  private readonly heap: Float64Array;
  private size = 0;
  constructor(private readonly k: number) {
    this.heap = new Float64Array(Math.max(1, Math.min(k, 1 << 20)));
  }
  /** The similarity a review must reach to be kept (`min` until k are known). */
  floor(min: number): number {
    return this.size < this.k ? min : Math.max(min, this.heap[0]);
  }
  add(x: number): void {
    if (this.k <= 0) return;
    const h = this.heap;
    if (this.size < this.k) {
      let i = this.size++;
      while (i > 0) {
        const up = (i - 1) >> 1;
        if (h[up] <= x) break;
        h[i] = h[up];
        i = up;
      }
      h[i] = x;
      return;
    }
    if (x <= h[0]) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const c = l + 1 < this.size && h[l + 1] < h[l] ? l + 1 : l;
      if (h[c] >= x) break;
      h[i] = h[c];
      i = c;
    }
    h[i] = x;
  }
}

/** Every likely duplicate pair among `persons`, best first. Blocking keeps this near-linear. */
export function findDuplicates(persons: Person[], opts: FindDuplicatesOptions = {}): DuplicateProposal[] {
  return searchDuplicates(persons, opts).proposals;
}

export function searchDuplicates(persons: Person[], opts: FindDuplicatesOptions = {}): DuplicateSearch {
  const byId = new Map(persons.map((p) => [p.id, p]));
  const feats = persons.map((p) => featuresOfPerson(p, (id) => byId.get(id)));
  return searchDuplicateFeatures(feats, opts);
}

export function findDuplicateFeatures(feats: PersonFeatures[], opts: FindDuplicatesOptions = {}): DuplicateProposal[] {
  return searchDuplicateFeatures(feats, opts).proposals;
}

export function searchDuplicateFeatures(feats: PersonFeatures[], opts: FindDuplicatesOptions = {}): DuplicateSearch {
  const thresholds = opts.thresholds ?? DEFAULT_THRESHOLDS;
  const min = opts.minSimilarity ?? thresholds.review;
  const rejected = new Set((opts.notSamePerson ?? []).map((d) => pairKey(d.a, d.b)));
  const index = new CandidateIndex(feats);
  const explain = (a: PersonFeatures, b: PersonFeatures) =>
    scorePair(a, b, { thresholds, frequencies: index.frequencies, family: index });
  // The quick score (no explanation, stopped early below the floor) is exact for every pair it keeps.
  const found: DuplicateProposal[] = [];
  const maxReviews = opts.maxReviews ?? Infinity;
  // Only "merge"s turn into reviews later (demoteAmbiguous), so the kth best review met so far is a
  // safe floor for a review: one below it ends below k reviews that stay reviews. Never above the
  // merge threshold: every "merge" is kept, and a pair is known to be one only once scored.
  const best = Number.isFinite(maxReviews) ? new BestReviews(maxReviews) : undefined;
  for (const [a, b] of index.pairs()) {
    if (rejected.size && rejected.has(pairKey(a.id, b.id))) continue;
    const floor = best ? Math.min(best.floor(min), thresholds.merge) : min;
    const quick = scorePair(a, b, {
      thresholds,
      frequencies: index.frequencies,
      family: index,
      explain: false,
      floor,
      dropSeparate: !opts.includeSeparate,
    });
    if (quick.similarity < floor) continue;
    if (quick.recommendation === 'separate' && !opts.includeSeparate) continue;
    if (quick.recommendation === 'review') {
      // Below the reviews kept so far (under the merge threshold's floor): not one of the best.
      if (best && quick.similarity < best.floor(min)) continue;
      best?.add(quick.similarity);
    }
    found.push({ a, b, score: quick });
  }
  // Among reviews this is also the order a person reviews them in (merge/review-list.ts).
  found.sort(
    (x, y) => y.score.similarity - x.score.similarity || pairKey(x.a.id, x.b.id).localeCompare(pairKey(y.a.id, y.b.id)),
  );
  let reviews = Math.min(opts.explainReviews ?? Infinity, maxReviews);
  for (const d of found) {
    if (d.score.recommendation === 'review' && reviews-- <= 0) continue;
    d.score = explain(d.a, d.b);
  }
  demoteAmbiguous(found);
  if (!best) return { proposals: found, explain, index };
  // Every "merge", and the best maxReviews reviews (found is best first).
  let kept = 0;
  let lowestKept: number | undefined;
  let bestLeft: number | undefined;
  const proposals = found.filter((d) => {
    if (d.score.recommendation !== 'review') return true;
    if (kept++ < maxReviews) {
      lowestKept = d.score.similarity;
      return true;
    }
    bestLeft ??= d.score.similarity;
    return false;
  });
  // Pairs stopped early under a risen floor were not counted: they are below the lowest review kept.
  const pruned = best.floor(min) > min;
  const reviewsBelow = pruned
    ? (lowestKept ?? best.floor(min))
    : bestLeft !== undefined
      ? (lowestKept ?? bestLeft)
      : undefined;
  return { proposals, explain, index, ...(reviewsBelow !== undefined ? { reviewsBelow } : {}) };
}
