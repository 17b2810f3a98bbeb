/**
 * Gramps as the outside reader of our exports (issue #22 item 5), on four inputs: royal92, Gramps's
 * sample.ged, the TGC551 torture test (../shared/data/gedcom) and a research-made case (the bundled
 * sample case after an offline research run, as `npm run demo` makes it).
 *
 * - Gramps 5.1 imports the original and our 5.5.1 exports (the case as a user imports it, living
 *   persons generalised; and the same file imported with consent, which must lose nothing) and
 *   counts persons, families, events, places, sources, citations, notes, the dates it flags
 *   invalid and the problems its import report lists.
 * - GEDCOM 7.0: Gramps 5.1 does not read it, so the 7.0 exports are read back by our own importer
 *   beside the original and the 5.5.1 exports, and checked against FamilySearch's 7.0 rules.
 * - The JSON-LD export is read back with jsonld.js (expand): persons, and parent/child/spouse
 *   links against the original file's families (the case's relationships for the research case).
 *
 *   npx tsx bench/gramps-compare.ts [--json] [name-filter…]
 *
 * Needs Debian's gramps (scripts/gramps-tools.sh).
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as jsonld from 'jsonld';
import { loadCommand } from '../src/cli/commands';
import type { CliIo } from '../src/cli/command';
import { openCase } from '../src/case';
import { conclusionsOnly } from '../src/interchange/conclusions';
import { decodeGedcom } from '../src/interchange/gedcom/decode';
import { parseGedcom } from '../src/interchange/gedcom/parse';
import { offlineDocumentLoader } from '../src/interchange/jsonld';
import { summarise, validateGedcom7 } from '../test/helpers/gedcom7-validate';
import { grampsAvailable, grampsImport, type GrampsCounts } from '../test/helpers/gramps';

const ROOT = resolve(__dirname, '..');
const DATA = resolve(ROOT, '..', 'shared', 'data', 'gedcom');

export interface Input {
  name: string;
  /** An original GEDCOM to import, or a case folder to research first. */
  ged?: string;
  caseFolder?: string;
}

export const INPUTS: Input[] = [
  { name: 'royal92', ged: join(DATA, 'royal92.ged') },
  { name: 'gramps-sample', ged: join(DATA, 'gramps', 'sample.ged') },
  { name: 'TGC551', ged: join(DATA, 'TGC551.ged') },
  { name: 'research-sample-case', caseFolder: join(ROOT, 'examples', 'sample-case') },
];

/** A file Gramps 5.1 read: the original, our 5.5.1 export, and our 5.5.1 export made with consent. */
export interface Row {
  input: string;
  file: 'original' | '5.5.1' | '5.5.1 consent';
  counts: GrampsCounts;
}

/** What our own importer reads from a file (Gramps 5.1 does not read GEDCOM 7). */
export interface OwnRow {
  input: string;
  file: 'original' | '5.5.1' | '7.0' | '5.5.1 consent' | '7.0 consent';
  stats: ImportStats;
  /** FamilySearch's 7.0 rules (test/fixtures/gedcom7-rules): problems found; 7.0 files only. */
  validatorProblems?: number;
  /** The first of them, for a failing test's message. */
  validatorSummary?: string;
}

export const OWN_COLUMNS = ['individuals', 'families', 'events', 'sources', 'citations', 'notes', 'media'] as const;
export type ImportStats = Record<(typeof OWN_COLUMNS)[number], number>;

export interface JsonLdCheck {
  input: string;
  persons: number;
  /** The persons the case holds (merged duplicates once). */
  casePersons: number;
  links: number;
  /** Parent, child and spouse links the reference (the original file's families, or the case) has and the graph lacks. */
  missing: string[];
  /** Links the graph has and the reference does not. */
  extra: string[];
  /** Links to a person not in the graph. */
  dangling: number;
  /**
   * Links only a person's own FAMC/FAMS states (the family does not list them): GEDCOM round trips
   * keep them, but they are no relationship of the case, so the JSON-LD lacks those not otherwise stated.
   */
  oneSidedMissing: string[];
}

interface CaseExports {
  dir: string;
  v5: string;
  v7: string;
  jsonld?: string;
  loss5: string;
  loss7: string;
  stats?: ImportStats;
}

function quietIo(out: string[] = []): CliIo {
  return { out: (s: string) => out.push(s), err: () => {}, tty: false, signal: new AbortController().signal };
}

async function cli(...args: string[]): Promise<string> {
  const [verb, ...rest] = args;
  const out: string[] = [];
  const code = await (await loadCommand(verb))!.run(rest, quietIo(out));
  if (code !== 0) throw new Error(`ancestry ${args.join(' ')} exited ${code}`);
  return out.join('\n');
}

