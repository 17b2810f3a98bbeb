/**
 * Open Archives (Tier 0) — sources.md §10. records/search.json finds indexed persons in civil and
 * church records; each hit is one record (event type, date, place, archive). The best hits are read
 * with records/show.json (A2A model) for every person the record names, with roles.
 */
import { z } from 'zod';
import type { Persona, PersonaRole, RawRecord, RecordType, SearchQuery } from '../../model';
import { PluginConnector, type SearchCall } from '../connector';
import { SourceError } from '../http/errors';
import { asNumber, asString, gedcomDate, isoToGedcom, personaName, sexOf, verbatim } from '../normalize';
import { queryName } from '../../model/names';

const Doc = z.looseObject({
  pid: z.string().optional(),
  identifier: z.string(),
  archive_code: z.string().optional(),
  archive: z.string().optional(),
  personname: z.string().optional(),
  relationtype: z.string().optional(),
  eventtype: z.string().optional(),
  eventdate: z
    .looseObject({ day: z.unknown().optional(), month: z.unknown().optional(), year: z.unknown().optional() })
    .nullish(),
  eventplace: z.union([z.string(), z.array(z.string())]).nullish(),
  sourcetype: z.string().optional(),
  url: z.string().optional(),
});
const SearchResponse = z.looseObject({
  response: z.looseObject({ number_found: z.number().optional(), docs: z.array(Doc).default([]) }),
});

const Text = z.union([z.string(), z.number()]).transform(String);
const A2APerson = z.looseObject({
  '@pid': z.string(),
  PersonName: z
    .looseObject({
      PersonNameFirstName: Text.optional(),
      PersonNamePatronym: Text.optional(),
      PersonNamePrefixLastName: Text.optional(),
      PersonNameLastName: Text.optional(),
      PersonNameLiteral: Text.optional(),
    })
    .optional(),
  Gender: Text.optional(),
  Age: z.looseObject({ PersonAgeLiteral: Text.optional(), PersonAgeYears: Text.optional() }).optional(),
  BirthPlace: z.looseObject({ Place: Text.optional() }).optional(),
  BirthDate: z
    .looseObject({ LiteralDate: Text.optional(), Year: Text.optional(), Month: Text.optional(), Day: Text.optional() })
    .optional(),
  Residence: z.looseObject({ Place: Text.optional() }).optional(),
  Profession: z.union([Text, z.array(Text)]).optional(),
});
const OneOrMany = <T extends z.ZodType>(t: T) => z.union([z.array(t), t.transform((x) => [x] as z.infer<T>[])]);
const ShowResponse = z.looseObject({
  Person: OneOrMany(A2APerson).default([]),
  Event: z
    .looseObject({
      EventType: Text.optional(),
      EventDate: z
        .looseObject({
          LiteralDate: Text.optional(),
          Year: Text.optional(),
          Month: Text.optional(),
          Day: Text.optional(),
        })
        .optional(),
      EventPlace: z.looseObject({ Place: Text.optional() }).optional(),
    })
    .optional(),
  RelationEP: OneOrMany(z.looseObject({ PersonKeyRef: z.string(), RelationType: Text.optional() })).default([]),
  Source: z
    .looseObject({
      SourceType: Text.optional(),
      SourcePlace: z.looseObject({ Place: Text.optional(), Country: Text.optional() }).optional(),
    })
    .optional(),
});

/** English and Dutch A2A role names (lang=en answers in English; the show example is Dutch). */
const ROLES: [RegExp, PersonaRole, string][] = [
  [
    /^(groom|bruidegom|bride|bruid|deceased|overledene|child|kind|dopeling|registered|geregistreerde|principal|hoofdpersoon|child being baptized)$/i,
    'principal',
    '',
  ],
  [/^(father|vader)( of (the )?(groom|bride|child|deceased))?$/i, 'father', 'father'],
  [/^(mother|moeder)( of (the )?(groom|bride|child|deceased))?$/i, 'mother', 'mother'],
  [/^(vader (bruidegom|bruid|overledene|kind))$/i, 'father', 'father'],
  [/^(moeder (bruidegom|bruid|overledene|kind))$/i, 'mother', 'mother'],
  [/^(spouse|husband|wife|echtgenoot|echtgenote|partner)$/i, 'spouse', 'spouse'],
  [/^(witness|getuige)$/i, 'witness', 'witness'],
  [/^(informant|aangever)$/i, 'informant', 'informant'],
];

export function roleOf(relationType?: string): { role: PersonaRole; relationship?: string } {
  const rt = (relationType ?? '').trim();
  for (const [re, role, rel] of ROLES) if (re.test(rt)) return { role, relationship: rel || rt || undefined };
  return { role: 'other', relationship: rt || undefined };
}

const EVENT_TYPES: [RegExp, RecordType][] = [
  [/marriage|huwelijk|ondertrouw/i, 'marriage'],
  [/baptism|doop/i, 'baptism'],
  [/birth|geboorte/i, 'birth'],
  [/burial|begraaf|begraven/i, 'burial'],
  [/death|overlijden/i, 'death'],
  [/census|volkstelling|bevolkingsregister|population register/i, 'census'],
  [/probate|notari|boedel|estate/i, 'probate'],
  [/military|militie/i, 'military'],
];
export function recordTypeOf(eventType?: string, sourceType?: string): RecordType {
  for (const [re, t] of EVENT_TYPES) if (re.test(eventType ?? '') || re.test(sourceType ?? '')) return t;
  return 'other';
}

