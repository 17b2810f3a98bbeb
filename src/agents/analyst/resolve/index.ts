/** Entity resolution: features, explainable pairwise scores, blocking, and whole-case duplicate search. */
import type { NotSamePerson, Person } from '../../../model';
import { demoteAmbiguous } from './ambiguity';
import { CandidateIndex } from './blocking';
import { featuresOfPerson } from './features';
import type { PersonFeatures } from './feature-types';
import { DEFAULT_THRESHOLDS, scorePair, type PairScore, type ScoreThresholds } from './score';

export { CandidateIndex, blockingKeys } from './blocking';
export { FeatureSource } from './feature-source';
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
}

export interface DuplicateSearch {
  /** Best first (similarity, then pair key). */
  proposals: DuplicateProposal[];
  /** The full, explained score of a pair, against the same index and name frequencies. */
  explain(a: PersonFeatures, b: PersonFeatures): PairScore;
  index: CandidateIndex;
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
  for (const [a, b] of index.pairs()) {
    if (rejected.size && rejected.has(pairKey(a.id, b.id))) continue;
    const quick = scorePair(a, b, {
      thresholds,
      frequencies: index.frequencies,
      family: index,
      explain: false,
      floor: min,
    });
    if (quick.similarity < min) continue;
    if (quick.recommendation === 'separate' && !opts.includeSeparate) continue;
    found.push({ a, b, score: quick });
  }
  // Among reviews this is also the order a person reviews them in (merge/review-list.ts).
  found.sort(
    (x, y) => y.score.similarity - x.score.similarity || pairKey(x.a.id, x.b.id).localeCompare(pairKey(y.a.id, y.b.id)),
  );
  let reviews = opts.explainReviews ?? Infinity;
  for (const d of found) {
    if (d.score.recommendation === 'review' && reviews-- <= 0) continue;
    d.score = explain(d.a, d.b);
  }
  demoteAmbiguous(found);
  return { proposals: found, explain, index };
}
