/**
 * A read-only snapshot of a case folder for the views, diagnostics, CodeLens and hovers. It keeps
 * where every person, assertion and source sits in its file, so problems point at the right line.
 * No `vscode` import: unit-testable. Writes never happen here (they go through src/case).
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { readFrontMatter, type FrontMatterFile } from '../../case/frontmatter';
import type { CaseProblem } from '../../case/problems';
import { leftBehind } from '../../case/left-behind';
import { sourceEditProblems } from '../../case/source-integrity';
import { PLAIN, readTreeLine } from '../../case/tree-format';
import { archiveProblems } from '../../sources/archive/problems';
import {
  CaseConfig,
  ClueHypothesis,
  Conflict,
  LogEntry,
  MergesFile,
  Person,
  SourceRecord,
  safeParseBounded,
} from '../../model';

export interface PersonEntry {
  person: Person;
  /** Absolute path of the person file, or of the imported tree holding it. */
  file: string;
  /** Present for person files (markdown with front matter); absent for tree entries. */
  fm?: FrontMatterFile;
  /** 1-based line in a tree file (jsonl). */
  treeLine?: number;
}

export interface SourceEntry {
  source: SourceRecord;
  file: string;
}
export interface ConflictEntry {
  conflict: Conflict;
  file: string;
  fm: FrontMatterFile;
}

export interface CaseSnapshot {
  root: string;
  config?: CaseConfig;
  persons: Map<string, PersonEntry>;
  sources: Map<string, SourceEntry>;
  conflicts: ConflictEntry[];
  merges: MergesFile;
  hypotheses: ClueHypothesis[];
  /** The newest log entries (the log may be long; views show the tail). */
  log: LogEntry[];
  logLines: number;
  /** Problems in case files, with absolute file paths and 1-based lines. */
  problems: CaseProblem[];
  loadedAt: number;
  /**
   * Tree files too big to read on the extension host's thread (over BIG_TREE_BYTES): their persons
   * are not in `persons`; the People view, Go to Person and Open Person read them from the tree
   * index in a worker thread (src/extension/people).
   */
  bigTrees?: string[];
}

/** About 10k persons in the compact format: reading and validating more takes seconds on the host thread. */
export const BIG_TREE_BYTES = 4 << 20;

export const LOG_TAIL = 500;

/** hypotheses.json: the persisted session; only the clue queue is read here, loosely. */
const SessionFile = z.looseObject({ hypotheses: z.array(z.unknown()).default([]) });
/** A source file's front matter is the record minus its verbatim text, which is the body. */
const SourceFront = SourceRecord.extend({ text: z.string().optional() });

async function listFiles(dir: string, ext: string, recursive = false): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory() && recursive) out.push(...(await listFiles(p, ext, true)));
    else if (e.isFile() && e.name.endsWith(ext)) out.push(p);
  }
  return out.sort();
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Runs `fn` over items with at most `limit` in flight (thousands of person files). */
async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

function jsonProblem(file: string, text: string, e: unknown): CaseProblem {
  const msg = e instanceof Error ? e.message : String(e);
  const pos = /position (\d+)/.exec(msg);
  const line = pos ? text.slice(0, Number(pos[1])).split('\n').length : 1;
  return { file, line, column: 1, message: `JSON: ${msg}`, severity: 'error' };
}

/** Line (1-based) of a JSON key path in a pretty-printed JSON file, found by parsing it as YAML. */
export function jsonLine(text: string, path: (string | number)[]): number {
  const doc = parseDocument(text);
  let keys = [...path];
  while (keys.length) {
    const node = doc.getIn(keys, true) as { range?: [number, number, number] } | undefined;
    if (node?.range) return text.slice(0, node.range[0]).split('\n').length;
    keys = keys.slice(0, -1);
  }
  return 1;
}

function zodJsonProblems(file: string, text: string, error: z.ZodError): CaseProblem[] {
  return error.issues.map((i) => ({
    file,
    line: jsonLine(
      text,
      i.path.filter((k): k is string | number => typeof k !== 'symbol'),
    ),
    column: 1,
    field: i.path.join('.') || undefined,
    message: i.message,
    severity: 'error' as const,
  }));
}

