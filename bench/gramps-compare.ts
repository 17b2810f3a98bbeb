/**
 * Gramps as the outside reader of our exports (issue #22): for each input, the original GEDCOM and
 * our 5.5.1 and 7.0 exports of the case it was imported into are imported into Gramps 5.1, and
 * what Gramps made of each is counted (persons, families, events, places, sources, citations,
 * notes, dates it could not parse, problems its import report lists). The JSON-LD export is read
 * back with jsonld.js (expand) and its persons and family links counted.
 *
 *   npx tsx bench/gramps-compare.ts [--json] [name-filter…]
 *
 * Needs Debian's gramps (scripts/gramps-tools.sh). Inputs: royal92, Gramps's sample.ged, the
 * TGC551 torture test (../shared/data/gedcom) and a research-made case (the bundled sample case
 * after an offline research run, as `npm run demo` makes it).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as jsonld from 'jsonld';
import { commands } from '../src/cli/commands';
import type { CliIo } from '../src/cli/command';
import { offlineDocumentLoader } from '../src/interchange/jsonld';
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

export interface Row {
  input: string;
  file: 'original' | '5.5.1' | '7.0';
  counts: GrampsCounts;
}

export interface JsonLdCheck {
  input: string;
  persons: number;
  links: number;
  /** Links to a person not in the graph. */
  dangling: number;
}

const quiet: CliIo = { out: () => {}, err: () => {}, tty: false, signal: new AbortController().signal };

async function cli(...args: string[]): Promise<void> {
  const [verb, ...rest] = args;
  const code = await commands.find((c) => c.name === verb)!.run(rest, quiet);
  if (code !== 0) throw new Error(`ancestry ${args.join(' ')} exited ${code}`);
}

/** The case folder an input becomes (imported or researched), and its exports. */
export async function exportsOf(
  input: Input,
  work: string,
): Promise<{ original?: string; v5: string; v7: string; jsonld: string; loss5: string; loss7: string }> {
  const dir = join(work, 'case');
  if (input.ged) await cli('import', input.ged, '--case', dir);
  else {
    cpSync(input.caseFolder!, dir, { recursive: true });
    await cli('research', dir, '--offline', '--no-llm');
  }
  const v5 = join(work, 'export-5.5.1.ged');
  const v7 = join(work, 'export-7.0.ged');
  const jl = join(work, 'export.jsonld');
  await cli('export', dir, '--format', 'gedcom', '--out', v5);
  await cli('export', dir, '--format', 'gedcom7', '--out', v7);
  await cli('export', dir, '--format', 'jsonld', '--out', jl);
  return {
    ...(input.ged ? { original: input.ged } : {}),
    v5,
    v7,
    jsonld: jl,
    loss5: `${v5}.loss.md`,
    loss7: `${v7}.loss.md`,
  };
}

/** The JSON-LD export expanded by jsonld.js: persons, and parent/children/spouse links between them. */
export async function readJsonLd(file: string): Promise<Omit<JsonLdCheck, 'input'>> {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as object;
  const expanded = (await jsonld.expand(doc, { documentLoader: offlineDocumentLoader as never })) as Record<
    string,
    unknown
  >[];
  const S = 'https://schema.org/';
  const persons = expanded.filter((n) => (n['@type'] as string[] | undefined)?.includes(`${S}Person`));
  const ids = new Set(persons.map((p) => p['@id'] as string));
  let links = 0;
  let dangling = 0;
  for (const p of persons) {
    for (const rel of ['parent', 'children', 'spouse']) {
      for (const t of (p[`${S}${rel}`] as { '@id': string }[] | undefined) ?? []) {
        links++;
        if (!ids.has(t['@id'])) dangling++;
      }
    }
  }
  return { persons: persons.length, links, dangling };
}

export async function compare(
  input: Input,
): Promise<{ rows: Row[]; jsonld: JsonLdCheck; lossReports: { v5: string; v7: string } }> {
  const work = mkdtempSync(join(tmpdir(), `gramps-compare-${input.name}-`));
  try {
    const files = await exportsOf(input, work);
    const rows: Row[] = [];
    if (files.original) rows.push({ input: input.name, file: 'original', counts: grampsImport(files.original) });
    rows.push({ input: input.name, file: '5.5.1', counts: grampsImport(files.v5) });
    rows.push({ input: input.name, file: '7.0', counts: grampsImport(files.v7) });
    const jl = await readJsonLd(files.jsonld);
    return {
      rows,
      jsonld: { input: input.name, ...jl },
      lossReports: { v5: readFileSync(files.loss5, 'utf8'), v7: readFileSync(files.loss7, 'utf8') },
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

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const filter = args.filter((a) => !a.startsWith('-'));
  if (!grampsAvailable()) {
    console.error('gramps is not installed: run scripts/gramps-tools.sh (Debian package gramps)');
    process.exit(1);
  }
  const all: Awaited<ReturnType<typeof compare>>[] = [];
  for (const input of INPUTS.filter((i) => !filter.length || filter.some((f) => i.name.includes(f)))) {
    const r = await compare(input);
    all.push(r);
    if (!json) console.error(`${input.name}: done`);
  }
  if (json) {
    console.log(JSON.stringify(all, null, 2));
    return;
  }
  console.log(table(all.flatMap((r) => r.rows)));
  console.log('\nJSON-LD read back by jsonld.js (expand):\n');
  console.log('| input | persons | links | dangling links |\n| --- | --- | --- | --- |');
  for (const r of all)
    console.log(`| ${r.jsonld.input} | ${r.jsonld.persons} | ${r.jsonld.links} | ${r.jsonld.dangling} |`);
  for (const r of all) {
    for (const l of r.rows)
      if (l.counts.errorLines.length)
        console.log(`\n${l.input} ${l.file}: first problems Gramps reports:\n  ${l.counts.errorLines.join('\n  ')}`);
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
