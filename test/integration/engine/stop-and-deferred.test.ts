import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openCase } from '../../../src/case';
import { runResearch } from '../../helpers/research';
import { DeterministicPlanner } from '../../../src/engine/lead-planner';
import type { LeadPlanner, PlanDecision, PlanningView } from '../../../src/engine/agents';
import type { LogEntry, SearchQuery } from '../../../src/model';
import { sampleCopy } from './helpers';

type Termination = Extract<LogEntry, { actionType: 'termination' }>;
const terminations = (log: LogEntry[]) => log.filter((e): e is Termination => e.actionType === 'termination');

describe('runResearch stops on the meter, the planner, and logs Tier 2 deferred links', function () {
  this.timeout(180_000);

  it('ends with budgetExceeded when the meter reports itself exhausted (costUsd never reaches maxUsd)', async () => {
    const store = await openCase(sampleCopy());
    const reason = 'LLM budget exhausted: $0.0100 of $0.01 used; the next call would exceed it';
    const meter = { costUsd: () => 0, tokens: () => 0, exhausted: () => reason };
    const result = await runResearch({ store, connectors: [], meter, checkInvariants: true });
    const log = (await openCase(store.root)).log();
    const [t] = terminations(log);
    assert.ok(t, 'a termination entry');
    assert.equal(t.budgetExceeded, true);
    assert.match(t.reason, /budget/i);
    assert.ok(t.reason.includes(reason), t.reason);
    assert.match(result.terminationReason, /budget/i);
    assert.equal(result.cycles, 1, 'stopped in the first cycle');
    // The queued work is parked for a later run, not dropped.
    assert.ok((store.session()?.parkedTasks ?? []).length > 0, 'queued tasks parked');
  });

  it('without exhausted() the same meter does not stop the run on budget', async () => {
    const store = await openCase(sampleCopy());
    const result = await runResearch({
      store,
      connectors: [],
      meter: { costUsd: () => 0, tokens: () => 0 },
      maxCycles: 2,
    });
    assert.doesNotMatch(result.terminationReason, /LLM budget exhausted/);
  });

  it("overrules the planner's shouldStop while the loop's own rules go on, logging the quoted reason", async () => {
    const store = await openCase(sampleCopy());
    let calls = 0;
    const inner = new DeterministicPlanner();
    const planner: LeadPlanner = {
      kind: 'llm',
      async plan(view: PlanningView): Promise<PlanDecision> {
        calls += 1;
        const d = await inner.plan(view);
        return view.cycle >= 2
          ? { ...d, shouldStop: true, stopReason: 'the research question is answered well enough' }
          : d;
      },
    };
    const result = await runResearch({
      store,
      connectors: [],
      agents: { planner },
      stepsPerCycle: 1,
      maxCycles: 4,
      checkInvariants: true,
    });
    assert.equal(calls, 4, 'the planner was asked every cycle: its stop did not end the run');
    assert.equal(result.cycles, 4);
    assert.doesNotMatch(result.terminationReason, /planner/);
    assert.match(result.terminationReason, /cycle budget/);
    const log = (await openCase(store.root)).log();
    const overruled = log.filter((e) => e.actionType === 'decision' && e.decisionType === 'planner_stop_overruled');
    assert.equal(overruled.length, 3, 'cycles 2, 3 and 4 each logged the overruled stop');
    assert.ok(
      overruled.every(
        (e) =>
          e.actionType === 'decision' &&
          e.rationale.includes('"the research question is answered well enough"') &&
          /overruled/.test(e.rationale),
      ),
    );
    // Without the planner's stop the same run ends the same way: the model changed nothing.
    const plain = await runResearch({
      store: await openCase(sampleCopy()),
      connectors: [],
      stepsPerCycle: 1,
      maxCycles: 4,
    });
    assert.equal(plain.cycles, result.cycles);
    assert.equal(plain.persons, result.persons);
  });

  it("honours the planner's shouldStop when the loop's own rules agree (nothing left to do)", async () => {
    const store = await openCase(sampleCopy());
    const inner = new DeterministicPlanner();
    const planner: LeadPlanner = {
      kind: 'llm',
      async plan(view: PlanningView): Promise<PlanDecision> {
        return { ...(await inner.plan(view)), shouldStop: true, stopReason: 'nothing more to find' };
      },
    };
    const result = await runResearch({ store, connectors: [], agents: { planner }, maxCycles: 40 });
    const plain = await runResearch({ store: await openCase(sampleCopy()), connectors: [], maxCycles: 40 });
    assert.equal(result.cycles, plain.cycles, 'ends in the cycle the loop itself ends in');
    assert.equal(result.terminationReason, plain.terminationReason);
  });

  describe('deferred Tier 2 links', () => {
    let server: Server;
    let hits = 0;
    let base = '';
    before(async () => {
      server = createServer((_req, res) => {
        hits += 1;
        res.end('should never be requested');
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((r) => server.close(() => r())));

    it('logs a deferred entry per link once per distinct query, and never requests the URL', async () => {
      const store = await openCase(sampleCopy());
      const asked: SearchQuery[] = [];
      const deferred = (q: SearchQuery) => {
        asked.push(q);
        const name = [q.given, q.surname, q.name].filter(Boolean).join(' ');
        return name
          ? [{ source: 'findagrave', tier: 2 as const, url: `${base}/search?name=${encodeURIComponent(name)}` }]
          : [];
      };
      await runResearch({ store, connectors: [], deferred, maxCycles: 2, checkInvariants: true });
      const entries = (await openCase(store.root))
        .log()
        .filter((e): e is Extract<LogEntry, { actionType: 'deferred' }> => e.actionType === 'deferred');
      assert.ok(entries.length > 0, 'deferred entries logged');
      for (const e of entries) {
        assert.equal(e.tier, 2);
        assert.equal(e.source, 'findagrave');
        assert.ok(e.searchUrl.startsWith(`${base}/search?name=`), e.searchUrl);
      }
      assert.ok(
        entries.some((e) => e.searchUrl.includes('Schmidt')),
        'the subject search got a prefilled link',
      );
      const perQuery = new Map<string, number>();
      for (const e of entries) perQuery.set(e.context, (perQuery.get(e.context) ?? 0) + 1);
      for (const [q, n] of perQuery) assert.equal(n, 1, `query ${q} logged once`);
      assert.equal(hits, 0, 'the engine never requests a Tier 2 URL');
    });
  });
});
