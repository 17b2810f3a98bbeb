/**
 * WikiTree (Tier 0) — sources.md §1. searchPerson finds profiles; getRelatives adds parents,
 * spouses, children and siblings of the best matches in one request; a WikiTree ID query
 * ("Clemens-1" in `text`) reads getProfile, getRelatives and getAncestors. Every request carries
 * the appId. Older captured responses give numbers as strings: both are accepted.
 */
import { z } from 'zod';
import type { Persona, RawRecord, SearchQuery } from '../../model';
import { PluginConnector, type SearchCall } from '../connector';
import { SourceError } from '../http/errors';
import { asNumber, asString, isoToGedcom, personaName, qualify, sexOf, verbatim } from '../normalize';
import { queryName } from '../../model/names';

const Id = z.union([z.number(), z.string()]);
/** PHP encodes an empty map as []: accept both. */
const MapOf = <T extends z.ZodType>(t: T) =>
  z.union([z.record(z.string(), t), z.array(z.unknown()).transform(() => ({}))]);

interface WtPersonT {
  Id?: number | string;
  Name?: string;
  FirstName?: string;
  MiddleName?: string;
  RealName?: string;
  LastNameAtBirth?: string;
  LastNameCurrent?: string;
  BirthDate?: string;
  DeathDate?: string;
  BirthLocation?: string;
  DeathLocation?: string;
  Gender?: string;
  Father?: number | string | null;
  Mother?: number | string | null;
  IsLiving?: number | string;
  DataStatus?: Record<string, unknown>;
  marriage_date?: string;
  marriage_location?: string;
  Parents?: Record<string, WtPersonT>;
  Spouses?: Record<string, WtPersonT>;
  Children?: Record<string, WtPersonT>;
  Siblings?: Record<string, WtPersonT>;
}

const WtPerson: z.ZodType<WtPersonT> = z.lazy(() =>
  z.looseObject({
    Id: Id.optional(),
    Name: z.string().optional(),
    FirstName: z
      .string()
      .nullish()
      .transform((v) => v ?? undefined),
    MiddleName: z
      .string()
      .nullish()
      .transform((v) => v ?? undefined),
    RealName: z
      .string()
      .nullish()
      .transform((v) => v ?? undefined),
    LastNameAtBirth: z
      .string()
      .nullish()
      .transform((v) => v ?? undefined),
    LastNameCurrent: z
      .string()
      .nullish()
      .transform((v) => v ?? undefined),
    BirthDate: z
      .string()
      .nullish()
      .transform((v) => v ?? undefined),
    DeathDate: z
      .string()
      .nullish()
      .transform((v) => v ?? undefined),
    BirthLocation: z
      .string()
      .nullish()
      .transform((v) => v ?? undefined),
    DeathLocation: z
      .string()
      .nullish()
      .transform((v) => v ?? undefined),
    Gender: z
      .string()
      .nullish()
      .transform((v) => v ?? undefined),
    Father: Id.nullish(),
    Mother: Id.nullish(),
    IsLiving: Id.optional(),
    DataStatus: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown()).transform(() => ({}))]).optional(),
    marriage_date: z.string().optional(),
    marriage_location: z.string().optional(),
    Parents: MapOf(WtPerson).optional(),
    Spouses: MapOf(WtPerson).optional(),
    Children: MapOf(WtPerson).optional(),
    Siblings: MapOf(WtPerson).optional(),
  }),
);

const Status = z.union([z.number(), z.string()]).optional();
const SearchResponse = z
  .array(z.looseObject({ status: Status, matches: z.array(WtPerson).default([]), total: z.number().optional() }))
  .min(1);
const ProfileResponse = z.array(z.looseObject({ status: Status, profile: WtPerson.optional() })).min(1);
const RelativesResponse = z
  .array(
    z.looseObject({
      status: Status,
      items: z.array(z.looseObject({ key: z.string().optional(), person: WtPerson })).nullish(),
    }),
  )
  .min(1);
const BioResponse = z.array(z.looseObject({ status: Status, bio: z.string().nullish() })).min(1);
const AncestorsResponse = z.array(z.looseObject({ status: Status, ancestors: z.array(WtPerson).nullish() })).min(1);

const FIELDS =
  'Id,Name,FirstName,MiddleName,RealName,LastNameAtBirth,LastNameCurrent,BirthDate,DeathDate,BirthLocation,DeathLocation,Gender,Father,Mother,IsLiving,DataStatus';
