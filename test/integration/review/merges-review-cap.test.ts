/**
 * A large tree of common names reaches "review" for more pairs than a person can work through
 * (46,694 on a generated 100k-person tree): a search keeps every "merge" and the best reviews
 * (LISTED_REVIEWS), records below what it cut, and `--all-reviews` searches again for every one.
 */
import { strict as assert } from 'node:assert';
import { openCase } from '../../../src/case';
import { proposeMerges } from '../../../src/agents/analyst/merge';
import { cli } from '../../helpers/cli-in-process';
import { clock, newCase, person } from './helpers';

/** Four entries of one name with nothing but the name and a death year to tell them apart: reviews. */
async function namesakes() {
  const c = await newCase();
  for (const [id, death] of [
    ['P-a', '1901'],
    ['P-b', '1901'],
    ['P-c', 'ABT 1901'],
    ['P-d', '1902'],
  ])
    await c.store.writePerson(person(id, 'Johann', 'Schmidt', { 'death.date': death }));
  return c;
}

async function merges(args: string[]): Promise<string> {
  const r = await cli(['merges', ...args]);
  assert.equal(r.code, 0, r.err);
  return r.out;
}

describe('review: the best reviews of a large search, the rest on request', () => {
  it('keeps the best reviews, says below what it cut, and --all-reviews finds every one', async () => {
    const { store } = await namesakes();
    const every = await proposeMerges(store, clock.now(), { refresh: true, allReviews: true });
    const reviews = every.merges.clusters.filter((c) => c.recommendation === 'review');
    assert.ok(reviews.length >= 3, `several reviews to cut (got ${reviews.length})`);
    assert.equal(every.reviewsBelow, undefined);

    // A fresh case of the same persons, searched with a cut of 2.
    const c2 = await namesakes();
    const cut = await proposeMerges(c2.store, clock.now(), { maxReviews: 2 });
    const kept = cut.merges.clusters.filter((c) => c.recommendation === 'review');
    assert.equal(kept.length, 2);
    const best = [...reviews].sort((x, y) => y.similarity - x.similarity).slice(0, 2);
    assert.deepEqual(
      kept.map((c) => c.similarity),
      best.map((c) => c.similarity),
    );
    assert.ok(cut.reviewsBelow !== undefined && cut.reviewsBelow <= kept[1].similarity);
    assert.equal(c2.store.merges().searched?.reviewsBelow, cut.reviewsBelow, 'the cut is stored with the search');

    // Unchanged case: the stored (cut) search is listed; the CLI says what was left out and how to get it.
    const listed = await merges([c2.root, '--json']);
    const json = JSON.parse(listed) as { searched: boolean; reviewsBelow: number | null; totals: { review: number } };
    assert.equal(json.searched, false);
    assert.equal(json.reviewsBelow, cut.reviewsBelow);
    assert.equal(json.totals.review, 2);
    assert.match(await merges([c2.root]), /--all-reviews finds every one/);

    // --all-reviews searches again although nothing changed, and the cut is gone.
    const all = JSON.parse(await merges([c2.root, '--json', '--all-reviews'])) as typeof json;
    assert.equal(all.searched, true);
    assert.equal(all.reviewsBelow, null);
    assert.equal(all.totals.review, reviews.length);
    assert.equal((await openCase(c2.root)).merges().searched?.reviewsBelow, undefined);
  });
});