function dateOf(
  d: { Year?: string; Month?: string; Day?: string; LiteralDate?: string } | undefined,
): string | undefined {
  if (!d) return undefined;
  return (
    gedcomDate(asNumber(d.Year), asNumber(d.Month), asNumber(d.Day)) ??
    (d.LiteralDate ? isoToGedcom(d.LiteralDate) : undefined)
  );
}

export function a2aPersonas(show: z.infer<typeof ShowResponse>): Persona[] {
  const roles = new Map(show.RelationEP.map((r) => [r.PersonKeyRef, r.RelationType]));
  return show.Person.flatMap((p) => {
    const n = p.PersonName ?? {};
    const surname = [n.PersonNamePrefixLastName, n.PersonNameLastName].filter(Boolean).join(' ');
    const given = [n.PersonNameFirstName, n.PersonNamePatronym].filter(Boolean).join(' ');
    const name = personaName(given, surname, n.PersonNameLiteral);
    if (!name) return [];
    const { role, relationship } = roleOf(roles.get(p['@pid']));
    const persona: Persona = { name, role };
    const sex = p.Gender ? sexOf(p.Gender === 'Man' ? 'M' : p.Gender === 'Vrouw' ? 'F' : p.Gender) : undefined;
    if (sex) persona.sex = sex;
    const age = asNumber(p.Age?.PersonAgeYears) ?? asString(p.Age?.PersonAgeLiteral);
    if (age !== undefined) persona.age = age;
    const birthDate = dateOf(p.BirthDate);
    if (birthDate) persona.birthDate = birthDate;
    if (p.BirthPlace?.Place) persona.birthPlace = p.BirthPlace.Place;
    if (p.Residence?.Place) persona.residence = p.Residence.Place;
    const occupation = Array.isArray(p.Profession) ? p.Profession.join('; ') : p.Profession;
    if (occupation) persona.occupation = occupation;
    if (relationship) persona.relationship = relationship;
    persona.externalId = p['@pid'];
    return [persona];
  });
}

export class OpenArchivesConnector extends PluginConnector {
  protected override async run(query: SearchQuery, call: SearchCall, found: RawRecord[]): Promise<void> {
    const { full } = queryName(query);
    if (!full) return;
    // The name parameter takes a year or period after the name: "Jan Jansen 1820-1830".
    const years = query.birthYear
      ? ` ${query.birthYear - 2}-${(query.deathYear ?? query.birthYear + 90) + 1}`
      : query.deathYear
        ? ` ${query.deathYear - 90}-${query.deathYear + 1}`
        : '';
    const data = await call.json('search', this.plugin.search.endpoint!, {
      shape: SearchResponse,
      params: { name: `${full}${years}`, eventplace: query.place },
    });
    const parsed = SearchResponse.safeParse(data);
    if (!parsed.success)
      throw new SourceError(
        this.id,
        'malformed',
        `records/search: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      );

    for (const [i, doc] of parsed.data.response.docs.entries()) {
      const place = Array.isArray(doc.eventplace) ? doc.eventplace.join(', ') : (doc.eventplace ?? undefined);
      const d = doc.eventdate ?? {};
      const date = gedcomDate(asNumber(d.year), asNumber(d.month), asNumber(d.day));
      const { role, relationship } = roleOf(doc.relationtype);
      const hit: Persona = {
        name: doc.personname?.trim() || full,
        role,
        ...(relationship ? { relationship } : {}),
        ...(doc.pid ? { externalId: doc.pid } : {}),
      };
      let persons: Persona[] = [hit];
      let show: unknown;
      // The A2A record names everyone in it; read it for the best few hits only (4 requests/s).
      if (i < 3 && doc.archive_code) {
        show = await call.optional('read_record', this.plugin.record.show, {
          shape: ShowResponse,
          params: { archive: doc.archive_code, identifier: doc.identifier },
        });
        const a2a = show === undefined ? undefined : ShowResponse.safeParse(show);
        if (a2a?.success) {
          const all = a2aPersonas(a2a.data);
          if (all.length) persons = all;
        }
      }
      this.keep(
        found,
        this.record({
          title:
            [doc.eventtype, doc.personname?.trim(), place, date].filter(Boolean).join(', ') +
            (doc.sourcetype ? ` (${doc.sourcetype})` : ''),
          recordType: recordTypeOf(doc.eventtype, doc.sourcetype),
          date,
          place,
          repository: doc.archive ?? this.plugin.display_name,
          url: doc.url ?? `https://www.openarchieven.nl/${doc.archive_code}:${doc.identifier}`,
          externalId: `${doc.archive_code ?? ''}:${doc.identifier}`,
          persons,
          text: verbatim(show === undefined ? { hit: doc } : { hit: doc, record: show }),
        }),
      );
    }
  }
}
