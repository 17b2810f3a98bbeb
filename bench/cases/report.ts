/** Totals over the whole set (micro-averaged: every persona and relationship weighs the same) and the table. */
import type { CaseRun } from './run';
import type { CaseScore } from './score';

export interface Totals {
  cases: number;
  failed: number;
  records: { captured: number; total: number };
  personas: number;
  placed: number;
  persons: { precision: number; recall: number; f1: number };
  relationships: { precision: number; recall: number; f1: number; tp: number; predicted: number; gold: number };
  facts: { correct: number; total: number };
  conflicts: { kept: number; expected: number };
  namesakesJoined: number;
  junk: number;
  extraPersons: number;
  leaks: number;
  seconds: number;
}

const f1 = (p: number, r: number) => (p + r ? (2 * p * r) / (p + r) : 0);

export function totals(runs: { name: string; run: CaseRun }[]): Totals {
  const scores = runs.map((r) => r.run.score).filter((s): s is CaseScore => !!s);
  const sum = (f: (s: CaseScore) => number) => scores.reduce((a, s) => a + f(s), 0);
  const n = sum((s) => s.personas);
  const pp = n ? sum((s) => s.persons.pSum) / n : 0;
  const pr = n ? sum((s) => s.persons.rSum) / n : 0;
  const tp = sum((s) => s.relationships.tp);
  const predicted = sum((s) => s.relationships.predicted);
  const gold = sum((s) => s.relationships.gold);
  const rp = predicted ? tp / predicted : 0;
  const rr = gold ? tp / gold : 0;
  return {
    cases: runs.length,
    failed: runs.length - scores.length,
    records: { captured: sum((s) => s.records.captured), total: sum((s) => s.records.total) },
    personas: n,
    placed: sum((s) => s.placed),
    persons: { precision: pp, recall: pr, f1: f1(pp, pr) },
    relationships: { precision: rp, recall: rr, f1: f1(rp, rr), tp, predicted, gold },
    facts: { correct: sum((s) => s.facts.correct), total: sum((s) => s.facts.total) },
    conflicts: { kept: sum((s) => s.conflicts.kept), expected: sum((s) => s.conflicts.expected) },
    namesakesJoined: sum((s) => s.namesakesJoined.count),
    junk: sum((s) => s.junk.count),
    extraPersons: sum((s) => s.extraPersons.count),
    leaks: sum((s) => s.leaks.length),
    seconds: runs.reduce((a, r) => a + r.run.seconds, 0),
  };
}

const pct = (x: number) => (x * 100).toFixed(1).padStart(5);
const frac = (a: number, b: number) => `${a}/${b}`;

