/**
 * `importGedcom(file, store, opts)`: read → decode → parse → map each person → write it → capture
 * the sources. Small imports write one person file each (sources first); large ones (over
 * `treeThreshold` persons) write one `trees/<name>.jsonl` through the case writer, one person at a
 * time, and capture the sources before that file takes its place
 * (docs/decisions/0001-imported-trees.md).
 */
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import Bottleneck from 'bottleneck';
import { unzipSync } from 'fflate';
import { isLiving } from '../../agents/censor';
import type { CaseStore, TreeWriteOptions } from '../../engine/ports';
import type { Person } from '../../model';
import { decodeGedcom, type GedcomEncoding } from './decode';
import { importKeyOf, streamGedcom, type ImportStats, type MappedRest } from './map-import';
import { GedcomSyntaxError, parseGedcom, type GedWarning } from './parse';

const INDI: ReadonlySet<string> = new Set(['INDI']);

/** Source files written at once during an import (each holds a file open until it is fsynced). */
const CAPTURES_AT_ONCE = 16;

/** Above this many persons an import becomes one tree file (measured: see the decision record). */
export const TREE_THRESHOLD = 2000;

export interface ImportOptions {
  /** files: one people/*.md per person; tree: one trees/<name>.jsonl; auto (default): by size. */
  as?: 'files' | 'tree' | 'auto';
  treeThreshold?: number;
  /** Level jumps are fatal instead of repaired. */
  strict?: boolean;
  /** Tree name (default: the file's base name). */
  name?: string;
  now?: Date;
  onProgress?: (message: string) => void;
  /** Person ids (or GEDCOM xrefs like "@I1@") that also get a person file in tree mode (e.g. the case subject). */
  promote?: string[];
}

export interface ImportResult {
  file: string;
  mode: 'files' | 'tree';
  treeFile?: string;
  version: string;
  encoding: GedcomEncoding;
  stats: ImportStats;
  persons: string[];
  sources: string[];
  warnings: GedWarning[];
}

/** Store methods beyond the CaseStore port that the case writer offers for big imports. */
interface TreeWriter {
  writeTree?(name: string, persons: Iterable<Person>, opts?: TreeWriteOptions): Promise<string>;
}

export class GedcomInputError extends Error {}

/** Bytes of the GEDCOM inside a file: the file itself, or gedcom.ged inside a GEDZIP (.gdz). */
export function readGedcomBytes(file: string): Uint8Array {
  const bytes = readFileSync(file);
  if (bytes.length === 0) throw new GedcomInputError(`${file}: empty file (0 bytes): nothing to import`);
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (!isZip) return bytes;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, { filter: (f) => /\.ged$/i.test(f.name) });
  } catch (e) {
    throw new GedcomInputError(`${file}: not a readable GEDZIP archive (${(e as Error).message})`);
  }
  const names = Object.keys(entries);
  const main = names.find((n) => n.toLowerCase() === 'gedcom.ged') ?? names[0];
  if (!main) throw new GedcomInputError(`${file}: GEDZIP archive without a .ged file (GEDCOM 7 puts it at gedcom.ged)`);
  return entries[main];
}

function readAndMap(file: string, display: string, opts: { strict?: boolean; isLiving?: (p: Person) => boolean }) {
  const bytes = readGedcomBytes(file);
  const decoded = decodeGedcom(bytes, display);
  // Each INDI is parsed when its person is mapped, so its syntax tree dies young instead of living
  // through the whole import (decision 0001, fourth measurement).
  const doc = parseGedcom(decoded.text, { file: display, strict: opts.strict, defer: INDI });
  if (doc.records.length === 0 && !doc.head) throw new GedcomSyntaxError(display, 1, 'no GEDCOM records found');
  const mapped = streamGedcom(doc, {
    file: display,
    key: importKeyOf(bytes),
    consume: true,
    ...(opts.isLiving ? { isLiving: opts.isLiving } : {}),
  });
  return { mapped, encoding: decoded.encoding, decodeWarnings: decoded.warnings };
}

