/**
 * Library of Congress, Chronicling America (Tier 0) — sources.md §3. A phrase search over
 * newspaper pages (dl=page) within the person's lifetime; each page becomes a free-text record
 * (no personas: the Analyst extracts them from the OCR). The best page's full OCR text is read
 * from its resource JSON (`full_text`); the others keep the search result's OCR excerpt.
 */
import { z } from 'zod';
import type { RawRecord, SearchQuery } from '../../model';
import { PluginConnector, type SearchCall } from '../connector';
import { SourceError } from '../http/errors';
import { isoToGedcom, verbatim } from '../normalize';
import { queryName } from '../../model/names';

const Strings = z.union([z.array(z.string()), z.string().transform((s) => [s])]).optional();
const Result = z.looseObject({
  id: z.string().optional(),
  url: z.string().optional(),
  title: z.string().optional(),
  date: z.string().optional(),
  description: Strings,
  full_text: z.string().optional(),
  location_city: Strings,
  location_state: Strings,
  partof_title: Strings,
  page_id: z.string().optional(),
  page_coordinate_data: z.looseObject({ relevant_snippet: z.string().optional() }).optional(),
});
const SearchResponse = z.looseObject({ results: z.array(Result).default([]) });
const ResourceResponse = z.looseObject({ full_text: z.string().optional() });

/** loc.gov covers 1756–1963; paging past 100,000 items is not supported. */
const FIRST = 1756;
const LAST = 1963;

const titleCase = (s: string) => s.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
/** Removes the search highlighting markers from OCR snippets. */
const untag = (s: string) => s.replace(/\[\[\/?tag\]\]/g, '');

export function lifetimeRange(q: SearchQuery): { start?: string; end?: string } {
  const from = q.birthYear ?? (q.deathYear ? q.deathYear - 90 : undefined);
  const to = q.deathYear ? q.deathYear + 2 : q.birthYear ? q.birthYear + 100 : undefined;
  if (from === undefined || to === undefined) return {};
  const a = Math.max(FIRST, from);
  const b = Math.min(LAST, to);
  if (a > b) return { start: 'none', end: 'none' };
  return { start: `${a}-01-01`, end: `${b}-12-31` };
}

export class LocNewspapersConnector extends PluginConnector {
  protected override async run(query: SearchQuery, call: SearchCall, found: RawRecord[]): Promise<void> {
    const { full } = queryName(query);
    const phrase = (full ?? query.text)?.trim();
    if (!phrase) return;
    const range = lifetimeRange(query);
    if (range.start === 'none') return; // the person lived outside the collection's years
    const data = await call.json('search', this.plugin.search.endpoint!, {
      shape: SearchResponse,
      params: { qs: phrase, start_date: range.start, end_date: range.end, c: this.plugin.search.max_results },
    });
    const parsed = SearchResponse.safeParse(data);
    if (!parsed.success)
      throw new SourceError(
        this.id,
        'malformed',
        `search results: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      );

    for (const [i, r] of parsed.data.results.entries()) {
      const url = r.url ?? r.id;
      if (!url || !r.title) continue;
      let text = r.full_text ?? r.description?.join('\n');
      if (!r.full_text && i === 0) {
        // The page's resource JSON carries the whole OCR text.
        const page = new URL(url.replace(/^http:/, 'https:'));
        page.searchParams.delete('q');
        const res = await call.optional(
          'read_full_text',
          { path: `${page.origin}${page.pathname}`, method: 'GET', params: {} },
          { shape: ResourceResponse, params: { sp: page.searchParams.get('sp') ?? undefined, fo: 'json' } },
        );
        const full = res === undefined ? undefined : ResourceResponse.safeParse(res);
        if (full?.success && full.data.full_text) text = full.data.full_text;
      }
      const snippet = r.page_coordinate_data?.relevant_snippet;
      const place =
        [r.location_city?.[0], r.location_state?.[0]]
          .filter(Boolean)
          .map((s) => titleCase(s!))
          .join(', ') || undefined;
      this.keep(
        found,
        this.record({
          title: r.title,
          recordType: 'newspaper',
          date: isoToGedcom(r.date),
          place,
          url,
          externalId: r.page_id ?? r.id,
          text: text ? text : snippet ? untag(snippet) : verbatim(r),
        }),
      );
    }
  }
}
