/**
 * The local archive record format (DESIGN.md, a public contract): markdown under `<case>/archive/`
 * with YAML front matter indexing the record, and the verbatim transcription as the body. Version 1
 * files read as before; version 2 adds keys, events, relationships, calendars and information types.
 */
import { z } from 'zod';
import {
  InformationClass,
  Persona,
  RawRecord,
  RecordCalendar,
  RecordEvent,
  RecordRelationship,
  RecordType,
  SourceClass,
  safeParseBounded,
} from '../../model';
import { parse as parseYaml } from 'yaml';
import { locate, readFrontMatter, splitFrontMatter } from '../../case/frontmatter';
import type { CaseProblem } from '../../case/problems';
import { transcriptionOf } from '../documents/link';

const PLACE_KEYS = new Set(['place', 'birthPlace', 'deathPlace', 'burialPlace', 'residence']);

/**
 * In a YAML flow mapping `{ place: Great Wenham, Suffolk, England }` the commas split the place into
 * keys `Suffolk` and `England` with no value. Such empty keys right after a place are read back into
 * it (and reported as a warning, see placeSplits), rather than losing the county and country.
 */
function rejoinPlaces(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let last: string | undefined;
  for (const [k, v] of Object.entries(o)) {
    if (last && v === null && !(k in PLACE_KEYS_AND_KNOWN)) {
      out[last] = `${String(out[last])}, ${k}`;
      continue;
    }
    out[k] = v;
    last = PLACE_KEYS.has(k) && typeof v === 'string' ? k : undefined;
  }
  return out;
}

/** Keys that are never read as the tail of a place (a real key left empty stays a key). */
const PLACE_KEYS_AND_KNOWN: Record<string, true> = Object.fromEntries(
  [
    'type',
    'date',
    'place',
    'persons',
    'informationType',
    'key',
    'name',
    'role',
    'sex',
    'age',
    'birthDate',
    'birthPlace',
    'deathDate',
    'deathPlace',
    'burialDate',
    'burialPlace',
    'residence',
    'occupation',
    'relationship',
    'externalId',
  ].map((k) => [k, true]),
);

/** YAML reads `birthDate: 1842` as a number; a year is a GEDCOM date phrase, so keep it as text. */
function datesAsText(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const o = rejoinPlaces(v as Record<string, unknown>);
  for (const k of ['birthDate', 'deathDate', 'burialDate', 'marriageDate'])
    if (typeof o[k] === 'number') o[k] = String(o[k]);
  // A person key written as a number (`key: 1`) is still a key.
  if (typeof o.key === 'number') o.key = String(o.key);
  return o;
}

/** Keys given as numbers (`from: 1`) are keys all the same. */
function keysAsText(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const o = rejoinPlaces(v as Record<string, unknown>);
  for (const k of ['from', 'to']) if (typeof o[k] === 'number') o[k] = String(o[k]);
  if (Array.isArray(o.persons))
    o.persons = (o.persons as unknown[]).map((x) => (typeof x === 'number' ? String(x) : x));
  return o;
}

export const ArchiveFrontMatter = z
  .looseObject({
    version: z.union([z.literal(1), z.literal(2)]).optional(),
    title: z.string().min(1),
    recordType: RecordType.default('other'),
    date: z.union([z.string(), z.number()]).transform(String).optional(),
    place: z.string().optional(),
    repository: z.string().min(1).default('Local archive'),
    sourceType: SourceClass.default('original'),
    informationType: InformationClass.optional(),
    url: z.string().optional(),
    persons: z.array(z.preprocess(datesAsText, Persona)).default([]),
    // Version 2.
    language: z.string().min(1).optional(),
    translation: z.string().optional(),
    calendar: RecordCalendar.optional(),
    informant: z
      .union([z.string().min(1), z.number()])
      .transform(String)
      .optional(),
    events: z.array(z.preprocess(keysAsText, RecordEvent)).optional(),
    relationships: z.array(z.preprocess(keysAsText, RecordRelationship)).optional(),
  })
  .superRefine((fm, ctx) => {
    // Keys tie events and relationships to persons: each must name a person of this record.
    const keys = new Map<string, number>();
    fm.persons.forEach((p, i) => {
      if (p.key === undefined) return;
      if (keys.has(p.key))
        ctx.addIssue({
          code: 'custom',
          path: ['persons', i, 'key'],
          message: `key "${p.key}" is already used by persons.${keys.get(p.key)}`,
        });
      else keys.set(p.key, i);
    });
    const known = (k: string) => keys.has(k);
    const hint = keys.size ? `persons have keys ${[...keys.keys()].join(', ')}` : 'no person has a key';
    if (fm.informant !== undefined && !known(fm.informant))
      ctx.addIssue({
        code: 'custom',
        path: ['informant'],
        message: `"${fm.informant}" is not the key of a person of this record (${hint})`,
      });
    fm.relationships?.forEach((r, i) => {
      for (const end of ['from', 'to'] as const)
        if (!known(r[end]))
          ctx.addIssue({
            code: 'custom',
            path: ['relationships', i, end],
            message: `"${r[end]}" is not the key of a person of this record (${hint})`,
          });
      if (r.from === r.to)
        ctx.addIssue({
          code: 'custom',
          path: ['relationships', i, 'to'],
          message: 'a relationship needs two different persons',
        });
    });
    fm.events?.forEach((e, i) =>
      e.persons.forEach((k, j) => {
        if (!known(k))
          ctx.addIssue({
            code: 'custom',
            path: ['events', i, 'persons', j],
            message: `"${k}" is not the key of a person of this record (${hint})`,
          });
      }),
    );
  });
export type ArchiveFrontMatter = z.infer<typeof ArchiveFrontMatter>;

