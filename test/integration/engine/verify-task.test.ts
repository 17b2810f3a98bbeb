import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import type { LogEntry, Person } from '../../../src/model';
import { runResearch } from '../../helpers/research';
import { sampleCopy } from './helpers';

/** VerifyTask (issue #23 item 3): a captured source edited on disk is re-read, and what rests on it is held back. */
describe('VerifyTask: a captured source re-read and checked (sha256, cited snippets)', function () {
  this.timeout(300_000);
  let dir: string;
  let sourceId: string;
  let snippet: string;
  let original: string;

  const verdicts = (log: LogEntry[], id: string) =>
    log.filter(
      (e): e is Extract<LogEntry, { actionType: 'decision' }> =>
        e.actionType === 'decision' && e.decisionType === 'source_verification' && e.context === id,
    );
  const citing = (persons: Person[], id: string) =>
    persons.flatMap((p) => [
      ...p.assertions.filter((a) => a.evidence.some((e) => e.source === id)).map((a) => ({ p, x: a })),
      ...p.relationships.filter((r) => r.evidence.some((e) => e.source === id)).map((r) => ({ p, x: r })),
    ]);

  before(async () => {
    dir = sampleCopy();
    const first = await runResearch({ store: await openCase(dir), connectors: [], checkInvariants: true });
    assert.equal(first.status, 'completed');
    const store = await openCase(dir);
    // A source an accepted fact cites, its snippet then removed from the file by hand.
    const accepted = store
      .persons()
      .flatMap((p) => p.assertions)
      .find(
        (a) => a.status === 'accepted' && a.evidence.some((e) => e.method === 'structured' || e.method === 'pattern'),
      )!;
    const e = accepted.evidence.find((x) => x.method === 'structured' || x.method === 'pattern')!;
    sourceId = e.source;
    snippet = e.snippet;
    original = readFileSync(join(dir, 'sources', `${sourceId}.md`), 'utf8');
    assert.equal(verdicts(store.log(), sourceId).length, 0, 'nothing is verified while sources are as captured');
  });

  it('fails a source whose text no longer matches its sha256: logged with the reasons, its facts staged and escalated, summary.md names it', async () => {
    const file = join(dir, 'sources', `${sourceId}.md`);
    const body = original.split(/^---$/m).slice(2).join('---');
    assert.ok(body.length > 0);
    writeFileSync(file, original.replace(body, body.replace(/[A-Za-z]{3,}/, 'EDITED')));
    const second = await runResearch({ store: await openCase(dir), connectors: [], checkInvariants: true });
    assert.equal(second.status, 'completed');
    const store = await openCase(dir);
    const v = verdicts(store.log(), sourceId);
    assert.equal(v.length, 1, 'one VerifyTask for the edited source');
    assert.equal(v[0].agent, 'Analyst');
    assert.equal(v[0].chosenOption, 'failed');
    assert.match(v[0].rationale, /does not match the sha256 it was captured with/);
    assert.match(v[0].rationale, /Held back for review/);
    const queued = store
      .log()
      .find(
        (e) => e.actionType === 'decision' && e.decisionType === 'queue_verification' && e.context.includes(sourceId),
      );
    assert.ok(queued && queued.agent === 'Lead', 'the Lead queued it at the run start');
    const held = citing(store.persons(), sourceId).filter(({ x }) => x.status !== 'rejected' && !x.reviewed);
    assert.ok(held.length > 0);
    for (const { p, x } of held) {
      assert.notEqual(x.status, 'accepted', `${p.id}: a fact on a failed source is not accepted`);
      assert.ok(
        x.escalated?.reasons.some((r) => r.startsWith(`source ${sourceId} failed verification`)),
        `${p.id}: escalated with the verification's reason`,
      );
    }
    const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
    assert.match(summary, /\*\*Failed verification\.\*\*/);
    assert.ok(summary.includes(`sources/${sourceId}.md`));
    assert.ok(summary.indexOf('Failed verification') < summary.indexOf('Goals answered:'));
  });

  it('does not verify the same state of the file twice, and lifts the marks once the file is restored', async () => {
    const again = await runResearch({ store: await openCase(dir), connectors: [], checkInvariants: true });
    assert.equal(again.status, 'completed');
    assert.equal(verdicts((await openCase(dir)).log(), sourceId).length, 1, 'same file, no second VerifyTask');
    writeFileSync(join(dir, 'sources', `${sourceId}.md`), original);
    const restored = await runResearch({ store: await openCase(dir), connectors: [], checkInvariants: true });
    assert.equal(restored.status, 'completed');
    const after = await openCase(dir);
    const v = verdicts(after.log(), sourceId);
    assert.equal(v.length, 2);
    assert.equal(v[1].chosenOption, 'passed');
    assert.match(v[1].rationale, /verification mark\(s\) lifted/);
    assert.ok(readFileSync(join(dir, 'sources', `${sourceId}.md`), 'utf8').includes(snippet.split(/\s+/)[0]));
    const marked = citing(after.persons(), sourceId).filter(({ x }) =>
      x.escalated?.reasons.some((r) => r.startsWith(`source ${sourceId} failed verification`)),
    );
    assert.deepEqual(marked, []);
    assert.doesNotMatch(readFileSync(join(dir, 'summary.md'), 'utf8'), /Failed verification/);
  });
});

