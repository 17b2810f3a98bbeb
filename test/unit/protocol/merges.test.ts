/**
 * The Merges panel's messages (issue #15 item 4): a query, a batch accept and a batch undo are
 * validated by zod before the host acts on them; out-of-range values are refused, and a query
 * fills its defaults (all statuses, 50 a page, from the first).
 */
import { strict as assert } from 'node:assert';
import {
  MergeReviewState,
  MergesFromWebview,
  MergesQuery,
  MergesState,
  MergesToWebview,
} from '../../../src/protocol/merges';

describe('protocol: Merges panel messages', () => {
  it('a query fills its defaults and keeps its filters', () => {
    assert.deepEqual(MergesQuery.parse({}), { status: 'all', limit: 50, offset: 0 });
    const m = MergesFromWebview.parse({
      type: 'query',
      query: { status: 'proposed', recommendation: 'merge', minScore: 0.9, group: 'family', limit: 20, offset: 40 },
    });
    assert.equal(m.type, 'query');
  });

  it('refuses a bad page, score, status or group', () => {
    for (const query of [
      { limit: 0 },
      { limit: 501 },
      { offset: -1 },
      { offset: 1.5 },
      { minScore: 1.2 },
      { status: 'open' },
      { group: 'town' },
    ])
      assert.equal(MergesFromWebview.safeParse({ type: 'query', query }).success, false, JSON.stringify(query));
  });

  it('a batch accept needs a score in (0, 1]; a batch undo needs the batch id', () => {
    assert.ok(MergesFromWebview.safeParse({ type: 'acceptBatch', minScore: 0.98 }).success);
    for (const minScore of [0, -0.1, 1.01, '0.9'])
      assert.equal(MergesFromWebview.safeParse({ type: 'acceptBatch', minScore }).success, false, String(minScore));
    assert.ok(MergesFromWebview.safeParse({ type: 'undoBatch', batch: 'B-20261124T1930-0' }).success);
    assert.equal(MergesFromWebview.safeParse({ type: 'undoBatch', batch: '' }).success, false);
  });

  it('the panel state keeps an older state (no query) valid', () => {
    assert.deepEqual(MergesState.parse({ expanded: ['M-1'] }), { expanded: ['M-1'], showDecided: true });
  });

  it('the review panel: sort, text, a chosen canonical person and values per field, sources, Find Duplicates', () => {
    assert.ok(MergesFromWebview.safeParse({ type: 'query', query: { sort: 'name', text: 'smith' } }).success);
    const accept = MergesFromWebview.parse({
      type: 'accept',
      clusterId: 'M-1',
      canonicalId: 'P-b',
      keep: { 'birth.date': 'P-b', sex: 'P-a' },
    });
    assert.deepEqual(accept.type === 'accept' && accept.keep, { 'birth.date': 'P-b', sex: 'P-a' });
    for (const bad of [
      { type: 'accept', clusterId: 'M-1', canonicalId: '' },
      { type: 'accept', clusterId: 'M-1', keep: { 'birth.date': 7 } },
      { type: 'accept', clusterId: 'M-1', keep: { __proto__x: 'P-a' } },
      { type: 'openSource', id: '' },
      { type: 'openReview', clusterId: '' },
    ])
      assert.equal(MergesFromWebview.safeParse(bad).success, false, JSON.stringify(bad));
    for (const ok of [{ type: 'openSource', id: 'S-1' }, { type: 'findDuplicates' }, { type: 'openReview' }])
      assert.ok(MergesFromWebview.safeParse(ok).success, JSON.stringify(ok));
    const state = MergesToWebview.parse({ type: 'state', caseName: 'x', proposals: [], select: 'M-1' });
    assert.equal(state.type === 'state' && state.select, 'M-1');
    assert.deepEqual(MergeReviewState.parse({}), {});
    assert.equal(MergeReviewState.safeParse({ query: { sort: 'date' } }).success, false);
  });
});
