/**
 * The part of a person the resolver reads (features.ts, the merge search's rank and labels), as a
 * schema of its own. The duplicate search reads every line of a 100k-person tree: validating whole
 * persons there (every citation, instant and id of every event, the GEDCOM sidecar) took 6.8 of
 * its 11 s of reading at 100k, for fields no feature looks at. A line is still validated by zod,
 * for the fields the search uses; the full Person schema checks the rest wherever a person is read
 * to be shown, written or merged (accept reads its tree lines in full and names a bad one).
 * A full Person is a FeatureSource too.
 */
import { z } from 'zod';
import {
  Assertion,
  AssertionStatus,
  FACT_FIELD_PATTERN,
  Id,
  ID_PATTERN,
  NameType,
  PersonName,
  Relationship,
  RelationshipType,
  Sex,
} from '../../../model';

export const FeatureSource = z.object({
  id: Id,
  names: z.array(PersonName.pick({ given: true, surname: true, prefix: true, suffix: true, type: true })).min(1),
  sex: Sex.default('U'),
  living: z.boolean().optional(),
  assertions: z
    .array(Assertion.pick({ field: true, value: true, status: true, confidence: true, generalised: true }))
    .default([]),
  relationships: z.array(Relationship.pick({ type: true, person: true, status: true })).default([]),
  externalIds: z.record(z.string(), z.string()).default({}),
});
export type FeatureSource = z.output<typeof FeatureSource>;

const NAME_TYPES: ReadonlySet<unknown> = new Set(NameType.options);
const SEXES: ReadonlySet<unknown> = new Set(Sex.options);
const STATUSES: ReadonlySet<unknown> = new Set(AssertionStatus.options);
const RELATIONSHIP_TYPES: ReadonlySet<unknown> = new Set(RelationshipType.options);

type Plain = Record<string, unknown>;
const plain = (v: unknown): v is Plain =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
const maybeString = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string';

/**
 * FeatureSource.parse(value) for a value the schema certainly accepts, built as zod builds it
 * (defaults filled in, other keys left out, a number value written as text); undefined for any
 * value it is not sure of, which the schema then reads and reports. Never looser than the schema:
 * it accepts only what each check of the schema passes. At 100k tree lines zod's parse took
 * ~0.7 s and allocated ~0.9 GB; this takes a fraction.
 */
export function sureFeatureSource(value: unknown): FeatureSource | undefined {
  if (!plain(value)) return undefined;
  const { id, names, sex = 'U', living, assertions, relationships, externalIds } = value;
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) return undefined;
  if (!Array.isArray(names) || !names.length || !SEXES.has(sex)) return undefined;
  if (living !== undefined && typeof living !== 'boolean') return undefined;
  const outNames: FeatureSource['names'] = [];
  for (const n of names as unknown[]) {
    if (!plain(n)) return undefined;
    const { given = '', surname = '', prefix, suffix, type = 'birth' } = n;
    if (typeof given !== 'string' || typeof surname !== 'string' || !maybeString(prefix) || !maybeString(suffix))
      return undefined;
    if (!NAME_TYPES.has(type)) return undefined;
    const out: Plain = { given, surname };
    if (prefix !== undefined) out.prefix = prefix;
    if (suffix !== undefined) out.suffix = suffix;
    out.type = type;
    outNames.push(out as FeatureSource['names'][number]);
  }
  const outAssertions: FeatureSource['assertions'] = [];
  if (assertions !== undefined) {
    if (!Array.isArray(assertions)) return undefined;
    for (const a of assertions as unknown[]) {
      if (!plain(a)) return undefined;
      const { field, value: v, status, confidence, generalised } = a;
      if (typeof field !== 'string' || !FACT_FIELD_PATTERN.test(field) || !STATUSES.has(status)) return undefined;
      const text = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
      if (!text) return undefined;
      if (typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1)) return undefined;
      if (generalised !== undefined && generalised !== true) return undefined;
      const out: Plain = { field, value: text, status, confidence };
      if (generalised) out.generalised = true;
      outAssertions.push(out as FeatureSource['assertions'][number]);
    }
  }
  const outRelationships: FeatureSource['relationships'] = [];
  if (relationships !== undefined) {
    if (!Array.isArray(relationships)) return undefined;
    for (const r of relationships as unknown[]) {
      if (!plain(r)) return undefined;
      const { type, person, status = 'accepted' } = r;
      if (!RELATIONSHIP_TYPES.has(type) || typeof person !== 'string' || !ID_PATTERN.test(person)) return undefined;
      if (!STATUSES.has(status)) return undefined;
      outRelationships.push({ type, person, status } as FeatureSource['relationships'][number]);
    }
  }
  const outIds: Record<string, string> = {};
  if (externalIds !== undefined) {
    if (!plain(externalIds)) return undefined;
    for (const k of Object.keys(externalIds)) {
      const v = externalIds[k];
      // "__proto__" as a key: left to zod, whatever it makes of it.
      if (typeof v !== 'string' || k === '__proto__') return undefined;
      outIds[k] = v;
    }
  }
  const out: Plain = { id, names: outNames, sex };
  if (living !== undefined) out.living = living;
  out.assertions = outAssertions;
  out.relationships = outRelationships;
  out.externalIds = outIds;
  return out as FeatureSource;
}
