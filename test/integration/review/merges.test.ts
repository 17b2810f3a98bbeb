import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import { acceptMerge, proposeMerges, rejectMerge, undoMerge, readManifest } from '../../../src/agents/analyst/merge';
import { applyMergeDecision } from '../../../src/extension/mergeActions';
import { MergesFromWebview } from '../../../src/protocol/merges';
import { caseFiles, clock, newCase, person, rel, writeImportedTree } from './helpers';

/** The log's last two merge decisions, checked to be the user's (issue #19 item 6). */
function usersLastTwo(store: Awaited<ReturnType<typeof openCase>>) {
  const decisions = store
    .log()
    .filter((e) => e.actionType === 'merge')
    .slice(-2);
  assert.deepEqual(
    decisions.map((e) => e.agent),
    ['User', 'User'],
  );
  return decisions;
}

async function family() {
  const c = await newCase();
  const s = c.store;
  await s.writePerson(
    person('P-father', 'Georg', 'Schmidt', { 'birth.date': '1820' }, [rel('child', 'P-a'), rel('child', 'P-twin')]),
  );
  await s.writePerson(
    person('P-a', 'Johann', 'Schmidt', { 'birth.date': '12 MAR 1850', 'birth.place': 'Springfield, Illinois' }, [
      rel('parent', 'P-father'),
    ]),
    '\nNotes on Johann.\n',
  );
  await s.writePerson(
    person(
      'P-b',
      'John',
      'Schmidt',
      { 'birth.date': '12 MAR 1850', 'birth.place': 'Springfield, Sangamon, Illinois, USA', 'death.date': '1901' },
      [rel('child', 'P-son')],
      'M',
      { externalIds: { gedcomXref: '@I7@' } },
    ),
    '\nNotes on John.\n',
  );
  await s.writePerson(person('P-son', 'Karl', 'Schmidt', { 'birth.date': '1880' }, [rel('parent', 'P-b')]));
  await s.writePerson(
    person('P-twin', 'Jakob', 'Schmidt', { 'birth.date': '12 MAR 1850' }, [rel('parent', 'P-father')]),
  );
  return c;
}