export function table(runs: { name: string; run: CaseRun }[], t: Totals): string {
  const head = [
    'case',
    'records',
    'placed',
    'pers P',
    'R',
    'F1',
    'rel P',
    'R',
    'F1',
    'facts',
    'confl',
    'nsk',
    'junk',
    'extra',
    'leaks',
    'time s',
  ];
  const rows: string[][] = runs.map(({ name, run }) => {
    const s = run.score;
    if (!s) return [name, 'ERROR', ...Array<string>(13).fill(''), run.seconds.toFixed(1)];
    return [
      name,
      frac(s.records.captured, s.records.total),
      frac(s.placed, s.personas),
      pct(s.persons.precision),
      pct(s.persons.recall),
      pct(s.persons.f1),
      pct(s.relationships.precision),
      pct(s.relationships.recall),
      pct(s.relationships.f1),
      frac(s.facts.correct, s.facts.total),
      frac(s.conflicts.kept, s.conflicts.expected),
      String(s.namesakesJoined.count),
      String(s.junk.count),
      String(s.extraPersons.count),
      String(s.leaks.length),
      run.seconds.toFixed(1),
    ];
  });
  rows.push([
    `ALL (${t.cases}${t.failed ? `, ${t.failed} failed` : ''})`,
    frac(t.records.captured, t.records.total),
    frac(t.placed, t.personas),
    pct(t.persons.precision),
    pct(t.persons.recall),
    pct(t.persons.f1),
    pct(t.relationships.precision),
    pct(t.relationships.recall),
    pct(t.relationships.f1),
    frac(t.facts.correct, t.facts.total),
    frac(t.conflicts.kept, t.conflicts.expected),
    String(t.namesakesJoined),
    String(t.junk),
    String(t.extraPersons),
    String(t.leaks),
    t.seconds.toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [
    line(head),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(0, -1).map(line),
    widths.map((w) => '-'.repeat(w)).join('  '),
    line(rows[rows.length - 1]),
  ].join('\n');
}

/** What went wrong, case by case: the lines a developer reads to know where to look. */
export function details(runs: { name: string; run: CaseRun }[]): string {
  const out: string[] = [];
  for (const { name, run } of runs) {
    const s = run.score;
    out.push(`\n## ${name}${run.status ? ` — ${run.status}` : ''}`);
    if (!s) {
      out.push(`  ERROR: ${run.error?.split('\n').slice(0, 3).join(' | ')}`);
      continue;
    }
    const byOut = new Map<string, string[]>();
    for (const p of s.placements) if (p.placedIn) byOut.set(p.placedIn, [...(byOut.get(p.placedIn) ?? []), p.person]);
    const joinedWrong = [...byOut.entries()]
      .filter(([, v]) => new Set(v).size > 1)
      .map(([k, v]) => `${k} holds ${[...new Set(v)].join(' + ')}`);
    const split = [...new Set(s.placements.map((p) => p.person))]
      .map(
        (id) =>
          [id, new Set(s.placements.filter((p) => p.person === id).map((p) => p.placedIn ?? `unplaced`))] as const,
      )
      .filter(([, v]) => v.size > 1)
      .map(([id, v]) => `${id} in ${[...v].join(', ')}`);
    if (s.records.missing.length) out.push(`  records not captured: ${s.records.missing.join(', ')}`);
    const unplaced = s.placements.filter((p) => !p.placedIn).map((p) => `${p.written} (${p.record}: ${p.why})`);
    if (unplaced.length) out.push(`  unplaced personas: ${unplaced.join('; ')}`);
    if (split.length) out.push(`  split persons: ${split.join('; ')}`);
    if (joinedWrong.length) out.push(`  joined persons: ${joinedWrong.join('; ')}`);
    if (s.relationships.wrong.length) out.push(`  wrong relationships: ${s.relationships.wrong.join('; ')}`);
    if (s.relationships.missing.length) out.push(`  missing relationships: ${s.relationships.missing.join('; ')}`);
    const badFacts = s.facts.checks
      .filter((c) => !c.ok)
      .map(
        (c) =>
          `${c.person} ${c.field}: expected ${c.expected}, got ${c.got ?? 'nothing'}${c.status ? ` (${c.status})` : ''}`,
      );
    if (badFacts.length) out.push(`  facts wrong: ${badFacts.join('; ')}`);
    if (s.conflicts.missing.length) out.push(`  conflicts not kept: ${s.conflicts.missing.join('; ')}`);
    if (s.namesakesJoined.count) out.push(`  NAMESAKES JOINED: ${s.namesakesJoined.pairs.join('; ')}`);
    if (s.junk.count) out.push(`  junk persons: ${s.junk.names.join('; ')}`);
    if (s.extraPersons.count) out.push(`  persons not in the answer key: ${s.extraPersons.names.join('; ')}`);
    for (const l of s.leaks) out.push(`  PRIVACY LEAK: "${l.bait}" in ${l.file}${l.why ? ` (${l.why})` : ''}`);
    if (s.problems.length) out.push(`  unreadable output: ${s.problems.slice(0, 5).join('; ')}`);
  }
  return out.join('\n');
}
