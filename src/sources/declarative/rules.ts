/**
 * Plugins without code (seed 001 §4.1 `extraction_rules`): a JSON or HTML source becomes one YAML
 * file. `search.result_selector` picks each result of the search answer; `extraction_rules.record`
 * and `extraction_rules.person` say, field by field, where each value is in a result and what kind
 * of value it is. `search.format` says how selectors read the answer: `json` (the default), JSONPath
 * relative to the result (`$` being the result); `html`, CSS selectors within the result element,
 * taking its text or an attribute (`attr`). `persons` adds further personas a result names (a
 * record's parents or witnesses). Everything is checked when the plugin loads: a wrong selector or an
 * unknown role is reported with its file and field, not met at the first answer.
 */
import { z } from 'zod';
import { PersonaRole, RecordType } from '../../model';
import { pathProblem, type ResponseFormat as Format } from './select';

export const FieldType = z.enum(['text', 'date', 'year', 'number', 'sex', 'url']);
export type FieldType = z.infer<typeof FieldType>;

/** How a plugin's search answer is read: JSON by JSONPath, an HTML page by CSS selectors. */
export const ResponseFormat = z.enum(['json', 'html']) satisfies z.ZodType<Format>;
export type ResponseFormat = Format;

/**
 * The braces of a template: `{$.FirstName}` in a JSON plugin (a JSONPath starts with "$", so other
 * braces are text); `{h1.title}` in an HTML one (every brace holds a CSS selector).
 */
export function templatePattern(format: ResponseFormat): RegExp {
  return format === 'html' ? /\{([^{}]+)\}/g : /\{(\$[^{}]*)\}/g;
}

/** The selectors a template names: `{$.FirstName} {$.MiddleName}` → `$.FirstName`, `$.MiddleName`. */
export function templatePaths(template: string, format: ResponseFormat = 'json'): string[] {
  return [...template.matchAll(templatePattern(format))].map((m) => m[1].trim());
}

const FieldObject = z
  .strictObject({
    /** JSONPath relative to the result ("$.personname") or CSS selector within it; several matches are joined with "; ". */
    selector: z.string().min(1).optional(),
    /** Text with selectors in braces: "{$.FirstName} {$.MiddleName}", or "{.given} {.surname}" in HTML. */
    template: z.string().min(1).optional(),
    /** HTML: the attribute of each selected element to read instead of its text ("href", "content"). */
    attr: z
      .string()
      .regex(/^[A-Za-z_:][-A-Za-z0-9_:.]*$/, 'an attribute name')
      .optional(),
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
    // Selectors and templates are checked by fieldProblems, which knows the plugin's search.format.
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
        selector: z.string().min(1),
        fields: PersonRules,
      })
      .optional(),
  })
  .refine((r) => r.person || r.persons, { message: 'extraction_rules needs person or persons' });
export type ExtractionRules = z.output<typeof ExtractionRules>;

/** A problem of a plugin's rules, at its path within `extraction_rules`. */
export interface RuleProblem {
  path: (string | number)[];
  message: string;
}

/** Why `selector` cannot select in an answer of this format, or undefined. */
export function selectorProblem(selector: string, format: ResponseFormat): string | undefined {
  if (format === 'json') return pathProblem(selector);
  // The HTML reader is loaded only for a plugin that declares HTML (see ./html).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use, not at start
  return (require('./html') as typeof import('./html')).cssProblem(selector);
}

function fieldProblems(rule: FieldRule, format: ResponseFormat, at: (string | number)[]): RuleProblem[] {
  const out: RuleProblem[] = [];
  if (rule.selector) {
    const problem = selectorProblem(rule.selector, format);
    if (problem) out.push({ path: [...at, 'selector'], message: problem });
  }
  if (rule.template) {
    const paths = templatePaths(rule.template, format);
    if (!paths.length)
      out.push({
        path: [...at, 'template'],
        message: `a template names at least one ${format === 'html' ? '{selector}' : '{$…} path'}`,
      });
    for (const p of paths) {
      const problem = selectorProblem(p, format);
      if (problem) out.push({ path: [...at, 'template'], message: problem });
    }
  }
  if (rule.attr !== undefined && format !== 'html')
    out.push({ path: [...at, 'attr'], message: 'attr reads an HTML attribute: it needs search.format: html' });
  return out;
}

function groupProblems(
  fields: Record<string, FieldRule | undefined>,
  format: ResponseFormat,
  at: (string | number)[],
): RuleProblem[] {
  return Object.entries(fields).flatMap(([key, rule]) => (rule ? fieldProblems(rule, format, [...at, key]) : []));
}

/** Every selector of the rules checked against the answer's format (paths relative to extraction_rules). */
export function rulesProblems(rules: ExtractionRules, format: ResponseFormat): RuleProblem[] {
  const out = [...groupProblems(rules.record, format, ['record'])];
  if (rules.person) out.push(...groupProblems(rules.person, format, ['person']));
  if (rules.persons) {
    const problem = selectorProblem(rules.persons.selector, format);
    if (problem) out.push({ path: ['persons', 'selector'], message: problem });
    out.push(...groupProblems(rules.persons.fields, format, ['persons', 'fields']));
  }
  return out;
}
