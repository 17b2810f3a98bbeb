import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import { claim } from '../../unit/resolve/fixtures';
import { caseFiles, cli, newCase, person, rel } from './helpers';

describe('review CLI: merges, merge, conflicts, conflict (real process, real files)', function () {
  // Each verb runs in its own Node process through tsx: slow on a loaded machine, never timed.
  this.timeout(300_000);
  it('lists proposals with ids and GEDCOM xrefs, accepts, undoes, rejects with a reason', async () => {
    const { root, store } = await newCase();
    await store.writePerson(
      person(
        'P-a',
        'Johann',
        'Schmidt',
        { 'birth.date': '12 MAR 1850', 'birth.place': 'Springfield, Illinois' },
        [],
        'M',
        { externalIds: { gedcomXref: '@I1@' } },
      ),
    );
    await store.writePerson(
      person('P-b', 'John', 'Schmidt', { 'birth.date': '12 MAR 1850', 'death.date': '1901' }, [], 'M', {
        externalIds: { gedcomXref: '@I2@' },
      }),
    );
    const before = caseFiles(root);

    const list = cli(['merges', root, '--json']);
    assert.equal(list.status, 0, list.stderr);
    const json = JSON.parse(list.stdout) as {
      clusters: {
        id: string;
        recommendation: string;
        members: { id: string; xref: string | null }[];
        rationale: string;
        whyNotMerge: string;
      }[];
    };
    const c = json.clusters.find((x) => x.members.some((m) => m.id === 'P-a') && x.members.some((m) => m.id === 'P-b'));
    assert.ok(c, list.stdout);
    assert.deepEqual(c.members.map((m) => m.xref).sort(), ['@I1@', '@I2@']);
    assert.ok(c.rationale && c.whyNotMerge);
    const text = cli(['merges', root]);
    assert.equal(text.status, 0);
    assert.match(text.stdout, new RegExp(`${c.id}.*similarity`));
    assert.match(text.stdout, /why not merge:/);

    const acc = cli(['merge', 'accept', c.id, '--case', root]);
    assert.equal(acc.status, 0, acc.stderr);
    assert.match(acc.stdout, /accepted/);
    const undo = cli(['merge', 'undo', c.id, '--case', root]);
    assert.equal(undo.status, 0, undo.stderr);
    const after = caseFiles(root);
    for (const [k, v] of before) assert.equal(after.get(k), v, `${k} restored`);

    assert.equal(cli(['merge', 'reject', c.id, '--case', root]).status, 2, 'a reject needs a reason');
    const rej = cli(['merge', 'reject', c.id, '--case', root, '--reason', 'born in different parishes']);
    assert.equal(rej.status, 0, rej.stderr);
    const merges = JSON.parse(readFileSync(join(root, 'merges.json'), 'utf8')) as {
      notSamePerson: { reason: string }[];
    };
    assert.equal(merges.notSamePerson[0].reason, 'born in different parishes');
    const relist = JSON.parse(cli(['merges', root, '--json']).stdout) as { clusters: { id: string }[] };
    assert.ok(!relist.clusters.some((x) => x.id === c.id), 'never proposed again');
    assert.equal(cli(['merge', 'accept', 'M-nope', '--case', root]).status, 2);
  });

  it('lists conflicts side by side and records a user resolution', async () => {
    const { root, store } = await newCase();
    const census = claim({
      source: 'S-census',
      evidenceType: 'Secondary',
      sourceClass: 'original',
      information: 'secondary',
      confidence: 0.8,
    });
    const civil = claim({ source: 'S-civil', evidenceType: 'Primary', confidence: 0.9, tier: 1 });
    await store.writePerson({
      ...person('P-c', 'Anna', 'Weber', {}, [rel('parent', 'P-x')], 'F'),
      assertions: [
        { id: 'A-1', field: 'birth.date', value: '1852', status: 'accepted', confidence: 0.8, evidence: [census] },
        { id: 'A-2', field: 'birth.date', value: '3 MAY 1850', status: 'staged', confidence: 0.9, evidence: [civil] },
        {
          id: 'A-3',
          field: 'birth.place',
          value: 'Springfield, Illinois',
          status: 'accepted',
          confidence: 0.8,
          evidence: [],
        },
        {
          id: 'A-4',
          field: 'birth.place',
          value: 'Springfield, Sangamon, Illinois, USA',
          status: 'staged',
          confidence: 0.8,
          evidence: [],
        },
      ],
    });
    const list = cli(['conflicts', root, '--json']);
    assert.equal(list.status, 0, list.stderr);
    const json = JSON.parse(list.stdout) as {
      conflicts: {
        id: string;
        field: string;
        preferred: string;
        status: string;
        competing: { value: string; evidence: unknown[] }[];
        nextActions: string[];
      }[];
    };
    assert.equal(json.conflicts.length, 1, 'the place hierarchy is not a conflict');
    const c = json.conflicts[0];
    assert.equal(c.field, 'birth.date');
    assert.equal(c.preferred, '3 MAY 1850');
    assert.equal(c.status, 'tentative');
    assert.equal(c.competing.length, 2);
    assert.ok(c.nextActions.length > 0);
    const text = cli(['conflicts', root]);
    assert.match(text.stdout, /S-civil original\/primary\/direct/);

    assert.equal(cli(['conflict', 'resolve', c.id, '--case', root]).status, 2, '--value is required');
    const res = cli([
      'conflict',
      'resolve',
      c.id,
      '--case',
      root,
      '--value',
      '1852',
      '--reason',
      'the baptism register was written at the time',
    ]);
    assert.equal(res.status, 0, res.stderr);
    const reopened = await openCase(root);
    const p = reopened.person('P-c')!;
    assert.equal(p.assertions.find((a) => a.id === 'A-1')?.status, 'accepted');
    assert.equal(p.assertions.find((a) => a.id === 'A-2')?.status, 'disputed');
    const stored = reopened.conflicts().find((x) => x.id === c.id)!;
    assert.equal(stored.status, 'resolved');
    assert.equal(stored.resolvedBy, 'user');
    // The user's decision is logged in the user's name with their reason (issue #19 item 6).
    const entry = reopened.log().find((e) => e.actionType === 'conflict_resolution' && e.chosen === '1852');
    assert.equal(entry?.agent, 'User');
    assert.match(entry.rationale, /the baptism register was written at the time/);
    assert.match(stored.rationale, /because the baptism register was written at the time/);
    const open = JSON.parse(cli(['conflicts', root, '--json']).stdout) as { open: number };
    assert.equal(open.open, 0);
    const all = JSON.parse(cli(['conflicts', root, '--json', '--all']).stdout) as { conflicts: { status: string }[] };
    assert.equal(all.conflicts[0].status, 'resolved');
  });
});
