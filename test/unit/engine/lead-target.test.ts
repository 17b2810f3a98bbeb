/**
 * The Lead chooses (issue #23 item 3): targets and views of the case, and the UCB1 choice without a
 * model — deterministic, steered by what is open, moving on from a target that gains nothing.
 */
import assert from 'node:assert/strict';
import { goalStatus } from '../../../src/agents/analyst/gps';
import { CaseConfig, ClueHypothesis, Conflict, Person } from '../../../src/model';
import {
  focusedView,
  leadTargets,
  summaryView,
  weakestView,
  type CaseSnapshot,
} from '../../../src/engine/lead/targets';
import { cycleReward, emptyMemory, remember, scoreTargets, strategyFor } from '../../../src/engine/lead/ucb';
import {
  adoptPlannerTarget,
  knownAbout,
  leadTargetEntry,
  rewardTarget,
  type LeadChoice,
} from '../../../src/engine/phases/lead-target';
import { KnowledgeGraph } from '../../../src/agents/analyst/graph';
import type { EngineState } from '../../../src/engine/state';
import { cycleFromLog } from '../../../src/case/cycles/record';
import { renderCycle } from '../../../src/case/cycles/render';
import type { LogEntry } from '../../../src/model';
import { evidenceClaim } from '../../helpers/evidence-claim';

const fact = (id: string, field: string, value: string, sources: string[], status = 'accepted') => ({
  id,
  field,
  value,
  status,
  confidence: 0.8,
  evidence: sources.map((s) => evidenceClaim(value, { source: s })),
});

function snapshot(over: Partial<CaseSnapshot> = {}): CaseSnapshot {
  const father = Person.parse({
    id: 'P-father',
    names: [{ given: 'John', surname: 'Lee' }],
    assertions: [fact('A-f1', 'birth.date', '1820', ['S-1'])],
  });
  const subject = Person.parse({
    id: 'P-subject',
    names: [{ given: 'Ann', surname: 'Lee' }],
    assertions: [fact('A-1', 'birth.date', '1850', ['S-1', 'S-2']), fact('A-2', 'death.date', '1900', ['S-3'])],
    relationships: [{ type: 'parent', person: 'P-father', evidence: [evidenceClaim('John', { source: 'S-1' })] }],
  });
  const persons = new Map([subject, father].map((p) => [p.id, p]));
  const config = CaseConfig.parse({ question: 'Who were her parents?', subject: { name: 'Ann Lee' } });
  const get = (id: string) => persons.get(id);
  return {
    subject,
    get,
    goals: goalStatus(subject, config.goals, get),
    conflicts: [],
    clues: [],
    generations: 2,
    ...over,
  };
}

const conflict = Conflict.parse({
  id: 'C-1',
  person: 'P-subject',
  field: 'death.date',
  competing: [
    { value: '1900', weight: 1 },
    { value: '1901', weight: 1 },
  ],
  preferred: '1900',
  rationale: '',
  status: 'open',
});

describe('the Lead chooses a target', () => {
  it('targets the unproven goals, open conflicts, ancestors lacking facts and open clues, in a stable order', () => {
    const s = snapshot({
      conflicts: [conflict],
      clues: [
        ClueHypothesis.parse({
          id: 'H-1',
          statement: 'a brother in Leeds',
          priority: 0.4,
          generatedBy: 'Analyst',
          createdAt: '2026-01-01T00:00:00Z',
        }),
      ],
    });
    const ids = leadTargets(s).map((t) => t.id);
    assert.ok(ids.includes('gap:parents'));
    assert.ok(!ids.includes('gap:birth'), 'a birth proven by two sources is no gap');
    assert.ok(ids.includes('conflict:C-1'));
    assert.ok(ids.includes('person:P-father'));
    assert.ok(ids.includes('hypothesis:H-1'));
    assert.deepEqual(
      leadTargets(s).map((t) => t.id),
      ids,
      'the same case gives the same targets',
    );
    const father = leadTargets(s).find((t) => t.id === 'person:P-father')!;
    assert.deepEqual(father.missing, ['death', 'parents']);
  });

  it('shows the case in three views: summary, focused on the target, weakest claims first', () => {
    const s = snapshot({ conflicts: [conflict] });
    const sum = summaryView(s, 2);
    assert.equal(sum.ancestors, 1);
    assert.equal(sum.openConflicts, 1);
    assert.equal(sum.goals.find((g) => g.goal === 'birth')?.status, 'proven');
    const gap = leadTargets(s).find((t) => t.id === 'gap:death')!;
    const focus = focusedView(s, gap);
    assert.equal(focus.person?.id, 'P-subject');
    assert.deepEqual(
      focus.conflicts.map((c) => c.id),
      ['C-1'],
    );
    const weak = weakestView(s);
    assert.deepEqual(
      weak.map((c) => `${c.person} ${c.field}`),
      ['P-father birth.date', 'P-subject death.date'],
      'single-source claims, not the corroborated birth',
    );
  });

  it('scores by UCB1 with priors: a goal gap first, then moves on from a target that gains nothing', () => {
    const s = snapshot({ conflicts: [conflict] });
    const targets = leadTargets(s);
    let memory = emptyMemory();
    const first = scoreTargets(targets, memory)[0];
    assert.equal(first.target.kind, 'gap');
    assert.equal(strategyFor(first.target), 'deepen');
    // Worked again and again with no gain, its exploration term shrinks and another target leads.
    const chosen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const best = scoreTargets(targets, memory)[0];
      chosen.add(best.target.id);
      memory = remember(memory, best.target.id, 0);
    }
    assert.ok(chosen.size > 1, `UCB1 tried more than one target: ${[...chosen].join(', ')}`);
    assert.deepEqual(
      scoreTargets(targets, memory).map((x) => x.target.id),
      scoreTargets([...targets].reverse(), memory).map((x) => x.target.id),
      'deterministic whatever the input order',
    );
  });

  it('picks the strategy from the target, not the cycle number', () => {
    const [gap] = leadTargets(snapshot());
    assert.equal(strategyFor({ ...gap, kind: 'conflict' }), 'challenge');
    assert.equal(strategyFor({ ...gap, kind: 'person' }), 'explore');
    assert.equal(strategyFor({ ...gap, kind: 'hypothesis' }), 'explore');
    assert.equal(strategyFor(undefined), 'deepen');
  });

  it('rewards information gained, a first find most', () => {
    assert.equal(cycleReward({ sources: 0, facts: 0, links: 0, resolved: 0 }), 0);
    assert.equal(cycleReward({ sources: 1, facts: 0, links: 0, resolved: 0 }), 0.5);
    assert.ok(cycleReward({ sources: 3, facts: 5, links: 2, resolved: 1 }) < 1);
  });
});

