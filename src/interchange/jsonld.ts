/**
 * JSON-LD export (exports/graph.jsonld): a schema.org graph of Person, Event, Place and source
 * (CreativeWork) nodes, with one Claim node per assertion carrying its provenance (sources,
 * snippet, Mills classification, confidence, status). The context is embedded, so reading the
 * graph needs no network; `offlineDocumentLoader` serves the same context for documents that
 * refer to schema.org by URL and refuses every other fetch.
 */
import {
  isLiving,
  placeText,
  redactPerson,
  reducePlaceLevels,
  widenDate,
  DATE_WITHHELD,
  PLACE_WITHHELD,
  type CensorContext,
} from '../agents/censor';
import { censorTextField } from './gedcom/censor-fields';
import type { CaseStore } from '../engine/ports';
import { conclusionsOnly } from './conclusions';
import { displayName, type Assertion, type Person, type SourceRecord } from '../model';
import { isoRange } from '../model/gdate';

export const SCHEMA_ORG = 'https://schema.org/';

/** The schema.org terms this export uses (a subset of the published context, same IRIs). */
export const SCHEMA_ORG_CONTEXT = {
  '@vocab': SCHEMA_ORG,
  schema: SCHEMA_ORG,
  Person: 'schema:Person',
  Event: 'schema:Event',
  Place: 'schema:Place',
  CreativeWork: 'schema:CreativeWork',
  Claim: 'schema:Claim',
  PropertyValue: 'schema:PropertyValue',
  Organization: 'schema:Organization',
  Dataset: 'schema:Dataset',
  name: 'schema:name',
  givenName: 'schema:givenName',
  familyName: 'schema:familyName',
  additionalName: 'schema:additionalName',
  honorificPrefix: 'schema:honorificPrefix',
  honorificSuffix: 'schema:honorificSuffix',
  alternateName: 'schema:alternateName',
  gender: { '@id': 'schema:gender', '@type': '@vocab' },
  birthDate: 'schema:birthDate',
  deathDate: 'schema:deathDate',
  birthPlace: { '@id': 'schema:birthPlace', '@type': '@id' },
  deathPlace: { '@id': 'schema:deathPlace', '@type': '@id' },
  parent: { '@id': 'schema:parent', '@type': '@id' },
  spouse: { '@id': 'schema:spouse', '@type': '@id' },
  children: { '@id': 'schema:children', '@type': '@id' },
  sameAs: { '@id': 'schema:sameAs', '@type': '@id' },
  identifier: 'schema:identifier',
  about: { '@id': 'schema:about', '@type': '@id' },
  location: { '@id': 'schema:location', '@type': '@id' },
  startDate: 'schema:startDate',
  endDate: 'schema:endDate',
  citation: { '@id': 'schema:citation', '@type': '@id' },
  isBasedOn: { '@id': 'schema:isBasedOn', '@type': '@id' },
  text: 'schema:text',
  url: 'schema:url',
  publisher: 'schema:publisher',
  dateCreated: 'schema:dateCreated',
  dateModified: 'schema:dateModified',
  description: 'schema:description',
  additionalProperty: 'schema:additionalProperty',
  propertyID: 'schema:propertyID',
  value: 'schema:value',
  hasPart: { '@id': 'schema:hasPart', '@type': '@id' },
  subjectOf: { '@id': 'schema:subjectOf', '@type': '@id' },
  Male: 'schema:Male',
  Female: 'schema:Female',
} as const;

/** jsonld.js documentLoader: schema.org's context from memory, nothing from the network. */
export async function offlineDocumentLoader(
  url: string,
): Promise<{ contextUrl: null; documentUrl: string; document: unknown }> {
  const u = url.replace(/^http:/, 'https:').replace(/\/?$/, '/');
  if (u === SCHEMA_ORG || u === `${SCHEMA_ORG}docs/jsonldcontext.jsonld/`)
    return { contextUrl: null, documentUrl: url, document: { '@context': SCHEMA_ORG_CONTEXT } };
  throw new Error(`offline: refusing to fetch ${url}`);
}

const P = (id: string) => `urn:ancestry:person:${id}`;
const S = (id: string) => `urn:ancestry:source:${id}`;
const PLACE = (name: string) => `urn:ancestry:place:${encodeURIComponent(name.trim().toLowerCase())}`;

/** A GEDCOM date phrase as an ISO date, or an ISO 8601 interval "earliest/latest" when it is a range. */
export function isoDateOrRange(value: string): string | undefined {
  const decade = /^(\d{3})0s$/.exec(value.trim());
  if (decade) return `${decade[1]}0/${decade[1]}9`;
  const r = isoRange(value);
  if (!r.earliest && !r.latest) return undefined;
  if (r.earliest && r.latest) return r.earliest === r.latest ? r.earliest : `${r.earliest}/${r.latest}`;
  return r.earliest ? `${r.earliest}/..` : `../${r.latest}`;
}

interface StoreExtras {
  censorContext?(): CensorContext;
}

