/**
 * Merge review (issue #19 item 3): a value chosen per field when accepting (`keep`: field → the
 * member whose value the merged person keeps), through the engine, the CLI's --keep and the review
 * panel's message; the merge stays reversible byte for byte; an undone proposal can be decided
 * again (accepted with other choices, or rejected).
 */
import { strict as assert } from 'node:assert';
import { openCase } from '../../../src/case';
import { acceptMerge, proposeMerges, rejectMerge, undoMerge } from '../../../src/agents/analyst/merge';
import { factValue } from '../../../src/model';
import { applyMergeDecision, findDuplicates } from '../../../src/extension/mergeActions';
import { MergesFromWebview } from '../../../src/protocol/merges';
import { cli } from '../../helpers/cli-in-process';
import { caseFiles, clock, newCase, person, rel } from './helpers';

async function twoJohns() {
  const c = await newCase();
  const s = c.store;
  await s.writePerson(person('P-father', 'Georg', 'Schmidt', { 'birth.date': '1820' }, [rel('child', 'P-a')]));
  await s.writePerson(
    person(
      'P-a',
      'Johann',
      'Schmidt',
      { 'birth.date': '12 MAR 1850', 'birth.place': 'Springfield, Illinois', 'death.date': '1901' },
      [rel('parent', 'P-father')],
    ),
  );
  await s.writePerson(
    person('P-b', 'John', 'Schmidt', {
      'birth.date': '12 MAR 1850',
      'birth.place': 'Springfield, Sangamon, Illinois, USA',
      'death.date': '3 FEB 1902',
    }),
  );
  const { added } = await proposeMerges(s, clock.now());
  const c2 = added.find((x) => x.memberIds.includes('P-a') && x.memberIds.includes('P-b'));
  assert.ok(c2, 'the two Johns are proposed');
  return { ...c, cluster: c2 };
}

const values = (p: { assertions: { field: string; value: string; status: string }[] }, field: string) =>
  p.assertions
    .filter((a) => a.field === field)
    .map((a) => `${a.value}:${a.status}`)
    .sort();

