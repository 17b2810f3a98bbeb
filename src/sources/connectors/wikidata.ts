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
import { sexOf, verbatim, wikibaseTime } from '../normalize';
import { queryName } from '../../model/names';

const SearchResponse = z.looseObject({
  search: z
    .array(
      z.looseObject({
        id: z.string().regex(/^Q\d+$/),
        label: z.string().optional(),
        description: z.string().optional(),
      }),
    )
    .default([]),
});

const Term = z.looseObject({
  type: z.string(),
  value: z.string(),
  datatype: z.string().optional(),
  'xml:lang': z.string().optional(),
});
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
  /** What the service answered about this item: the evidence text. */
  raw: unknown;
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
    if (!e) out.set(id, (e = { id, relatives: new Map(), raw: { item: id, bindings: [] as unknown[] } }));
    (e.raw as { bindings: unknown[] }).bindings.push(b);
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
      if (rid && name && !e.relatives.has(`${rel}:${rid}`))
        e.relatives.set(`${rel}:${rid}`, { id: rid, label: name, rel });
    }
  }
  return [...out.values()];
}

const Snak = z.looseObject({
  snaktype: z.string().optional(),
  datavalue: z.looseObject({ value: z.unknown() }).optional(),
});
const Claim = z.looseObject({ mainsnak: Snak, rank: z.string().optional() });
const Terms = z.record(z.string(), z.looseObject({ value: z.string() }));
const WbEntity = z.looseObject({
  id: z.string().optional(),
  missing: z.string().optional(),
  labels: Terms.optional(),
  descriptions: Terms.optional(),
  claims: z.record(z.string(), z.array(Claim)).optional(),
});
export const WbEntities = z.looseObject({ entities: z.record(z.string(), WbEntity) });
type WbEntity = z.infer<typeof WbEntity>;

/** The statements that count: preferred ones when there are any, never deprecated ones. */
function best(entity: WbEntity, property: string): unknown[] {
  const claims = (entity.claims?.[property] ?? []).filter(
    (c) => c.rank !== 'deprecated' && c.mainsnak.snaktype !== 'novalue' && c.mainsnak.snaktype !== 'somevalue',
  );
  const preferred = claims.filter((c) => c.rank === 'preferred');
  return (preferred.length ? preferred : claims).map((c) => c.mainsnak.datavalue?.value).filter((v) => v !== undefined);
}

function itemId(v: unknown): string | undefined {
  const o = v as { id?: unknown; 'numeric-id'?: unknown };
  if (typeof o?.id === 'string') return o.id;
  return typeof o?.['numeric-id'] === 'number' ? `Q${o['numeric-id']}` : undefined;
}

function timeValue(v: unknown): string | undefined {
  const o = v as { time?: unknown; precision?: unknown; calendarmodel?: unknown };
  return typeof o?.time === 'string'
    ? wikibaseTime(
        o.time,
        typeof o.precision === 'number' ? o.precision : 11,
        typeof o.calendarmodel === 'string' ? o.calendarmodel : undefined,
      )
    : undefined;
}

const KIN = { P22: 'father', P25: 'mother', P26: 'spouse', P40: 'child' } as const;

/** Items referenced by the genealogical statements (places and relatives), to fetch labels for. */
export function referencedItems(entities: WbEntity[]): string[] {
  const ids = new Set<string>();
  for (const e of entities)
    for (const p of ['P19', 'P20', ...Object.keys(KIN)])
      for (const v of best(e, p)) {
        const id = itemId(v);
        if (id) ids.add(id);
      }
  return [...ids];
}

/** Wikibase entity JSON (wbgetentities) → the same shape parseSparql gives, humans only. */
export function parseEntities(entities: WbEntity[], labels: Map<string, string>): Entity[] {
  const en = (t?: z.infer<typeof Terms>) => t?.en?.value;
  return entities.flatMap((e) => {
    if (!e.id || e.missing !== undefined) return [];
    if (!best(e, 'P31').some((v) => itemId(v) === 'Q5')) return [];
    const label = (v: unknown) => {
      const id = itemId(v);
      return id ? labels.get(id) : undefined;
    };
    const out: Entity = {
      id: e.id,
      label: en(e.labels),
      description: en(e.descriptions),
      relatives: new Map(),
      raw: { item: e.id, entity: e },
    };
    const sex = best(e, 'P21').map(itemId)[0];
    if (sex) out.sex = sexOf(sex);
    out.birth = best(e, 'P569').map(timeValue).find(Boolean);
    out.death = best(e, 'P570').map(timeValue).find(Boolean);
    out.birthPlace = best(e, 'P19').map(label).find(Boolean);
    out.deathPlace = best(e, 'P20').map(label).find(Boolean);
    for (const [p, rel] of Object.entries(KIN) as [keyof typeof KIN, (typeof KIN)[keyof typeof KIN]][]) {
      for (const v of best(e, p)) {
        const id = itemId(v);
        const name = id ? labels.get(id) : undefined;
        if (id && name) out.relatives.set(`${rel}:${id}`, { id, label: name, rel });
      }
    }
    return [out];
  });
}