export const WIKITREE_ID = /^(?:wikitree:)?\s*([A-Z][\p{L}' ]*?-\d+)$/iu;

function parse<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
  const r = schema.safeParse(data);
  if (!r.success)
    throw new SourceError(
      'wikitree',
      'malformed',
      `${what}: ${r.error.issues[0]?.path.join('.')} ${r.error.issues[0]?.message}`,
    );
  return r.data;
}

/** Surname from a WikiTree ID: "Clemens-1" → "Clemens" (the ID is built from the birth surname). */
function surnameOfId(name?: string): string | undefined {
  return name?.replace(/-\d+$/, '').replace(/_/g, ' ') || undefined;
}

function values<T>(m?: Record<string, T>): T[] {
  return m ? Object.values(m) : [];
}

function yearOf(date?: string): number | undefined {
  const y = asNumber(date?.slice(0, 4));
  return y && y > 0 ? y : undefined;
}

export function wikitreePersona(p: WtPersonT, role: Persona['role'], relationship?: string): Persona | undefined {
  const given = [p.FirstName, p.MiddleName].filter(Boolean).join(' ') || undefined;
  const name = personaName(given, p.LastNameAtBirth ?? surnameOfId(p.Name), p.Name);
  if (!name) return undefined; // a privacy-limited profile carries only its numeric Id
  const status = p.DataStatus ?? {};
  const persona: Persona = {
    name,
    role,
    sex: sexOf(p.Gender),
    birthDate: qualify(isoToGedcom(p.BirthDate), asString(status.BirthDate)),
    birthPlace: p.BirthLocation || undefined,
    deathDate: qualify(isoToGedcom(p.DeathDate), asString(status.DeathDate)),
    deathPlace: p.DeathLocation || undefined,
    relationship,
    externalId: p.Name,
  };
  if (p.LastNameCurrent && p.LastNameAtBirth && p.LastNameCurrent !== p.LastNameAtBirth)
    persona.marriedSurname = p.LastNameCurrent;
  if (p.marriage_date) persona.marriageDate = isoToGedcom(p.marriage_date);
  if (p.marriage_location) persona.marriagePlace = p.marriage_location;
  if (asNumber(p.IsLiving) === 1) persona.living = true;
  return Object.fromEntries(Object.entries(persona).filter(([, v]) => v !== undefined)) as Persona;
}

export class WikiTreeConnector extends PluginConnector {
  protected override async run(query: SearchQuery, call: SearchCall, found: RawRecord[]): Promise<void> {
    const idMatch = WIKITREE_ID.exec((query.text ?? '').trim());
    if (idMatch) return this.byId(idMatch[1].replace(/ /g, '_'), call, found);

    const { given, surname } = queryName(query);
    if (!surname && !given) return;
    const search = this.plugin.search.endpoint!;
    const data = await call.json('search', search, {
      shape: SearchResponse,
      params: {
        FirstName: given,
        LastName: surname,
        BirthDate: query.birthYear ? `${query.birthYear}-01-01` : undefined,
        DeathDate: query.deathYear ? `${query.deathYear}-01-01` : undefined,
        dateSpread: query.birthYear || query.deathYear ? 2 : undefined,
        BirthLocation: query.place,
        fields: FIELDS,
        limit: this.plugin.search.max_results,
      },
    });
    const [res] = parse(SearchResponse, data, 'searchPerson');
    const matches = res.matches.filter((m) => m.Name);
    if (!matches.length) return;

    // Relatives of the closest few, in one getRelatives request (it takes several keys).
    const ranked = [...matches].sort((a, b) => score(b, query) - score(a, query));
    const top = ranked.slice(0, 3).map((m) => m.Name!);
    const relatives = new Map<string, WtPersonT>();
    const rel = await call.optional('read_relatives', this.plugin.record.relatives, {
      shape: RelativesResponse,
      params: { keys: top.join(','), fields: FIELDS },
    });
    if (rel !== undefined) {
      const parsed = RelativesResponse.safeParse(rel);
      for (const item of parsed.success ? (parsed.data[0].items ?? []) : [])
        if (item.person.Name) relatives.set(item.person.Name, item.person);
    }
    for (const m of ranked) {
      const r = this.profileRecord(
        { ...m, ...relatives.get(m.Name!) },
        { match: m, relatives: relatives.get(m.Name!) },
      );
      if (r) found.push(r);
    }
  }

  private async byId(key: string, call: SearchCall, found: RawRecord[]): Promise<void> {
    const data = await call.json('read_record', this.plugin.record.profile, {
      shape: ProfileResponse,
      params: { key, fields: FIELDS },
    });
    const [res] = parse(ProfileResponse, data, 'getProfile');
    if (!res.profile?.Name) return;
    const profile = res.profile;
    const rel = await call.optional('read_relatives', this.plugin.record.relatives, {
      shape: RelativesResponse,
      params: { keys: key, fields: FIELDS },
    });
    const relParsed = rel === undefined ? undefined : RelativesResponse.safeParse(rel);
    const person = relParsed?.success
      ? relParsed.data[0].items?.find((i) => i.person.Name === profile.Name)?.person
      : undefined;
    const anc = await call.optional('read_ancestors', this.plugin.record.ancestors, {
      shape: AncestorsResponse,
      params: { key, fields: FIELDS },
    });
    const ancParsed = anc === undefined ? undefined : AncestorsResponse.safeParse(anc);
    const ancestors = ancParsed?.success ? (ancParsed.data[0].ancestors ?? []) : [];
    // The biography (wiki text) carries the profile's narrative and cited sources for the Analyst.
    const bioData = this.plugin.record.bio
      ? await call.optional('read_record', this.plugin.record.bio, { shape: BioResponse, params: { key } })
      : undefined;
    const bioParsed = bioData === undefined ? undefined : BioResponse.safeParse(bioData);
    const bio = bioParsed?.success ? bioParsed.data[0].bio?.trim() : undefined;
    const r = this.profileRecord(
      { ...profile, ...person },
      { profile, relatives: person, ancestors: ancestors.length ? ancestors : undefined },
      ancestors,
      bio,
    );
    if (r) found.push(r);
  }

  private profileRecord(p: WtPersonT, raw: unknown, ancestors: WtPersonT[] = [], bio?: string): RawRecord | undefined {
    const principal = wikitreePersona(p, 'principal');
    if (!principal || !p.Name) return undefined;
    const persons: Persona[] = [principal];
    const add = (list: WtPersonT[], role: Persona['role'], relationship: (x: WtPersonT) => string) => {
      for (const x of list) {
        const persona = wikitreePersona(x, role, relationship(x));
        if (persona && !persons.some((q) => q.externalId && q.externalId === persona.externalId)) persons.push(persona);
      }
    };
    const pid = asNumber(p.Id);
    add(values(p.Parents), 'other', (x) =>
      asNumber(x.Id) === asNumber(p.Father) ? 'father' : asNumber(x.Id) === asNumber(p.Mother) ? 'mother' : 'parent',
    );
    for (const persona of persons)
      if (persona.relationship === 'father' || persona.relationship === 'mother') persona.role = persona.relationship;
    add(values(p.Spouses), 'spouse', () => 'spouse');
    add(values(p.Children), 'child', () => 'child');
    add(values(p.Siblings), 'other', () => 'sibling');
    // Grandparents and beyond, named by walking Father/Mother ids from the principal.
    const byId = new Map(ancestors.map((a) => [asNumber(a.Id), a]));
    const label = (depth: number, side: 'father' | 'mother') =>
      depth === 1 ? side : `${'great-'.repeat(depth - 2)}grand${side}`;
    const walk = (id: number | undefined, depth: number, side: 'father' | 'mother') => {
      const a = id === undefined ? undefined : byId.get(id);
      if (!a || depth > 5) return;
      if (depth >= 1) add([a], depth === 1 ? side : 'other', () => label(depth, side));
      walk(asNumber(a.Father), depth + 1, 'father');
      walk(asNumber(a.Mother), depth + 1, 'mother');
    };
    if (pid !== undefined && byId.has(pid)) walk(pid, 0, 'father');

    const life = [yearOf(p.BirthDate), yearOf(p.DeathDate)];
    const span = life[0] || life[1] ? ` (${life[0] ?? '?'}–${life[1] ?? ''})` : '';
    return this.record({
      title: `WikiTree profile ${p.Name}: ${principal.name.replace(/\//g, '').replace(/\s+/g, ' ').trim()}${span}`,
      recordType: 'tree',
      url: `https://www.wikitree.com/wiki/${encodeURIComponent(p.Name)}`,
      externalId: p.Name,
      persons,
      text: bio ? `${verbatim(raw)}\n\n== Biography (WikiTree getBio, wiki text) ==\n${bio}` : verbatim(raw),
    });
  }
}

function score(m: WtPersonT, q: SearchQuery): number {
  const { given } = queryName(q);
  let s = 0;
  if (given && m.FirstName && m.FirstName.toLowerCase().split(' ')[0] === given.toLowerCase().split(' ')[0]) s += 2;
  const by = yearOf(m.BirthDate);
  if (q.birthYear && by) s += Math.max(0, 3 - Math.abs(by - q.birthYear) / 2);
  return s;
}
