/**
 * Termination by goal and the invariants on every step (issue #23 item 4): seed 001's
 * confidence_achieved ends a run whose goals are proven (and whose target generations are reached);
 * a step that breaks a Z invariant fails the run loudly and writes nothing of itself.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import type { ConnectorContext, SearchOutcome, SourceConnector } from '../../../src/engine/ports';
import type { LogEntry, SearchQuery } from '../../../src/model';
import { runResearch } from '../../helpers/research';
import { sampleCopy } from './helpers';

type Termination = Extract<LogEntry, { actionType: 'termination' }>;

function termination(dir: string): Termination {
  const t = readFileSync(join(dir, 'log/research-log.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LogEntry)
    .filter((e): e is Termination => e.actionType === 'termination');
  assert.equal(t.length, 1, 'one termination entry');
  return t[0];
}

function withTargetGenerations(dir: string, n: number): void {
  const file = join(dir, 'case.yaml');
  writeFileSync(file, `${readFileSync(file, 'utf8')}targetGenerations: ${n}\n`);
}

/** A source that logs a revisit without its reason (Z invariant 5), with one record to capture. */
class RevisitWithoutReason implements SourceConnector {
  readonly id = 'careless';
  readonly displayName = 'A careless source';
  readonly tier = 0 as const;
  async search(query: SearchQuery, ctx: ConnectorContext): Promise<SearchOutcome> {
    ctx.log({ agent: 'Scout', actionType: 'revisit', source: this.id, revisitReason: [], rationale: '', context: '' });
    return {
      records: [
        {
          sourceId: this.id,
          repository: 'A careless source',
          title: 'A careless record of Johann Schmidt',
          recordType: 'census',
          sourceType: 'derivative',
          date: '1870',
          text: `Johann Schmidt, ${query.surname ?? ''}, born 1842 in Bavaria`,
          persons: [{ name: 'Johann /Schmidt/', role: 'principal', birthDate: '1842' }],
          tier: 0,
        },
      ],
      responseTimeMs: 1,
    };
  }
}

describe('termination by goal, and the Z invariants after every step', function () {
  this.timeout(300_000);

  it('the sample case ends on its goal (confidence achieved), not on diminishing returns, at the same point', async () => {
    const dir = sampleCopy();
    const r = await runResearch({ store: await openCase(dir), connectors: [] });
    assert.equal(r.status, 'completed');
    assert.match(
      r.terminationReason,
      /^goal achieved \(confidence achieved\): every research goal \(parents, spouse, children, birth, death\) is proven/,
    );
    const t = termination(dir);
    assert.equal(t.goalAchieved, true);
    assert.equal(t.budgetExceeded, false);
    // Where the run used to end (its family leads stopped yielding): the reason is now the goal.
    assert.equal(t.diminishingReturns, true);
    assert.match(
      readFileSync(join(dir, 'summary.md'), 'utf8'),
      /Goals answered: 5 of 5 \(parents: proven; spouse: proven; children: proven; birth: proven; death: proven\)/,
    );
    // The invariants ran after every step and at every cycle's end.
    assert.ok(r.invariants && r.invariants.checks > r.cycles, `${r.invariants?.checks} checks`);
  });

  it('targetGenerations: reached, the goal ends the run; out of reach, it does not', async () => {
    const near = sampleCopy();
    withTargetGenerations(near, 1);
    const r1 = await runResearch({ store: await openCase(near), connectors: [] });
    assert.match(r1.terminationReason, /^goal achieved .*, [1-9]\d* generation\(s\) proven \(target 1\)/);
    const far = sampleCopy();
    withTargetGenerations(far, 6);
    const r6 = await runResearch({ store: await openCase(far), connectors: [] });
    assert.doesNotMatch(r6.terminationReason, /goal achieved/);
    assert.equal(termination(far).goalAchieved, false);
  });

  it('a step that breaks an invariant fails the run with the invariant named, and nothing of it is written', async () => {
    const dir = sampleCopy();
    const r = await runResearch({ store: await openCase(dir), connectors: [new RevisitWithoutReason()] });
    assert.equal(r.status, 'failed');
    assert.match(r.terminationReason, /invariant violated/);
    const log = readFileSync(join(dir, 'log/research-log.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogEntry);
    const error = log.find((e) => e.actionType === 'error');
    assert.ok(error && error.actionType === 'error');
    assert.match(error.message, /invariant violated after step 1 of cycle 1: \(5\) revisit without revisitReason/);
    assert.ok(!log.some((e) => e.actionType === 'revisit'), 'the bad entry was not written');
    assert.ok(!log.some((e) => e.actionType === 'source_access'), "nothing of the step's searches reached the log");
    // The step's evidence and persons were discarded with it; the session is as before the step.
    assert.deepEqual(
      readdirSync(dir).filter((f) => ['sources', 'summary.md', 'cycles'].includes(f)),
      [],
    );
    assert.equal(readdirSync(join(dir, 'people')).length, 1, 'only the subject, created before the first step');
    const session = (await openCase(dir)).session()!;
    assert.equal(session.completedTaskIds.length, 0);
    assert.equal(session.terminated, false);
    assert.equal(log.at(-1)?.actionType, 'session_end');
  });
});
