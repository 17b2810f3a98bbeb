import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildPedigree, indexFamily, type FamilyMember } from '../../../src/protocol/pedigree-tree';
import { BOX, layoutFan, layoutPedigree, move, type ChartLayout } from '../../../src/protocol/pedigree-layout';

function member(id: string, sex: FamilyMember['sex'], parents: string[] = [], spouses: string[] = []): FamilyMember {
  return { id, name: id, sex, living: false, sources: 0, conflicts: 0, staged: 0, parents, spouses, children: [] };
}

/** Ego with both parents and four grandparents (one unknown), a wife and a second wife, three children. */
function family() {
  return indexFamily([
    member('ego', 'M', ['dad', 'mum'], ['wife', 'wife2']),
    member('dad', 'M', ['gf', 'gm']),
    member('mum', 'F', ['mgm']),
    member('gf', 'M'),
    member('gm', 'F'),
    member('mgm', 'F'),
    member('wife', 'F'),
    member('wife2', 'F'),
    member('son', 'M', ['ego', 'wife']),
    member('daughter', 'F', ['ego', 'wife']),
    member('late', 'M', ['ego', 'wife2']),
  ]);
}

function overlaps(l: ChartLayout): string[] {
  const out: string[] = [];
  const byCol = new Map<number, typeof l.boxes>();
  for (const b of l.boxes) byCol.set(b.x, [...(byCol.get(b.x) ?? []), b]);
  for (const col of byCol.values()) {
    col.sort((a, b) => a.y - b.y);
    for (let i = 1; i < col.length; i++)
      if (col[i].y < col[i - 1].y + BOX.h) out.push(`${col[i - 1].key}/${col[i].key}`);
  }
  return out;
}

const id = (l: ChartLayout, key: string | undefined) => (key ? (l.byKey.get(key)?.id ?? '(slot)') : undefined);

