/**
 * An import in progress leaves `.ancestry/import.json` until it is done. A killed import (or one
 * that failed half way) is therefore visible: `validate` and `status` name it, and running the same
 * import again completes it (persons and sources get ids from the file's bytes, so a second pass
 * rewrites the same files and adds nothing twice). A case created by a failed import is removed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { CaseProblem } from './problems';

/** What the marker needs of the case store (the store reads markers too, so not the store's type). */
interface MarkedCase {
  readonly root: string;
  writeDerived(rel: string, content: string): Promise<void>;
  readonly writer: { remove(rel: string): Promise<void> };
}

export const IMPORT_MARKER = '.ancestry/import.json';

const ImportMarker = z.object({ file: z.string(), promote: z.array(z.string()).default([]), startedAt: z.string() });
export type ImportMarker = z.infer<typeof ImportMarker>;

export function readImportMarker(root: string): ImportMarker | undefined {
  const abs = join(root, IMPORT_MARKER);
  if (!existsSync(abs)) return undefined;
  try {
    const r = ImportMarker.safeParse(JSON.parse(readFileSync(abs, 'utf8')));
    return r.success ? r.data : { file: '(unknown file)', promote: [], startedAt: '(unknown time)' };
  } catch {
    return { file: '(unknown file)', promote: [], startedAt: '(unknown time)' };
  }
}

export function pendingImport(store: Pick<MarkedCase, 'root'>): ImportMarker | undefined {
  return readImportMarker(store.root);
}

/** The problem `validate` and `status` show for an import that did not finish. */
export function interruptedImportProblem(root: string): CaseProblem | undefined {
  const m = readImportMarker(root);
  if (!m) return undefined;
  return {
    file: IMPORT_MARKER,
    line: 1,
    column: 1,
    field: 'file',
    message: `the import of ${m.file} started ${m.startedAt} did not finish: run "ancestry import ${m.file} --case ${root}" again to complete it`,
    severity: 'warning',
  };
}

export async function beginImport(store: MarkedCase, marker: ImportMarker): Promise<void> {
  await store.writeDerived(IMPORT_MARKER, `${JSON.stringify(marker)}\n`);
}

export async function endImport(store: MarkedCase): Promise<void> {
  await store.writer.remove(IMPORT_MARKER);
}
