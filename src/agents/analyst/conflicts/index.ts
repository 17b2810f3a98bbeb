/** Conflict analysis: Z weights, detection, argmax resolution with alternatives kept, next actions, user resolution. */
export { weighClaim, weighAssertion, explainClaim } from './weigh';
export {
  detectConflicts,
  resolveByWeight,
  conflictId,
  groupCompatible,
  rivals,
  withSupport,
  TIE_MARGIN,
} from './detect';
export type { WeightedResolution, Competing } from './detect';
export { nextActionsFor } from './next-actions';
export { compatibleValues, fieldKind } from './compatible';
export { applyUserResolution } from './resolve-user';
export { caseConflicts, resolveConflictByUser, ConflictError } from './case';
