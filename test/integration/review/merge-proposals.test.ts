/**
 * After a merge, the other open proposals that named the absorbed person must not be left dangling
 * (accepting them would fail on a person who no longer exists): they follow the merge to the
 * canonical person, re-scored on the merged facts, or are withdrawn when that pair is already
 * proposed; undo puts them back as they were.
 */
import { strict as assert } from 'node:assert';
import { acceptMerge, proposeMerges, undoMerge } from '../../../src/agents/analyst/merge';
import { pairKey } from '../../../src/agents/analyst/resolve';
import type { MergeCluster } from '../../../src/model';
import { clock, newCase, person } from './helpers';

/** Three entries of one man: a baptism-register form, an English form, and a census form. */
async function threeOfOne() {
  const c = await newCase();
  await c.store.writePerson(
    person('P-a', 'Johann', 'Schmidt', { 'birth.date': '12 MAR 1850', 'birth.place': 'Springfield, Illinois' }),
  );
  await c.store.writePerson(
    person('P-b', 'John', 'Schmidt', {
      'birth.date': '12 MAR 1850',
      'birth.place': 'Springfield, Sangamon, Illinois, USA',
      'death.date': '1901',
    }),
  );
  await c.store.writePerson(
    person('P-c', 'Johann', 'Schmidt', {
      'birth.date': 'ABT 1850',
      'birth.place': 'Springfield, Illinois',
      'death.date': '1901',
    }),
  );
  const { added } = await proposeMerges(c.store, clock.now());
  const pair = (x: string, y: string) => added.find((m) => pairKey(m.memberIds[0], m.memberIds[1]) === pairKey(x, y));
  for (const [x, y] of [
    ['P-a', 'P-b'],
    ['P-b', 'P-c'],
  ])
    assert.ok(pair(x, y), `${x}+${y} proposed (got ${added.map((m) => m.memberIds.join('+')).join(', ')})`);
  return { ...c, pair };
}

const open = (clusters: MergeCluster[]) =>
  clusters
    .filter((c) => c.status === 'proposed')
    .map((c) => pairKey(c.memberIds[0], c.memberIds[1]))
    .sort();

describe('review: open proposals follow a merge', () => {
  it('re-points a proposal about the absorbed person to the canonical one, re-scored, and undo restores it', async () => {
    const { store, pair } = await threeOfOne();
    // As if P-a and P-c had never been proposed: only P-b links them.
    const ac = pair('P-a', 'P-c');
    if (ac)
      await store.writeMerges({ ...store.merges(), clusters: store.merges().clusters.filter((c) => c.id !== ac.id) });
    const bc = pair('P-b', 'P-c')!;
    const before = store.merges().clusters;

    await acceptMerge(store, pair('P-a', 'P-b')!.id, clock.now(), { canonicalId: 'P-a' });
    const after = store.merges().clusters;
    assert.ok(!after.some((c) => c.id === bc.id), 'the proposal naming the absorbed P-b is gone');
    const moved = after.find(
      (c) => c.status === 'proposed' && pairKey(c.memberIds[0], c.memberIds[1]) === pairKey('P-a', 'P-c'),
    );
    assert.ok(moved, `a proposal P-a+P-c replaces it (open: ${open(after).join(', ')})`);
    assert.ok(moved.rationale.length > 10 && moved.features.birthDate, 'with fresh reasons and features');
    // Accepting it works: P-c merges into the person that absorbed P-b.
    await acceptMerge(store, moved.id, clock.now(), { canonicalId: 'P-a' });
    assert.equal(store.person('P-c'), undefined);
    assert.deepEqual(
      store
        .person('P-a')!
        .names.map((n) => n.given)
        .sort(),
      ['Johann', 'John'],
    );

    // Undo both, newest first: the proposals are as they were before the first accept.
    await undoMerge(store, moved.id, clock.now());
    await undoMerge(store, pair('P-a', 'P-b')!.id, clock.now());
    const restored = store.merges().clusters;
    assert.ok(
      restored.some((c) => c.id === bc.id && c.status === 'proposed' && c.similarity === bc.similarity),
      'P-b+P-c is back, unchanged',
    );
    assert.ok(
      !restored.some((c) => c.id === moved.id && c.status === 'proposed'),
      'the re-pointed proposal is withdrawn',
    );
    assert.deepEqual(open(restored), open(before.filter((c) => c.id !== pair('P-a', 'P-b')!.id)));
  });

  it('withdraws a proposal that the merge makes a duplicate of another, and undo brings it back', async () => {
    const { store, pair } = await threeOfOne();
    const ac = pair('P-a', 'P-c');
    assert.ok(ac, 'P-a+P-c proposed too');
    const bc = pair('P-b', 'P-c')!;
    await acceptMerge(store, pair('P-a', 'P-b')!.id, clock.now(), { canonicalId: 'P-a' });
    const after = store.merges().clusters;
    assert.ok(!after.some((c) => c.id === bc.id), 'P-b+P-c withdrawn');
    assert.equal(
      after.filter((c) => c.status === 'proposed' && pairKey(c.memberIds[0], c.memberIds[1]) === pairKey('P-a', 'P-c'))
        .length,
      1,
      'P-a+P-c proposed once',
    );
    await undoMerge(store, pair('P-a', 'P-b')!.id, clock.now());
    assert.ok(
      store.merges().clusters.some((c) => c.id === bc.id && c.status === 'proposed'),
      'P-b+P-c is back',
    );
  });
});
