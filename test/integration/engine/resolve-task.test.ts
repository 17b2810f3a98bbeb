import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import type { Conflict, LogEntry } from '../../../src/model';
import { runResearch } from '../../helpers/research';
import { sampleCopy } from './helpers';

/** ResolveTask (issue #23 item 3): one conflict weighed again, by id, through the path conflicts/ files take. */
describe('ResolveTask: the conflict analysis run again on one conflict', function () {
  this.timeout(300_000);
  let dir: string;
  let conflict: Conflict;

  const decisions = (log: LogEntry[], type: string, id: string) =>
    log.filter(
      (e): e is Extract<LogEntry, { actionType: 'decision' }> =>
        e.actionType === 'decision' && e.decisionType === type && e.context.includes(id),
    );

  before(async () => {
    dir = sampleCopy();
    const first = await runResearch({ store: await openCase(dir), connectors: [], checkInvariants: true });
    assert.equal(first.status, 'completed');
    const store = await openCase(dir);
    conflict = store.conflicts().find((c) => c.status !== 'resolved' && c.competing.every((x) => x.assertion))!;
    assert.ok(conflict, 'the sample case has a conflict');
    assert.equal(decisions(store.log(), 'resolve_conflict', conflict.id).length, 0, 'none while nothing changed');
  });

  it('a conflict whose evidence changed since its file was written is queued at the run start and weighed again', async () => {
    const store = await openCase(dir);
    const p = store.person(conflict.person)!;
    // A person adds to the weaker value the evidence of the stronger one (a hand edit of the person file).
    const [strong, weak] = [...conflict.competing].sort((a, b) => b.weight - a.weight);
    const added = strong.evidence[0];
    await store.writePerson({
      ...p,
      assertions: p.assertions.map((a) =>
        a.id === weak.assertion ? { ...a, evidence: [...a.evidence, { ...added, method: 'structured' as const }] } : a,
      ),
    });
    const run = await runResearch({ store: await openCase(dir), connectors: [], checkInvariants: true });
    assert.equal(run.status, 'completed');
    const after = await openCase(dir);
    const queued = decisions(after.log(), 'queue_resolution', conflict.id);
    assert.equal(queued.length, 1);
    assert.equal(queued[0].agent, 'Lead');
    const done = decisions(after.log(), 'resolve_conflict', conflict.id);
    assert.equal(done.length, 1);
    assert.equal(done[0].agent, 'Analyst');
    assert.equal(done[0].chosenOption, 'reweighed');
    assert.ok(
      after.log().some((e) => e.actionType === 'task_selection' && e.taskType === 'ResolveTask'),
      'run as a task of the loop',
    );
    const c = after.conflicts().find((x) => x.id === conflict.id)!;
    const weakNow = c.competing.find((x) => x.assertion === weak.assertion)!;
    assert.ok(
      weakNow.evidence.some((e) => e.source === added.source && e.snippet === added.snippet),
      'the conflict file holds the new evidence',
    );
    assert.ok(readFileSync(join(dir, 'conflicts', `${conflict.id}.md`), 'utf8').includes(added.source));
  });

  it('a conflict whose value was rejected no longer stands: logged, its file left for the user', async () => {
    const store = await openCase(dir);
    const c = store.conflicts().find((x) => x.id === conflict.id)!;
    const p = store.person(c.person)!;
    const drop = new Set(c.competing.slice(1).map((x) => x.assertion));
    await store.writePerson({
      ...p,
      assertions: p.assertions.map((a) => (drop.has(a.id) ? { ...a, status: 'rejected' as const } : a)),
    });
    const before = readFileSync(join(dir, 'conflicts', `${conflict.id}.md`), 'utf8');
    await runResearch({ store: await openCase(dir), connectors: [], checkInvariants: true });
    const after = await openCase(dir);
    const done = decisions(after.log(), 'resolve_conflict', conflict.id);
    assert.equal(done.at(-1)!.chosenOption, 'no_longer_a_conflict');
    assert.equal(readFileSync(join(dir, 'conflicts', `${conflict.id}.md`), 'utf8'), before);
  });
});
