/**
 * Review at the scale of a real tree (issue #15 item 4), on real case files through the verbs'
 * own code: `ancestry merges` ranks, filters, groups and pages; `ancestry merge accept
 * --min-score` accepts the high-confidence proposals as one batch and `merge undo <batch>` puts
 * every file back byte for byte.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergesCommand } from '../../../src/cli/commands/merges';
import { mergeCommand } from '../../../src/cli/commands/merge';
import { UsageError, type CliCommand } from '../../../src/cli/command';
import { releaseCliLocks } from '../../../src/cli/locks';
import { caseFiles, newCase, person, rel } from './helpers';
import { proposeMerges } from '../../../src/agents/analyst/merge';
import { openCase } from '../../../src/case';

function io() {
  const out: string[] = [];
  return {
    out: (s: string) => void out.push(s),
    err: () => undefined,
    tty: false,
    signal: new AbortController().signal,
    text: () => out.join('\n'),
  };
}

interface Listing {
  searched: boolean;
  totals: { merge: number; review: number; proposed: number; accepted: number };
  matching: number;
  offset: number;
  limit: number;
  clusters: { id: string; similarity: number; recommendation: string; status: string; batch?: string }[];
  groups?: { label: string; count: number; ids: string[] }[];
}

/** Runs a verb in this process; the write lock is released as the CLI's main does when a verb ends. */
async function run(cmd: CliCommand, args: string[], o: ReturnType<typeof io>): Promise<number> {
  try {
    return await cmd.run(args, o);
  } finally {
    releaseCliLocks();
  }
}

async function list(root: string, ...args: string[]): Promise<Listing> {
  const o = io();
  assert.equal(await run(mergesCommand, [root, '--json', ...args], o), 0);
  return JSON.parse(o.text()) as Listing;
}