describe('review: a value chosen per field when accepting a merge', () => {
  it('keeps the chosen member’s value, keeps the other as rejected by the user, and undoes byte for byte', async () => {
    const { root, store, cluster } = await twoJohns();
    const before = caseFiles(root);
    const accepted = await acceptMerge(store, cluster.id, clock.now(), {
      canonicalId: 'P-a',
      keep: { 'birth.place': 'P-b', 'death.date': 'P-b' },
      reason: 'the county is right',
    });
    const merged = store.person(accepted.canonicalId)!;
    assert.equal(merged.id, 'P-a');
    assert.equal(factValue(merged, 'birth.place'), 'Springfield, Sangamon, Illinois, USA');
    assert.equal(factValue(merged, 'death.date'), '3 FEB 1902');
    // Nothing dropped: the value not kept is still in the file, rejected with the user's decision.
    assert.deepEqual(values(merged, 'birth.place'), [
      'Springfield, Illinois:rejected',
      'Springfield, Sangamon, Illinois, USA:accepted',
    ]);
    const notKept = merged.assertions.find((a) => a.value === 'Springfield, Illinois')!;
    assert.equal(notKept.reviewed?.decision, 'rejected');
    assert.match(notKept.reviewed?.reason ?? '', /not kept when merging .*P-b/);
    // Fields with no choice keep every value as before.
    assert.deepEqual(values(merged, 'birth.date'), ['12 MAR 1850:accepted']);
    const entry = store
      .log()
      .filter((e) => e.actionType === 'merge')
      .at(-1)!;
    assert.equal(entry.agent, 'User');
    assert.match(String((entry as { context?: string }).context), /kept birth\.place of P-b, death\.date of P-b/);

    await undoMerge(store, cluster.id, clock.now());
    const after = caseFiles(root);
    assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
    for (const [k, v] of before) assert.equal(after.get(k), v, `${k} restored byte for byte`);
  });

  it('refuses a choice of a non-member or of a field the member does not hold, before touching a file', async () => {
    const { root, store, cluster } = await twoJohns();
    const before = caseFiles(root);
    await assert.rejects(
      acceptMerge(store, cluster.id, clock.now(), { keep: { 'birth.place': 'P-father' } }),
      /not a member/,
    );
    await assert.rejects(
      acceptMerge(store, cluster.id, clock.now(), { keep: { 'burial.place': 'P-a' } }),
      /P-a has no burial\.place/,
    );
    assert.deepEqual(caseFiles(root), before);
    assert.equal(store.merges().clusters.find((c) => c.id === cluster.id)?.status, 'proposed');
  });

  it('an undone proposal can be decided again: accepted with other choices, undone, then rejected', async () => {
    const { root, store, cluster } = await twoJohns();
    const before = caseFiles(root);
    await acceptMerge(store, cluster.id, clock.now(), { keep: { 'death.date': 'P-a' } });
    await undoMerge(store, cluster.id, clock.now());
    const again = await acceptMerge(store, cluster.id, clock.now(), {
      canonicalId: 'P-b',
      keep: { 'death.date': 'P-b' },
    });
    assert.equal(again.status, 'accepted');
    assert.equal(factValue(store.person('P-b')!, 'death.date'), '3 FEB 1902');
    assert.equal(store.person('P-a'), undefined);
    await undoMerge(store, cluster.id, clock.now());
    for (const [k, v] of before) assert.equal(caseFiles(root).get(k), v, `${k} restored after the second undo`);
    const rejected = await rejectMerge(store, cluster.id, 'two men after all', clock.now());
    assert.equal(rejected.status, 'rejected');
  });

  it('the review panel’s accept carries the choices; the protocol refuses a field that is not one', async () => {
    const { root, cluster } = await twoJohns();
    const m = MergesFromWebview.parse({
      type: 'accept',
      clusterId: cluster.id,
      canonicalId: 'P-b',
      keep: { 'birth.place': 'P-a' },
    });
    assert.ok(m.type === 'accept');
    const message = await applyMergeDecision(root, m);
    assert.match(message, /Merged into P-b keeping the 1 value/);
    const store = await openCase(root);
    assert.equal(factValue(store.person('P-b')!, 'birth.place'), 'Springfield, Illinois');
    for (const keep of [{ 'birth.date; rm': 'P-a' }, { 'birth.date': '' }, { Born: 'P-a' }])
      assert.equal(
        MergesFromWebview.safeParse({ type: 'accept', clusterId: cluster.id, keep }).success,
        false,
        JSON.stringify(keep),
      );
  });

  it('the CLI’s merge accept --keep FIELD=ID', async () => {
    const { root, cluster } = await twoJohns();
    const bad = await cli(['merge', 'reject', cluster.id, '--case', root, '--keep', 'birth.place=P-b']);
    assert.equal(bad.code, 2);
    const r = await cli(['merge', 'accept', cluster.id, '--case', root, '--keep', 'birth.place=P-b']);
    assert.equal(r.code, 0, r.err);
    const store = await openCase(root);
    const merged = store.person(store.merges().clusters.find((c) => c.id === cluster.id)!.canonicalId)!;
    assert.equal(factValue(merged, 'birth.place'), 'Springfield, Sangamon, Illinois, USA');
  });

  it('Find Duplicates searches under the case lock and says what it found; an unchanged case is not searched again', async () => {
    const { root } = await newCase();
    const store = await openCase(root);
    await store.writePerson(person('P-a', 'Adam', 'Zeller', { 'birth.date': '12 MAR 1850' }));
    await store.writePerson(person('P-b', 'Adam', 'Zeller', { 'birth.date': '12 MAR 1850', 'death.date': '1901' }));
    const first = await findDuplicates(root);
    assert.equal(first.added, 1);
    assert.equal(first.open, 1);
    assert.match(first.message, /Found 1 new possible duplicate/);
    const again = await findDuplicates(root);
    assert.equal(again.added, 0);
    assert.match(again.message, /Nothing changed since the last search: 1 open/);
  });

  it('the review panel’s batch accept names its batch (the panel’s Undo batch reads it) and one undo restores every file', async () => {
    const { root } = await twoJohns();
    const before = caseFiles(root);
    const accepted = await applyMergeDecision(root, { type: 'acceptBatch', minScore: 0.9 });
    const batch = /^Batch (B-\S+):/.exec(accepted)?.[1];
    assert.ok(batch, accepted);
    const n = Number(/(\d+) merge\(s\) accepted/.exec(accepted)?.[1]);
    assert.ok(n >= 1, accepted);
    const undone = await applyMergeDecision(root, { type: 'undoBatch', batch });
    assert.match(undone, new RegExp(`undone: ${n} merge\\(s\\)`));
    const after = caseFiles(root);
    for (const [k, v] of before) assert.equal(after.get(k), v, `${k} restored byte for byte`);
    assert.equal(
      (await openCase(root)).merges().clusters.filter((c) => c.status === 'undone').length,
      n,
      'the undone proposals can be decided again',
    );
  });
});
