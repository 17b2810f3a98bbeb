/**
 * Wikidata (Tier 0) — sources.md §2. wbsearchentities finds items by name; one SPARQL query then
 * keeps the humans (P31=Q5) and reads birth/death dates with their precision (P569/P570), places
 * (P19/P20), parents (P22/P25), spouses (P26) and children (P40), with English labels. The plugin
 * allows one request at a time (WDQS: "don't execute more than one request in parallel").
 */
import { z } from 'zod';
import type { Persona, RawRecord, SearchQuery } from '../../model';
import { PluginConnector, type SearchCall } from '../connector';
import { SourceError } from '../http/errors';
import { queryName, sexOf, verbatim, wikibaseTime } from '../normalize';

const SearchResponse = z.looseObject({
  search: z.array(z.looseObject({ id: z.string().regex(/^Q\d+$/), label: z.string().optional(), description: z.string().optional() })).default([]),
});

const Term = z.looseObject({ type: z.string(), value: z.string(), datatype: z.string().optional(), 'xml:lang': z.string().optional() });
export const SparqlResults = z.looseObject({
  head: z.looseObject({ vars: z.array(z.string()).min(1) }),
  results: z.looseObject({ bindings: z.array(z.record(z.string(), Term)) }),
});
export type SparqlResults = z.infer<typeof SparqlResults>;

const ENTITY = /^https?:\/\/www\.wikidata\.org\/entity\/(Q\d+)$/;

/** The query for a set of items; variable names are what parseSparql reads. */
export function kinshipQuery(ids: readonly string[]): string {
  return `SELECT ?item ?itemLabel ?itemDescription ?sex ?birth ?birthPrecision ?birthCalendar ?death ?deathPrecision ?deathCalendar
       ?birthPlaceLabel ?deathPlaceLabel ?father ?fatherLabel ?mother ?motherLabel ?spouse ?spouseLabel ?child ?childLabel WHERE {
  VALUES ?item { ${ids.map((id) => `wd:${id}`).join(' ')} }
  ?item wdt:P31 wd:Q5 .
  OPTIONAL { ?item wdt:P21 ?sex }
  OPTIONAL { ?item p:P569/psv:P569 [ wikibase:timeValue ?birth ; wikibase:timePrecision ?birthPrecision ; wikibase:timeCalendarModel ?birthCalendar ] }
  OPTIONAL { ?item p:P570/psv:P570 [ wikibase:timeValue ?death ; wikibase:timePrecision ?deathPrecision ; wikibase:timeCalendarModel ?deathCalendar ] }
  OPTIONAL { ?item wdt:P19 ?birthPlace }
  OPTIONAL { ?item wdt:P20 ?deathPlace }
  OPTIONAL { ?item wdt:P22 ?father }
  OPTIONAL { ?item wdt:P25 ?mother }
  OPTIONAL { ?item wdt:P26 ?spouse }
  OPTIONAL { ?item wdt:P40 ?child }
  SERVICE wikibase:label { bd:serviceParam wikibase:language "en". }
}`;
}

interface Entity {
  id: string;
  label?: string;
  description?: string;
  sex?: string;
  birth?: string;
  death?: string;
  birthPlace?: string;
  deathPlace?: string;
  relatives: Map<string, { id: string; label: string; rel: 'father' | 'mother' | 'spouse' | 'child' }>;
  bindings: Record<string, z.infer<typeof Term>>[];
}

function timeOf(b: Record<string, z.infer<typeof Term>>, v: string): string | undefined {
  const t = b[v];
  if (!t) return undefined;
  const value = /^[+-]/.test(t.value) ? t.value : `+${t.value}`;
  const precision = b[`${v}Precision`] ? Number(b[`${v}Precision`].value) : 11;
  return wikibaseTime(value, precision, b[`${v}Calendar`]?.value);
}

/** A label is useful only when the label service found one (it echoes the Q-id otherwise). */
function label(b: Record<string, z.infer<typeof Term>>, v: string): string | undefined {
  const l = b[`${v}Label`]?.value;
  return l && !/^Q\d+$/.test(l) ? l : undefined;
}