describe('review at scale: merges ranked, filtered, grouped, paged; batch accept with one undo', function () {
  this.timeout(120_000);

  async function family() {
    const { root, store } = await newCase();
    // Three families, each with a child entered twice (a clear duplicate: same name, day-exact birth, place).
    for (const [k, surname, given, birth] of [
      ['1', 'Becker', 'Wilhelm', '3 MAR 1850'],
      ['2', 'Huber', 'Theresia', '14 JUL 1862'],
      ['3', 'Lindqvist', 'Ingrid', '9 NOV 1871'],
    ]) {
      await store.writePerson(
        person(`P-f${k}`, 'Johann', surname, {}, [rel('child', `P-c${k}`), rel('child', `P-d${k}`)]),
      );
      await store.writePerson(
        person(
          `P-c${k}`,
          given,
          surname,
          { 'birth.date': birth, 'birth.place': 'Ulm, Württemberg' },
          [rel('parent', `P-f${k}`)],
          'U',
        ),
      );
      await store.writePerson(
        person(
          `P-d${k}`,
          given,
          surname,
          { 'birth.date': birth, 'birth.place': 'Ulm' },
          [rel('parent', `P-f${k}`)],
          'U',
        ),
      );
    }
    // A weaker pair: a name and a year only (review at most).
    await store.writePerson(person('P-r1', 'Konstantin', 'Vogel', { 'birth.date': '1790' }));
    await store.writePerson(person('P-r2', 'Konstantin', 'Vogel', { 'death.date': '1860' }));
    return { root, store };
  }

  it('ranks merge before review, pages, filters by score, status and recommendation, groups by family and surname', async () => {
    const { root } = await family();
    const all = await list(root, '--limit', '100');
    assert.ok(all.totals.merge >= 3, JSON.stringify(all.totals));
    assert.equal(all.matching, all.clusters.length);
    const ranks = all.clusters.map((c) => (c.recommendation === 'merge' ? 1 : 0));
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => b - a),
      'merge first',
    );
    for (let i = 1; i < all.clusters.length; i++)
      if (all.clusters[i].recommendation === all.clusters[i - 1].recommendation)
        assert.ok(
          all.clusters[i].similarity <= all.clusters[i - 1].similarity,
          'by similarity within a recommendation',
        );

    const p1 = await list(root, '--limit', '2');
    const p2 = await list(root, '--limit', '2', '--offset', '2');
    assert.equal(p1.clusters.length, 2);
    assert.equal(p1.matching, all.matching, 'the rest stays reachable');
    assert.deepEqual(
      [...p1.clusters, ...p2.clusters].map((c) => c.id),
      all.clusters.slice(0, 4).map((c) => c.id),
    );

    const high = await list(root, '--min-score', '0.9');
    assert.ok(high.clusters.every((c) => c.similarity >= 0.9));
    const reviews = await list(root, '--recommendation', 'review');
    assert.ok(reviews.clusters.every((c) => c.recommendation === 'review'));
    assert.equal((await list(root, '--status', 'accepted')).matching, 0);

    const byFamily = await list(root, '--group', 'family', '--recommendation', 'merge');
    assert.ok(
      byFamily.groups!.some((g) => /children of Johann Becker/.test(g.label)),
      JSON.stringify(byFamily.groups),
    );
    const bySurname = await list(root, '--group', 'surname');
    assert.ok(bySurname.groups!.some((g) => g.label === 'Huber'));

    for (const bad of [
      ['--limit', '0'],
      ['--min-score', '2'],
      ['--status', 'open'],
      ['--group', 'town'],
    ])
      await assert.rejects(run(mergesCommand, [root, ...bad], io()), UsageError, bad.join(' '));
  });

  it('pages the stored proposals without searching again while the case is unchanged; a changed case is searched', async () => {
    const { root, store } = await family();
    const first = await list(root, '--limit', '2');
    assert.equal(first.searched, true);
    const stored = readFileSync(join(root, 'merges.json'), 'utf8');
    const next = await list(root, '--limit', '2', '--offset', '2');
    assert.equal(next.searched, false, 'the second page is read from merges.json');
    assert.equal(readFileSync(join(root, 'merges.json'), 'utf8'), stored, 'nothing rewritten');
    const all = await list(root, '--limit', '100');
    assert.deepEqual(
      [...first.clusters, ...next.clusters].map((c) => c.id),
      all.clusters.slice(0, 4).map((c) => c.id),
    );
    // A new person (a fourth duplicate pair) changes the case: the next listing searches and finds it.
    await store.writePerson(
      person('P-n1', 'Bartholomäus', 'Quistorp', { 'birth.date': '2 FEB 1801', 'birth.place': 'Rostock' }),
    );
    await store.writePerson(
      person('P-n2', 'Bartholomäus', 'Quistorp', { 'birth.date': '2 FEB 1801', 'birth.place': 'Rostock' }),
    );
    const after = await list(root, '--limit', '100');
    assert.equal(after.searched, true);
    assert.equal(after.matching, all.matching + 1);
  });

  it('accepts every MERGE at or above a score as one batch and undoes the batch byte for byte', async () => {
    const { root } = await family();
    await list(root); // proposes
    const before = caseFiles(root);
    const merges = (await list(root, '--recommendation', 'merge', '--min-score', '0.9')).clusters;
    assert.ok(merges.length >= 3);
    const o = io();
    assert.equal(await run(mergeCommand, ['accept', '--min-score', '0.9', '--case', root, '--json'], o), 0);
    const batch = JSON.parse(o.text()) as { batch: string; accepted: { id: string }[] };
    assert.equal(batch.accepted.length, merges.length);
    const accepted = await list(root, '--status', 'accepted');
    assert.ok(accepted.clusters.every((c) => c.batch === batch.batch));
    assert.ok((await list(root)).clusters.every((c) => c.recommendation !== 'merge' || c.similarity < 0.9));

    const u = io();
    assert.equal(await run(mergeCommand, ['undo', batch.batch, '--case', root], u), 0, u.text());
    const after = caseFiles(root);
    for (const [k, v] of before)
      if (!k.startsWith('log/') && k !== 'merges.json') assert.equal(after.get(k), v, `${k} restored`);
    assert.equal((await list(root, '--status', 'accepted')).matching, 0);
    await assert.rejects(run(mergeCommand, ['undo', batch.batch, '--case', root], io()), UsageError);
  });

  it('stores the reviews beyond the explained ones with their exact score and explains them when listed', async () => {
    const { root } = await family();
    const full = await proposeMerges(await openCase(root), new Date('2026-01-01T00:00:00Z'), {});
    const { root: root2 } = await family();
    const lean = await proposeMerges(await openCase(root2), new Date('2026-01-01T00:00:00Z'), { explainReviews: 0 });
    const byMembers = (cs: typeof full.added) => new Map(cs.map((c) => [c.memberIds.join('+'), c]));
    const [a, b] = [byMembers(full.added), byMembers(lean.added)];
    assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort());
    assert.ok([...b.values()].some((c) => c.recommendation === 'review'));
    for (const [k, c] of b) {
      const f = a.get(k)!;
      assert.equal(c.similarity, f.similarity, k);
      assert.equal(c.recommendation, f.recommendation, k);
      if (c.recommendation === 'merge') assert.equal(c.rationale, f.rationale, 'every merge explained');
      else {
        assert.equal(c.rationale, '', 'a review beyond the cap is stored without its reasons');
        assert.deepEqual(c.features, {});
      }
    }
    // Listed: the verb explains what it shows, as the full run would have (merges.json keeps it lean).
    const listed = (await list(root2, '--recommendation', 'review')).clusters as unknown as {
      memberIds: string[];
      rationale: string;
      whyNotMerge: string;
    }[];
    assert.ok(listed.length);
    for (const c of listed) {
      const f = a.get(c.memberIds.join('+'))!;
      assert.equal(c.rationale, f.rationale);
      assert.equal(c.whyNotMerge, f.whyNotMerge);
    }
    const stored = (await openCase(root2)).merges().clusters.filter((c) => c.recommendation === 'review');
    assert.ok(stored.every((c) => c.rationale === ''));
  });
});
