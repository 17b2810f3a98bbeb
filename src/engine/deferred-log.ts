/**
 * Tier 2 links the host prepared (RunOptions.deferred) become research-log entries: the engine
 * logs them, it never builds or follows them (src/sources/deferred.ts builds them from plugins).
 */
import type { NewLogEntry, SearchQuery } from '../model';

/** The research-log entries for links handed to the user (actionType 'deferred'). */
export function deferredLogEntries(
  links: readonly { source: string; tier: 2; url: string }[],
  query: SearchQuery,
): NewLogEntry[] {
  return links.map((l) => ({
    actionType: 'deferred' as const,
    agent: 'Scout' as const,
    source: l.source,
    tier: l.tier,
    searchUrl: l.url,
    rationale: 'Tier 2: never accessed automatically; the user searches by hand with this prefilled link',
    context: JSON.stringify(query),
  }));
}