describe('pedigree layout', () => {
  it('places the subject at 0, ancestors right (father above mother), spouses under the subject, children left', () => {
    const view = buildPedigree(family(), 'ego', { up: 2, down: 1 })!;
    const l = layoutPedigree(view);
    const root = l.byKey.get('root')!;
    assert.deepEqual([root.x, root.y], [0, 0]);
    const dad = l.boxes.find((b) => b.id === 'dad')!;
    const mum = l.boxes.find((b) => b.id === 'mum')!;
    assert.ok(dad.x > 0 && dad.x === mum.x && dad.y < mum.y);
    const wife = l.boxes.find((b) => b.id === 'wife')!;
    assert.equal(wife.kind, 'spouse');
    assert.ok(wife.x === 0 && wife.y > 0, 'the spouse sits under the subject');
    const son = l.boxes.find((b) => b.id === 'son')!;
    assert.ok(son.x < 0);
    assert.ok(
      l.links.some((k) => k.from === wife.key && k.to === son.key),
      "a child hangs from the mother's box",
    );
    const late = l.boxes.find((b) => b.id === 'late')!;
    const wife2 = l.boxes.find((b) => b.id === 'wife2')!;
    assert.ok(l.links.some((k) => k.from === wife2.key && k.to === late.key));
    // An unknown maternal grandfather is an empty slot.
    assert.ok(l.boxes.some((b) => b.kind === 'slot' && b.role === 'father' && b.gen === 2));
    assert.deepEqual(overlaps(l), []);
  });

  it('moves with arrow keys: Right to the father, Left back and to children, Up/Down within a generation', () => {
    const view = buildPedigree(family(), 'ego', { up: 2, down: 1 })!;
    const l = layoutPedigree(view);
    assert.equal(id(l, move(l, 'root', 'ArrowRight')), 'dad');
    assert.equal(id(l, move(l, move(l, 'root', 'ArrowRight')!, 'ArrowDown')), 'mum');
    assert.equal(id(l, move(l, move(l, 'root', 'ArrowRight')!, 'ArrowLeft')), 'ego');
    const child = move(l, 'root', 'ArrowLeft');
    assert.equal(id(l, child), 'son');
    assert.equal(id(l, move(l, child!, 'ArrowDown')), 'daughter');
    assert.equal(id(l, move(l, 'root', 'ArrowDown')), 'wife');
    assert.equal(id(l, move(l, child!, 'ArrowRight')), 'wife', 'back from a child to the mother');
    assert.equal(move(l, 'root', 'ArrowUp'), undefined);
  });

  it('draws a descendants chart to the right, with Left and Right swapped to match', () => {
    const view = buildPedigree(family(), 'ego', { up: 2, down: 1 })!;
    const l = layoutPedigree(view, { descendantsOnly: true });
    assert.ok(!l.boxes.some((b) => b.gen > 0), 'no ancestors');
    assert.equal(l.byKey.get('root')!.more, 'up', 'the subject says there are ancestors beyond');
    assert.ok(l.boxes.find((b) => b.id === 'son')!.x > 0);
    assert.equal(id(l, move(l, 'root', 'ArrowRight')), 'son');
  });

  it('marks a repeated person with the key of their first box (pedigree collapse)', () => {
    // Cousins married: ego's grandparents are shared by both parents.
    const source = indexFamily([
      member('ego', 'M', ['dad', 'mum']),
      member('dad', 'M', ['g1', 'g2']),
      member('mum', 'F', ['g3', 'g2']),
      member('g1', 'M'),
      member('g2', 'F'),
      member('g3', 'M'),
    ]);
    const l = layoutPedigree(buildPedigree(source, 'ego', { up: 3, down: 0 })!);
    const g2 = l.boxes.filter((b) => b.id === 'g2');
    assert.equal(g2.length, 2);
    const [first, repeat] = g2.sort((a, b) => (a.firstKey ? 1 : 0) - (b.firstKey ? 1 : 0));
    assert.equal(first.firstKey, undefined);
    assert.equal(repeat.firstKey, first.key);
  });

  it('lays a fan out in nested arcs, father first, an empty slot as an arc of its own', () => {
    const view = buildPedigree(family(), 'ego', { up: 2, down: 0 })!;
    const l = layoutFan(view.ancestors, 2);
    const dad = l.boxes.find((b) => b.id === 'dad')!.arc!;
    const mum = l.boxes.find((b) => b.id === 'mum')!.arc!;
    assert.ok(dad.a1 <= mum.a0 + 1e-9, "the father's arc comes first");
    const gf = l.boxes.find((b) => b.id === 'gf')!.arc!;
    assert.ok(gf.a0 >= dad.a0 - 1e-9 && gf.a1 <= dad.a1 + 1e-9 && gf.r0 === dad.r1);
    assert.ok(l.boxes.some((b) => b.kind === 'slot' && b.arc));
    assert.equal(id(l, move(l, 'root', 'ArrowRight')), 'dad');
  });

  it('property: no two boxes of a generation overlap, every link joins two boxes', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 30 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 60 }),
              fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 15 }),
              fc.nat(n - 1),
              fc.nat(5),
              fc.nat(5),
            ),
          ),
        ([n, edges, marriages, root, up, down]) => {
          const members = Array.from({ length: n }, (_, i) => member(`p${i}`, i % 3 ? 'F' : 'M'));
          for (const [c, p] of edges) members[c].parents.push(`p${p}`);
          for (const [a, b] of marriages) members[a].spouses.push(`p${b}`);
          // At most two parents, as the person schema allows.
          for (const m of members) m.parents = [...new Set(m.parents)].slice(0, 2);
          const view = buildPedigree(indexFamily(members), `p${root}`, { up, down })!;
          for (const opts of [{}, { descendantsOnly: true }]) {
            const l = layoutPedigree(view, opts);
            assert.deepEqual(overlaps(l), []);
            for (const k of l.links) assert.ok(l.byKey.has(k.from) && l.byKey.has(k.to));
            for (const b of l.boxes)
              for (const arrow of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'] as const) {
                const next = move(l, b.key, arrow);
                if (next !== undefined) assert.ok(l.byKey.has(next));
              }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