export const ARCHIVE_SOURCE_ID = 'archive';

/** Keys the format defines (v1 and v2); any other key is kept and reported as a warning. */
const RECORD_KEYS = new Set([
  'version',
  'title',
  'recordType',
  'date',
  'place',
  'repository',
  'sourceType',
  'informationType',
  'url',
  'persons',
  'language',
  'translation',
  'calendar',
  'informant',
  'events',
  'relationships',
  // A document's sidecar (issue #17): the image's hash and who transcribed it.
  'document',
]);
// marriageDate, marriedName and spouseName are read by the Analyst when a record gives them.
const PERSON_KEYS = new Set([...Object.keys(Persona.shape), 'marriageDate', 'marriedName', 'spouseName']);
const EVENT_KEYS = new Set(Object.keys(RecordEvent.shape));
const RELATIONSHIP_KEYS = new Set(Object.keys(RecordRelationship.shape));

function unknownKeys(fm: ArchiveFrontMatter): { path: (string | number)[]; key: string }[] {
  const out: { path: (string | number)[]; key: string }[] = [];
  const check = (o: object, known: Set<string>, at: (string | number)[]) => {
    for (const k of Object.keys(o)) if (!known.has(k)) out.push({ path: [...at, k], key: k });
  };
  check(fm, RECORD_KEYS, []);
  fm.persons.forEach((p, i) => check(p, PERSON_KEYS, ['persons', i]));
  fm.events?.forEach((e, i) => check(e, EVENT_KEYS, ['events', i]));
  fm.relationships?.forEach((r, i) => check(r, RELATIONSHIP_KEYS, ['relationships', i]));
  return out;
}

/** Parses one archive file; problems name the file, line and field. */
const FENCED = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Front matter and body: a plain YAML parse first (fast); the located parse only to report problems. */
function readArchiveFront(
  text: string,
  rel: string,
): { ok: true; value: ArchiveFrontMatter; body: string } | { ok: false; problems: CaseProblem[] } {
  const m = FENCED.exec(text);
  if (m) {
    try {
      const parsed = safeParseBounded(ArchiveFrontMatter, parseYaml(m[1], { uniqueKeys: true }));
      if (parsed.success) return { ok: true, value: parsed.data, body: text.slice(m[0].length) };
    } catch {
      // fall through to the located parse, which names the line
    }
  }
  const r = readFrontMatter(text, rel, ArchiveFrontMatter);
  return r.ok ? { ok: true, value: r.value, body: r.fm.body } : r;
}

/** Places a flow mapping split at its commas, as read back by rejoinPlaces: [path of the place, the place]. */
function placeSplits(raw: unknown): { path: (string | number)[]; place: string }[] {
  const out: { path: (string | number)[]; place: string }[] = [];
  if (!raw || typeof raw !== 'object') return out;
  const r = raw as Record<string, unknown>;
  for (const list of ['persons', 'events'] as const) {
    const items = r[list];
    if (!Array.isArray(items)) continue;
    items.forEach((item: unknown, i) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) return;
      const before = item as Record<string, unknown>;
      const after = rejoinPlaces(before);
      for (const k of PLACE_KEYS)
        if (typeof after[k] === 'string' && after[k] !== before[k]) out.push({ path: [list, i, k], place: after[k] });
    });
  }
  return out;
}

/** Warnings for keys the format does not define (the record is used, the keys are kept in it) and for split places. */
function unknownKeyProblems(text: string, rel: string, fm: ArchiveFrontMatter): CaseProblem[] {
  const found = unknownKeys(fm);
  const split = splitFrontMatter(text, rel);
  const splits = 'message' in split ? [] : placeSplits(split.doc.toJS());
  if (!found.length && !splits.length) return [];
  const at = (path: (string | number)[]) => ('message' in split ? { line: 1, column: 1 } : locate(split, path));
  return [
    ...splits.map(({ path, place }) => ({
      file: rel,
      ...at(path),
      field: path.join('.'),
      message: `read as "${place}": commas in a { … } mapping separate keys, so quote a place that has them`,
      severity: 'warning' as const,
    })),
    ...found.map(({ path, key }) => ({
      file: rel,
      ...at(path),
      field: path.join('.'),
      message: `unknown key "${key}": kept in the record, not used (see the local archive record format in DESIGN.md)`,
      severity: 'warning' as const,
    })),
  ];
}

export type ArchiveParse =
  { ok: true; record: RawRecord; problems: CaseProblem[] } | { ok: false; problems: CaseProblem[] };

function transcribed(text: string, rel: string): { transcription?: RawRecord['transcription'] } {
  const t = transcriptionOf(text, rel);
  return t ? { transcription: t } : {};
}

export function parseArchiveRecord(text: string, rel: string): ArchiveParse {
  const r = readArchiveFront(text, rel);
  if (!r.ok) return r;
  const fm = r.value;
  const record = RawRecord.parse({
    title: fm.title,
    recordType: fm.recordType,
    date: fm.date,
    place: fm.place,
    repository: fm.repository,
    sourceType: fm.sourceType,
    informationType: fm.informationType,
    url: fm.url,
    sourceId: ARCHIVE_SOURCE_ID,
    tier: 0,
    persons: fm.persons,
    text: r.body.replace(/^\s*\n/, '').replace(/\s+$/, '\n'),
    externalId: `archive:${rel}`,
    language: fm.language,
    translation: fm.translation,
    calendar: fm.calendar,
    informant: fm.informant,
    events: fm.events,
    relationships: fm.relationships,
    ...transcribed(text, rel),
  });
  return { ok: true, record, problems: unknownKeyProblems(text, rel, fm) };
}
