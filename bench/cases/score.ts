/**
 * Scores one researched case folder against its answer key (expected.yaml).
 *
 * Tracing personas: an expected persona (archive file + key or written name) is found in the output
 * through the captured source of that archive file (its `externalId`), then through the person
 * files whose names cite that source, by name. When two output persons read equally well (a record
 * naming two boys "John Turner"), the research log's persona decisions for that source break the tie
 * in record order. A persona that cannot be traced (its record was never captured, or no person cites
 * it under a matching name) is "unplaced": it counts as a cluster of its own.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { caseRoot, type Expected, type ExpectedPerson, type ExpectedRelationship, type PersonaRef } from './expected';
import { baitPattern, fold, isJunkName, nameScore, sameValue } from './match';
import type { CaseOutput, OutPerson } from './output';

export interface Ratio {
  precision: number;
  recall: number;
  f1: number;
}
export interface PersonaPlacement {
  person: string;
  record: string;
  written: string;
  placedIn?: string;
  how: 'name' | 'log' | 'unplaced';
  why?: string;
  /** The answer key names the persona by its record's key (a structured entry, not free text). */
  keyed?: boolean;
}
export interface FactCheck {
  person: string;
  field: string;
  expected: string;
  got?: string;
  status?: string;
  ok: boolean;
}
export interface Leak {
  file: string;
  bait: string;
  why?: string;
}
export interface CaseScore {
  case: string;
  /** archive records captured as sources, of all the case's records */
  records: { captured: number; total: number; missing: string[] };
  personas: number;
  placed: number;
  persons: Ratio & { pSum: number; rSum: number };
  relationships: Ratio & { tp: number; predicted: number; gold: number; wrong: string[]; missing: string[] };
  facts: { correct: number; total: number; checks: FactCheck[] };
  conflicts: { kept: number; expected: number; output: number; missing: string[] };
  namesakesJoined: { count: number; pairs: string[] };
  junk: { count: number; names: string[] };
  extraPersons: { count: number; names: string[] };
  leaks: Leak[];
  placements: PersonaPlacement[];
  problems: string[];
}

const f1 = (p: number, r: number) => (p + r ? (2 * p * r) / (p + r) : 0);

