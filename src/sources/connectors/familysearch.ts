/**
 * FamilySearch Family Tree (Tier 1) — sources.md §4. Uses the user's own OAuth access token
 * (Bearer; never a password). Tree search answers a GEDCOM X Atom feed: each entry is a person
 * with relatives; each becomes a record whose personas carry roles from the GEDCOM X
 * relationships. Search never returns living persons (FamilySearch policy).
 */
import { z } from 'zod';
import type { Persona, RawRecord, SearchQuery } from '../../model';
import { PluginConnector, type SearchCall } from '../connector';
import { SourceError } from '../http/errors';
import { personaName, sexOf, verbatim } from '../normalize';
import { queryName } from '../../model/names';

const GxPerson = z.looseObject({
  id: z.string(),
  living: z.boolean().optional(),
  gender: z.looseObject({ type: z.string().optional() }).optional(),
  names: z
    .array(
      z.looseObject({
        type: z.string().optional(),
        preferred: z.boolean().optional(),
        nameForms: z
          .array(
            z.looseObject({
              fullText: z.string().optional(),
              parts: z.array(z.looseObject({ type: z.string(), value: z.string() })).optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
  facts: z
    .array(
      z.looseObject({
        type: z.string(),
        date: z.looseObject({ original: z.string().optional(), formal: z.string().optional() }).optional(),
        place: z.looseObject({ original: z.string().optional() }).optional(),
        value: z.string().optional(),
      }),
    )
    .default([]),
  display: z
    .looseObject({ name: z.string().optional(), ascendancyNumber: z.union([z.string(), z.number()]).optional() })
    .optional(),
});
type GxPerson = z.infer<typeof GxPerson>;
const Ref = z.looseObject({ resource: z.string().optional(), resourceId: z.string().optional() });
export const Gedcomx = z.looseObject({
  persons: z.array(GxPerson).default([]),
  relationships: z.array(z.looseObject({ type: z.string(), person1: Ref, person2: Ref })).default([]),
});
export type Gedcomx = z.infer<typeof Gedcomx>;
const AtomFeed = z.looseObject({
  results: z.number().optional(),
  entries: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        score: z.number().optional(),
        content: z.looseObject({ gedcomx: Gedcomx }),
      }),
    )
    .default([]),
});

const refId = (r: z.infer<typeof Ref>) => r.resourceId ?? r.resource?.replace(/^.*[#/]/, '');
const factType = (t: string) => t.replace(/^.*\//, '');

export function gedcomxPersona(p: GxPerson, role: Persona['role'], relationship?: string): Persona | undefined {
  const preferred = p.names.find((n) => n.preferred) ?? p.names[0];
  const form = preferred?.nameForms[0];
  const part = (t: string) =>
    form?.parts
      ?.filter((x) => x.type.endsWith(`/${t}`))
      .map((x) => x.value)
      .join(' ') || undefined;
  const name = personaName(part('Given'), part('Surname'), form?.fullText ?? p.display?.name);
  if (!name) return undefined;
  const persona: Persona = { name, role };
  const sex = p.gender?.type ? sexOf(p.gender.type) : undefined;
  if (sex) persona.sex = sex;
  const fact = (...types: string[]) => types.map((t) => p.facts.find((f) => factType(f.type) === t)).find(Boolean);
  const birth = fact('Birth', 'Christening', 'Baptism');
  const death = fact('Death');
  const burial = fact('Burial');
  if (birth?.date?.original) persona.birthDate = birth.date.original;
  if (birth?.place?.original) persona.birthPlace = birth.place.original;
  if (death?.date?.original) persona.deathDate = death.date.original;
  if (death?.place?.original) persona.deathPlace = death.place.original;
  if (burial?.date?.original) persona.burialDate = burial.date.original;
  if (burial?.place?.original) persona.burialPlace = burial.place.original;
  const residence = fact('Residence');
  if (residence?.place?.original) persona.residence = residence.place.original;
  const occupation = fact('Occupation');
  if (occupation?.value) persona.occupation = occupation.value;
  if (relationship) persona.relationship = relationship;
  if (p.living) persona.living = true;
  persona.externalId = p.id;
  return persona;
}

/** The principal and everyone the GEDCOM X document relates to them, with roles. */
export function gedcomxPersonas(doc: Gedcomx, principalId: string): Persona[] {
  const byId = new Map(doc.persons.map((p) => [p.id, p]));
  const principal = byId.get(principalId);
  if (!principal) return [];
  const out: Persona[] = [];
  const push = (p: GxPerson | undefined, role: Persona['role'], rel?: string) => {
    const persona = p && gedcomxPersona(p, role, rel);
    if (persona && !out.some((o) => o.externalId === persona.externalId)) out.push(persona);
  };
  push(principal, 'principal');
  for (const r of doc.relationships) {
    const a = refId(r.person1);
    const b = refId(r.person2);
    const type = factType(r.type);
    if (type === 'ParentChild' && b === principalId && a) {
      const parent = byId.get(a);
      const sex = parent?.gender?.type ? sexOf(parent.gender.type) : undefined;
      push(
        parent,
        sex === 'M' ? 'father' : sex === 'F' ? 'mother' : 'other',
        sex === 'M' ? 'father' : sex === 'F' ? 'mother' : 'parent',
      );
    } else if (type === 'ParentChild' && a === principalId && b) push(byId.get(b), 'child', 'child');
    else if (type === 'Couple' && (a === principalId || b === principalId))
      push(byId.get(a === principalId ? b! : a!), 'spouse', 'spouse');
  }
  return out;
}

/** Ahnentafel number → relationship: 2 father, 3 mother, 4–7 grandparents, 8–15 great-grandparents… */
export function ahnentafelRelation(n: number): string | undefined {
  if (!Number.isInteger(n) || n < 2) return undefined;
  const generation = Math.floor(Math.log2(n));
  const side = n % 2 === 0 ? 'father' : 'mother';
  return generation === 1 ? side : `${'great-'.repeat(generation - 2)}grand${side}`;
}

const PID = /^(?:familysearch:)\s*([A-Z0-9]{4}-[A-Z0-9]{2,4})$/i;

export class FamilySearchConnector extends PluginConnector {
  protected override async run(query: SearchQuery, call: SearchCall, found: RawRecord[]): Promise<void> {
    if (!this.credential)
      throw new SourceError(this.id, 'credentials', 'no FamilySearch access token (sign in through the extension)');
    const pid = PID.exec((query.text ?? '').trim())?.[1]?.toUpperCase();
    if (pid) return this.byId(pid, call, found);
    const { given, surname } = queryName(query);
    if (!given && !surname) return;
    const data = await call.json('search', this.plugin.search.endpoint!, {
      shape: AtomFeed,
      params: {
        'q.givenName': given,
        'q.surname': surname,
        'q.birthLikeDate': query.birthYear ? `+${query.birthYear}` : undefined,
        'q.deathLikeDate': query.deathYear ? `+${query.deathYear}` : undefined,
        'q.anyPlace': query.place,
        count: this.plugin.search.max_results,
      },
    });
    const parsed = AtomFeed.safeParse(data);
    if (!parsed.success)
      throw new SourceError(
        this.id,
        'malformed',
        `tree search: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      );
    for (const entry of parsed.data.entries) {
      const doc = entry.content.gedcomx;
      const id = entry.id ?? doc.persons[0]?.id;
      if (!id) continue;
      const persons = gedcomxPersonas(doc, id);
      if (!persons.length) continue;
      const principal = persons[0];
      const life = [principal.birthDate, principal.deathDate].map((d) => d?.match(/\d{4}/)?.[0]);
      this.keep(
        found,
        this.record({
          title: `FamilySearch Family Tree ${id}: ${principal.name.replace(/\//g, '').replace(/\s+/g, ' ').trim()}${life[0] || life[1] ? ` (${life[0] ?? '?'}–${life[1] ?? ''})` : ''}`,
          recordType: 'tree',
          url: `https://www.familysearch.org/tree/person/details/${encodeURIComponent(id)}`,
          externalId: id,
          persons,
          text: verbatim({ id, score: entry.score, gedcomx: doc }),
        }),
      );
    }
  }

  /** A Family Tree person id: the person, then their ancestry (Ahnentafel numbers) as personas. */
  private async byId(pid: string, call: SearchCall, found: RawRecord[]): Promise<void> {
    const person = this.plugin.record.person;
    const data = await call.json('read_record', person, { shape: Gedcomx, suffix: encodeURIComponent(pid) });
    const parsed = Gedcomx.safeParse(data);
    if (!parsed.success)
      throw new SourceError(
        this.id,
        'malformed',
        `person: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      );
    const persons = gedcomxPersonas(parsed.data, pid);
    if (!persons.length) return;
    let ancestry: unknown;
    if (this.plugin.record.ancestry) {
      ancestry = await call.optional('read_ancestors', this.plugin.record.ancestry, {
        shape: Gedcomx,
        params: { person: pid, generations: 3 },
      });
      const anc = ancestry === undefined ? undefined : Gedcomx.safeParse(ancestry);
      for (const p of anc?.success ? anc.data.persons : []) {
        const n = Number(p.display?.ascendancyNumber);
        const rel = ahnentafelRelation(n);
        if (!rel || p.id === pid || persons.some((x) => x.externalId === p.id)) continue;
        const persona = gedcomxPersona(p, rel === 'father' || rel === 'mother' ? rel : 'other', rel);
        if (persona) persons.push(persona);
      }
    }
    const principal = persons[0];
    this.keep(
      found,
      this.record({
        title: `FamilySearch Family Tree ${pid}: ${principal.name.replace(/\//g, '').replace(/\s+/g, ' ').trim()}`,
        recordType: 'tree',
        url: `https://www.familysearch.org/tree/person/details/${encodeURIComponent(pid)}`,
        externalId: pid,
        persons,
        text: verbatim(ancestry === undefined ? { person: data } : { person: data, ancestry }),
      }),
    );
  }
}
