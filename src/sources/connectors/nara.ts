/**
 * National Archives Catalog v2 (Tier 1) — sources.md §8. The user's API key travels in the
 * `x-api-key` header. Hits are record descriptions (pension files, passenger lists, census
 * schedules) at body.hits.hits[]._source.record; each becomes a free-text record.
 * No full real response was recorded: the parser follows the documented envelope and field names.
 */
import { z } from 'zod';
import type { RawRecord, RecordType, SearchQuery } from '../../model';
import { PluginConnector, type SearchCall } from '../connector';
import { SourceError } from '../http/errors';
import { asNumber, gedcomDate, verbatim } from '../normalize';
import { queryName } from '../../model/names';

const NaraDate = z.looseObject({
  year: z.union([z.number(), z.string()]).optional(),
  month: z.union([z.number(), z.string()]).optional(),
  day: z.union([z.number(), z.string()]).optional(),
  logicalDate: z.string().optional(),
});
const NaraRecord = z.looseObject({
  naId: z.union([z.number(), z.string()]).transform(String),
  title: z.string(),
  levelOfDescription: z.string().optional(),
  recordType: z.string().optional(),
  scopeAndContentNote: z.string().optional(),
  coverageStartDate: NaraDate.optional(),
  productionDates: z.array(NaraDate).optional(),
  ancestors: z
    .array(z.looseObject({ title: z.string().optional(), levelOfDescription: z.string().optional() }))
    .optional(),
});
const SearchResponse = z.looseObject({
  body: z.looseObject({
    hits: z.looseObject({
      hits: z.array(z.looseObject({ _source: z.looseObject({ record: NaraRecord }) })).default([]),
    }),
  }),
});

const TYPES: [RegExp, RecordType][] = [
  [/pension|military|service record|enlist|draft|muster/i, 'military'],
  [/passenger|naturali[sz]ation|immigra|arrival|manifest/i, 'immigration'],
  [/census|population schedule/i, 'census'],
  [/death|burial|cemetery|interment/i, 'death'],
  [/marriage/i, 'marriage'],
];

function dateOf(d?: z.infer<typeof NaraDate>): string | undefined {
  if (!d) return undefined;
  return gedcomDate(asNumber(d.year), asNumber(d.month), asNumber(d.day)) ?? d.logicalDate?.slice(0, 4);
}

export class NaraConnector extends PluginConnector {
  protected override async run(query: SearchQuery, call: SearchCall, found: RawRecord[]): Promise<void> {
    if (!this.credential)
      throw new SourceError(
        this.id,
        'credentials',
        'no NARA Catalog API key (NARA_API_KEY or SecretStorage nara.apiKey)',
      );
    const { full } = queryName(query);
    const q = full ? `"${full.replace(/"/g, '')}"` : query.text;
    if (!q) return;
    const data = await call.json('search', this.plugin.search.endpoint!, {
      shape: SearchResponse,
      params: { q, limit: this.plugin.search.max_results },
    });
    const parsed = SearchResponse.safeParse(data);
    if (!parsed.success)
      throw new SourceError(
        this.id,
        'malformed',
        `records/search: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      );
    for (const hit of parsed.data.body.hits.hits) {
      const r = hit._source.record;
      const series = r.ancestors
        ?.map((a) => a.title)
        .filter(Boolean)
        .join(' / ');
      this.keep(
        found,
        this.record({
          title: r.title,
          recordType: TYPES.find(([re]) => re.test(`${r.title} ${series ?? ''}`))?.[1] ?? 'other',
          date: dateOf(r.coverageStartDate) ?? dateOf(r.productionDates?.[0]),
          repository: 'National Archives and Records Administration',
          url: `https://catalog.archives.gov/id/${r.naId}`,
          externalId: r.naId,
          text: verbatim(r),
        }),
      );
    }
  }
}
