/** Reversible merge clusters: propose, accept (snapshot + canonical person), reject (remembered), undo (byte-exact). */
export {
  proposeMerges,
  acceptMerge,
  rejectMerge,
  undoMerge,
  readManifest,
  clusterId,
  chooseCanonical,
  proposalToCluster,
  snapshotDir,
  gedcomXref,
  MergeError,
  MergeManifest,
} from './clusters';
export type { MergeStore } from './clusters';
export { combinePersons, repointRelationships } from './combine';
