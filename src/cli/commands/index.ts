/* eslint-disable @typescript-eslint/no-require-imports -- each verb is required when it is run (see verbs) */
import type { CliCommand } from '../command';

/** A verb's module, evaluated when first asked for. */
const load = (get: () => CliCommand): Promise<CliCommand> => Promise.resolve().then(get);

/**
 * Every verb, in help order, each loaded from its own module beside this one when it is run: a verb
 * evaluates only the modules it imports (esbuild turns each require() of a module into a lazy
 * initialiser within the one bundle; require and not import(), which tsx's loader for the tests
 * would hand to Node's ESM loader), so `ancestry status` does not start the engine, the LLM client
 * or the importers. `ancestry --help` loads them all.
 */
export const verbs: readonly (readonly [name: string, load: () => Promise<CliCommand>])[] = [
  ['init', () => load(() => (require('./init') as typeof import('./init')).initCommand)],
  ['research', () => load(() => (require('./research') as typeof import('./research')).researchCommand)],
  ['cycles', () => load(() => (require('./cycles') as typeof import('./cycles')).cyclesCommand)],
  ['sources', () => load(() => (require('./sources') as typeof import('./sources')).sourcesCommand)],
  ['transcribe', () => load(() => (require('./transcribe') as typeof import('./transcribe')).transcribeCommand)],
  ['status', () => load(() => (require('./status') as typeof import('./status')).statusCommand)],
  ['persons', () => load(() => (require('./persons') as typeof import('./persons')).personsCommand)],
  ['show', () => load(() => (require('./show') as typeof import('./show')).showCommand)],
  ['search', () => load(() => (require('./search') as typeof import('./search')).searchCommand)],
  ['validate', () => load(() => (require('./validate') as typeof import('./validate')).validateCommand)],
  ['conflicts', () => load(() => (require('./conflicts') as typeof import('./conflicts')).conflictsCommand)],
  ['conflict', () => load(() => (require('./conflict') as typeof import('./conflict')).conflictCommand)],
  ['review', () => load(() => (require('./review') as typeof import('./review')).reviewCommand)],
  ['merges', () => load(() => (require('./merges') as typeof import('./merges')).mergesCommand)],
  ['merge', () => load(() => (require('./merge') as typeof import('./merge')).mergeCommand)],
  ['import', () => load(() => (require('./import') as typeof import('./import')).importCommand)],
  ['export', () => load(() => (require('./export') as typeof import('./export')).exportCommand)],
];

/** The verb of that name, loaded; undefined for an unknown verb. */
export async function loadCommand(name: string): Promise<CliCommand | undefined> {
  const entry = verbs.find(([verb]) => verb === name);
  return entry ? entry[1]() : undefined;
}

/** Every verb, loaded, in help order. */
export function loadCommands(): Promise<CliCommand[]> {
  return Promise.all(verbs.map(([, load]) => load()));
}
