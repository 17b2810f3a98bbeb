import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Frontier, sortByPriority } from '../../../src/engine/frontier';
import { formatQuery, parseQuery } from '../../../src/model';
import { normaliseQuery, queryHash } from '../../../src/engine/query';
import { calculatePriority, compoundConfidence, EvidenceCounter } from '../../../src/engine/priority';
import { makeTask } from '../../../src/engine/state';
import type { Task } from '../../../src/model';

const t0 = Date.UTC(1900, 0, 1);
function task(i: number, priority: number, minute: number): Task {
  return makeTask({
    id: `T-${i}`,
    taskType: 'SearchTask',
    priority,
    createdAt: new Date(t0 + minute * 60_000).toISOString(),
    query: { surname: `S${i}` },
  });
}

describe('engine: frontier queue (Z sortByPriority, ties oldest first)', () => {
  it('pops the highest priority first and, among equals, the oldest', () => {
    const f = new Frontier([task(1, 0.5, 3), task(2, 0.9, 5), task(3, 0.5, 1), task(4, 0.9, 2)]);
    assert.deepEqual(
      [f.pop(), f.pop(), f.pop(), f.pop(), f.pop()].map((t) => t?.id),
      ['T-4', 'T-2', 'T-3', 'T-1', undefined],
    );
  });

  it('agrees with sortByPriority and the Z ordering predicate for any task set', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ p: fc.integer({ min: 0, max: 4 }), m: fc.integer({ min: 0, max: 5 }) }), {
          maxLength: 60,
        }),
        (specs) => {
          const tasks = specs.map((s, i) => task(i, s.p / 4, s.m));
          const f = new Frontier(tasks);
          const popped: Task[] = [];
          for (let t = f.pop(); t; t = f.pop()) popped.push(t);
          assert.deepEqual(
            popped.map((t) => t.id),
            sortByPriority(tasks).map((t) => t.id),
          );
          // ∀ i < j • s(i).priority ≥ s(j).priority, and equal priorities keep creation order.
          for (let i = 1; i < popped.length; i++) {
            assert.ok(popped[i - 1].priority >= popped[i].priority);
            if (popped[i - 1].priority === popped[i].priority)
              assert.ok(popped[i - 1].createdAt <= popped[i].createdAt);
          }
        },
      ),
    );
  });

  it("raises the Lead's target (never lowers a task) and stays a heap for any task set", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ p: fc.integer({ min: 0, max: 4 }), m: fc.integer({ min: 0, max: 5 }), hit: fc.boolean() }),
          {
            maxLength: 60,
          },
        ),
        (specs) => {
          const tasks = specs.map((s, i) => task(i, s.p / 4, s.m));
          const hit = new Set(tasks.filter((_, i) => specs[i].hit).map((t) => t.id));
          const f = new Frontier(tasks);
          const raised = f.raise((t) => hit.has(t.id), 0.6);
          assert.equal(raised, tasks.filter((t) => hit.has(t.id) && t.priority < 0.6).length);
          const want = sortByPriority(
            tasks.map((t) => (hit.has(t.id) && t.priority < 0.6 ? { ...t, priority: 0.6 } : t)),
          ).map((t) => `${t.id}@${t.priority}`);
          const popped: string[] = [];
          for (let t = f.pop(); t; t = f.pop()) popped.push(`${t.id}@${t.priority}`);
          // Priorities in order; equal ones may differ in insertion order only where raised.
          assert.deepEqual(
            popped.map((x) => Number(x.split('@')[1])),
            want.map((x) => Number(x.split('@')[1])),
          );
          assert.deepEqual([...popped].sort(), [...want].sort());
        },
      ),
    );
  });

  it('refuses a second task with the same id', () => {
    const f = new Frontier();
    assert.equal(f.push(task(1, 0.5, 0)), true);
    assert.equal(f.push(task(1, 0.9, 0)), false);
    assert.equal(f.size, 1);
  });
});

describe('engine: novelty guard query normalisation', () => {
  it('hashes near-identical queries alike (case, accents, punctuation, list order)', () => {
    const a = queryHash({
      given: 'Jöhann',
      surname: 'Schmidt',
      place: 'Springfield, Illinois',
      recordTypes: ['census', 'death'],
    });
    const b = queryHash({
      surname: ' schmidt ',
      given: 'JOHANN',
      place: 'springfield illinois',
      recordTypes: ['death', 'census', 'death'],
    });
    assert.equal(a, b);
    assert.notEqual(
      a,
      queryHash({ given: 'Johann', surname: 'Schmidt', place: 'Springfield, Illinois', recordTypes: ['census'] }),
    );
    assert.notEqual(
      a,
      queryHash({
        given: 'Johann',
        surname: 'Schmidt',
        place: 'Springfield, Illinois',
        recordTypes: ['census', 'death'],
        birthYear: 1842,
      }),
    );
  });

  it('round-trips the one-line query syntax', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            given: fc.stringMatching(/^[A-Za-z][a-z]{0,8}( [A-Z][a-z]{1,6})?$/),
            surname: fc.stringMatching(/^[A-Z][a-z]{1,9}$/),
            birthYear: fc.integer({ min: 1500, max: 2020 }),
            place: fc.stringMatching(/^[A-Z][a-z]{2,8}(, [A-Z][a-z]{2,8}){0,2}$/),
            recordTypes: fc.uniqueArray(fc.constantFrom('census', 'death', 'baptism', 'marriage'), {
              minLength: 1,
              maxLength: 3,
            }),
          },
          { requiredKeys: [] },
        ),
        (q) => {
          assert.deepEqual(normaliseQuery(parseQuery(formatQuery(q))), normaliseQuery(q));
        },
      ),
    );
  });
});

describe('engine: calculatePriority and compounding', () => {
  it('is 1 − n/(n+1): unexplored entities first, decreasing with evidence', () => {
    assert.equal(calculatePriority(0), 1);
    assert.equal(calculatePriority(1), 0.5);
    assert.ok(Math.abs(calculatePriority(3) - 0.25) < 1e-12);
    fc.assert(
      fc.property(
        fc.nat(1000),
        (n) => calculatePriority(n) > calculatePriority(n + 1) && calculatePriority(n) <= 1 && calculatePriority(n) > 0,
      ),
    );
  });

  it('counts evidence per entity, folding case and accents', () => {
    const c = new EvidenceCounter();
    c.add('Müller', 2);
    c.add('MULLER');
    assert.equal(c.count('muller'), 3);
    assert.equal(c.priority('Muller'), 0.25);
    assert.equal(c.priority('Schmidt'), 1);
  });

  it('compounds independent confirmations as 1 − ∏(1 − cᵢ) (seed 002 example: 0.70 and 0.75 → 0.925)', () => {
    assert.ok(Math.abs(compoundConfidence([0.7, 0.75]) - 0.925) < 1e-12);
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }), (cs) => {
        const v = compoundConfidence(cs);
        return v >= Math.max(0, ...cs) - 1e-12 && v <= 1;
      }),
    );
  });
});
