/** Entity resolution: features, explainable pairwise scores, blocking, and whole-case duplicate search. */
import type { NotSamePerson, Person } from '../../../model';
import { CandidateIndex } from './blocking';
import { featuresOfPerson, type PersonFeatures } from './features';
import { DEFAULT_THRESHOLDS, scorePair, type PairScore, type ScoreThresholds } from './score';

export { CandidateIndex, blockingKeys } from './blocking';
export { featuresOfPerson, featuresOfPersona, ageInYears, dateFeature, nameFeature } from './features';
export type { PersonFeatures, NameFeature, DateFeature, RecordContext } from './features';
export { scorePair, DEFAULT_THRESHOLDS } from './score';
export type { PairScore, Recommendation, ScoreThresholds, FeatureResult, ScoreOptions, FamilyLookup } from './score';
export { NameFrequencies } from './frequency';
export { comparePlaces, placeParts } from './places';
export { nicknameMatch } from './nicknames';

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
}

/** Every likely duplicate pair among `persons`, best first. Blocking keeps this near-linear. */
export function findDuplicates(persons: Person[], opts: FindDuplicatesOptions = {}): DuplicateProposal[] {
  const byId = new Map(persons.map((p) => [p.id, p]));
  const feats = persons.map((p) => featuresOfPerson(p, (id) => byId.get(id)));
  return findDuplicateFeatures(feats, opts);
}

export function findDuplicateFeatures(feats: PersonFeatures[], opts: FindDuplicatesOptions = {}): DuplicateProposal[] {
  const thresholds = opts.thresholds ?? DEFAULT_THRESHOLDS;
  const min = opts.minSimilarity ?? thresholds.review;
  const rejected = new Set((opts.notSamePerson ?? []).map((d) => pairKey(d.a, d.b)));
  const index = new CandidateIndex(feats);
  const out: DuplicateProposal[] = [];
  for (const [a, b] of index.pairs()) {
    if (rejected.has(pairKey(a.id, b.id))) continue;
    const quick = scorePair(a, b, {
      thresholds,
      frequencies: index.frequencies,
      family: index,
      explain: false,
      floor: min,
    });
    if (quick.similarity < min) continue;
    if (quick.recommendation === 'separate' && !opts.includeSeparate) continue;
    out.push({ a, b, score: scorePair(a, b, { thresholds, frequencies: index.frequencies, family: index }) });
  }
  return out.sort(
    (x, y) => y.score.similarity - x.score.similarity || pairKey(x.a.id, x.b.id).localeCompare(pairKey(y.a.id, y.b.id)),
  );
}