export async function importGedcom(file: string, store: CaseStore, opts: ImportOptions = {}): Promise<ImportResult> {
  const now = opts.now ?? new Date();
  const display = basename(file);
  const privacy = store.config().privacy;
  // The mapper judges each person once (living persons keep no free text) just before the person
  // is written; the tree writer reuses that verdict instead of judging 100k persons again.
  let judged: Person | undefined;
  let verdict = false;
  const { mapped, encoding, decodeWarnings } = readAndMap(file, display, {
    strict: opts.strict,
    isLiving: privacy.consent
      ? undefined
      : (p) => {
          judged = p;
          return (verdict = isLiving(p, now, privacy.livingThresholdYears));
        },
  });
  const { version } = mapped;
  const threshold = opts.treeThreshold ?? TREE_THRESHOLD;
  const wantTree = opts.as === 'tree' || ((opts.as ?? 'auto') === 'auto' && mapped.individuals > threshold);
  const treeWriter = store as CaseStore & TreeWriter;
  const ids: string[] = [];
  let rest: MappedRest | undefined;
  const sourceIds: string[] = [];
  // Persons cite their sources by the mapper's ids (the file's key and the record's xref), so the
  // sources are captured once every person is mapped: a source's text lists every way it is cited.
  const captureSources = async () => {
    rest = mapped.finish();
    opts.onProgress?.(
      `${display}: ${rest.stats.individuals} individuals, ${rest.stats.families} families, ${rest.stats.sources} sources`,
    );
    // Several at a time: each is its own fsynced file, and one after another they took 0.7 s of a
    // 100k import. A bounded number, because each holds a file open and a file can have thousands.
    const captures = new Bottleneck({ maxConcurrent: CAPTURES_AT_ONCE });
    const captured = await Promise.all(
      rest.sources.map((s) => captures.schedule(() => store.captureSource(s.record, now, { id: s.key }))),
    );
    for (const c of captured) sourceIds.push(c.id);
  };

  opts.onProgress?.(`${display}: GEDCOM ${version}, ${mapped.individuals} individuals`);
  let mode: 'files' | 'tree' = 'files';
  let treeFile: string | undefined;
  const warnings: GedWarning[] = [];
  if (wantTree && typeof treeWriter.writeTree === 'function') {
    const name = opts.name ?? basename(display, extname(display));
    const wanted = new Set(opts.promote ?? []);
    const promoted: Person[] = [];
    // Each person is written as it is built and then dropped: a 100k-person tree is never held.
    function* written(): Generator<Person> {
      for (const p of mapped.persons) {
        ids.push(p.id);
        if (wanted.has(p.id) || wanted.has(p.externalIds.gedcomXref ?? '')) promoted.push(p);
        yield p;
      }
    }
    treeFile = await treeWriter.writeTree(name, written(), {
      living: { now, of: (p) => (p === judged ? verdict : undefined) },
      beforeCommit: captureSources,
    });
    mode = 'tree';
    // A tree writer that does not run beforeCommit: the sources follow the tree.
    if (!rest) await captureSources();
    for (const p of promoted) await store.writePerson(p);
  } else {
    if (wantTree)
      warnings.push({
        message: `${display}: this case store cannot write trees; wrote ${mapped.individuals} person files instead`,
      });
    // Few enough to hold (files are for small imports): the sources go first, as every person file
    // is its own write and must cite sources that exist.
    const persons = [...mapped.persons];
    await captureSources();
    let n = 0;
    for (const p of persons) {
      ids.push(p.id);
      await store.writePerson(p);
      if (++n % 500 === 0) opts.onProgress?.(`${n}/${persons.length} persons written`);
    }
  }
  const { stats, warnings: mappingWarnings } = rest as MappedRest;
  warnings.unshift(...decodeWarnings.map((message) => ({ message })), ...mappingWarnings);
  await store.appendLog([
    {
      agent: 'Lead',
      actionType: 'decision',
      decisionType: 'gedcom_import',
      optionsConsidered: ['files', 'tree'],
      chosenOption: mode,
      rationale: `Imported ${display} (GEDCOM ${version}, ${encoding}): ${stats.individuals} individuals, ${stats.families} families, ${stats.events} events, ${stats.sources} sources, ${warnings.length - decodeWarnings.length} warning(s).`,
      context: display,
    },
  ] as Parameters<CaseStore['appendLog']>[0]);
  return {
    file: display,
    mode,
    ...(treeFile ? { treeFile } : {}),
    version,
    encoding,
    stats,
    persons: ids,
    sources: sourceIds,
    warnings,
  };
}
