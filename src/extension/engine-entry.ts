/**
 * Entry of dist/engine.js: everything the extension loads lazily (zod schemas, the case writer, the
 * engine, LLM, sources, interchange). Kept out of dist/extension.js so VS Code parses only the small
 * activation bundle before activate(); src/extension/loadEngine.ts requires this at first use.
 * Each module is behind a dynamic import, which esbuild turns into a lazy initialiser: requiring
 * engine.js only parses it, and a caller evaluates just the modules it asks for (loading the case
 * snapshot does not start the Anthropic SDK).
 */
export const modules = {
  actions: () => import('./actions'),
  caseFolder: () => import('../case'),
  censor: () => import('../agents/censor'),
  documents: () => import('./documentsBridge'),
  documentView: () => import('./documentView'),
  engineBridge: () => import('./engineBridge'),
  exporter: () => import('./exporter'),
  gedcomImport: () => import('../interchange/gedcom/import'),
  gps: () => import('./core/gps'),
  labels: () => import('./views/labels'),
  mergeActions: () => import('./mergeActions'),
  mergeCompare: () => import('./merge/compare'),
  mergeReview: () => import('../agents/analyst/merge/review-list'),
  model: () => import('../model'),
  protocolConflicts: () => import('../protocol/conflicts'),
  protocolDocument: () => import('../protocol/document'),
  protocolMerges: () => import('../protocol/merges'),
  protocolPedigree: () => import('../protocol/pedigree'),
  protocolQueue: () => import('../protocol/queue'),
  protocolReview: () => import('../protocol/review'),
  protocolPerson: () => import('../protocol/person'),
  personViewModel: () => import('./person/view-model'),
  reviewActions: () => import('./reviewActions'),
  snapshot: () => import('./core/snapshot'),
  snippet: () => import('../model/snippet'),
};
