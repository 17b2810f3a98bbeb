import { z } from 'zod';

/**
 * One bound on the size of any single field read from a case file (front matter, case.yaml,
 * hypotheses.json, merges.json, trees, archive records, captured sources): a value over it is an
 * error naming its field, not a 50 MB string carried into memory, prompts and every file written
 * from it. Bodies (a source's verbatim text, a person's notes) are not fields and are not bounded.
 */
export const MAX_FIELD_BYTES = 64 * 1024;

function checkStrings(value: unknown, path: (string | number)[], ctx: z.RefinementCtx): void {
  if (typeof value === 'string') {
    // A UTF-16 unit is at most 3 UTF-8 bytes: most strings are cleared without counting.
    if (value.length * 3 > MAX_FIELD_BYTES) {
      const bytes = Buffer.byteLength(value, 'utf8');
      if (bytes > MAX_FIELD_BYTES)
        ctx.addIssue({
          code: 'custom',
          path,
          message: `field of ${bytes} bytes is over the bound of ${MAX_FIELD_BYTES} bytes (64 KB) per field`,
        });
    }
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => checkStrings(v, [...path, i], ctx));
    return;
  }
  if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      // A key is a field too (a YAML key can be as long as a value).
      if (k.length * 3 > MAX_FIELD_BYTES) checkStrings(k, path, ctx);
      checkStrings(v, [...path, k], ctx);
    }
}

/** Whether any string (or key) in `value` is over the bound: no path built, nothing allocated per value. */
function oversized(value: unknown): boolean {
  if (typeof value === 'string')
    return value.length * 3 > MAX_FIELD_BYTES && Buffer.byteLength(value, 'utf8') > MAX_FIELD_BYTES;
  if (Array.isArray(value)) {
    for (const v of value) if (oversized(v)) return true;
    return false;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) if (oversized(k) || oversized(o[k])) return true;
  }
  return false;
}

/** `schema`, with every string in its input (at any depth, keys too) bounded to MAX_FIELD_BYTES. */
export function boundedFields<S extends z.ZodType>(schema: S): z.ZodPipe<z.ZodUnknown, S> {
  // The paths of the issues are built only for a value that has one (a 100k-person tree's lines
  // spent seconds building paths for strings that were all within the bound).
  return z
    .unknown()
    .superRefine((v, ctx) => {
      if (oversized(v)) checkStrings(v, [], ctx);
    })
    .pipe(schema);
}

const cache = new WeakMap<z.ZodType, z.ZodType>();

/** boundedFields(schema), built once per schema (readers call it per file and per tree line). */
export function withFieldBound<S extends z.ZodType>(schema: S): z.ZodType<z.output<S>> {
  let b = cache.get(schema);
  if (!b) cache.set(schema, (b = boundedFields(schema)));
  return b as z.ZodType<z.output<S>>;
}

/**
 * A faster reader of the values a schema certainly accepts: exactly the schema's output for them,
 * undefined for any other (the schema then decides and says what is wrong). Never looser than the
 * schema it stands in for.
 */
export type SureParse<T> = (value: unknown) => T | undefined;

/**
 * withFieldBound(schema).safeParse(value) without the piped schema: the pipe made zod's parse of
 * a small schema several times slower (a 100k-person tree read for the duplicate search: 1.9 s
 * of validation became 5.4 s). Same result: the bound's issues when a field is over it, else the
 * schema's own. `sure` (optional) reads the values it is sure of in the schema's place.
 */
export function safeParseBounded<S extends z.ZodType>(
  schema: S,
  value: unknown,
  sure?: SureParse<z.output<S>>,
): z.ZodSafeParseResult<z.output<S>> {
  if (oversized(value)) return withFieldBound(schema).safeParse(value);
  const data = sure?.(value);
  if (data !== undefined) return { success: true, data };
  return schema.safeParse(value);
}
