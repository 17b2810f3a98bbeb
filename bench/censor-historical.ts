/**
 * False positives of the Censor on historical material: what it redacts in the repo's own archive
 * records (test/cases/<case>/archive) and in the free text of the real GEDCOM files of
 * ../shared/data/gedcom. Run it on two builds of the Censor to see what a change adds:
 *
 *   npx tsx bench/censor-historical.ts [--src=DIR] [--list]
 *
 * --src: the src/ folder to load the Censor from (default this checkout's; a copy of main's, made
 * with `git archive main src | tar -x -C DIR/..`, gives the figures before a change).
 * Three figures: (1) archive records captured as the engine does (redactRecord at a fixed date);
 * (2) GEDCOM free text (NOTE, TEXT, … with CONC/CONT joined) as the export treats a dead person's
 * (redactText without aboutLiving) — every redaction there is of a record of the dead; (3) the same
 * text as if every person were living (aboutLiving): not a false positive by the policy, but how
 * often the address and date patterns fire on historical prose, the noise a living person's notes
 * would see.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const src = resolve(args.find((a) => a.startsWith('--src='))?.slice(6) ?? join(__dirname, '..', 'src'));
const list = args.includes('--list');
const ROOT = join(__dirname, '..');
const GEDCOM = join(ROOT, '..', 'shared', 'data', 'gedcom');
const NOW = new Date('2026-11-25T00:00:00Z');
const FREE_TEXT = new Set(['NOTE', 'SNOTE', 'TEXT', 'PAGE', 'CAUS', 'AGNC', 'COMM', '_COMM', '_TEXT', 'ABST']);

interface Redaction {
  kind: string;
  what: string;
}
interface CensorApi {
  redactRecord(r: unknown, ctx: unknown): { record: { text: string }; redactions: Redaction[] };
  redactText(t: string, ctx: unknown): { text: string; redactions: Redaction[] };
}

function files(dir: string, keep: (f: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p, keep));
    else if (keep(p)) out.push(p);
  }
  return out.sort();
}

/** The free-text values of a GEDCOM, each with its CONC/CONT lines joined. */
function freeTexts(text: string): string[] {
  const out: string[] = [];
  let current: string | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const m = /^\s*(\d+)\s+(?:@[^@]+@\s+)?(\S+)(?: (.*))?$/.exec(line);
    if (!m) continue;
    const tag = m[2].toUpperCase();
    if (current !== undefined && (tag === 'CONC' || tag === 'CONT')) {
      current += (tag === 'CONT' ? '\n' : '') + (m[3] ?? '');
      continue;
    }
    if (current !== undefined) out.push(current);
    current = FREE_TEXT.has(tag) && m[3] && !m[3].startsWith('@') ? m[3] : undefined;
  }
  if (current !== undefined) out.push(current);
  return out;
}

async function main(): Promise<void> {
  const censor = (await import(pathToFileURL(join(src, 'agents', 'censor', 'index.ts')).href)) as CensorApi;
  const { parseArchiveRecord } = (await import(pathToFileURL(join(src, 'sources', 'archive', 'record.ts')).href)) as {
    parseArchiveRecord: (t: string, rel: string) => { ok: boolean; record?: unknown };
  };
  const { decodeGedcom } = (await import(pathToFileURL(join(src, 'interchange', 'gedcom', 'decode.ts')).href)) as {
    decodeGedcom: (b: Uint8Array, f?: string) => { text: string };
  };
  const ctx = { now: NOW, thresholdYears: 100, consent: false };
  const count = (rs: Redaction[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const r of rs) m.set(`${r.kind}:${r.what}`, (m.get(`${r.kind}:${r.what}`) ?? 0) + 1);
    return m;
  };
  const show = (title: string, rs: Redaction[], changed: string[]): void => {
    console.log(`${title}: ${rs.length} redactions in ${changed.length} texts`);
    for (const [k, n] of [...count(rs)].sort()) console.log(`  ${k}: ${n}`);
    if (list) for (const c of changed) console.log(`    ${c}`);
  };

  // (1) archive records, captured at NOW
  const archive: Redaction[] = [];
  const archiveChanged: string[] = [];
  let records = 0;
  for (const f of files(join(ROOT, 'test', 'cases'), (p) => /\/archive\/.*\.md$/.test(p))) {
    const parsed = parseArchiveRecord(readFileSync(f, 'utf8'), relative(ROOT, f));
    if (!parsed.ok || !parsed.record) continue;
    records++;
    const r = censor.redactRecord(parsed.record, ctx);
    archive.push(...r.redactions);
    if (r.redactions.length) archiveChanged.push(`${relative(ROOT, f)}: ${r.redactions.map((x) => x.what).join(', ')}`);
  }
  show(`archive records (${records})`, archive, archiveChanged);

  // (2) and (3) GEDCOM free text
  const dead: Redaction[] = [];
  const deadChanged: string[] = [];
  const living: Redaction[] = [];
  const livingChanged: string[] = [];
  let texts = 0;
  const geds = files(GEDCOM, (p) => /\.(ged|gedcom)$/i.test(p));
  for (const f of geds) {
    let text: string;
    try {
      text = decodeGedcom(readFileSync(f), f).text;
    } catch {
      continue;
    }
    for (const value of freeTexts(text)) {
      texts++;
      const d = censor.redactText(value, ctx);
      dead.push(...d.redactions);
      if (d.redactions.length) deadChanged.push(`${relative(GEDCOM, f)}: ${JSON.stringify(value.slice(0, 160))}`);
      const l = censor.redactText(value, { ...ctx, aboutLiving: true });
      const lw = l.redactions.filter((x) => x.what === 'street_address' || x.kind === 'living');
      living.push(...lw);
      if (lw.length)
        livingChanged.push(
          `${relative(GEDCOM, f)}: ${JSON.stringify(value.slice(0, 160))} → ${JSON.stringify(l.text.slice(0, 160))}`,
        );
    }
  }
  show(`GEDCOM free text of ${geds.length} files (${texts} values), as a dead person's`, dead, deadChanged);
  show(`the same values as if every person were living (addresses and dates only)`, living, livingChanged);
}

void main();