describe('review: reversible merges through the case store', () => {
  it('proposes the duplicate with reasons, never the twin, and remembers proposals', async () => {
    const { store } = await family();
    const { added } = await proposeMerges(store, clock.now());
    const pairs = added.map((c) => [...c.memberIds].sort().join('+'));
    assert.ok(pairs.includes('P-a+P-b'), pairs.join(', '));
    assert.ok(!pairs.some((p) => p.includes('P-twin')), 'twins are never proposed');
    const c = added.find((x) => x.memberIds.includes('P-a'))!;
    assert.equal(c.status, 'proposed');
    assert.ok(c.rationale.length > 20 && c.whyNotMerge.length > 0);
    assert.ok(c.features.birthDate.score === 1);
    // Proposing again adds nothing.
    const again = await proposeMerges(store, clock.now());
    assert.equal(again.added.length, 0);
    assert.ok(store.log().some((e) => e.actionType === 'merge' && e.operation === 'propose'));
  });

  it('accept keeps everything, re-points relatives, and undo restores the exact prior files', async () => {
    const { root, store } = await family();
    const before = caseFiles(root);
    const { added } = await proposeMerges(store, clock.now());
    const c = added.find((x) => x.memberIds.includes('P-a') && x.memberIds.includes('P-b'))!;
    const accepted = await acceptMerge(store, c.id, clock.now());
    assert.equal(accepted.status, 'accepted');
    const canonical = store.person(accepted.canonicalId)!;
    const absorbedId = accepted.memberIds.find((m) => m !== accepted.canonicalId)!;
    assert.equal(store.person(absorbedId), undefined, 'absorbed person file removed');
    // Nothing dropped: both names, every fact, both families.
    const names = canonical.names.map((n) => n.given).sort();
    assert.deepEqual(names, ['Johann', 'John']);
    const fields = canonical.assertions.map((a) => `${a.field}=${a.value}`).sort();
    assert.ok(fields.includes('death.date=1901'));
    assert.ok(fields.includes('birth.place=Springfield, Illinois'), fields.join('; '));
    assert.ok(
      fields.includes('birth.place=Springfield, Illinois') &&
        fields.includes('birth.place=Springfield, Sangamon, Illinois, USA'),
    );
    assert.equal(fields.filter((f) => f === 'birth.date=12 MAR 1850').length, 1, 'identical facts de-duplicated');
    assert.deepEqual(canonical.relationships.map((r) => `${r.type}:${r.person}`).sort(), [
      'child:P-son',
      'parent:P-father',
    ]);
    assert.equal(canonical.externalIds.gedcomXref, '@I7@');
    assert.ok(Array.isArray((canonical as Record<string, unknown>).mergedFrom));
    // Relatives point at the canonical person now.
    const son = store.person('P-son')!;
    assert.deepEqual(
      son.relationships.map((r) => r.person),
      [accepted.canonicalId],
    );
    const father = store.person('P-father')!;
    assert.ok(father.relationships.some((r) => r.person === accepted.canonicalId));
    // Notes of both kept in the canonical file.
    const file = readFileSync(join(root, store.personFile(accepted.canonicalId)!), 'utf8');
    assert.match(file, /Notes on Johann/);
    assert.match(file, /Notes on John/);
    // The snapshot is plain files plus a manifest: git-diffable.
    const manifest = readManifest(store, c.id);
    assert.equal(manifest.files.length, 3, 'two members and the re-pointed father');
    for (const f of manifest.files.filter((x) => x.existed)) assert.ok(existsSync(join(root, f.snapshot!)));
    assert.equal(
      (
        JSON.parse(readFileSync(join(root, 'merges.json'), 'utf8')) as { clusters: { id: string; status: string }[] }
      ).clusters.find((x) => x.id === c.id)!.status,
      'accepted',
    );

    const undone = await undoMerge(store, c.id, clock.now(), { reason: 'two men of the same name' });
    assert.equal(undone.status, 'undone');
    const after = caseFiles(root);
    assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
    for (const [k, v] of before) assert.equal(after.get(k), v, `${k} restored byte for byte`);
    // A fresh open sees the original persons again.
    const reopened = await openCase(root);
    assert.ok(reopened.person('P-a') && reopened.person('P-b'));
    const ops = reopened
      .log()
      .filter((e) => e.actionType === 'merge')
      .map((e) => (e as { operation: string }).operation);
    assert.deepEqual(ops.slice(-2), ['accept', 'undo']);
    // Both were the user's decisions, logged as the user's (issue #19 item 6).
    const decisions = usersLastTwo(reopened);
    assert.equal(decisions[1].rationale, 'two men of the same name');
  });

  it('the Merges panel sends the reason typed for an accept and an undo; the log keeps it as the user’s', async () => {
    const { root, store } = await family();
    const { added } = await proposeMerges(store, clock.now());
    const c = added.find((x) => x.memberIds.includes('P-a') && x.memberIds.includes('P-b'))!;
    // As the panel posts them: validated by the protocol, applied by the host.
    const accept = MergesFromWebview.parse({ type: 'accept', clusterId: c.id, reason: '  same baptism cited twice ' });
    const undo = MergesFromWebview.parse({ type: 'undo', clusterId: c.id });
    assert.ok(accept.type === 'accept' && undo.type === 'undo');
    await applyMergeDecision(root, accept);
    await applyMergeDecision(root, undo);
    const decisions = usersLastTwo(await openCase(root));
    assert.match(decisions[0]?.rationale ?? '', /^same baptism cited twice; the proposal: /);
    assert.equal(decisions[1]?.rationale, 'no reason given');
    assert.equal(
      MergesFromWebview.safeParse({ type: 'accept', clusterId: c.id, reason: 'x'.repeat(2001) }).success,
      false,
    );
  });

  it('writes the conflicts a merge brings together with it, and its undo takes them back', async () => {
    const { root, store } = await newCase();
    await store.writePerson(person('P-a', 'Johann', 'Schmidt', { 'birth.date': '12 MAR 1850', 'death.date': '1901' }));
    await store.writePerson(person('P-b', 'John', 'Schmidt', { 'birth.date': '12 MAR 1850', 'death.date': '1907' }));
    const before = caseFiles(root);
    assert.equal(store.conflicts().length, 0);
    const { added } = await proposeMerges(store, clock.now());
    const c = added.find((x) => x.memberIds.includes('P-a') && x.memberIds.includes('P-b'));
    assert.ok(c, 'the pair is proposed');
    const accepted = await acceptMerge(store, c.id, clock.now());
    // The review lists the two death years at once, for the merged person, logged with the merge.
    const conflict = store.conflicts().find((x) => x.person === accepted.canonicalId && x.field === 'death.date');
    assert.ok(conflict, 'the death years brought together are a conflict');
    assert.ok(existsSync(join(root, 'conflicts', `${conflict.id}.md`)));
    assert.ok(
      store.log().some((e) => (e.context ?? '').includes(`values brought together by merge ${c.id}`)),
      'logged with the merge',
    );
    assert.ok(readManifest(store, c.id).files.some((f) => f.path === `conflicts/${conflict.id}.md` && !f.existed));
    await undoMerge(store, c.id, clock.now());
    assert.equal(store.conflicts().length, 0, 'no conflict names a person the undo split again');
    assert.deepEqual([...caseFiles(root).keys()].sort(), [...before.keys()].sort());
  });

  it('undo refuses to discard an edit made after the merge unless forced', async () => {
    const { root, store } = await family();
    const { added } = await proposeMerges(store, clock.now());
    const c = added.find((x) => x.memberIds.includes('P-a') && x.memberIds.includes('P-b'))!;
    const accepted = await acceptMerge(store, c.id, clock.now());
    const f = join(root, store.personFile(accepted.canonicalId)!);
    writeFileSync(f, `${readFileSync(f, 'utf8')}\nA note typed after the merge.\n`);
    await assert.rejects(undoMerge(store, c.id, clock.now()), /changed since the merge/);
    await undoMerge(store, c.id, clock.now(), { force: true });
    assert.ok(store.person('P-a') && store.person('P-b'));
  });

  it('reject is remembered with its reason and the pair is never proposed again', async () => {
    const { store, root } = await family();
    const { added } = await proposeMerges(store, clock.now());
    const c = added.find((x) => x.memberIds.includes('P-a') && x.memberIds.includes('P-b'))!;
    await assert.rejects(rejectMerge(store, c.id, '  ', clock.now()), /reason is required/);
    await rejectMerge(store, c.id, 'different fathers in the parish register', clock.now());
    const reopened = await openCase(root);
    const m = reopened.merges();
    assert.equal(m.clusters.find((x) => x.id === c.id)?.status, 'rejected');
    assert.deepEqual(
      m.notSamePerson.map((d) => [d.a, d.b].sort().join('+')),
      ['P-a+P-b'],
    );
    assert.equal(m.notSamePerson[0].reason, 'different fathers in the parish register');
    // Even if merges.json loses the cluster, the decision keeps the pair out.
    await reopened.writeMerges({ ...m, clusters: [] });
    const again = await proposeMerges(reopened, clock.now());
    assert.ok(!again.added.some((x) => x.memberIds.includes('P-a') && x.memberIds.includes('P-b')));
    await assert.rejects(acceptMerge(store, c.id, clock.now()), /rejected|no merge proposal/);
  });

  it('merges a person out of a compact (format 2) tree: the header and every other line keep their bytes, undo restores it', async () => {
    const { root, store } = await newCase();
    const tree = writeImportedTree(root, store);
    // The same persons written by the tree writer: a header line, then compact lines.
    await store.writeTree('imported', tree);
    const written = readFileSync(join(root, 'trees/imported.jsonl'), 'utf8');
    assert.match(written, /^\{"ancestryTree":2/);
    await store.writePerson(
      person('P-w', 'William', 'Becker', {
        'birth.date': '3 APR 1832',
        'birth.place': 'Bavaria, Germany',
        'death.date': '1890',
      }),
    );
    const before = caseFiles(root);
    const { added } = await proposeMerges(store, clock.now());
    const c = added.find((x) => x.memberIds.includes('I-1') && x.memberIds.includes('P-w'));
    assert.ok(c, JSON.stringify(added.map((x) => x.memberIds)));
    await acceptMerge(store, c.id, clock.now(), { canonicalId: 'P-w' });
    assert.equal(store.person('I-1'), undefined, 'removed from the tree');
    const lines = written.split('\n');
    const after = readFileSync(join(root, 'trees/imported.jsonl'), 'utf8').split('\n');
    assert.deepEqual(after, [lines[0], ...lines.slice(2)], 'only the absorbed line went');
    assert.deepEqual(
      store.person('I-2')!.relationships.map((r) => r.person),
      ['P-w'],
    );
    await undoMerge(store, c.id, clock.now());
    for (const [k, v] of before) assert.equal(caseFiles(root).get(k), v, `${k} restored byte for byte`);
  });

  it('merges a person that lives only in an imported tree and undoes it byte for byte', async () => {
    const { root, store } = await newCase();
    const tree = writeImportedTree(root, store);
    await store.writePerson(
      person('P-w', 'William', 'Becker', {
        'birth.date': '3 APR 1832',
        'birth.place': 'Bavaria, Germany',
        'death.date': '1890',
      }),
    );
    const before = caseFiles(root);
    const { added } = await proposeMerges(store, clock.now());
    const c = added.find((x) => x.memberIds.includes('I-1') && x.memberIds.includes('P-w'));
    assert.ok(c, JSON.stringify(added.map((x) => x.memberIds)));
    await acceptMerge(store, c.id, clock.now(), { canonicalId: 'P-w' });
    assert.equal(store.person('I-1'), undefined, 'removed from the tree');
    const treeText = readFileSync(join(root, 'trees/imported.jsonl'), 'utf8');
    assert.ok(!treeText.includes('"id":"I-1"'));
    assert.ok(treeText.includes(JSON.stringify(tree[2])), 'other lines keep their exact bytes');
    assert.deepEqual(
      store.person('I-2')!.relationships.map((r) => r.person),
      ['P-w'],
    );
    assert.ok(store.person('P-w')!.names.some((n) => n.given === 'Wilhelm'));
    await undoMerge(store, c.id, clock.now());
    const after = caseFiles(root);
    assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
    for (const [k, v] of before) assert.equal(after.get(k), v, `${k} restored byte for byte`);
  });
});
