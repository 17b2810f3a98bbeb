/**
 * A derived cache of the case's source files (`sources/*.md`), in `.ancestry/sources-index.json`:
 * for each file its fingerprint (size, mtime, inode), its front matter as read, its body and the
 * problems a read found in it. Opening a case then parses only the source files that changed since
 * (a 100k-person import captures ~200 sources, a long research run thousands; parsing their YAML
 * was most of `ancestry status`, issue #16 item 1).
 *
 * The files stay the truth: an entry is used only when its file's size, mtime and inode are the
 * ones it was read with (a hand edit changes the mtime, an atomic rewrite the inode), and its
 * front matter still passes the schema; the cache carries the sha256 of its own entries, so a
 * damaged or hand-edited cache is dropped whole (and said so) and rebuilt from the files.
 */
import { closeSync, fstatSync, readFileSync, readSync, statSync, type Stats } from 'node:fs';
import { z } from 'zod';
import { sha256 } from './ids';
import type { CaseProblem } from './problems';
import { openForReading } from './writer';

export const SOURCE_CACHE_FILE = '.ancestry/sources-index.json';
/** Bumped when an entry's meaning changes (what a read keeps, the problems it reports). */
const VERSION = 1;

const Problem = z.object({
  file: z.string(),
  line: z.number(),
  column: z.number(),
  field: z.string().optional(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
});

const Entry = z.object({
  stamp: z.string(),
  /** The front matter as read (undefined when the file did not parse: then only problems). */
  front: z.record(z.string(), z.unknown()).optional(),
  body: z.string(),
  problems: z.array(Problem),
});
export type SourceCacheEntry = z.infer<typeof Entry>;

const CacheFile = z.object({ version: z.literal(VERSION), digest: z.string(), entries: z.record(z.string(), Entry) });

/** Size, mtime and inode of a file: an entry read under another stamp is not used. */
export function stampOf(st: Pick<Stats, 'size' | 'mtimeMs' | 'ino'>): string {
  return `${st.size}:${st.mtimeMs}:${st.ino}`;
}

function digestOf(entries: Record<string, SourceCacheEntry>): string {
  return sha256(JSON.stringify(entries));
}

/** The cache's entries, or why it was not used (undefined reason: there was none). */
export function readSourceCache(bytes: Uint8Array | undefined): {
  entries: Map<string, SourceCacheEntry>;
  dropped?: string;
} {
  if (!bytes) return { entries: new Map() };
  try {
    const parsed = CacheFile.safeParse(JSON.parse(Buffer.from(bytes).toString('utf8')));
    if (!parsed.success)
      return { entries: new Map(), dropped: `not a source cache of version ${VERSION}: rebuilt from sources/` };
    if (digestOf(parsed.data.entries) !== parsed.data.digest)
      return { entries: new Map(), dropped: 'its entries do not match their sha256 (damaged or edited): rebuilt' };
    return { entries: new Map(Object.entries(parsed.data.entries)) };
  } catch (e) {
    return { entries: new Map(), dropped: `not JSON (${(e as Error).message.split('\n')[0]}): rebuilt` };
  }
}

export function renderSourceCache(entries: Map<string, SourceCacheEntry>): Uint8Array {
  const obj = Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return Buffer.from(JSON.stringify({ version: VERSION, digest: digestOf(obj), entries: obj }));
}

/** A file's stamp now, without reading it (undefined when it cannot be stat'ed: then it is read, and that fails as before). */
export function statStamp(abs: string): string | undefined {
  const st = statSync(abs, { throwIfNoEntry: false });
  return st ? stampOf(st) : undefined;
}

/**
 * A file's text with the stamp it had while it was read, or no stamp when it changed during the read
 * (then it is parsed but not cached: the stamp would not be the text's).
 */
export function readStamped(abs: string): { text: string; stamp: string | undefined } {
  const fd = openForReading(abs);
  try {
    const before = fstatSync(fd);
    const buf = Buffer.alloc(before.size);
    let got = 0;
    while (got < buf.length) {
      const n = readSync(fd, buf, got, buf.length - got, got);
      if (n === 0) break;
      got += n;
    }
    const after = fstatSync(fd);
    const same = got === before.size && stampOf(before) === stampOf(after);
    return { text: same ? buf.toString('utf8') : readFileSync(abs, 'utf8'), stamp: same ? stampOf(before) : undefined };
  } finally {
    closeSync(fd);
  }
}

/** A cached entry's problems as the store's CaseProblems. */
export function entryProblems(entry: SourceCacheEntry): CaseProblem[] {
  return entry.problems.map((p) => ({ ...p }));
}
