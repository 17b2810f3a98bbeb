/**
 * Response cache in `<case>/.ancestry/http-cache/<source>/<sha256>.json`, with the plugin's TTL.
 * It spares the sources repeated requests (Wikidata and loc.gov ask clients to cache) and lets a
 * killed run resume without re-fetching. Files are written through the case writer's
 * `writeDerived` (the only writer of case folders); reading them with fs is fine.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../engine/ports';

export interface DerivedWriter {
  writeDerived(relPath: string, content: string | Uint8Array): Promise<void>;
}

const CachedResponse = z.object({
  url: z.string(),
  status: z.number().int(),
  contentType: z.string().optional(),
  body: z.string(),
  storedAt: z.string(),
});
export type CachedResponse = z.infer<typeof CachedResponse>;

export const HTTP_CACHE_DIR = '.ancestry/http-cache';

export function cacheKey(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

export class HttpCache {
  private readonly memory = new Map<string, CachedResponse>();

  /**
   * Without a root and writer the cache lives in memory only (tests, the CLI without a case).
   * `persist` says whether an answer may be written to disk: without the user's consent an answer
   * about a living person stays in memory (issue #21: nothing about the living reaches a file).
   */
  constructor(
    private readonly clock: Clock,
    private readonly root?: string,
    private readonly writer?: DerivedWriter,
    private readonly persist: (body: string) => boolean = () => true,
  ) {}

  private rel(source: string, key: string): string {
    return `${HTTP_CACHE_DIR}/${source}/${key}.json`;
  }

  get(source: string, key: string, ttlSeconds: number): CachedResponse | undefined {
    if (ttlSeconds <= 0) return undefined;
    const id = `${source}/${key}`;
    let hit = this.memory.get(id);
    if (!hit && this.root) {
      try {
        const parsed = CachedResponse.safeParse(
          JSON.parse(readFileSync(join(this.root, this.rel(source, key)), 'utf8')),
        );
        // A damaged cache file is simply a miss: the cache is derived and rebuildable.
        if (parsed.success) hit = parsed.data;
      } catch {
        hit = undefined;
      }
    }
    if (!hit) return undefined;
    const age = this.clock.now().getTime() - Date.parse(hit.storedAt);
    if (!(age >= 0 && age < ttlSeconds * 1000)) return undefined;
    this.memory.set(id, hit);
    return hit;
  }

  async put(source: string, key: string, entry: Omit<CachedResponse, 'storedAt'>, ttlSeconds: number): Promise<void> {
    if (ttlSeconds <= 0) return;
    const full: CachedResponse = { ...entry, storedAt: this.clock.now().toISOString() };
    this.memory.set(`${source}/${key}`, full);
    if (this.writer && this.persist(entry.body))
      await this.writer.writeDerived(this.rel(source, key), `${JSON.stringify(full)}\n`);
  }
}

/**
 * Requests per source and calendar month (UTC), for owners that grant a monthly quota (NARA:
 * 10,000 per key). Persisted beside the cache so a new run continues the count.
 */
export class MonthlyCounter {
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly root?: string,
    private readonly writer?: DerivedWriter,
  ) {}

  private month(): string {
    return this.clock.now().toISOString().slice(0, 7);
  }

  private rel(source: string, month: string): string {
    return `${HTTP_CACHE_DIR}/${source}/requests-${month}.json`;
  }

  used(source: string): number {
    const month = this.month();
    const id = `${source}/${month}`;
    let n = this.counts.get(id);
    if (n === undefined) {
      n = 0;
      if (this.root) {
        try {
          const parsed = z
            .object({ count: z.number().int().min(0) })
            .safeParse(JSON.parse(readFileSync(join(this.root, this.rel(source, month)), 'utf8')));
          if (parsed.success) n = parsed.data.count;
        } catch {
          n = 0;
        }
      }
      this.counts.set(id, n);
    }
    return n;
  }

  async add(source: string): Promise<void> {
    const month = this.month();
    const n = this.used(source) + 1;
    this.counts.set(`${source}/${month}`, n);
    if (this.writer) await this.writer.writeDerived(this.rel(source, month), `${JSON.stringify({ count: n })}\n`);
  }
}
