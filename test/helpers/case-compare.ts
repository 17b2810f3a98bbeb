/**
 * Compares two case folders as a genealogist would read them, apart from what is random or clock
 * time by design: random ids (P-/A-/E-/R-/L-… and 8 hex digits) and ISO timestamps are replaced by
 * placeholders (and so are a merge manifest's and merges.json's hashes of files holding them), and files are matched by their normalised name and content (person files are named
 * after their random id). The research log (append-only, a resumed run adds its own session entries)
 * and derived `.ancestry/` data are left out; everything else must match byte for byte.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SKIP = new Set(['log', '.ancestry']);
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
// Sources (S-) are named by their content and stay; every other id is random or derived from one.
const RANDOM_ID = /\b([A-RT-Z])-[0-9a-f]{8,16}\b/g;
/** Durations and epoch times (ms) recorded by the clock (JSON, or YAML front matter: cycles/<n>.md). */
const CLOCK_NUMBERS = /("(?:durationMs|startedAt|seconds)":\s*|^\s*(?:durationMs|startedAt|seconds): )\d+(?:\.\d+)?/gm;

/** A merge manifest's hashes of the files it changed: of their bytes, clock times included. */
const FILE_HASH = /("(?:before|after)":\s*)"[0-9a-f]{64}"/g;
/** merges.json's fingerprint of the person files its search read: of their bytes, random ids included. */
const SEARCH_FINGERPRINT = /("fingerprint":\s*"v\d+:)[0-9a-f]{64}"/g;

export function normalise(text: string): string {
  return text
    .replace(/%2F/g, '/')
    .replace(ISO, '<time>')
    .replace(RANDOM_ID, '$1-<id>')
    .replace(CLOCK_NUMBERS, '$1<n>')
    .replace(FILE_HASH, '$1"<sha256>"')
    .replace(SEARCH_FINGERPRINT, '$1<sha256>"');
}

/** Every file of a case, normalised, sorted (as "name\ncontent"). */
export function normalisedCase(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = join(root, rel);
    if (!existsSync(abs)) return;
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (SKIP.has(r)) continue;
      if (e.isDirectory()) walk(r);
      else out.push(`${normalise(r)}\n${normalise(readFileSync(join(root, r), 'utf8'))}`);
    }
  };
  walk('');
  return out.sort();
}

/** Files that differ between two cases (normalised names), empty when they are the same. */
export function caseDifferences(a: string, b: string): string[] {
  const x = normalisedCase(a);
  const y = normalisedCase(b);
  const count = (list: string[]) => list.reduce((m, s) => m.set(s, (m.get(s) ?? 0) + 1), new Map<string, number>());
  const cx = count(x);
  const cy = count(y);
  const diff = new Set<string>();
  for (const [s, n] of cx) if (cy.get(s) !== n) diff.add(s.split('\n')[0]);
  for (const [s, n] of cy) if (cx.get(s) !== n) diff.add(s.split('\n')[0]);
  return [...diff].sort();
}