/** Our importer's counts of a file, in a throwaway case. */
export async function ownImport(file: string, work: string): Promise<ImportStats> {
  const dir = mkdtempSync(join(work, 'reimport-'));
  try {
    const r = JSON.parse(await cli('import', file, '--case', join(dir, 'case'), '--json')) as { stats: ImportStats };
    return Object.fromEntries(OWN_COLUMNS.map((k) => [k, r.stats[k]])) as ImportStats;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function exportAll(dir: string, prefix: string, jsonLd: boolean): Promise<Omit<CaseExports, 'dir' | 'stats'>> {
  const v5 = `${prefix}5.5.1.ged`;
  const v7 = `${prefix}7.0.ged`;
  await cli('export', dir, '--format', 'gedcom', '--out', v5);
  await cli('export', dir, '--format', 'gedcom7', '--out', v7);
  const jl = `${prefix}.jsonld`;
  if (jsonLd) await cli('export', dir, '--format', 'jsonld', '--out', jl);
  return { v5, v7, ...(jsonLd ? { jsonld: jl } : {}), loss5: `${v5}.loss.md`, loss7: `${v7}.loss.md` };
}

/**
 * The case folder an input becomes (imported as a user would, the Censor generalising the living,
 * or researched) and its exports; for a GEDCOM input also the same file imported with consent
 * (case.yaml privacy.consent: true, then imported again), whose exports must lose nothing.
 */
export async function exportsOf(
  input: Input,
  work: string,
): Promise<{ original?: string; plain: CaseExports; consent?: CaseExports }> {
  const dir = join(work, 'case');
  if (input.ged) await cli('import', input.ged, '--case', dir);
  else {
    cpSync(input.caseFolder!, dir, { recursive: true });
    await cli('research', dir, '--offline', '--no-llm');
  }
  const plain = { dir, ...(await exportAll(dir, join(work, 'export-'), true)) };
  if (!input.ged) return { plain };
  const cdir = join(work, 'consent-case');
  await cli('import', input.ged, '--case', cdir);
  appendFileSync(join(cdir, 'case.yaml'), '\nprivacy:\n  consent: true\n');
  const stats = JSON.parse(await cli('import', input.ged, '--case', cdir, '--json')) as { stats: ImportStats };
  const consent = {
    dir: cdir,
    stats: Object.fromEntries(OWN_COLUMNS.map((k) => [k, stats.stats[k]])) as ImportStats,
    ...(await exportAll(cdir, join(work, 'consent-export-'), false)),
  };
  return { original: input.ged, plain, consent };
}

const SCHEMA = 'https://schema.org/';
const RELS = ['parent', 'children', 'spouse'] as const;

/** The JSON-LD export expanded by jsonld.js: persons (by their GEDCOM xref when they have one) and their links. */
export async function readJsonLd(
  file: string,
): Promise<{ persons: Set<string>; links: Set<string>; dangling: number }> {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as object;
  const expanded = (await jsonld.expand(doc, { documentLoader: offlineDocumentLoader as never })) as Record<
    string,
    unknown
  >[];
  const byId = new Map(expanded.map((n) => [n['@id'] as string, n]));
  const persons = expanded.filter((n) => (n['@type'] as string[] | undefined)?.includes(`${SCHEMA}Person`));
  const value = (n: Record<string, unknown> | undefined, p: string) =>
    (n?.[`${SCHEMA}${p}`] as { '@value'?: string }[] | undefined)?.[0]?.['@value'];
  // A person is named by the xref the original file gave it (an identifier), else by its graph id.
  const name = new Map<string, string>();
  for (const p of persons) {
    const ids = (p[`${SCHEMA}identifier`] as Record<string, unknown>[] | undefined) ?? [];
    const xref = ids
      .map((i) => (i['@id'] ? byId.get(i['@id'] as string) : i))
      .find((i) => value(i, 'propertyID') === 'gedcomXref');
    name.set(p['@id'] as string, value(xref, 'value') ?? (p['@id'] as string));
  }
  const links = new Set<string>();
  let dangling = 0;
  for (const p of persons) {
    for (const rel of RELS) {
      for (const t of (p[`${SCHEMA}${rel}`] as { '@id': string }[] | undefined) ?? []) {
        if (!name.has(t['@id'])) dangling++;
        links.add(`${name.get(p['@id'] as string)} ${rel} ${name.get(t['@id']) ?? t['@id']}`);
      }
    }
  }
  return { persons: new Set(name.values()), links, dangling };
}

/**
 * Parent, child and spouse links as the original file's families state them, by xref: `links` as
 * the FAM records list their members, `oneSided` those only a person's own FAMC/FAMS states.
 */
export function fileLinks(ged: string): { links: Set<string>; oneSided: Set<string> } {
  const doc = parseGedcom(decodeGedcom(readFileSync(ged), ged).text, { file: ged });
  type Members = { spouses: Set<string>; children: Set<string> };
  const listed = new Map<string, Members>();
  const claimed = new Map<string, Members>();
  const fam = (m: Map<string, Members>, x: string) => {
    let f = m.get(x);
    if (!f) m.set(x, (f = { spouses: new Set(), children: new Set() }));
    return f;
  };
  for (const r of doc.records) {
    const tag = r.tag.toUpperCase();
    for (const c of r.children) {
      const t = c.tag.toUpperCase();
      if (!c.pointer || !r.xref) continue;
      if (tag === 'FAM' && (t === 'HUSB' || t === 'WIFE')) fam(listed, r.xref).spouses.add(c.pointer);
      if (tag === 'FAM' && t === 'CHIL') fam(listed, r.xref).children.add(c.pointer);
      if (tag === 'INDI' && t === 'FAMS') fam(claimed, c.pointer).spouses.add(r.xref);
      if (tag === 'INDI' && t === 'FAMC') fam(claimed, c.pointer).children.add(r.xref);
    }
  }
  const persons = new Set(doc.records.filter((r) => r.tag.toUpperCase() === 'INDI' && r.xref).map((r) => r.xref!));
  const linksOf = (f: Members, out: Set<string>) => {
    const spouses = [...f.spouses].filter((x) => persons.has(x));
    const children = [...f.children].filter((x) => persons.has(x));
    for (const a of spouses) for (const b of spouses) if (a !== b) out.add(`${a} spouse ${b}`);
    for (const p of spouses)
      for (const c of children)
        if (p !== c) {
          out.add(`${p} children ${c}`);
          out.add(`${c} parent ${p}`);
        }
  };
  const links = new Set<string>();
  for (const f of listed.values()) linksOf(f, links);
  const all = new Set<string>();
  for (const [x, f] of claimed) {
    const l = listed.get(x);
    linksOf(
      {
        spouses: new Set([...f.spouses, ...(l?.spouses ?? [])]),
        children: new Set([...f.children, ...(l?.children ?? [])]),
      },
      all,
    );
  }
  return { links, oneSided: new Set([...all].filter((k) => !links.has(k))) };
}

/** Parent, child and spouse links of the case's accepted conclusions, by person id (the research-made case). */
export async function caseLinks(dir: string): Promise<{ persons: number; links: Set<string> }> {
  const store = conclusionsOnly(await openCase(dir));
  const redirect = new Map<string, string>();
  for (const c of store.merges().clusters)
    if (c.status === 'accepted') for (const m of c.memberIds) if (m !== c.canonicalId) redirect.set(m, c.canonicalId);
  const persons = store.persons().filter((p) => !redirect.has(p.id));
  const known = new Set(persons.map((p) => p.id));
  const links = new Set<string>();
  const rel = { parent: 'parent', child: 'children', spouse: 'spouse' } as Record<string, string>;
  for (const p of persons)
    for (const r of p.relationships) {
      const to = redirect.get(r.person) ?? r.person;
      if (r.status !== 'rejected' && rel[r.type] && known.has(to) && to !== p.id)
        links.add(`urn:ancestry:person:${p.id} ${rel[r.type]} urn:ancestry:person:${to}`);
    }
  return { persons: persons.length, links };
}

export async function checkJsonLd(
  input: Input,
  files: { original?: string; plain: CaseExports },
): Promise<JsonLdCheck> {
  const got = await readJsonLd(files.plain.jsonld!);
  const file = files.original ? fileLinks(files.original) : undefined;
  const ref = file
    ? { links: file.links, persons: (await openCase(files.plain.dir)).persons().length }
    : await caseLinks(files.plain.dir);
  return {
    input: input.name,
    persons: got.persons.size,
    casePersons: ref.persons,
    links: got.links.size,
    missing: [...ref.links].filter((l) => !got.links.has(l)),
    extra: [...got.links].filter((l) => !ref.links.has(l) && !file?.oneSided.has(l)),
    dangling: got.dangling,
    oneSidedMissing: [...(file?.oneSided ?? [])].filter((l) => !got.links.has(l)),
  };
}

export interface Comparison {
  rows: Row[];
  own: OwnRow[];
  jsonld: JsonLdCheck;
  lossReports: { v5: string; v7: string; consent5?: string; consent7?: string };
}

export async function compare(input: Input, opts: { gramps?: boolean } = {}): Promise<Comparison> {
  const work = mkdtempSync(join(tmpdir(), `gramps-compare-${input.name}-`));
  const gramps = opts.gramps ?? true;
  try {
    const files = await exportsOf(input, work);
    const rows: Row[] = [];
    const own: OwnRow[] = [];
    const problems = (f: string) => {
      const found = validateGedcom7(readFileSync(f, 'utf8'));
      return { validatorProblems: found.length, ...(found.length ? { validatorSummary: summarise(found) } : {}) };
    };
    if (gramps) {
      if (files.original) rows.push({ input: input.name, file: 'original', counts: grampsImport(files.original) });
      rows.push({ input: input.name, file: '5.5.1', counts: grampsImport(files.plain.v5) });
      if (files.consent)
        rows.push({ input: input.name, file: '5.5.1 consent', counts: grampsImport(files.consent.v5) });
    }
    if (files.consent) own.push({ input: input.name, file: 'original', stats: files.consent.stats! });
    own.push({ input: input.name, file: '5.5.1', stats: await ownImport(files.plain.v5, work) });
    own.push({
      input: input.name,
      file: '7.0',
      stats: await ownImport(files.plain.v7, work),
      ...problems(files.plain.v7),
    });
    if (files.consent) {
      own.push({ input: input.name, file: '5.5.1 consent', stats: await ownImport(files.consent.v5, work) });
      own.push({
        input: input.name,
        file: '7.0 consent',
        stats: await ownImport(files.consent.v7, work),
        ...problems(files.consent.v7),
      });
    }
    return {
      rows,
      own,
      jsonld: await checkJsonLd(input, files),
      lossReports: {
        v5: readFileSync(files.plain.loss5, 'utf8'),
        v7: readFileSync(files.plain.loss7, 'utf8'),
        ...(files.consent
          ? {
              consent5: readFileSync(files.consent.loss5, 'utf8'),
              consent7: readFileSync(files.consent.loss7, 'utf8'),
            }
          : {}),
      },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const COLUMNS = [
  'persons',
  'families',
  'events',
  'places',
  'sources',
  'citations',
  'notes',
  'invalidDates',
  'errors',
] as const;

export function table(rows: Row[]): string {
  const head = `| input | file | ${COLUMNS.join(' | ')} |`;
  const sep = `|${' --- |'.repeat(COLUMNS.length + 2)}`;
  return [
    head,
    sep,
    ...rows.map((r) => `| ${r.input} | ${r.file} | ${COLUMNS.map((c) => r.counts[c]).join(' | ')} |`),
  ].join('\n');
}

export function ownTable(rows: OwnRow[]): string {
  const head = `| input | file | ${OWN_COLUMNS.join(' | ')} | 7.0 validator problems |`;
  const sep = `|${' --- |'.repeat(OWN_COLUMNS.length + 3)}`;
  return [
    head,
    sep,
    ...rows.map(
      (r) =>
        `| ${r.input} | ${r.file} | ${OWN_COLUMNS.map((c) => r.stats[c]).join(' | ')} | ${r.validatorProblems ?? ''} |`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const filter = args.filter((a) => !a.startsWith('-'));
  if (!grampsAvailable()) {
    console.error('gramps is not installed: run scripts/gramps-tools.sh (Debian package gramps)');
    process.exit(1);
  }
  const all: Comparison[] = [];
  for (const input of INPUTS.filter((i) => !filter.length || filter.some((f) => i.name.includes(f)))) {
    all.push(await compare(input));
    if (!json) console.error(`${input.name}: done`);
  }
  if (json) {
    console.log(JSON.stringify(all, null, 2));
    return;
  }
  console.log(
    'Gramps 5.1 reads the original and our 5.5.1 exports (notes: Gramps’s own "Records not imported" notes left out):\n',
  );
  console.log(table(all.flatMap((r) => r.rows)));
  console.log(
    '\nGEDCOM 7.0: Gramps 5.1 does not read it ("GEDCOM version not supported"), so the 7.0 exports are read back by our\n' +
      'own importer beside the original and the 5.5.1 exports, and checked against FamilySearch’s 7.0 rules:\n',
  );
  console.log(ownTable(all.flatMap((r) => r.own)));
  console.log('\nJSON-LD read back by jsonld.js (expand), links against the original file’s families (or the case):\n');
  console.log(
    '| input | persons | case persons | links | missing | extra | dangling | one-sided FAMC/FAMS links not carried |\n| --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const { jsonld: j } of all)
    console.log(
      `| ${j.input} | ${j.persons} | ${j.casePersons} | ${j.links} | ${j.missing.length} | ${j.extra.length} | ${j.dangling} | ${j.oneSidedMissing.length} |`,
    );
  for (const r of all) {
    for (const l of r.rows)
      if (l.counts.errorLines.length)
        console.log(`\n${l.input} ${l.file}: first problems Gramps reports:\n  ${l.counts.errorLines.join('\n  ')}`);
    const j = r.jsonld;
    if (j.missing.length || j.extra.length)
      console.log(
        `\n${j.input} JSON-LD: missing ${j.missing.slice(0, 5).join('; ')}; extra ${j.extra.slice(0, 5).join('; ')}`,
      );
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
