/**
 * The research loop at two archive sizes (N and 10·N records): run time, cycles per second, steps,
 * and the ×10 growth ratio (target: close to linear or better). Baseline in the same run: reading
 * and indexing the archive (the connector's load). A second part measures the Analyst alone on the
 * same records with 10× more persons already in the case: per-record time must stay flat (no step
 * scans all persons for every record).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openCase } from '../src/case';
import { runResearch } from '../src/engine/run';
import { ArchiveConnector, withCaseArchive } from '../src/sources/archive';
import { Analyst } from '../src/agents/analyst/analyst';
import { DeterministicExtractor } from '../src/agents/analyst/extract';
import { KnowledgeGraph } from '../src/agents/analyst/graph';
import { sha256 } from '../src/engine/ids';
import { goalStatus } from '../src/agents/analyst/gps';
import { focusedView, leadTargets, summaryView, weakestView } from '../src/engine/lead/targets';
import { emptyMemory, scoreTargets } from '../src/engine/lead/ucb';
import { knownAbout } from '../src/engine/phases/lead-target';
import { checkInvariants } from '../src/engine/invariants';
import { initAncestryEngine, makeTask, permissionsFrom } from '../src/engine/state';
import { CaseConfig, type Person, type SourceRecord } from '../src/model';
import { generateCase } from './_loop-archive';

const quick = process.argv.includes('--quick');
const FAMILIES = quick ? 10 : 30;

async function loopAt(families: number, uniqueSubject: boolean) {
  const root = mkdtempSync(join(tmpdir(), 'bench-loop-'));
  try {
    const g = generateCase(join(root, 'case'), families, { uniqueSubject });
    const t0 = performance.now();
    const conn = new ArchiveConnector({ root: g.dir });
    const size = conn.size; // parse + index every record: the baseline
    const baselineMs = performance.now() - t0;
    const store = await openCase(g.dir);
    const t1 = performance.now();
    let steps = 0;
    const r = await runResearch({
      store,
      connectors: withCaseArchive(store.root, []),
      onEvent: (e) => (e.type === 'step' ? (steps += 1) : undefined),
    });
    const loopMs = performance.now() - t1;
    return {
      records: size,
      baselineMs,
      loopMs,
      cycles: r.cycles,
      steps,
      persons: r.persons,
      sources: r.sources,
      invariants: r.invariants ?? { checks: 0, ms: 0 },
      status: `${r.status}: ${r.terminationReason}`,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const SYL = [
  'ka',
  'ro',
  'li',
  'ma',
  'ber',
  'ten',
  'stein',
  'feld',
  'hau',
  'mun',
  'dor',
  'vel',
  'sch',
  'tri',
  'gan',
  'pol',
];
const GIVEN = ['Johann', 'Georg', 'Anna', 'Maria', 'Karl', 'Katharina', 'Wilhelm', 'Elisabeth', 'Peter', 'Eva'];

/** Persons with pronounceable, mostly distinct surnames (real blocking keys), some sharing the archive's. */
function syntheticPersons(n: number): Person[] {
  const out: Person[] = [];
  for (let i = 0; i < n; i++) {
    const k = Math.floor(i / 3);
    const surname =
      i % 50 === 0
        ? 'Schmidt'
        : `${SYL[k % 16]}${SYL[Math.floor(k / 16) % 16]}${SYL[Math.floor(k / 256) % 16]}`.replace(/^./, (c) =>
            c.toUpperCase(),
          );
    out.push({
      id: `P-x${i}`,
      names: [{ given: GIVEN[i % GIVEN.length], surname, type: 'birth' }],
      sex: i % 2 ? 'M' : 'F',
      assertions: [
        {
          id: `A-x${i}`,
          field: 'birth.date',
          value: String(1800 + (i % 120)),
          status: 'staged',
          confidence: 0.5,
          evidence: [],
        },
      ],
      relationships: [],
      externalIds: {},
    });
  }
  return out;
}

async function analystWith(existing: number, records: SourceRecord[]) {
  const graph = new KnowledgeGraph(syntheticPersons(existing));
  let n = 0;
  const analyst = new Analyst({
    graph,
    extractor: new DeterministicExtractor(),
    now: () => new Date('2026-01-01T00:00:00Z'),
    newPersonId: () => `P-n${++n}`,
    existingConflict: () => undefined,
    notSame: new Set(),
  });
  const t0 = performance.now();
  for (const r of records) await analyst.analyse(r, 1);
  return (performance.now() - t0) / records.length;
}

