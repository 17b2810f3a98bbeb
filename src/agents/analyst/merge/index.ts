/** Reversible merge clusters: propose, accept (snapshot + canonical person), reject (remembered), undo (byte-exact). */
export {
  proposeMerges,
  unexplained,
  EXPLAINED_REVIEWS,
  LISTED_REVIEWS,
  acceptMerge,
  rejectMerge,
  undoMerge,
  readManifest,
  clusterId,
  chooseCanonical,
  chooseByRank,
  caseFeatures,
  proposalToCluster,
  snapshotDir,
  gedcomXref,
  MergeError,
  MergeManifest,
} from './clusters';
export type { MergeStore } from './clusters';
export { combinePersons, keptValue, repointRelationships } from './combine';
export type { KeepChoices } from './combine';
export { acceptBatch, undoBatch, isBatchId } from './batch';
export type { BatchResult } from './batch';
export { reviewPage, compareClusters, groupOf, DEFAULT_PAGE } from './review-list';
export type { ReviewQuery, ReviewPage, ReviewGroup, GroupBy } from './review-list';
