/**
 * Internet Archive (Tier 0) — sources.md §11. advancedsearch over texts (county and family
 * histories, directories) that mention the name; each item is a free-text record described by its
 * metadata (title, creator, date, description). The Analyst reads names from the text.
 */
import { z } from 'zod';
import type { RawRecord, SearchQuery } from '../../model';
import { PluginConnector, type SearchCall } from '../connector';
import { SourceError } from '../http/errors';
import { asNumber, asString } from '../normalize';
import { queryName } from '../../model/names';

const Many = z.union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()]).optional();
const Doc = z.looseObject({
  identifier: z.string(),
  title: Many,
  creator: Many,
  date: z.string().optional(),
  year: z.union([z.number(), z.string()]).optional(),
  description: Many,
  subject: Many,
  mediatype: z.string().optional(),
  collection: Many,
});
const SearchResponse = z.looseObject({
  response: z.looseObject({ numFound: z.number().optional(), docs: z.array(Doc).default([]) }),
});

const join = (v: z.infer<typeof Many>, sep = '; ') =>
  v === undefined ? undefined : Array.isArray(v) ? v.map(String).join(sep) : String(v);
/** Lucene phrase: quotes and backslashes escaped. */
const phrase = (s: string) => `"${s.replace(/["\\]/g, ' ').trim()}"`;

export function iaQuery(q: SearchQuery): string | undefined {
  const { full, surname } = queryName(q);
  if (!full && !q.text) return undefined;
  const terms = [`mediatype:texts`, full ? phrase(full) : phrase(q.text!)];
  if (q.place) terms.push(`(${phrase(q.place)} OR ${phrase(surname ?? full!)})`);
  return terms.join(' AND ');
}

export class InternetArchiveConnector extends PluginConnector {
  protected override async run(query: SearchQuery, call: SearchCall, found: RawRecord[]): Promise<void> {
    const q = iaQuery(query);
    if (!q) return;
    const fields = [
      'identifier',
      'title',
      'creator',
      'date',
      'year',
      'description',
      'subject',
      'mediatype',
      'collection',
    ];
    const data = await call.json('search', this.plugin.search.endpoint!, {
      shape: SearchResponse,
      params: { q, 'fl[]': fields, rows: this.plugin.search.max_results },
    });
    const parsed = SearchResponse.safeParse(data);
    if (!parsed.success)
      throw new SourceError(
        this.id,
        'malformed',
        `advancedsearch: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      );
    for (const d of parsed.data.response.docs) {
      const title = join(d.title, ' ') ?? d.identifier;
      const year = asNumber(d.year) ?? asNumber(d.date?.slice(0, 4));
      const creator = join(d.creator);
      const description = join(d.description, '\n');
      const lines = [
        `Title: ${title}`,
        creator && `Creator: ${creator}`,
        (d.date || year) && `Date: ${d.date ?? year}`,
        join(d.subject) && `Subject: ${join(d.subject)}`,
        d.mediatype && `Media type: ${d.mediatype}`,
        join(d.collection) && `Collection: ${join(d.collection)}`,
        description && `\n${description}`,
      ].filter(Boolean);
      this.keep(
        found,
        this.record({
          title,
          recordType: 'other',
          date: year ? String(year) : undefined,
          url: `https://archive.org/details/${encodeURIComponent(d.identifier)}`,
          externalId: asString(d.identifier),
          text: lines.join('\n'),
        }),
      );
    }
  }
}