/**
 * Groups SPARQL rows by item. The item variable is the first of head.vars, so results of other
 * queries with the same conventions (e.g. ?author ?authorLabel ?birth) parse too.
 */
export function parseSparql(results: SparqlResults): Entity[] {
  const subject = results.head.vars[0];
  const out = new Map<string, Entity>();
  for (const b of results.results.bindings) {
    const id = ENTITY.exec(b[subject]?.value ?? '')?.[1];
    if (!id) continue;
    let e = out.get(id);
    if (!e) out.set(id, (e = { id, relatives: new Map(), bindings: [] }));
    e.bindings.push(b);
    e.label ??= label(b, subject);
    e.description ??= b[`${subject}Description`]?.value;
    e.sex ??= b.sex ? sexOf(ENTITY.exec(b.sex.value)?.[1] ?? b.sex.value) : undefined;
    e.birth ??= timeOf(b, 'birth');
    e.death ??= timeOf(b, 'death');
    e.birthPlace ??= label(b, 'birthPlace');
    e.deathPlace ??= label(b, 'deathPlace');
    for (const rel of ['father', 'mother', 'spouse', 'child'] as const) {
      const rid = ENTITY.exec(b[rel]?.value ?? '')?.[1];
      const name = label(b, rel);
      if (rid && name && !e.relatives.has(`${rel}:${rid}`)) e.relatives.set(`${rel}:${rid}`, { id: rid, label: name, rel });
    }
  }
  return [...out.values()];
}

export class WikidataConnector extends PluginConnector {
  protected override async run(query: SearchQuery, call: SearchCall, found: RawRecord[]): Promise<void> {
    const direct = /^(?:wikidata:)?(Q\d+)$/i.exec((query.text ?? '').trim())?.[1]?.toUpperCase();
    let ids: string[];
    if (direct) ids = [direct];
    else {
      const { full } = queryName(query);
      if (!full) return;
      const data = await call.json('search', this.plugin.search.endpoint!, { params: { search: full } });
      const parsed = SearchResponse.safeParse(data);
      if (!parsed.success) throw new SourceError(this.id, 'malformed', `wbsearchentities: ${parsed.error.issues[0]?.message}`);
      ids = parsed.data.search.map((s) => s.id).slice(0, this.plugin.search.max_results);
    }
    if (!ids.length) return;
    const sparql = this.plugin.record.sparql;
    const data = await call.json('read_relatives', sparql, { params: { query: kinshipQuery(ids), format: 'json' } });
    const parsed = SparqlResults.safeParse(data);
    if (!parsed.success) throw new SourceError(this.id, 'malformed', `SPARQL results: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
    for (const e of parseSparql(parsed.data)) {
      if (!e.label) continue;
      if (query.birthYear && e.birth) {
        // Keep near matches only: Wikidata's name search knows nothing of dates.
        const y = Number(/(\d{3,4})(?!.*\d{3,4})/.exec(e.birth.replace(/^BET (\d+) AND.*/, '$1'))?.[1]);
        if (y && Math.abs(y - query.birthYear) > 10) continue;
      }
      const principal: Persona = { name: e.label, role: 'principal', externalId: e.id };
      if (e.sex) principal.sex = e.sex as Persona['sex'];
      if (e.birth) principal.birthDate = e.birth;
      if (e.birthPlace) principal.birthPlace = e.birthPlace;
      if (e.death) principal.deathDate = e.death;
      if (e.deathPlace) principal.deathPlace = e.deathPlace;
      const persons: Persona[] = [principal];
      for (const r of e.relatives.values()) {
        persons.push({ name: r.label, role: r.rel === 'father' || r.rel === 'mother' || r.rel === 'spouse' || r.rel === 'child' ? r.rel : 'other', relationship: r.rel, externalId: r.id });
      }
      this.keep(
        found,
        this.record({
          title: `Wikidata ${e.id}: ${e.label}${e.description ? ` — ${e.description}` : ''}`,
          recordType: 'other',
          url: `https://www.wikidata.org/wiki/${e.id}`,
          externalId: e.id,
          persons,
          text: verbatim({ item: e.id, bindings: e.bindings }),
        }),
      );
    }
  }
}
