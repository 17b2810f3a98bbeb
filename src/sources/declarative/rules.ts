/**
 * Plugins without code (seed 001 §4.1 `extraction_rules`): a JSON source becomes one YAML file.
 * `search.result_selector` picks each result of the search answer; `extraction_rules.record` and
 * `extraction_rules.person` say, field by field, where each value is in a result (JSONPath relative
 * to the result, `$` being the result) and what kind of value it is. `persons` adds further personas
 * a result names (a record's parents or witnesses). Everything is checked when the plugin loads:
 * a wrong path or an unknown role is reported with its file and field, not met at the first answer.
 */
import { z } from 'zod';
import { PersonaRole, RecordType } from '../../model';
import { pathProblem } from './select';

export const FieldType = z.enum(['text', 'date', 'year', 'number', 'sex', 'url']);
export type FieldType = z.infer<typeof FieldType>;

/** `{$.FirstName} {$.MiddleName}`: the JSONPaths a template names. */
export function templatePaths(template: string): string[] {
  return [...template.matchAll(/\{(\$[^{}]*)\}/g)].map((m) => m[1]);
}

const FieldObject = z
  .strictObject({
    /** JSONPath relative to the result ("$.personname"); several matches are joined with "; ". */
    selector: z.string().min(1).optional(),
    /** Text with JSONPaths in braces: "{$.FirstName} {$.MiddleName}". */
    template: z.string().min(1).optional(),
    type: FieldType.default('text'),
    /** A regular expression; its first group (or the whole match) is kept, no match is no value. */
    pattern: z.string().min(1).optional(),
    /** Source values to ours, case-insensitive ("Bruid": principal). Roles and record types use it. */
    map: z.record(z.string(), z.string()).optional(),
    /** The value when the answer has none (or to state one: `default: baptism`). */
    default: z.string().optional(),
    /** A result without this field is skipped (and counted), not stored half-read. */
    required: z.boolean().default(false),
    /** Seed 001 writes `format: fuzzy` for dates: every date is read leniently, the key is accepted. */
    format: z.string().optional(),
  })
  .superRefine((f, ctx) => {
    if (!f.selector && !f.template && f.default === undefined)
      ctx.addIssue({ code: 'custom', message: 'a field needs a selector, a template or a default' });
    if (f.selector && f.template)
      ctx.addIssue({ code: 'custom', message: 'a field has a selector or a template, not both' });
    if (f.selector) {
      const problem = pathProblem(f.selector);
      if (problem) ctx.addIssue({ code: 'custom', path: ['selector'], message: problem });
    }
    if (f.template) {
      const paths = templatePaths(f.template);
      if (!paths.length)
        ctx.addIssue({ code: 'custom', path: ['template'], message: 'a template names at least one {$…} path' });
      for (const p of paths) {
        const problem = pathProblem(p);
        if (problem) ctx.addIssue({ code: 'custom', path: ['template'], message: problem });
      }
    }
    if (f.pattern) {
      try {
        new RegExp(f.pattern, 'u');
      } catch (e) {
        ctx.addIssue({
          code: 'custom',
          path: ['pattern'],
          message: `not a regular expression: ${(e as Error).message}`,
        });
      }
    }
  });

/** A bare string is a selector of text. */
export const FieldRule = z.preprocess((v) => (typeof v === 'string' ? { selector: v } : v), FieldObject);
export type FieldRule = z.output<typeof FieldObject>;

/** A field whose mapped or stated values must be one of `allowed` (roles, record types). */
function enumField(allowed: readonly string[], what: string) {
  return FieldRule.superRefine((f, ctx) => {
    for (const [from, to] of Object.entries(f.map ?? {}))
      if (!allowed.includes(to))
        ctx.addIssue({
          code: 'custom',
          path: ['map', from],
          message: `"${to}" is not a ${what} (${allowed.join(', ')})`,
        });
    if (f.default !== undefined && !allowed.includes(f.default))
      ctx.addIssue({ code: 'custom', path: ['default'], message: `"${f.default}" is not a ${what}` });
  });
}

export const RecordRules = z.strictObject({
  title: FieldRule.optional(),
  record_type: enumField(RecordType.options, 'record type').optional(),
  date: FieldRule.optional(),
  place: FieldRule.optional(),
  url: FieldRule.optional(),
  external_id: FieldRule.optional(),
  repository: FieldRule.optional(),
});
export type RecordRules = z.output<typeof RecordRules>;

export const PersonRules = z
  .strictObject({
    name: FieldRule.optional(),
    given: FieldRule.optional(),
    surname: FieldRule.optional(),
    role: enumField(PersonaRole.options, 'persona role').optional(),
    sex: FieldRule.optional(),
    age: FieldRule.optional(),
    birth_date: FieldRule.optional(),
    birth_place: FieldRule.optional(),
    death_date: FieldRule.optional(),
    death_place: FieldRule.optional(),
    burial_date: FieldRule.optional(),
    burial_place: FieldRule.optional(),
    residence: FieldRule.optional(),
    occupation: FieldRule.optional(),
    relationship: FieldRule.optional(),
    external_id: FieldRule.optional(),
  })
  .refine((p) => p.name || p.given || p.surname, { message: 'a person needs name, or given and surname' });
export type PersonRules = z.output<typeof PersonRules>;

export const ExtractionRules = z
  .strictObject({
    record: RecordRules.prefault({}),
    /** The persona each result is about (the principal unless `role` says otherwise). */
    person: PersonRules.optional(),
    /** Further personas within a result: `selector` picks them, `fields` reads each. */
    persons: z
      .strictObject({
        selector: z
          .string()
          .min(1)
          .superRefine((p, ctx) => {
            const problem = pathProblem(p);
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          }),
        fields: PersonRules,
      })
      .optional(),
  })
  .refine((r) => r.person || r.persons, { message: 'extraction_rules needs person or persons' });
export type ExtractionRules = z.output<typeof ExtractionRules>;