function best(p: Person, field: string): Assertion | undefined {
  const live = p.assertions.filter((a) => a.field === field && a.status !== 'rejected');
  return live.sort(
    (a, b) => Number(b.status === 'accepted') - Number(a.status === 'accepted') || b.confidence - a.confidence,
  )[0];
}

export function exportJsonLd(caseStore: CaseStore, opts: { now?: Date; includeStaged?: boolean } = {}): string {
  // Conclusions only: accepted facts and relationships (staged ones on request, with their status).
  const store = conclusionsOnly(caseStore, { includeStaged: opts.includeStaged });
  const now = opts.now ?? new Date();
  const privacy = store.config().privacy;
  const ctx: CensorContext = (store as CaseStore & StoreExtras).censorContext?.() ?? {
    now,
    thresholdYears: privacy.livingThresholdYears,
    consent: privacy.consent,
  };
  const redirect = new Map<string, string>();
  const sameAs = new Map<string, string[]>();
  for (const c of store.merges().clusters) {
    if (c.status !== 'accepted') continue;
    for (const m of c.memberIds)
      if (m !== c.canonicalId) {
        redirect.set(m, c.canonicalId);
        sameAs.set(c.canonicalId, [...(sameAs.get(c.canonicalId) ?? []), m]);
      }
  }
  const canon = (id: string) => {
    let x = id;
    for (let i = 0; i < 10 && redirect.has(x); i++) x = redirect.get(x)!;
    return x;
  };
  const persons = store.persons().filter((p) => !redirect.has(p.id));
  const known = new Set(persons.map((p) => p.id));
  const graph: Record<string, unknown>[] = [];
  const places = new Map<string, Record<string, unknown>>();
  const placeRef = (raw: string | undefined) => {
    // A living person's place keeps its empty jurisdiction levels in GEDCOM; as a name, they go.
    const name = raw && raw !== PLACE_WITHHELD ? placeText(raw) : undefined;
    if (!name) return undefined;
    const id = PLACE(name);
    if (!places.has(id)) places.set(id, { '@id': id, '@type': 'Place', name });
    return id;
  };
  const usedSources = new Set<string>();
  const emittedEvents = new Set<string>();

  const livingIds = new Set<string>();
  for (const orig of persons) {
    const living = isLiving(orig, ctx.now, ctx.thresholdYears);
    const p = living && !ctx.consent ? redactPerson(orig, ctx).person : orig;
    if (living && !ctx.consent) livingIds.add(p.id);
    // Free text is censored one field at a time (never the serialised graph).
    const textCtx: CensorContext = living && !ctx.consent ? { ...ctx, aboutLiving: true } : ctx;
    const [first, ...others] = p.names;
    const rel = (type: string) =>
      [
        ...new Set(
          p.relationships
            .filter((r) => r.type === type && r.status !== 'rejected')
            .map((r) => canon(r.person))
            .filter((id) => known.has(id) && id !== p.id),
        ),
      ].map(P);
    const birth = best(p, 'birth.date') ?? best(p, 'christening.date') ?? best(p, 'baptism.date');
    const death = best(p, 'death.date') ?? best(p, 'burial.date');
    const node: Record<string, unknown> = {
      '@id': P(p.id),
      '@type': 'Person',
      name: displayName(p),
      ...(first?.given ? { givenName: first.given } : {}),
      ...(first?.surname ? { familyName: first.surname } : {}),
      ...(first?.prefix ? { honorificPrefix: first.prefix } : {}),
      ...(first?.suffix ? { honorificSuffix: first.suffix } : {}),
    };
    const alt = [
      ...new Set(others.map((n) => [n.given, n.surname].filter(Boolean).join(' ')).filter((n) => n && n !== node.name)),
    ];
    if (first?.nickname) alt.push(first.nickname);
    if (alt.length) node.alternateName = alt;
    if (p.sex === 'M') node.gender = 'Male';
    else if (p.sex === 'F') node.gender = 'Female';
    const bd = birth && isoDateOrRange(birth.value);
    const dd = death && isoDateOrRange(death.value);
    if (bd) node.birthDate = bd;
    if (dd) node.deathDate = dd;
    const bp = placeRef(
      best(p, 'birth.place')?.value ?? best(p, 'christening.place')?.value ?? best(p, 'baptism.place')?.value,
    );
    const dp = placeRef(best(p, 'death.place')?.value ?? best(p, 'burial.place')?.value);
    if (bp) node.birthPlace = bp;
    if (dp) node.deathPlace = dp;
    for (const [prop, type] of [
      ['parent', 'parent'],
      ['spouse', 'spouse'],
      ['children', 'child'],
    ] as const) {
      const ids = rel(type);
      if (ids.length) node[prop] = ids;
    }
    const ids = Object.entries(p.externalIds).map(([k, v]) => ({ '@type': 'PropertyValue', propertyID: k, value: v }));
    if (ids.length) node.identifier = ids;
    if (sameAs.has(p.id)) node.sameAs = sameAs.get(p.id)!.map(P);
    if (living)
      node.description = ctx.consent
        ? 'Living person (shown with consent).'
        : 'Living person: details generalised by the Censor.';
    graph.push(node);

    // Events: one node per event instance, and a Claim per assertion with its provenance.
    const events = new Map<string, Assertion[]>();
    for (const a of p.assertions) {
      if (a.status === 'rejected' || a.field === 'sex') continue;
      const key = a.event ?? `${p.id}:${a.field.split('.')[0]}`;
      events.set(key, [...(events.get(key) ?? []), a]);
    }
    for (const [key, as] of events) {
      const kind = as[0].field.split('.')[0];
      const eid = `urn:ancestry:event:${encodeURIComponent(key)}`;
      const date = as.find((a) => a.field.endsWith('.date'));
      const place = as.find((a) => a.field.endsWith('.place'));
      const value = as.find((a) => a.field.endsWith('.value'));
      const iso = date && isoDateOrRange(date.value);
      const ev: Record<string, unknown> = {
        '@id': eid,
        '@type': 'Event',
        name: `${kind.replace(/_/g, ' ')} of ${displayName(p)}`,
        about: P(p.id),
      };
      if (iso) ev.startDate = iso;
      const loc = placeRef(place?.value);
      if (loc) ev.location = loc;
      if (value && value.value !== 'Y') ev.description = value.value;
      // A family event is on both spouses: one node.
      if (!emittedEvents.has(eid)) {
        emittedEvents.add(eid);
        graph.push(ev);
      }
      for (const a of as) {
        for (const e of a.evidence) usedSources.add(e.source);
        graph.push({
          '@id': `urn:ancestry:claim:${encodeURIComponent(`${p.id}/${a.id}`)}`,
          '@type': 'Claim',
          about: [P(p.id), eid],
          name: a.field,
          text: a.value,
          ...(a.evidence.length ? { citation: [...new Set(a.evidence.map((e) => S(e.source)))] } : {}),
          additionalProperty: [
            { '@type': 'PropertyValue', propertyID: 'status', value: a.status },
            { '@type': 'PropertyValue', propertyID: 'confidence', value: a.confidence },
            ...a.evidence.map((e) => ({
              '@type': 'PropertyValue',
              propertyID: 'evidence',
              value: `${e.evidenceType}; ${e.sourceClass}/${e.information}/${e.evidence}; confidence ${e.confidence}`,
              description: censorTextField(e.snippet, textCtx).text,
              ...(e.page ? { name: e.page } : {}),
              isBasedOn: S(e.source),
            })),
          ],
        });
      }
    }
  }

  for (const c of store.conflicts()) {
    const person = canon(c.person);
    if (!known.has(person)) continue;
    // A living person's competing values are generalised like the person's own fields.
    const living = livingIds.has(person);
    const textCtx: CensorContext = living ? { ...ctx, aboutLiving: true } : ctx;
    const safe = (v: string) => {
      if (!living) return v;
      if (c.field.endsWith('.date')) return widenDate(v) ?? DATE_WITHHELD;
      if (c.field.endsWith('.place') || c.field.startsWith('residence.')) return reducePlaceLevels(v) || PLACE_WITHHELD;
      return censorTextField(v, textCtx).text;
    };
    graph.push({
      '@id': `urn:ancestry:conflict:${c.id}`,
      '@type': 'Claim',
      about: P(person),
      name: `Conflict on ${c.field}`,
      text: censorTextField(c.rationale, textCtx).text,
      additionalProperty: [
        { '@type': 'PropertyValue', propertyID: 'status', value: c.status },
        { '@type': 'PropertyValue', propertyID: 'preferred', value: safe(c.preferred) },
        ...c.competing.map((x) => ({
          '@type': 'PropertyValue',
          propertyID: 'competing',
          value: safe(x.value),
          description: `weight ${x.weight}`,
        })),
      ],
      citation: [...new Set(c.competing.flatMap((x) => x.evidence.map((e) => S(e.source))))],
    });
    for (const x of c.competing) for (const e of x.evidence) usedSources.add(e.source);
  }

  for (const s of store.sources()) {
    if (!usedSources.has(s.id)) continue;
    graph.push(sourceNode(s));
  }
  graph.push(...places.values());
  return `${JSON.stringify({ '@context': SCHEMA_ORG_CONTEXT, '@graph': graph }, null, 1)}\n`;
}

function sourceNode(s: SourceRecord): Record<string, unknown> {
  return {
    '@id': S(s.id),
    '@type': 'CreativeWork',
    name: s.title,
    ...(s.url ? { url: s.url } : {}),
    publisher: { '@type': 'Organization', name: s.repository },
    dateModified: s.accessedAt,
    additionalProperty: [
      { '@type': 'PropertyValue', propertyID: 'sha256', value: s.sha256 },
      { '@type': 'PropertyValue', propertyID: 'sourceType', value: s.sourceType },
      { '@type': 'PropertyValue', propertyID: 'tier', value: s.tier },
    ],
  };
}
