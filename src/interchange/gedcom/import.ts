/**
 * `importGedcom(file, store, opts)`: read → decode → parse → map → capture sources → write persons.
 * Small imports write one person file each; large ones (over `treeThreshold` persons) write one
 * `trees/<name>.jsonl` through the case writer (docs/decisions/0001-imported-trees.md).
 */
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import Bottleneck from 'bottleneck';
import { unzipSync } from 'fflate';
import { isLiving } from '../../agents/censor';
import type { CaseStore, TreeWriteOptions } from '../../engine/ports';
import type { Person } from '../../model';
import { decodeGedcom, type GedcomEncoding } from './decode';
import { importKeyOf, mapGedcom, type ImportStats, type PersonSidecar } from './map-import';
import { GedcomSyntaxError, parseGedcom, type GedWarning } from './parse';

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
  return entries[main]!;
}

function readAndMap(file: string, display: string, opts: { strict?: boolean; isLiving?: (p: Person) => boolean }) {
  const bytes = readGedcomBytes(file);
  const decoded = decodeGedcom(bytes, display);
  // Parsed whole, not with INDI deferred: deferral saved 80 MB at 100k persons but cost 0.5 s
  // (docs/decisions/0001-imported-trees.md, third measurement).
  const doc = parseGedcom(decoded.text, { file: display, strict: opts.strict });
  if (doc.records.length === 0 && !doc.head) throw new GedcomSyntaxError(display, 1, 'no GEDCOM records found');
  const mapped = mapGedcom(doc, { file: display, key: importKeyOf(bytes), consume: true, ...(opts.isLiving ? { isLiving: opts.isLiving } : {}) });
  return { mapped, version: doc.version, encoding: decoded.encoding, decodeWarnings: decoded.warnings };
}

export async function importGedcom(file: string, store: CaseStore, opts: ImportOptions = {}): Promise<ImportResult> {
  const now = opts.now ?? new Date();
  const display = basename(file);
  const privacy = store.config().privacy;
  // Bytes, text and syntax tree are dropped once mapped, so a big file's tree is not kept alive
  // while the persons are written.
  // The mapper judges each person once (living persons keep no free text); the tree writer reuses
  // the verdicts instead of judging 100k persons again.
  const living = new Map<Person, boolean>();
  const { mapped, version, encoding, decodeWarnings } = readAndMap(file, display, {
    strict: opts.strict,
    isLiving: privacy.consent
      ? undefined
      : (p) => {
          const v = isLiving(p, now, privacy.livingThresholdYears);
          living.set(p, v);
          return v;
        },
  });
  opts.onProgress?.(`${display}: ${mapped.stats.individuals} individuals, ${mapped.stats.families} families, ${mapped.stats.sources} sources`);

  // Capture sources first: the store names them, and evidence must cite those names. Several at a
  // time: each is its own fsynced file, and one after another they took 0.7 s of a 100k import. A
  // bounded number, because each holds a file open and a real file can have thousands of sources.
  const captures = new Bottleneck({ maxConcurrent: CAPTURES_AT_ONCE });
  const captured = await Promise.all(mapped.sources.map((s) => captures.schedule(() => store.captureSource(s.record, now))));
  const idOf = new Map<string, string>();
  const sourceIds: string[] = [];
  mapped.sources.forEach((s, i) => {
    idOf.set(s.key, captured[i]!.id);
    sourceIds.push(captured[i]!.id);
  });
  const persons = mapped.persons;
  for (const p of persons) renameSources(p, idOf);

  const threshold = opts.treeThreshold ?? TREE_THRESHOLD;
  const wantTree = opts.as === 'tree' || ((opts.as ?? 'auto') === 'auto' && persons.length > threshold);
  const treeWriter = store as CaseStore & TreeWriter;
  let mode: 'files' | 'tree' = 'files';
  let treeFile: string | undefined;
  if (wantTree && typeof treeWriter.writeTree === 'function') {
    const name = opts.name ?? basename(display, extname(display));
    treeFile = await treeWriter.writeTree(name, persons, { living: { now, of: (p) => living.get(p) } });
    mode = 'tree';
    const wanted = new Set(opts.promote ?? []);
    for (const p of persons) if (wanted.has(p.id) || wanted.has(p.externalIds.gedcomXref ?? '')) await store.writePerson(p);
  } else {
    if (wantTree) mapped.warnings.push({ message: `${display}: this case store cannot write trees; wrote ${persons.length} person files instead` });
    let n = 0;
    for (const p of persons) {
      await store.writePerson(p);
      if (++n % 500 === 0) opts.onProgress?.(`${n}/${persons.length} persons written`);
    }
  }
  await store.appendLog([
    {
      agent: 'Lead',
      actionType: 'decision',
      decisionType: 'gedcom_import',
      optionsConsidered: ['files', 'tree'],
      chosenOption: mode,
      rationale: `Imported ${display} (GEDCOM ${version}, ${encoding}): ${mapped.stats.individuals} individuals, ${mapped.stats.families} families, ${mapped.stats.events} events, ${mapped.stats.sources} sources, ${mapped.warnings.length} warning(s).`,
      context: display,
    },
  ] as Parameters<CaseStore['appendLog']>[0]);
  return {
    file: display,
    mode,
    ...(treeFile ? { treeFile } : {}),
    version,
    encoding,
    stats: mapped.stats,
    persons: persons.map((p) => p.id),
    sources: sourceIds,
    warnings: [...decodeWarnings.map((message) => ({ message })), ...mapped.warnings],
  };
}

/**
 * Placeholder source keys → the ids the store assigned (evidence, name citations, typed pointers),
 * in place: the person is the mapper's own, claims may be shared between a date and a place (the
 * renaming is idempotent), and a 100k-person import must not copy every person to do it.
 */
export function renameSources(p: Person, idOf: Map<string, string>): void {
  const ren = (k: string) => idOf.get(k) ?? k;
  // The sidecar nests verbatim lines at several depths; every `pointer: "S:<key>"` and every
  // citation `source` key in it is renamed.
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) if (x && typeof x === 'object') walk(x);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    for (const k in o) {
      const x = o[k];
      if (k === 'pointer' && typeof x === 'string' && x.startsWith('S:')) o[k] = `S:${ren(x.slice(2))}`;
      else if (k === 'source' && typeof x === 'string') o[k] = ren(x);
      else if (x && typeof x === 'object') walk(x);
    }
  };
  for (const n of p.names) if (n.citations) n.citations = n.citations.map(ren);
  for (const a of p.assertions) for (const e of a.evidence) e.source = ren(e.source);
  const side = (p as Person & { gedcom?: PersonSidecar }).gedcom;
  if (side) walk(side);
}
