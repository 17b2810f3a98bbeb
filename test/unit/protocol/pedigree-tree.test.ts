import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildPedigree, countBoxes, indexFamily, type FamilyMember } from '../../../src/protocol/pedigree-tree';
import { PedigreeToWebview, type PedigreeTreeNode } from '../../../src/protocol/pedigree';

function member(id: string, sex: FamilyMember['sex'], parents: string[] = []): FamilyMember {
  return { id, name: id, lifespan: '', sex, living: false, parents, children: [] };
}

/**
 * Four persons per generation; each child's parents are cousins from the same two families, so the
 * number of ancestral paths doubles every generation while the number of persons grows linearly.
 */
function endogamousTree(generations: number): FamilyMember[] {
  const out: FamilyMember[] = [];
  for (let g = 0; g < generations; g++) {
    const parents = (a: string, b: string) => (g === 0 ? [] : [`${a}${g - 1}`, `${b}${g - 1}`]);
    out.push(member(`A${g}`, 'M', parents('A', 'C')), member(`B${g}`, 'M', parents('B', 'D')));
    out.push(member(`C${g}`, 'F', parents('B', 'D')), member(`D${g}`, 'F', parents('A', 'C')));
  }
  out.push(member('ROOT', 'F', [`A${generations - 1}`, `C${generations - 1}`]));
  return out;
}

function walk(node: PedigreeTreeNode, visit: (n: PedigreeTreeNode, depth: number) => void, depth = 0): void {
  visit(node, depth);
  for (const c of node.children) walk(c, visit, depth + 1);
}

describe('pedigree tree (endogamy-safe traversal)', () => {
  it('draws 30 generations of cousin marriages once per person (2^30 paths, linear output)', () => {
    const index = indexFamily(endogamousTree(30));
    const view = buildPedigree(index, 'ROOT', { up: 30, down: 2 })!;
    const boxes = countBoxes(view.ancestors);
    // ROOT, its two parents, then all four persons of each of the 29 older generations: 119 ancestors.
    // Every expanded person adds at most two boxes, so at most 1 + 2 × 119 boxes.
    assert.equal(view.stats.persons, 119);
    assert.ok(boxes <= 1 + 2 * 119, `linear output, got ${boxes} boxes`);
    assert.ok(view.stats.refs > 0, 'repeated ancestors are marked as references');
    assert.equal(view.stats.truncated, false);
    const expanded = new Map<string, number>();
    walk(view.ancestors, (n) => {
      if (!n.ref) expanded.set(n.id, (expanded.get(n.id) ?? 0) + 1);
      if (n.ref) assert.equal(n.children.length, 0, 'a reference is never re-expanded');
    });
    assert.ok(
      [...expanded.values()].every((c) => c === 1),
      'each person is drawn in full exactly once',
    );
    assert.equal(expanded.size, 119);
  });

  it('respects the generations window', () => {
    const index = indexFamily(endogamousTree(30));
    const view = buildPedigree(index, 'ROOT', { up: 3, down: 0 })!;
    let deepest = 0;
    walk(view.ancestors, (_n, d) => (deepest = Math.max(deepest, d)));
    assert.equal(deepest, 3);
    assert.equal(view.descendants.children.length, 0);
  });

  it('stops at the box budget and says so', () => {
    const index = indexFamily(endogamousTree(30));
    const view = buildPedigree(index, 'ROOT', { up: 30, down: 0 }, 50)!;
    assert.ok(countBoxes(view.ancestors) <= 51);
    assert.equal(view.stats.truncated, true);
  });

  it('completes one-sided links, puts the father first and ignores unknown ids', () => {
    const index = indexFamily([
      { ...member('kid', 'M'), parents: ['mum', 'ghost'] },
      { ...member('dad', 'M'), children: ['kid'] },
      member('mum', 'F'),
    ]);
    assert.deepEqual(index.get('kid')!.parents, ['mum', 'dad']);
    const view = buildPedigree(index, 'kid', { up: 1, down: 1 })!;
    assert.deepEqual(
      view.ancestors.children.map((c) => c.id),
      ['dad', 'mum'],
    );
    assert.deepEqual(
      buildPedigree(index, 'mum', { up: 0, down: 1 })!.descendants.children.map((c) => c.id),
      ['kid'],
    );
    assert.equal(buildPedigree(index, 'nobody', { up: 1, down: 1 }), undefined);
  });

  it('handles a cycle in bad data (a person listed as their own ancestor) without looping', () => {
    const index = indexFamily([member('a', 'M', ['b']), member('b', 'M', ['c']), member('c', 'M', ['a'])]);
    const view = buildPedigree(index, 'a', { up: 30, down: 30 })!;
    assert.equal(countBoxes(view.ancestors), 4);
    assert.equal(view.stats.refs, 2);
  });

  it('property: any family graph gives a tree where each person is expanded at most once, within bounds', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 40 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 120 }),
              fc.nat(n - 1),
              fc.nat(8),
              fc.nat(8),
            ),
          ),
        ([n, edges, root, up, down]) => {
          const members = Array.from({ length: n }, (_, i) => member(`p${i}`, i % 2 ? 'F' : 'M'));
          for (const [child, parent] of edges) members[child].parents.push(`p${parent}`);
          const index = indexFamily(members);
          const view = buildPedigree(index, `p${root}`, { up, down })!;
          let edgeCount = 0;
          for (const m of index.values()) edgeCount += m.parents.length;
          for (const tree of [view.ancestors, view.descendants]) {
            const seen = new Set<string>();
            walk(tree, (node) => {
              if (node.ref) return;
              assert.ok(!seen.has(node.id));
              seen.add(node.id);
            });
            assert.ok(countBoxes(tree) <= 1 + edgeCount);
          }
          // The payload survives the protocol's own validation.
          assert.ok(PedigreeToWebview.safeParse({ type: 'render', view }).success);
        },
      ),
      { numRuns: 200 },
    );
  });
});