/** The names a persona is written under in its record (key → name), with the record's own order. */
function recordPersons(archiveRoot: string, record: string): { key?: string; name: string }[] {
  const file = join(archiveRoot, 'archive', record);
  if (!existsSync(file))
    throw new Error(`expected.yaml: persona record "${record}" does not exist under ${join(archiveRoot, 'archive')}`);
  const m = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'));
  let fm: Record<string, unknown>;
  try {
    fm = m ? (parseYaml(m[1]) as Record<string, unknown>) : {};
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message.split('\n')[0]}`, { cause: e });
  }
  const persons = Array.isArray(fm?.persons) ? (fm.persons as Record<string, unknown>[]) : [];
  return persons.map((p) => ({
    key: typeof p.key === 'string' ? p.key : undefined,
    name: typeof p.name === 'string' || typeof p.name === 'number' ? String(p.name) : '',
  }));
}

function writtenName(archiveRoot: string, ref: PersonaRef): string {
  const persons = recordPersons(archiveRoot, ref.record);
  if (ref.name) {
    // The record's own spelling (with its /surname/ marks) when the key names a structured persona.
    const bare = (n: string) => fold(n.replace(/\//g, ' '));
    return persons.find((p) => bare(p.name) === bare(ref.name!))?.name ?? ref.name;
  }
  const hit = persons.find((p) => p.key === ref.key);
  if (!hit)
    throw new Error(`expected.yaml: no person with key "${ref.key}" in ${join(archiveRoot, 'archive', ref.record)}`);
  return hit.name;
}

/** How many personas of the same written name precede persona `key` in its record. */
function recordOccurrence(archiveRoot: string, record: string, key: string): number | undefined {
  const persons = recordPersons(archiveRoot, record);
  const at = persons.findIndex((p) => p.key === key);
  if (at < 0) return undefined;
  const name = fold(persons[at].name);
  return persons.slice(0, at).filter((p) => fold(p.name) === name).length;
}

export function placePersonas(caseDir: string, expected: Expected, out: CaseOutput): PersonaPlacement[] {
  const resolve = (id: string) => {
    let cur = id;
    for (let i = 0; i < 20 && out.mergedInto.has(cur); i++) cur = out.mergedInto.get(cur)!;
    return out.persons.has(cur) ? cur : undefined;
  };
  // How many personas of the same written name precede this one in its record (for log tie-breaks).
  const seen = new Map<string, number>();
  // How many free-text personas of the record before this one the same decisions could be (a son
  // "Michael" after his father "Michael Coughlin": the log's second decision of that name is his).
  const seenDecided = new Map<string, number>();
  // Files in the order the log first decided a persona into them: ties between equally fitting
  // files go by it, not by file ids that differ from run to run.
  const firstDecided = new Map<string, number>();
  out.decisions.forEach((d, i) => {
    const id = resolve(d.person);
    if (id && !firstDecided.has(id)) firstDecided.set(id, i);
  });
  const byFirstDecided = (a: string, b: string) =>
    (firstDecided.get(a) ?? Infinity) - (firstDecided.get(b) ?? Infinity) ||
    out.persons.get(a)!.file.localeCompare(out.persons.get(b)!.file);
  const placements: PersonaPlacement[] = [];
  // The name readings of every persona of a record: a file citing the record under one name is
  // claimed by the persona that name fits best ("Jelle Sjoerds" is the father's citation, not the
  // son written "Jelle" in the same text).
  // Each persona's name as the record writes it, read from its record once.
  const names = new Map<PersonaRef, { written: string; readings: string[] }>();
  const inRecord = new Map<string, { person: string; readings: string[] }[]>();
  for (const person of expected.persons)
    for (const ref of person.personas) {
      const written = writtenName(caseRoot(caseDir, expected), ref);
      // "Mrs. Emil Lehmann" is her husband's name: where the key gives hers too (Emma Lehmann), it
      // would place her in his file; it is read only when it is all the key has.
      const all = [written, ...ref.aliases];
      const own = all.filter((r) => !/^Mrs\.?\s+\S+\s+\S+/.test(r.trim()));
      const readings = own.length ? own : all;
      names.set(ref, { written, readings });
      const list = inRecord.get(ref.record) ?? [];
      list.push({ person: person.id, readings });
      inRecord.set(ref.record, list);
    }
  for (const person of expected.persons) {
    for (const ref of person.personas) {
      const { written, readings } = names.get(ref)!;
      const key = `${ref.record}\u0000${fold(written)}`;
      const counted = seen.get(key) ?? 0;
      seen.set(key, counted + 1);
      // A keyed persona's place among the record's personas of its name (the order the log decides
      // them in), whatever order the answer key lists the persons in; a free-text one by its listing.
      const occurrence = ref.key
        ? (recordOccurrence(caseRoot(caseDir, expected), ref.record, ref.key) ?? counted)
        : counted;
      const base = { person: person.id, record: ref.record, written, ...(ref.key ? { keyed: true } : {}) };
      const sources = out.sourcesByRecord.get(ref.record) ?? [];
      if (!sources.length) {
        placements.push({ ...base, how: 'unplaced', why: 'record not captured as a source' });
        continue;
      }
      const src = new Set(sources);
      // A keyed persona is the one the log decided under its key (two of one name in a record, "Pál
      // Kovács" and "Pál Kovács ifj.", are told apart by it, not by a name that may drop the suffix).
      const keyed = ref.key ? out.decisions.find((d) => src.has(d.source) && d.key === ref.key) : undefined;
      const keyedIn = keyed ? resolve(keyed.person) : undefined;
      if (keyedIn) {
        placements.push({ ...base, placedIn: keyedIn, how: 'log' });
        continue;
      }
      const others = (inRecord.get(ref.record) ?? []).filter((o) => o.person !== person.id);
      const fit = (rs: string[], p: OutPerson) => {
        let score = 0;
        for (const n of p.names)
          if (n.citations.some((c) => src.has(c)))
            for (const r of rs) score = Math.max(score, nameScore(r, n.given, n.surname));
        return score;
      };
      let best = 0;
      let winners: string[] = [];
      for (const p of out.persons.values()) {
        const score = fit(readings, p);
        // Another persona of the record fits the file's cited name better: the citation is theirs.
        if (score > 0 && others.some((o) => fit(o.readings, p) > score)) continue;
        if (score > best) [best, winners] = [score, [p.id]];
        else if (score === best && score > 0) winners.push(p.id);
      }
      winners.sort(byFirstDecided);
      if (winners.length === 1) {
        placements.push({ ...base, placedIn: winners[0], how: 'name' });
        continue;
      }
      // Ambiguous or no name cites the record: the log's decisions for this source, in record order.
      const fitsDecision = (rs: string[], d: { name: string }) =>
        Math.max(0, ...rs.map((r) => nameScore(r, ...givenSurname(d.name))));
      const candidates = out.decisions.filter(
        (d) =>
          src.has(d.source) &&
          // A name written without a surname scores 1 at best against a decided name with one.
          readings.some((r) => nameScore(r, ...givenSurname(d.name)) >= (givenSurname(r)[1] ? 2 : 1)),
      );
      // Other personas of the record that are those decisions' names better take them first: a son
      // "Iain" has no decision of his own when the only one is "Iain Bàn", his grandfather's, in the
      // same obituary (two "Michael Coughlin" decisions for a father and a son leave him one).
      const better = others.filter((o) =>
        candidates.some((d) => fitsDecision(o.readings, d) > fitsDecision(readings, d)),
      ).length;
      const decided = better >= candidates.length ? [] : candidates;
      // The log naming the persona's key decides outright; else its decisions in record order.
      const byKey = ref.key ? decided.find((d) => d.key === ref.key) : undefined;
      const among = `${ref.record}\u0000${decided.map((d) => out.decisions.indexOf(d)).join(',')}`;
      const before = seenDecided.get(among) ?? 0;
      seenDecided.set(among, before + 1);
      const nth = ref.key ? occurrence : before;
      const pick = byKey ?? decided[Math.min(nth, decided.length - 1)];
      const viaLog = pick ? resolve(pick.person) : undefined;
      if (viaLog && (!winners.length || winners.includes(viaLog)))
        placements.push({ ...base, placedIn: viaLog, how: 'log' });
      else if (winners.length)
        placements.push({
          ...base,
          placedIn: winners[occurrence % winners.length],
          how: 'name',
          why: `ambiguous between ${winners.join(', ')}`,
        });
      else {
        const citedAtAll = [...out.persons.values()].some((p) => [...p.cited].some((c) => src.has(c)));
        placements.push({
          ...base,
          how: 'unplaced',
          why: citedAtAll
            ? 'no person file cites the record under this name'
            : 'record captured, but no person file cites it',
        });
      }
    }
  }
  return onePersonaPerCitation(placements, out, resolve);
}

/** A wife named by her husband's name ("Mrs. Joseph Massart", "Frau Georg Wagner"). */
const WIFE_BY_HUSBAND = /^(Mrs\.?|Frau|Mme\.?|Madame|Sra\.?|Señora)\s/i;

/**
 * A person file citing a record under one name, by one decision of the log, is one persona of that
 * record: two personas a name would both put there ("William", the grandfather, and "William", an
 * infant son, in one obituary) are not both that file. The one placed by the log, else the one with
 * more personas in the file, keeps it; the others are unplaced. Two decisions of the log into the
 * file (the engine joined them) keep both.
 */
function onePersonaPerCitation(
  placements: PersonaPlacement[],
  out: CaseOutput,
  resolve: (id: string) => string | undefined,
): PersonaPlacement[] {
  const groups = new Map<string, number[]>();
  placements.forEach((p, i) => {
    if (!p.placedIn) return;
    const key = `${p.record}\u0000${p.placedIn}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const result = [...placements];
  for (const idx of groups.values()) {
    if (idx.length < 2) continue;
    const { record, placedIn: file } = placements[idx[0]];
    const src = new Set(out.sourcesByRecord.get(record) ?? []);
    const names = out.persons.get(file!)?.names.filter((n) => n.citations.some((c) => src.has(c))).length ?? 0;
    const decisions = out.decisions.filter((d) => src.has(d.source) && resolve(d.person) === file).length;
    const room = Math.max(names, decisions, 1);
    if (idx.length <= room) continue;
    const inFile = (person: string) => placements.filter((q) => q.person === person && q.placedIn === file).length;
    // "Mrs. Joseph Massart" is his name, not hers: the husband keeps a file of his name.
    const byHusband = (p: PersonaPlacement) => Number(WIFE_BY_HUSBAND.test(p.written.trim()));
    const order = [...idx].sort(
      (a, b) =>
        Number(placements[a].how !== 'log') - Number(placements[b].how !== 'log') ||
        byHusband(placements[a]) - byHusband(placements[b]) ||
        inFile(placements[b].person) - inFile(placements[a].person) ||
        a - b,
    );
    const keeper = placements[order[0]].person;
    for (const i of order.slice(room))
      result[i] = {
        person: placements[i].person,
        record,
        written: placements[i].written,
        ...(placements[i].keyed ? { keyed: true } : {}),
        how: 'unplaced',
        why: `${file} cites the record once, for ${keeper}`,
      };
  }
  return result;
}