export class WikidataConnector extends PluginConnector {
  protected override async run(query: SearchQuery, call: SearchCall, found: RawRecord[]): Promise<void> {
    const direct = /^(?:wikidata:)?(Q\d+)$/i.exec((query.text ?? '').trim())?.[1]?.toUpperCase();
    let ids: string[];
    if (direct) ids = [direct];
    else {
      const { full } = queryName(query);
      if (!full) return;
      const data = await call.json('search', this.plugin.search.endpoint!, {
        shape: SearchResponse,
        params: { search: full },
      });
      const parsed = SearchResponse.safeParse(data);
      if (!parsed.success)
        throw new SourceError(this.id, 'malformed', `wbsearchentities: ${parsed.error.issues[0]?.message}`);
      ids = parsed.data.search.map((s) => s.id).slice(0, this.plugin.search.max_results);
    }
    if (!ids.length) return;
    let entities: Entity[];
    try {
      entities = await this.viaSparql(ids, call);
    } catch (e) {
      // WDQS is a separate service (95 % SLO): the entity API answers the same questions.
      if (!(e instanceof SourceError) || e.kind === 'tos' || call.signal?.aborted || !this.plugin.record.entities)
        throw e;
      call.log({
        actionType: 'decision',
        agent: 'Scout',
        decisionType: 'source_fallback',
        optionsConsidered: ['SPARQL', 'wbgetentities'],
        chosenOption: 'wbgetentities',
        rationale: `SPARQL failed (${e.message}); reading the entities through the Wikibase API instead`,
        context: this.id,
      });
      entities = await this.viaEntities(ids, call);
    }
    for (const e of entities) {
      const r = this.toRecord(e, query);
      if (r) found.push(r);
    }
  }

  private async viaSparql(ids: string[], call: SearchCall): Promise<Entity[]> {
    const data = await call.json('read_relatives', this.plugin.record.sparql, {
      shape: SparqlResults,
      params: { query: kinshipQuery(ids), format: 'json' },
    });
    const parsed = SparqlResults.safeParse(data);
    if (!parsed.success)
      throw new SourceError(
        this.id,
        'malformed',
        `SPARQL results: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      );
    return parseSparql(parsed.data);
  }

  private async viaEntities(ids: string[], call: SearchCall): Promise<Entity[]> {
    const endpoint = this.plugin.record.entities;
    const data = await call.json('read_record', endpoint, {
      shape: WbEntities,
      params: { ids: ids.slice(0, 50).join('|') },
    });
    const parsed = WbEntities.safeParse(data);
    if (!parsed.success)
      throw new SourceError(
        this.id,
        'malformed',
        `wbgetentities: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      );
    const entities = Object.values(parsed.data.entities);
    const refs = referencedItems(entities).slice(0, 50);
    const labels = new Map<string, string>();
    if (refs.length) {
      // Place and relative names; without them the facts are kept and the relatives left out.
      const more = await call.optional('read_relatives', endpoint, {
        shape: WbEntities,
        params: { ids: refs.join('|'), props: 'labels' },
      });
      const named = more === undefined ? undefined : WbEntities.safeParse(more);
      if (named?.success)
        for (const [id, ent] of Object.entries(named.data.entities))
          if (ent.labels?.en) labels.set(id, ent.labels.en.value);
    }
    return parseEntities(entities, labels);
  }

  private toRecord(e: Entity, query: SearchQuery): RawRecord | undefined {
    if (!e.label) return undefined;
    if (query.birthYear && e.birth) {
      // Keep near matches only: Wikidata's name search knows nothing of dates.
      const y = Number(/(\d{3,4})(?!.*\d{3,4})/.exec(e.birth.replace(/^BET (\d+) AND.*/, '$1'))?.[1]);
      if (y && Math.abs(y - query.birthYear) > 10) return undefined;
    }
    const principal: Persona = { name: e.label, role: 'principal', externalId: e.id };
    if (e.sex) principal.sex = e.sex as Persona['sex'];
    if (e.birth) principal.birthDate = e.birth;
    if (e.birthPlace) principal.birthPlace = e.birthPlace;
    if (e.death) principal.deathDate = e.death;
    if (e.deathPlace) principal.deathPlace = e.deathPlace;
    const persons: Persona[] = [principal];
    for (const r of e.relatives.values())
      persons.push({ name: r.label, role: r.rel, relationship: r.rel, externalId: r.id });
    return this.record({
      title: `Wikidata ${e.id}: ${e.label}${e.description ? ` — ${e.description}` : ''}`,
      recordType: 'other',
      url: `https://www.wikidata.org/wiki/${e.id}`,
      externalId: e.id,
      persons,
      text: verbatim(e.raw),
    });
  }
}
