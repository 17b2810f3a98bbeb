/**
 * Loads dist/engine.js (built from ./engine-entry.ts) on first use and hands out one of its modules.
 * The path is computed at run time so esbuild leaves the require alone instead of inlining the
 * engine into the activation bundle; the casts are checked against the entry's real types (import
 * type only: nothing is bundled from it).
 */
import { join } from 'node:path';
import type * as EngineEntry from './engine-entry';

type Modules = (typeof EngineEntry)['modules'];
export type EngineModuleName = keyof Modules;
export type EngineModule<K extends EngineModuleName> = Awaited<ReturnType<Modules[K]>>;

let entry: typeof EngineEntry | undefined;

export async function loadEngine<K extends EngineModuleName>(name: K): Promise<EngineModule<K>> {
  // Bundled: __dirname is dist/ and engine.js sits beside extension.js. From source (tsx): the .ts entry.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time path esbuild must not follow (see above)
  entry ??= require(
    join(__dirname, __filename.endsWith('.ts') ? 'engine-entry.ts' : 'engine.js'),
  ) as typeof EngineEntry;
  return (await entry.modules[name]()) as EngineModule<K>;
}