export async function loadSnapshot(root: string): Promise<CaseSnapshot> {
  const problems: CaseProblem[] = [];
  const snap: CaseSnapshot = {
    root,
    persons: new Map(),
    sources: new Map(),
    conflicts: [],
    merges: { version: 1, clusters: [], notSamePerson: [] },
    hypotheses: [],
    log: [],
    logLines: 0,
    problems,
    loadedAt: Date.now(),
  };

  const caseYaml = join(root, 'case.yaml');
  const configText = await readText(caseYaml);
  if (configText !== undefined) {
    const doc = parseDocument(configText, { prettyErrors: false });
    if (doc.errors.length) {
      const e = doc.errors[0];
      problems.push({
        file: caseYaml,
        line: e.linePos?.[0]?.line ?? 1,
        column: e.linePos?.[0]?.col ?? 1,
        message: `YAML: ${e.message.split('\n')[0]}`,
        severity: 'error',
      });
    } else {
      const r = safeParseBounded(CaseConfig, doc.toJS());
      if (r.success) snap.config = r.data;
      else problems.push(...zodJsonProblems(caseYaml, configText, r.error));
    }
  }

  // Imported trees first: a person file with the same id overrides its tree entry.
  for (const file of await listFiles(join(root, 'trees'), '.jsonl')) {
    const size = await stat(file).then(
      (st) => st.size,
      () => 0,
    );
    if (size > BIG_TREE_BYTES) {
      (snap.bigTrees ??= []).push(file);
      continue;
    }
    const text = (await readText(file)) ?? '';
    let lineNo = 0;
    let format = PLAIN;
    for (const line of text.split('\n')) {
      lineNo += 1;
      const r = readTreeLine(line, lineNo, format);
      if (r.kind === 'header') format = r.context;
      else if (r.kind === 'person') snap.persons.set(r.person.id, { person: r.person, file, treeLine: lineNo });
      else if (r.kind === 'invalid')
        problems.push({
          file,
          line: lineNo,
          column: 1,
          ...(r.issues[0]?.field !== undefined ? { field: r.issues[0].field } : {}),
          message: r.issues[0]?.message ?? 'invalid person',
          severity: 'error',
        });
    }
  }

  const personFiles = await listFiles(join(root, 'people'), '.md');
  const personResults = await mapLimit(personFiles, 16, async (file) => ({ file, text: (await readText(file)) ?? '' }));
  for (const { file, text } of personResults) {
    const r = readFrontMatter(text, file, Person);
    if (!r.ok) {
      problems.push(...r.problems);
      continue;
    }
    const prior = snap.persons.get(r.value.id);
    if (prior?.fm) {
      problems.push({
        file,
        line: 2,
        column: 1,
        field: 'id',
        message: `duplicate person id ${r.value.id} (also in ${relative(root, prior.file)})`,
        severity: 'error',
      });
      continue;
    }
    snap.persons.set(r.value.id, { person: r.value, file, fm: r.fm });
  }

  for (const file of await listFiles(join(root, 'sources'), '.md')) {
    const text = (await readText(file)) ?? '';
    const r = readFrontMatter(text, file, SourceFront);
    if (!r.ok) {
      problems.push(...r.problems);
      continue;
    }
    snap.sources.set(r.value.id, { source: { ...r.value, text: r.value.text || r.fm.body.trim() }, file });
    // An edited capture (body or a captured field): the same warnings `ancestry validate` lists.
    problems.push(...sourceEditProblems(file, r.fm, { ...r.value, text: r.fm.body }));
  }

  for (const file of await listFiles(join(root, 'conflicts'), '.md')) {
    const text = (await readText(file)) ?? '';
    const r = readFrontMatter(text, file, Conflict);
    if (!r.ok) problems.push(...r.problems);
    else snap.conflicts.push({ conflict: r.value, file, fm: r.fm });
  }

  const mergesFile = join(root, 'merges.json');
  const mergesText = await readText(mergesFile);
  if (mergesText !== undefined) {
    try {
      const r = safeParseBounded(MergesFile, JSON.parse(mergesText));
      if (r.success) snap.merges = r.data;
      else problems.push(...zodJsonProblems(mergesFile, mergesText, r.error));
    } catch (e) {
      problems.push(jsonProblem(mergesFile, mergesText, e));
    }
  }

  const sessionFile = join(root, 'hypotheses.json');
  const sessionText = await readText(sessionFile);
  if (sessionText !== undefined) {
    try {
      const r = safeParseBounded(SessionFile, JSON.parse(sessionText));
      if (!r.success) problems.push(...zodJsonProblems(sessionFile, sessionText, r.error));
      else {
        r.data.hypotheses.forEach((h, i) => {
          const hr = ClueHypothesis.safeParse(h);
          if (hr.success) snap.hypotheses.push(hr.data);
          else
            problems.push(
              ...zodJsonProblems(
                sessionFile,
                sessionText,
                new z.ZodError(hr.error.issues.map((iss) => ({ ...iss, path: ['hypotheses', i, ...iss.path] }))),
              ),
            );
        });
      }
    } catch (e) {
      problems.push(jsonProblem(sessionFile, sessionText, e));
    }
  }

  // Archive records the Scout cannot use (and unknown keys): the same problems `ancestry validate` lists.
  for (const p of archiveProblems(root)) problems.push({ ...p, file: join(root, p.file) });
  // What interrupted work left: temp files, an unfinished import, a committed step not yet applied.
  for (const p of leftBehind(root)) problems.push({ ...p, file: join(root, p.file) });

  const logFile = join(root, 'log', 'research-log.jsonl');
  const logText = await readText(logFile);
  if (logText !== undefined) {
    const lines = logText.split('\n');
    snap.logLines = lines.filter((l) => l.trim()).length;
    for (const line of lines.slice(-LOG_TAIL - 1)) {
      if (!line.trim()) continue;
      try {
        const r = LogEntry.safeParse(JSON.parse(line));
        if (r.success) snap.log.push(r.data);
      } catch {
        // The writer appends whole lines; a torn last line is reported by `ancestry validate`.
      }
    }
  }
  return snap;
}

/** The case folders of a workspace folder: itself, or its direct children holding case.yaml. */
export async function findCaseRoots(folder: string): Promise<string[]> {
  const isCase = async (dir: string) => (await stat(join(dir, 'case.yaml')).catch(() => undefined))?.isFile() ?? false;
  if (await isCase(folder)) return [folder];
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const roots: string[] = [];
  for (const e of entries)
    if (e.isDirectory() && !e.name.startsWith('.') && (await isCase(join(folder, e.name))))
      roots.push(join(folder, e.name));
  return roots.sort();
}