describe('the Lead planner chooses among the candidates', () => {
  const ucb = (): LeadChoice => {
    const candidates = scoreTargets(leadTargets(snapshot({ conflicts: [conflict] })), emptyMemory());
    return {
      target: candidates[0].target,
      strategy: strategyFor(candidates[0].target),
      reason: 'the UCB1 reason',
      chosenBy: 'ucb1',
      candidates,
    };
  };

  it('keeps a candidate the planner names, with its strategy', () => {
    const c = adoptPlannerTarget(ucb(), { id: 'conflict:C-1', strategy: 'challenge', reason: 'settle the death' });
    assert.equal(c.chosenBy, 'planner');
    assert.equal(c.target?.id, 'conflict:C-1');
    assert.equal(c.strategy, 'challenge');
    assert.equal(c.overruled, undefined);
  });

  it('overrules an id it never offered and a malformed answer: UCB1 chooses', () => {
    for (const answer of [
      { id: 'person:P-Zebediah', reason: 'Atlantis' },
      { id: 'gap:death', strategy: 'conquer', reason: '' },
      { id: '', reason: '' },
    ]) {
      const c = adoptPlannerTarget(ucb(), answer);
      assert.equal(c.chosenBy, 'ucb1');
      assert.equal(c.target?.id, ucb().target?.id);
      assert.ok(c.overruled, JSON.stringify(answer));
    }
    assert.equal(adoptPlannerTarget(ucb(), undefined).overruled, undefined, 'no answer, nothing overruled');
  });

  it("logs the choice; the cycle file keeps the engine's words and leaves the planner's in the log", () => {
    const chosen = adoptPlannerTarget(ucb(), { id: 'conflict:C-1', reason: 'Zebediah said so' });
    const entries = leadTargetEntry('llm', chosen, 1);
    assert.equal(entries[0].actionType === 'decision' && entries[0].decisionType, 'lead_target');
    assert.match(entries[0].rationale, /chosen by the Lead planner \(llm\), saying: "Zebediah said so"/);
    const log = [
      ...entries,
      {
        agent: 'Lead',
        actionType: 'decision',
        decisionType: 'cycle_plan',
        optionsConsidered: [],
        chosenOption: 'challenge',
        rationale: 'challenge: 1 queued, 0 open clue(s), 0 gap(s); planner (llm) added 0 task(s)',
        context: '',
        cycle: 1,
      },
    ].map((e, i) => ({
      ...e,
      id: `L-${i}`,
      sessionId: 'R-1',
      timestamp: '2026-01-01T00:00:00Z',
      cycle: 1,
    })) as LogEntry[];
    const { record } = cycleFromLog(1, log, { target: 'Ann Lee (P-subject)', nameOf: (id) => `Ann Lee (${id})` });
    assert.equal(record.selection.targetId, 'conflict:C-1');
    assert.match(record.selection.target, /^Ann Lee \(P-subject\) — conflict C-1 on death\.date/);
    assert.doesNotMatch(record.selection.targetReason ?? '', /Zebediah/);
    assert.match(record.selection.targetReason ?? '', /its reason is in the research log/);
    assert.match(renderCycle(record, []), /Why this target: challenge: conflict C-1/);
  });
});

describe("the reward is what a cycle learnt about its target's person", () => {
  it('counts new accepted facts, their sources and links on that person only', () => {
    const s = snapshot();
    const graph = new KnowledgeGraph([s.subject, s.get('P-father')!], 'P-subject');
    const before = knownAbout(graph, new Map(), 'P-father');
    assert.deepEqual(before, { facts: 1, sources: 1, links: 0, resolved: 0 });
    const father = graph.get('P-father')!;
    graph.put(
      Person.parse({ ...father, assertions: [...father.assertions, fact('A-f2', 'death.date', '1880', ['S-9'])] }),
    );
    const engine = { lead: emptyMemory() } as EngineState;
    const r = rewardTarget(engine, 'person:P-father', before, knownAbout(graph, new Map(), 'P-father'));
    assert.equal(r, 2 / 3, 'one fact and one new source');
    assert.deepEqual(engine.lead.targets['person:P-father'], { visits: 1, reward: 2 / 3 });
    const subject = knownAbout(graph, new Map(), 'P-subject');
    assert.equal(
      rewardTarget(engine, 'gap:parents', subject, knownAbout(graph, new Map(), 'P-subject')),
      0,
      "the father's new fact is not the subject's",
    );
    assert.equal(engine.lead.cycles, 2);
  });
});
