/**
 * The local archive record format (DESIGN.md, a public contract): markdown under `<case>/archive/`
 * with YAML front matter indexing the record, and the verbatim transcription as the body.
 */
import { z } from 'zod';
import { Persona, RawRecord, RecordType, SourceClass, InformationClass } from '../../model';
import { parse as parseYaml } from 'yaml';
import { readFrontMatter } from '../../case/frontmatter';
import type { CaseProblem } from '../../case/problems';

/** YAML reads `birthDate: 1842` as a number; a year is a GEDCOM date phrase, so keep it as text. */
function datesAsText(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const o = { ...(v as Record<string, unknown>) };
  for (const k of ['birthDate', 'deathDate', 'burialDate', 'marriageDate']) if (typeof o[k] === 'number') o[k] = String(o[k]);
  return o;
}

export const ArchiveFrontMatter = z.looseObject({
  title: z.string().min(1),
  recordType: RecordType.default('other'),
  date: z.union([z.string(), z.number()]).transform(String).optional(),
  place: z.string().optional(),
  repository: z.string().min(1).default('Local archive'),
  sourceType: SourceClass.default('original'),
  informationType: InformationClass.optional(),
  url: z.string().optional(),
  persons: z.array(z.preprocess(datesAsText, Persona)).default([]),
});
export type ArchiveFrontMatter = z.infer<typeof ArchiveFrontMatter>;

export const ARCHIVE_SOURCE_ID = 'archive';

/** Parses one archive file; problems name the file, line and field. */
const FENCED = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Front matter and body: a plain YAML parse first (fast); the located parse only to report problems. */
function readArchiveFront(text: string, rel: string): { ok: true; value: ArchiveFrontMatter; body: string } | { ok: false; problems: CaseProblem[] } {
  const m = FENCED.exec(text);
  if (m) {
    try {
      const parsed = ArchiveFrontMatter.safeParse(parseYaml(m[1], { uniqueKeys: true }));
      if (parsed.success) return { ok: true, value: parsed.data, body: text.slice(m[0].length) };
    } catch {
      // fall through to the located parse, which names the line
    }
  }
  const r = readFrontMatter(text, rel, ArchiveFrontMatter);
  return r.ok ? { ok: true, value: r.value, body: r.fm.body } : r;
}

export function parseArchiveRecord(text: string, rel: string): { ok: true; record: RawRecord } | { ok: false; problems: CaseProblem[] } {
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
  });
  return { ok: true, record };
}
