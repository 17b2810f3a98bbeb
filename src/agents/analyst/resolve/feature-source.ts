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
import { Assertion, Id, PersonName, Relationship, Sex } from '../../../model';

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