describe('VerifyTask for a citation the checkpoint cannot confirm', function () {
  this.timeout(300_000);

  it('a cited snippet its source does not hold (a person file edited): the Lead queues a VerifyTask at the run start, which holds that fact back until the citation is fixed', async () => {
    const dir = sampleCopy();
    await runResearch({ store: await openCase(dir), connectors: [], checkInvariants: true });
    const store = await openCase(dir);
    // A fact whose citation quotes words its source never held (the file itself is as captured).
    const p = store.persons().find((x) => x.assertions.some((a) => a.status === 'accepted' && a.evidence.length))!;
    const a = p.assertions.find((x) => x.status === 'accepted' && x.evidence.length)!;
    const e = a.evidence[0];
    await store.writePerson({
      ...p,
      assertions: p.assertions.map((x) =>
        x.id === a.id
          ? {
              ...x,
              evidence: [...x.evidence, { ...e, snippet: 'words this record never held', method: 'pattern' as const }],
            }
          : x,
      ),
    });
    await runResearch({ store: await openCase(dir), connectors: [], checkInvariants: true });
    const after = await openCase(dir);
    const log = after.log();
    const queued = log.find(
      (x) => x.actionType === 'decision' && x.decisionType === 'queue_verification' && x.context.includes(e.source),
    );
    assert.ok(queued && queued.actionType === 'decision');
    assert.match(queued.rationale, /not confirming a citation/);
    const verdict = log.find(
      (x) => x.actionType === 'decision' && x.decisionType === 'source_verification' && x.context === e.source,
    );
    assert.ok(verdict && verdict.actionType === 'decision' && verdict.chosenOption === 'failed');
    assert.match(verdict.rationale, /"words this record never held"/);
    const held = after.person(p.id)!.assertions.find((x) => x.id === a.id)!;
    assert.equal(held.status, 'staged');
    assert.ok(held.escalated?.reasons[0].startsWith(`source ${e.source} failed verification`));
    // Only the claim whose snippet is gone is affected: the source's other facts stand.
    const others = after
      .persons()
      .flatMap((x) => x.assertions)
      .filter((x) => x.id !== a.id && x.evidence.some((c) => c.source === e.source));
    // (The Validator may have escalated some after its rounds: none for this source's verification.)
    assert.ok(others.every((x) => !x.escalated?.reasons.some((r) => r.startsWith(`source ${e.source}`))));
    // The user removes the bad citation: the source is verified again, passes, and the mark is lifted.
    const q = after.person(p.id)!;
    await after.writePerson({
      ...q,
      assertions: q.assertions.map((x) =>
        x.id === a.id ? { ...x, evidence: x.evidence.filter((c) => c.snippet !== 'words this record never held') } : x,
      ),
    });
    await runResearch({ store: await openCase(dir), connectors: [], checkInvariants: true });
    const fixed = await openCase(dir);
    const verdicts = fixed
      .log()
      .filter((x) => x.actionType === 'decision' && x.decisionType === 'source_verification' && x.context === e.source);
    assert.equal(verdicts.length, 2);
    assert.ok(verdicts[1].actionType === 'decision' && verdicts[1].chosenOption === 'passed');
    assert.equal(fixed.person(p.id)!.assertions.find((x) => x.id === a.id)!.escalated, undefined);
  });
});
