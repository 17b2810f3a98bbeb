/**
 * The blocking index's code table (resolve/code-table.ts) behaves as a Map<number, number> through
 * growth and deletions, colliding codes included: every operation mirrored on a Map.
 */
import { strict as assert } from 'node:assert';
import { CodeTable } from '../../../src/agents/analyst/resolve/code-table';

describe('CodeTable', () => {
  it('answers as a Map does through inserts, overwrites, deletions and growth', () => {
    const table = new CodeTable(2);
    const map = new Map<number, number>();
    let s = 12345;
    const next = () => (s = (Math.imul(s, 1103515245) + 12345) | 0);
    // Few distinct codes (many repeats and deletions of present keys), negative ones included.
    const code = () => (next() % 3000) * (next() & 1 ? 1 : -1);
    for (let i = 0; i < 40_000; i++) {
      const k = code();
      const op = next() & 3;
      if (op === 0) assert.equal(table.delete(k), map.delete(k));
      else if (op === 1) assert.equal(table.get(k), map.get(k));
      else {
        table.set(k, i);
        map.set(k, i);
      }
      if (i % 997 === 0) {
        assert.equal(table.size, map.size);
        for (const [mk, mv] of map) assert.equal(table.get(mk), mv);
      }
    }
    for (const [mk, mv] of map) assert.equal(table.get(mk), mv);
    for (let k = -3000; k <= 3000; k++) assert.equal(table.has(k), map.has(k));
  });

  it('keeps every entry of a run reachable when one in its middle is deleted', () => {
    // Codes that share a home slot in a small table (the hash's top bits), found by search.
    const table = new CodeTable(3);
    const probe = new CodeTable(3) as unknown as { home(k: number): number };
    const same: number[] = [];
    for (let k = 1; same.length < 4; k++) if (probe.home(k) === probe.home(1)) same.push(k);
    same.forEach((k, i) => table.set(k, i));
    table.delete(same[1]);
    assert.equal(table.get(same[0]), 0);
    assert.equal(table.get(same[1]), undefined);
    assert.equal(table.get(same[2]), 2);
    assert.equal(table.get(same[3]), 3);
  });
});
