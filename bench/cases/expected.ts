/**
 * The answer key of an evaluation case (`test/cases/<name>/expected.yaml`): what a genealogist
 * concludes from the case's archive, written by hand. The scorer compares the engine's case folder
 * to it. Personas are named by archive file (relative to `archive/`) and by the record's person
 * `key` (format v2) or the name as the record writes it.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

const Id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'an id is lower-case letters, digits and dashes');

export const PersonaRef = z
  .object({
    record: z.string().min(1).describe('archive file, relative to archive/'),
    key: z.string().min(1).optional(),
    name: z.string().min(1).optional(),
    aliases: z.array(z.string().min(1)).default([]).describe('other ways a free-text record may be read'),
  })
  .refine((p) => p.key || p.name, 'a persona needs a key (v2 records) or a name');
export type PersonaRef = z.infer<typeof PersonaRef>;

export const ExpectedFact = z.union([
  z.union([z.string(), z.number()]).transform((v) => ({ value: String(v), accept: [] as string[] })),
  z.object({ value: z.union([z.string(), z.number()]).transform(String), accept: z.array(z.string()).default([]) }),
]);
export type ExpectedFact = z.infer<typeof ExpectedFact>;

export const ExpectedPerson = z.object({
  id: Id,
  name: z.string().min(1),
  personas: z.array(PersonaRef).min(1),
  facts: z
    .record(
      z
        .string()
        .regex(/^(sex|[a-z_]+\.(date|place|value|age))$/, 'a fact field is "sex" or "<event>.<date|place|value|age>"'),
      ExpectedFact,
    )
    .default({}),
});
export type ExpectedPerson = z.infer<typeof ExpectedPerson>;

export const ExpectedRelationship = z.union([
  z.object({ parent: Id, child: Id }).strict(),
  z.object({ spouses: z.tuple([Id, Id]) }).strict(),
]);
export type ExpectedRelationship = z.infer<typeof ExpectedRelationship>;

export const Expected = z
  .object({
    from: z
      .string()
      .min(1)
      .optional()
      .describe('a case folder elsewhere (relative) whose case.yaml and archive/ this key scores'),
    subject: Id,
    persons: z.array(ExpectedPerson).min(1),
    relationships: z.array(ExpectedRelationship).default([]),
    optionalRelationships: z
      .array(ExpectedRelationship)
      .default([])
      .describe('likely but unstated: neither required nor wrong'),
    conflicts: z
      .array(
        z.object({
          person: Id,
          field: z.string(),
          values: z.array(z.union([z.string(), z.number()]).transform(String)).min(2),
        }),
      )
      .default([]),
    namesakes: z.array(z.object({ persons: z.tuple([Id, Id]), why: z.string().optional() })).default([]),
    junk: z.array(z.string()).default([]).describe('names that must never become persons'),
    privacy: z
      .array(
        z
          .object({
            text: z.union([z.string(), z.number()]).transform(String),
            forms: z.array(z.string()).default([]),
            digits: z.boolean().default(false).describe('match the digits with any separators (phone numbers)'),
            why: z.string().optional(),
          })
          // "{ text: July 9, 1935, … }" in YAML's flow style splits at the comma into "July 9" and a
          // key "1935": a strict entry names the stray key instead of scoring the wrong text.
          .strict(),
      )
      .default([]),
  })
  .superRefine((e, ctx) => {
    const ids = new Set<string>();
    e.persons.forEach((p, i) => {
      if (ids.has(p.id))
        ctx.addIssue({ code: 'custom', path: ['persons', i, 'id'], message: `duplicate person id "${p.id}"` });
      ids.add(p.id);
    });
    const check = (id: string, path: (string | number)[]) => {
      if (!ids.has(id)) ctx.addIssue({ code: 'custom', path, message: `unknown person id "${id}"` });
    };
    check(e.subject, ['subject']);
    for (const list of ['relationships', 'optionalRelationships'] as const) {
      e[list].forEach((r, i) =>
        ('parent' in r ? [r.parent, r.child] : r.spouses).forEach((id, j) => check(id, [list, i, j])),
      );
    }
    e.conflicts.forEach((c, i) => check(c.person, ['conflicts', i, 'person']));
    e.namesakes.forEach((n, i) => n.persons.forEach((id, j) => check(id, ['namesakes', i, 'persons', j])));
  });
export type Expected = z.infer<typeof Expected>;

export class ExpectedFileError extends Error {}

/** The folder holding the case's case.yaml and archive/: the case folder itself, or `from`. */
export function caseRoot(caseDir: string, expected: Pick<Expected, 'from'>): string {
  return expected.from ? resolve(caseDir, expected.from) : caseDir;
}

/** Reads and validates `<caseDir>/expected.yaml`; errors name the file and the field. */
export function loadExpected(caseDir: string): Expected {
  const file = join(caseDir, 'expected.yaml');
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(file, 'utf8'), { uniqueKeys: true });
  } catch (e) {
    throw new ExpectedFileError(`${file}: ${(e as Error).message}`);
  }
  const r = Expected.safeParse(raw);
  if (!r.success) {
    const issues = r.error.issues.map((i) => `${file}: ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ExpectedFileError(issues.join('\n'));
  }
  return r.data;
}