function givenSurname(written: string): [string, string] {
  const m = /^(.*?)\/(.*?)\//.exec(written);
  if (m) return [m[1].trim(), m[2].trim()];
  const parts = written.trim().split(/\s+/);
  return parts.length > 1 ? [parts.slice(0, -1).join(' '), parts[parts.length - 1]] : [written, ''];
}

/** B-cubed precision and recall over the expected personas (sums, to be micro-averaged). */
export function bcubed(placements: PersonaPlacement[]): { pSum: number; rSum: number; n: number } {
  const cluster = (p: PersonaPlacement, i: number) => p.placedIn ?? `unplaced:${i}`;
  const clusters = placements.map(cluster);
  let pSum = 0;
  let rSum = 0;
  placements.forEach((p, i) => {
    const same = placements.filter((_, j) => clusters[j] === clusters[i]);
    const sameGold = placements.filter((q) => q.person === p.person);
    const both = same.filter((q) => q.person === p.person).length;
    pSum += both / same.length;
    rSum += both / sameGold.length;
  });
  return { pSum, rSum, n: placements.length };
}

const relKey = (r: ExpectedRelationship) =>
  'parent' in r ? `${r.parent} → parent of → ${r.child}` : [...r.spouses].sort().join(' ⚭ ');

/** Each output person stands for the expected person most of its traced personas belong to. */
function outputToExpected(placements: PersonaPlacement[]): Map<string, string> {
  const votes = new Map<string, Map<string, number>>();
  for (const p of placements) {
    if (!p.placedIn) continue;
    const v = votes.get(p.placedIn) ?? new Map<string, number>();
    v.set(p.person, (v.get(p.person) ?? 0) + 1);
    votes.set(p.placedIn, v);
  }
  const map = new Map<string, string>();
  for (const [out, v] of votes) map.set(out, [...v.entries()].sort((a, b) => b[1] - a[1])[0][0]);
  return map;
}

