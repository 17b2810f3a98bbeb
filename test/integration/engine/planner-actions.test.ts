import assert from 'node:assert/strict';
import { openCase } from '../../../src/case';
import type { LeadPlanner, PlanDecision, PlanningView } from '../../../src/engine/agents';
import { DeterministicPlanner } from '../../../src/engine/lead-planner';
import { checkPlan } from '../../../src/llm/firewall';
import { PlannerOutput } from '../../../src/llm/schemas';
import type { LogEntry } from '../../../src/model';
import { runResearch } from '../../helpers/research';
import { sampleCopy } from './helpers';

/** The planner's `merge` and `resolve` actions (issue #23 item 3): a merge proposal and a ResolveTask, never a merge. */
describe("the Lead planner's merge and resolve actions", function () {
  this.timeout(300_000);

  it("a merge becomes a proposal in merges.json (the planner's, its reason quoted, no person merged); a resolve queues a ResolveTask", async () => {
    const dir = sampleCopy();
    const inner = new DeterministicPlanner();
    const asked: { merge?: string[]; conflict?: string } = {};
    const planner: LeadPlanner = {
      kind: 'llm',
      async plan(view: PlanningView): Promise<PlanDecision> {
        const d = await inner.plan(view);
        const extra: PlanDecision['nextActions'] = [];
        // Once the subject has two relatives, the planner takes them for one person (wrongly, on purpose).
        if (!asked.merge && (view.persons?.length ?? 0) >= 3) {
          asked.merge = view.persons!.slice(1, 3).map((p) => p.id);
          extra.push({ action: 'merge', persons: asked.merge, priority: 0.5, reason: 'same   name\nand village' });
        }
        if (!asked.conflict && view.conflicts?.length) {
          asked.conflict = view.conflicts[0].id;
          extra.push({ action: 'resolve', conflict: asked.conflict, priority: 0.5, reason: 'weigh it again' });
        }
        return { ...d, nextActions: [...d.nextActions, ...extra] };
      },
    };
    const result = await runResearch({
      store: await openCase(dir),
      connectors: [],
      agents: { planner },
      checkInvariants: true,
    });
    assert.equal(result.status, 'completed');
    assert.ok(asked.merge && asked.conflict, 'the planner saw persons and conflicts by id');
    const store = await openCase(dir);
    const proposal = store.merges().clusters.find((c) => c.proposedBy === 'Lead');
    assert.ok(proposal, 'a merge proposal of the planner');
    assert.deepEqual(proposal.memberIds, asked.merge);
    assert.equal(proposal.status, 'proposed');
    assert.equal(proposal.recommendation, 'review');
    assert.match(proposal.rationale, /the Lead planner \(llm\) proposed these as one person: "same name and village"/);
    for (const id of asked.merge) assert.ok(store.person(id), `${id} is still its own person`);
    const log = store.log();
    const entry = log.find(
      (e): e is Extract<LogEntry, { actionType: 'merge' }> => e.actionType === 'merge' && e.clusterId === proposal.id,
    );
    assert.ok(entry && entry.agent === 'Lead' && entry.operation === 'propose');
    assert.match(entry.rationale, /"same name and village"/);
    // Never evidence: no claim anywhere cites the planner.
    for (const p of store.persons())
      for (const e of [...p.assertions.flatMap((a) => a.evidence), ...p.relationships.flatMap((r) => r.evidence)])
        assert.doesNotMatch(e.snippet, /same\s+name/);
    assert.ok(
      log.some((e) => e.actionType === 'task_selection' && e.taskType === 'ResolveTask'),
      'the resolve action ran as a ResolveTask',
    );
    assert.ok(
      log.some(
        (e) => e.actionType === 'decision' && e.decisionType === 'resolve_conflict' && e.context === asked.conflict,
      ),
    );
  });

  it('the firewall passes merge and resolve actions only with ids from the input', () => {
    const context = 'Persons: Ann Lee (P-1); Tom Lee (P-2). C-P-1-birth.date: birth.date of P-1 (1850 vs 1851)';
    const out = checkPlan(
      PlannerOutput.parse({
        should_stop: false,
        next_actions: [
          { action: 'merge', persons: ['P-1', 'P-2'], priority: 0.5, reason: 'same household' },
          { action: 'merge', persons: ['P-1', 'P-9'], priority: 0.5 },
          { action: 'merge', persons: ['P-1'], priority: 0.5 },
          { action: 'resolve', conflict: 'C-P-1-birth.date', priority: 0.5 },
          { action: 'resolve', conflict: 'C-invented', priority: 0.5 },
        ],
      }),
      { contextText: context, knownSources: [] },
    );
    assert.deepEqual(
      out.decision.nextActions.map((a) => [a.action, a.persons ?? a.conflict]),
      [
        ['merge', ['P-1', 'P-2']],
        ['resolve', 'C-P-1-birth.date'],
      ],
    );
    assert.deepEqual(
      out.rejected.map((r) => r.check),
      [8, 8, 8],
    );
  });
});
