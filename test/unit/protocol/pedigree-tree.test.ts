import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildPedigree, countBoxes, indexFamily, type FamilyMember } from '../../../src/protocol/pedigree-tree';
import { PedigreeToWebview, type AncestorNode, type DescendantNode } from '../../../src/protocol/pedigree';

function member(id: string, sex: FamilyMember['sex'], parents: string[] = [], born?: string): FamilyMember {
  return {
    id,
    name: id,
    sex,
    living: false,
    sources: 0,
    conflicts: 0,
    staged: 0,
    ...(born ? { birth: { date: born } } : {}),
    parents,
    spouses: [],
    children: [],
  };
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

function walkUp(node: AncestorNode, visit: (n: AncestorNode, depth: number) => void, depth = 0): void {
  visit(node, depth);
  for (const p of node.parents) walkUp(p, visit, depth + 1);
}

function walkDown(node: DescendantNode, visit: (n: DescendantNode, depth: number) => void, depth = 0): void {
  visit(node, depth);
  for (const f of node.families) for (const c of f.children) walkDown(c, visit, depth + 1);
}

describe('pedigree tree (family-aware, endogamy-safe traversal)', () => {
  it('draws 30 generations of cousin marriages once per person (2^30 paths, linear output)', () => {
    const source = indexFamily(endogamousTree(30));
    const view = buildPedigree(source, 'ROOT', { up: 30, down: 2 })!;
    // ROOT, its two parents, then all four persons of each of the 29 older generations: 119 persons.
    assert.equal(view.stats.persons, 119);
    const boxes = countBoxes(view);
    assert.ok(boxes <= 1 + 2 * 119 + 8, `linear output, got ${boxes} boxes`);
    assert.ok(view.stats.refs > 0, 'repeated ancestors are marked as references');
    assert.equal(view.stats.truncated, false);
    const expanded = new Map<string, number>();
    walkUp(view.ancestors, (n) => {
      if (n.ref) assert.equal(n.parents.length, 0, 'a reference is never re-expanded');
      else if (n.id) expanded.set(n.id, (expanded.get(n.id) ?? 0) + 1);
    });
    assert.ok(
      [...expanded.values()].every((c) => c === 1),
      'each person is drawn in full exactly once',
    );
    assert.equal(expanded.size, 119);
    assert.equal(Object.keys(view.persons).length, 119, 'each person travels once');
  });

  it('respects the generations window and marks persons with more beyond it', () => {
    const source = indexFamily(endogamousTree(30));
    const view = buildPedigree(source, 'ROOT', { up: 3, down: 0 })!;
    let deepest = 0;
    const edge: AncestorNode[] = [];
    walkUp(view.ancestors, (n, d) => {
      deepest = Math.max(deepest, d);
      if (d === 3 && !n.ref) edge.push(n);
    });
    assert.equal(deepest, 3);
    assert.ok(edge.length > 0 && edge.every((n) => n.more && n.parents.length === 0));
    assert.equal(view.descendants.families.length, 0);
  });

  it('stops at the box budget and says so', () => {
    const source = indexFamily(endogamousTree(30));
    const view = buildPedigree(source, 'ROOT', { up: 30, down: 0 }, 50)!;
    assert.ok(countBoxes(view) <= 51);
    assert.equal(view.stats.truncated, true);
  });

  it('puts the father first, leaves an empty slot for an unknown parent and ignores unknown ids', () => {
    const source = indexFamily([
      { ...member('kid', 'M'), parents: ['mum', 'ghost'] },
      { ...member('dad', 'M'), children: ['kid'] },
      member('mum', 'F'),
      member('orphan', 'F', ['mum2']),
      member('mum2', 'F'),
    ]);
    assert.deepEqual(source.member('kid')!.parents, ['mum', 'dad']);
    const view = buildPedigree(source, 'kid', { up: 1, down: 1 })!;
    assert.deepEqual(
      view.ancestors.parents.map((c) => [c.role, c.id]),
      [
        ['father', 'dad'],
        ['mother', 'mum'],
      ],
    );
    const orphan = buildPedigree(source, 'orphan', { up: 2, down: 0 })!;
    assert.deepEqual(
      orphan.ancestors.parents.map((c) => [c.role, c.id]),
      [
        ['father', undefined],
        ['mother', 'mum2'],
      ],
      'the unknown father is an empty slot',
    );
    // mum2's own parents are unknown: two empty slots one generation up, none beyond.
    assert.deepEqual(
      orphan.ancestors.parents[1].parents.map((c) => c.id),
      [undefined, undefined],
    );
    assert.equal(orphan.ancestors.parents[0].parents.length, 0, 'no slot above an empty slot');
    assert.equal(buildPedigree(source, 'nobody', { up: 1, down: 1 }), undefined);
  });

  it("groups a person's children by the other parent, spouses without children included, children by birth", () => {
    const dad = { ...member('dad', 'M'), spouses: ['anna', 'bertha', 'clara'] };
    const source = indexFamily([
      dad,
      member('anna', 'F'),
      member('bertha', 'F'),
      member('clara', 'F'),
      member('k3', 'F', ['dad', 'anna'], '12 MAR 1853'),
      member('k1', 'M', ['dad', 'anna'], '1849'),
      member('k2', 'M', ['dad', 'bertha'], 'ABT 1860'),
      member('k4', 'U', ['dad']),
    ]);
    const view = buildPedigree(source, 'dad', { up: 0, down: 1 })!;
    assert.deepEqual(
      view.descendants.families.map((f) => [f.spouse, f.children.map((c) => c.id)]),
      [
        ['anna', ['k1', 'k3']],
        ['bertha', ['k2']],
        ['clara', []],
        [undefined, ['k4']],
      ],
    );
    assert.equal(view.persons.k3.birth?.date, '12 MAR 1853', 'full dates travel, not only years');
    // At the window's edge the spouses are still shown, the children only announced.
    const edge = buildPedigree(source, 'dad', { up: 0, down: 0 })!;
    assert.deepEqual(
      edge.descendants.families.map((f) => f.spouse),
      ['anna', 'bertha', 'clara'],
    );
    assert.equal(edge.descendants.more, true);
  });

  it('handles a cycle in bad data (a person listed as their own ancestor) without looping', () => {
    const source = indexFamily([member('a', 'M', ['b']), member('b', 'M', ['c']), member('c', 'M', ['a'])]);
    const view = buildPedigree(source, 'a', { up: 30, down: 30 })!;
    assert.ok(view.stats.refs >= 1);
    assert.ok(countBoxes(view) < 20);
  });

  it('asks the source only for the persons the window reaches', () => {
    const all = indexFamily(endogamousTree(30));
    const asked = new Set<string>();
    const view = buildPedigree(
      {
        member: (id) => {
          asked.add(id);
          return all.member(id);
        },
      },
      'ROOT',
      { up: 2, down: 0 },
    )!;
    // ROOT, 2 parents, 4 grandparents and (to know whether there is more) nothing further.
    assert.ok(asked.size <= 7 + 8, `asked for ${asked.size} persons`);
    assert.equal(view.stats.persons, 7);
  });

  it('property: any family graph gives trees where each person is expanded at most once, within bounds', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 40 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 120 }),
              fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 30 }),
              fc.nat(n - 1),
              fc.nat(8),
              fc.nat(8),
            ),
          ),
        ([n, edges, marriages, root, up, down]) => {
          const members = Array.from({ length: n }, (_, i) => member(`p${i}`, i % 2 ? 'F' : 'M'));
          for (const [child, parent] of edges) members[child].parents.push(`p${parent}`);
          for (const [a, b] of marriages) members[a].spouses.push(`p${b}`);
          const source = indexFamily(members);
          const view = buildPedigree(source, `p${root}`, { up, down })!;
          const full = new Set<string>();
          walkUp(view.ancestors, (node) => {
            if (!node.id || node.ref) return;
            assert.ok(!full.has(node.id), `${node.id} expanded twice`);
            full.add(node.id);
          });
          walkDown(view.descendants, (node, d) => {
            if (node.ref || d === 0) return;
            assert.ok(!full.has(node.id), `${node.id} expanded twice`);
            full.add(node.id);
          });
          // Every person is shown in full once; every box is a person, a reference or a slot.
          assert.ok(countBoxes(view) <= 1 + 3 * (edges.length + marriages.length) + 2 * n);
          for (const id of full) assert.ok(view.persons[id]);
          // The payload survives the protocol's own validation.
          assert.ok(PedigreeToWebview.safeParse({ type: 'render', view }).success);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('names an ancestor’s other spouses (a second wife, a stated second husband) on their box, not as boxes', () => {
    const wife2 = member('W2', 'F');
    const half = member('HALF', 'M', ['F', 'W2'], '1880');
    const husband2 = { ...member('H2', 'M'), spouses: ['M'] };
    const source = indexFamily([
      member('ROOT', 'M', ['F', 'M'], '1870'),
      member('F', 'M'),
      member('M', 'F'),
      wife2,
      half,
      husband2,
    ]);
    const view = buildPedigree(source, 'ROOT', { up: 1, down: 0 })!;
    const [father, mother] = view.ancestors.parents;
    assert.deepEqual(father.otherSpouses, ['W2']);
    assert.deepEqual(mother.otherSpouses, ['H2']);
    assert.equal(view.persons.W2?.name, 'W2');
    assert.equal(view.persons.H2?.name, 'H2');
    assert.equal(countBoxes(view), 3, 'the subject and two parents: other spouses are not boxes');
    assert.ok(PedigreeToWebview.safeParse({ type: 'render', view }).success);
    // The co-parent is never named as an "other" spouse.
    const alone = buildPedigree(
      indexFamily([member('ROOT', 'M', ['F', 'M']), member('F', 'M'), member('M', 'F')]),
      'ROOT',
      {
        up: 2,
        down: 0,
      },
    )!;
    assert.ok(alone.ancestors.parents.every((p) => p.otherSpouses === undefined));
  });
});