/** Each expected person's best output person: the one holding most of its personas. */
function expectedToOutput(placements: PersonaPlacement[], person: ExpectedPerson): string | undefined {
  const counts = new Map<string, number>();
  for (const p of placements)
    if (p.person === person.id && p.placedIn) counts.set(p.placedIn, (counts.get(p.placedIn) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function outName(p: OutPerson): string {
  const n = p.names[0];
  return n ? `${n.given} ${n.surname}`.trim() || '(unnamed)' : '(unnamed)';
}

/** The archive's record files, relative to archive/. */
function archiveRecords(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const full = join(d, f);
      if (statSync(full).isDirectory()) walk(full);
      else if (f.endsWith('.md')) out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/** Every file under dir except the user's inputs (archive/, case.yaml, expected.yaml). */
function writtenFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const full = join(d, f);
      const rel = relative(dir, full);
      if (rel === 'archive' || rel === 'case.yaml' || rel === 'expected.yaml') continue;
      if (statSync(full).isDirectory()) walk(full);
      else out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

export function findLeaks(outDir: string, expected: Expected): Leak[] {
  const leaks: Leak[] = [];
  const baits = expected.privacy.flatMap((b) =>
    [b.text, ...b.forms].map((t) => ({ t, re: baitPattern(t, b.digits), why: b.why })),
  );
  if (!baits.length) return leaks;
  for (const file of writtenFiles(outDir)) {
    const text = readFileSync(file).toString('utf8');
    for (const b of baits) if (b.re.test(text)) leaks.push({ file: relative(outDir, file), bait: b.t, why: b.why });
  }
  return leaks;
}

export function scoreCase(
  name: string,
  caseDir: string,
  expected: Expected,
  out: CaseOutput,
  outDir: string,
): CaseScore {
  const placements = placePersonas(caseDir, expected, out);
  const b3 = bcubed(placements);
  const persons = {
    pSum: b3.pSum,
    rSum: b3.rSum,
    precision: b3.pSum / b3.n,
    recall: b3.rSum / b3.n,
    f1: f1(b3.pSum / b3.n, b3.rSum / b3.n),
  };

  // Relationships: every non-rejected relationship in the person files, mapped to expected persons.
  const toExp = outputToExpected(placements);
  const label = (id: string) => toExp.get(id) ?? `?${out.persons.get(id) ? outName(out.persons.get(id)!) : id}`;
  const predicted = new Set<string>();
  for (const p of out.persons.values()) {
    for (const r of p.relationships) {
      if (r.status === 'rejected') continue;
      const a = label(p.id);
      const b = label(r.person);
      if (r.type === 'parent') predicted.add(relKey({ parent: b, child: a }));
      else if (r.type === 'child') predicted.add(relKey({ parent: a, child: b }));
      else if (r.type === 'spouse') predicted.add(relKey({ spouses: [a, b] }));
    }
  }
  const gold = new Set(expected.relationships.map(relKey));
  const optional = new Set(expected.optionalRelationships.map(relKey));
  const counted = [...predicted].filter((k) => !optional.has(k));
  const tp = counted.filter((k) => gold.has(k)).length;
  const rp = counted.length ? tp / counted.length : gold.size ? 0 : 1;
  const rr = gold.size ? tp / gold.size : 1;
  const relationships = {
    precision: rp,
    recall: rr,
    f1: f1(rp, rr),
    tp,
    predicted: counted.length,
    gold: gold.size,
    wrong: counted.filter((k) => !gold.has(k)).sort(),
    missing: [...gold].filter((k) => !predicted.has(k)).sort(),
  };

  // Key facts: the preferred value (accepted, else the best staged) on the person's best output person.
  const checks: FactCheck[] = [];
  for (const person of expected.persons) {
    const outId = expectedToOutput(placements, person);
    const op = outId ? out.persons.get(outId) : undefined;
    for (const [field, fact] of Object.entries(person.facts)) {
      const pool = (op?.assertions ?? []).filter((a) => a.field === field && a.status !== 'rejected');
      const accepted = pool.filter((a) => a.status === 'accepted');
      const best = (accepted.length ? accepted : pool).sort((a, b) => b.confidence - a.confidence)[0];
      const ok = !!best && [fact.value, ...fact.accept].some((v) => sameValue(field, v, best.value));
      checks.push({ person: person.id, field, expected: fact.value, got: best?.value, status: best?.status, ok });
    }
  }

  // Conflicts kept: a conflict file on (one of) the person's output persons, for the field, holding every value.
  const missingConflicts: string[] = [];
  for (const c of expected.conflicts) {
    const outs = new Set(placements.filter((p) => p.person === c.person && p.placedIn).map((p) => p.placedIn!));
    const kept = out.conflicts.some(
      (oc) =>
        outs.has(oc.person) &&
        oc.field === c.field &&
        c.values.every((v) => oc.values.some((ov) => sameValue(c.field, v, ov))),
    );
    if (!kept) missingConflicts.push(`${c.person} ${c.field}: ${c.values.join(' vs ')}`);
  }

  // Namesakes joined: one output person holds personas of both.
  const joined: string[] = [];
  for (const n of expected.namesakes) {
    const a = new Set(placements.filter((p) => p.person === n.persons[0] && p.placedIn).map((p) => p.placedIn));
    if (placements.some((p) => p.person === n.persons[1] && p.placedIn && a.has(p.placedIn)))
      joined.push(n.persons.join(' + '));
  }

  // Junk: person files whose every name is a title, a bare given name, or a listed junk name, unless
  // a keyed persona of the answer key is placed there (a register's "Patsy", mother of a depositor,
  // is a person a genealogist files by her given name alone; free text's bare names stay junk).
  const junkNames = new Set(expected.junk.map(fold));
  const placedIn = new Set(placements.map((p) => p.placedIn).filter(Boolean));
  const keyedIn = new Set(placements.filter((p) => p.keyed).map((p) => p.placedIn));
  const junk: string[] = [];
  const extra: string[] = [];
  for (const p of out.persons.values()) {
    const isJunk =
      (p.names.length > 0 && p.names.every((n) => junkNames.has(fold(`${n.given} ${n.surname}`)))) ||
      (!keyedIn.has(p.id) &&
        p.names.length > 0 &&
        p.names.every((n) => isJunkName(n.given, n.surname) || junkNames.has(fold(`${n.given} ${n.surname}`))));
    if (isJunk) junk.push(`${outName(p)} (${p.id})`);
    else if (!placedIn.has(p.id)) extra.push(`${outName(p)} (${p.id})`);
  }

  const all = archiveRecords(join(caseRoot(caseDir, expected), 'archive'));
  const missing = all.filter((r) => !out.sourcesByRecord.has(r));
  return {
    case: name,
    records: { captured: all.length - missing.length, total: all.length, missing },
    personas: placements.length,
    placed: placements.filter((p) => p.placedIn).length,
    persons,
    relationships,
    facts: { correct: checks.filter((c) => c.ok).length, total: checks.length, checks },
    conflicts: {
      kept: expected.conflicts.length - missingConflicts.length,
      expected: expected.conflicts.length,
      output: out.conflicts.length,
      missing: missingConflicts,
    },
    namesakesJoined: { count: joined.length, pairs: joined },
    junk: { count: junk.length, names: junk },
    extraPersons: { count: extra.length, names: extra },
    leaks: findLeaks(outDir, expected),
    placements,
    problems: out.problems,
  };
}
