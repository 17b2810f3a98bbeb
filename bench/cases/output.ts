/**
 * Reads what the engine wrote into a case folder, as a user (or another tool) would: person files'
 * front matter, captured sources (archive path → source ids), conflict files, the research log's
 * persona decisions and merges.json. Deliberately loose: the scorer must keep measuring while the
 * engine's formats grow, and a file it cannot read is reported, not fatal.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';

export interface OutName {
  given: string;
  surname: string;
  citations: string[];
}
export interface OutRelationship {
  type: string;
  person: string;
  status: string;
}
export interface OutAssertion {
  field: string;
  value: string;
  status: string;
  confidence: number;
}
export interface OutPerson {
  id: string;
  file: string;
  names: OutName[];
  relationships: OutRelationship[];
  assertions: OutAssertion[];
  /** every source id the file cites anywhere (names, assertions, relationships) */
  cited: Set<string>;
}
export interface OutConflict {
  file: string;
  person: string;
  field: string;
  values: string[];
}
export interface PersonaDecision {
  source: string;
  name: string;
  /** The persona's key in its record, when the log names it (`"John /Turner/" (J2) in S-…`). */
  key?: string;
  person: string;
}
export interface CaseOutput {
  persons: Map<string, OutPerson>;
  /** archive path relative to archive/ → captured source ids */
  sourcesByRecord: Map<string, string[]>;
  conflicts: OutConflict[];
  decisions: PersonaDecision[];
  /** absorbed person id → canonical id, from accepted merges */
  mergedInto: Map<string, string>;
  problems: string[];
}

const FENCED = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

function frontMatter(file: string, problems: string[]): Record<string, unknown> | undefined {
  try {
    const m = FENCED.exec(readFileSync(file, 'utf8'));
    if (!m) {
      problems.push(`${file}: no front matter`);
      return undefined;
    }
    const v: unknown = parseYaml(m[1]);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    problems.push(`${file}: front matter is not a mapping`);
  } catch (e) {
    problems.push(`${file}: ${(e as Error).message.split('\n')[0]}`);
  }
  return undefined;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function mdFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .sort()
        .map((f) => join(dir, f))
    : [];
}

function evidenceSources(v: unknown): string[] {
  return arr(v)
    .map((e) => str(obj(e).source))
    .filter(Boolean);
}

export function readCaseOutput(dir: string): CaseOutput {
  const problems: string[] = [];
  const persons = new Map<string, OutPerson>();
  for (const file of mdFiles(join(dir, 'people'))) {
    const fm = frontMatter(file, problems);
    if (!fm || !str(fm.id)) continue;
    const cited = new Set<string>();
    const names = arr(fm.names).map((n): OutName => {
      const o = obj(n);
      const citations = arr(o.citations).map(str).filter(Boolean);
      citations.forEach((c) => cited.add(c));
      return { given: str(o.given), surname: str(o.surname), citations };
    });
    const assertions = arr(fm.assertions).map((a): OutAssertion => {
      const o = obj(a);
      evidenceSources(o.evidence).forEach((s) => cited.add(s));
      return {
        field: str(o.field),
        value: str(o.value),
        status: str(o.status) || 'accepted',
        confidence: typeof o.confidence === 'number' ? o.confidence : 0,
      };
    });
    const relationships = arr(fm.relationships).map((r): OutRelationship => {
      const o = obj(r);
      evidenceSources(o.evidence).forEach((s) => cited.add(s));
      return { type: str(o.type), person: str(o.person), status: str(o.status) || 'accepted' };
    });
    persons.set(str(fm.id), { id: str(fm.id), file, names, relationships, assertions, cited });
  }

  const sourcesByRecord = new Map<string, string[]>();
  for (const file of mdFiles(join(dir, 'sources'))) {
    const fm = frontMatter(file, problems);
    const ext = str(fm?.externalId);
    const m = /^archive:(?:archive\/)?(.+)$/.exec(ext);
    if (!fm || !m) continue;
    const list = sourcesByRecord.get(m[1]) ?? [];
    list.push(str(fm.id));
    sourcesByRecord.set(m[1], list);
  }

  const conflicts: OutConflict[] = [];
  for (const file of mdFiles(join(dir, 'conflicts'))) {
    const fm = frontMatter(file, problems);
    if (!fm) continue;
    conflicts.push({
      file,
      person: str(fm.person),
      field: str(fm.field),
      values: arr(fm.competing)
        .map((c) => str(obj(c).value))
        .filter(Boolean),
    });
  }

  // The log's persona decisions: `"<name as written>" in S-… → …`, chosen option naming the person.
  const decisions: PersonaDecision[] = [];
  const logFile = join(dir, 'log', 'research-log.jsonl');
  if (existsSync(logFile)) {
    for (const line of readFileSync(logFile, 'utf8').split('\n')) {
      if (!line.includes('persona_match')) continue;
      try {
        const e = obj(JSON.parse(line));
        const m = /^"(.+?)"(?: \(([^()\s]+)\))? in (S-[0-9a-f]+) →/.exec(str(e.rationale));
        const p = /P-[0-9a-zA-Z]+/.exec(str(e.chosenOption));
        if (e.decisionType === 'persona_match' && m && p)
          decisions.push({ name: m[1], key: m[2], source: m[3], person: p[0] });
      } catch {
        problems.push(`${logFile}: a line is not JSON`);
      }
    }
  }

  const mergedInto = new Map<string, string>();
  const mergesFile = join(dir, 'merges.json');
  if (existsSync(mergesFile)) {
    try {
      for (const c of arr(obj(JSON.parse(readFileSync(mergesFile, 'utf8'))).clusters)) {
        const o = obj(c);
        if (o.status !== 'accepted') continue;
        for (const m of arr(o.memberIds).map(str))
          if (m && m !== str(o.canonicalId)) mergedInto.set(m, str(o.canonicalId));
      }
    } catch (e) {
      problems.push(`${mergesFile}: ${(e as Error).message}`);
    }
  }
  return { persons, sourcesByRecord, conflicts, decisions, mergedInto, problems };
}