async function main() {
  const row = (label: string, x: Awaited<ReturnType<typeof loopAt>>) =>
    console.log(
      `  ${label.padEnd(6)} ${String(x.records).padStart(6)} records  loop ${x.loopMs.toFixed(0).padStart(7)} ms  ${x.cycles} cycles  ${(x.cycles / (x.loopMs / 1000)).toFixed(2)} cycles/s  ${(x.steps / (x.loopMs / 1000)).toFixed(2)} steps/s  ${x.persons} persons  ${x.sources} sources  baseline (parse+index) ${x.baselineMs.toFixed(0)} ms  loop/baseline ${(x.loopMs / x.baselineMs).toFixed(2)}  invariants ${x.invariants.checks} checks ${x.invariants.ms.toFixed(1)} ms (${((100 * x.invariants.ms) / x.loopMs).toFixed(2)}% of the loop)  — ${x.status}`,
    );
  for (const uniqueSubject of [true, false]) {
    console.log(
      uniqueSubject
        ? `Research loop, same family in a bigger archive: ${FAMILIES} and ${FAMILIES * 10} families (9 records each), only the subject's family named Schmidt${quick ? ' [--quick]' : ''}`
        : `Research loop, more namesakes in a bigger archive: ${FAMILIES} and ${FAMILIES * 10} families, surnames repeating every 30 families${quick ? ' [--quick]' : ''}`,
    );
    const small = await loopAt(FAMILIES, uniqueSubject);
    const big = await loopAt(FAMILIES * 10, uniqueSubject);
    row('N', small);
    row('10·N', big);
    console.log(
      `  growth ×10 archive: loop time ×${(big.loopMs / small.loopMs).toFixed(2)}, baseline ×${(big.baselineMs / small.baselineMs).toFixed(2)}, time per step ×${(big.loopMs / big.steps / (small.loopMs / small.steps)).toFixed(2)}, time per captured source ×${(big.loopMs / big.sources / (small.loopMs / small.sources)).toFixed(2)}`,
    );
  }

  // The Z invariants, checked after every step of every run (issue #23 item 4): on the sample case,
  // and one check over a graph of P and 10·P persons (the check reads every person: linear).
  const sample = mkdtempSync(join(tmpdir(), 'bench-sample-'));
  try {
    cpSync(join(__dirname, '../examples/sample-case'), sample, { recursive: true });
    const store = await openCase(sample);
    const t = performance.now();
    const r = await runResearch({ store, connectors: withCaseArchive(store.root, []) });
    const ms = performance.now() - t;
    const inv = r.invariants ?? { checks: 0, ms: 0 };
    console.log(
      `Invariants on the sample case: ${inv.checks} checks, ${inv.ms.toFixed(1)} ms of a ${ms.toFixed(0)} ms run (${((100 * inv.ms) / ms).toFixed(2)}%) — ${r.terminationReason}`,
    );
  } finally {
    rmSync(sample, { recursive: true, force: true });
  }
  const P0 = quick ? 2000 : 5000;
  const perCheck = (n: number) => {
    const persons = syntheticPersons(n).map((p, i) => ({
      ...p,
      relationships:
        i > 0
          ? [
              {
                type: 'parent' as const,
                person: `P-x${i - 1}`,
                status: 'accepted' as const,
                confidence: 1,
                evidence: [],
              },
            ]
          : [],
    }));
    const state = initAncestryEngine({
      sessionId: 'R-bench',
      seedPerson: persons[0],
      initialTask: makeTask({
        taskType: 'SearchTask',
        priority: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
        query: { surname: 'Schmidt' },
        targetPerson: persons[0].id,
      }),
      permissions: permissionsFrom({ tier1: false, tier2: false }),
      graph: new Map(persons.map((p) => [p.id, p])),
    });
    checkInvariants(state);
    const t = performance.now();
    for (let i = 0; i < 20; i++) checkInvariants(state);
    return (performance.now() - t) / 20;
  };
  perCheck(P0 * 10); // warm-up: the first measurement otherwise times the JIT, not the check
  const c1 = perCheck(P0);
  const c10 = perCheck(P0 * 10);
  console.log(
    `One invariant check over ${P0} vs ${P0 * 10} persons: ${c1.toFixed(2)} vs ${c10.toFixed(2)} ms — ×${(c10 / c1).toFixed(2)} for ×10 persons`,
  );

  // The Lead's choice of target (issue #23 item 3), as a cycle makes it: targets, UCB1, the three
  // views, and what is known of the target (the reward's baseline), on a case of P0 vs 10·P0.
  const perChoice = (n: number) => {
    const graph = new KnowledgeGraph(syntheticPersons(n), 'P-x0');
    const subject = graph.get('P-x0')!;
    const get = (id: string) => graph.get(id);
    const snap = {
      subject,
      get,
      goals: goalStatus(subject, CaseConfig.parse({ question: 'q', subject: { name: 'x' } }).goals, get),
      conflicts: [],
      clues: [],
      generations: 1,
    };
    const t = performance.now();
    for (let i = 0; i < 20; i++) {
      const scored = scoreTargets(leadTargets(snap), emptyMemory());
      summaryView(snap, graph.size);
      if (scored[0]) focusedView(snap, scored[0].target);
      weakestView(snap);
      knownAbout(graph, new Map(), 'P-x0');
    }
    return (performance.now() - t) / 20;
  };
  perChoice(P0 * 10);
  const l1 = perChoice(P0);
  const l10 = perChoice(P0 * 10);
  console.log(
    `The Lead's choice of target per cycle over ${P0} vs ${P0 * 10} persons: ${l1.toFixed(2)} vs ${l10.toFixed(2)} ms (targets, UCB1, views, what is known of the target)`,
  );

  // Analyst alone: the same records against 10× more known persons.
  const root = mkdtempSync(join(tmpdir(), 'bench-analyst-'));
  try {
    const g = generateCase(join(root, 'case'), 20);
    const records = new ArchiveConnector({ root: g.dir }).records().map((r, i): SourceRecord => ({
      ...r,
      id: `S-${i}`,
      accessedAt: '2026-01-01T00:00:00.000Z',
      sha256: sha256(r.text),
    }));
    const P = quick ? 2000 : 5000;
    const a = await analystWith(P, records);
    const b = await analystWith(P * 10, records);
    console.log(
      `Analyst, ${records.length} records into a case of ${P} vs ${P * 10} persons: ${a.toFixed(2)} vs ${b.toFixed(2)} ms per record — ×${(b / a).toFixed(2)} for ×10 persons (flat = blocking works)`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
