/**
 * Builds the pedigree chart's two trees (ancestors up, descendants down) from a family index.
 *
 * Endogamy safe: the traversal is a breadth-first walk over a generations window with a visited
 * set, so each person is expanded at most once per direction and the output is linear in the
 * number of persons and relationships. A person reached a second time (cousin marriages, pedigree
 * collapse) is emitted once more as a `ref` leaf pointing at the box already drawn — never
 * re-expanded, which is what makes naive recursive charts blow up exponentially.
 */
import type { Generations, PedigreeTreeNode, PedigreeView } from './pedigree';

export interface FamilyMember {
  id: string;
  name: string;
  lifespan: string;
  sex: 'M' | 'F' | 'U' | 'X';
  living: boolean;
  parents: string[];
  children: string[];
}

/** Default upper bound on boxes; beyond it the chart says it was truncated. */
export const MAX_BOXES = 4000;

/**
 * Indexes persons by id and makes parent/child links symmetric (a file may state only one side).
 * Links to unknown ids are dropped.
 */
export function indexFamily(members: Iterable<FamilyMember>): Map<string, FamilyMember> {
  const byId = new Map<string, FamilyMember>();
  for (const m of members)
    byId.set(m.id, { ...m, parents: [...new Set(m.parents)], children: [...new Set(m.children)] });
  for (const m of byId.values()) {
    m.parents = m.parents.filter((p) => p !== m.id && byId.has(p));
    m.children = m.children.filter((c) => c !== m.id && byId.has(c));
  }
  for (const m of byId.values()) {
    for (const p of m.parents) {
      const parent = byId.get(p)!;
      if (!parent.children.includes(m.id)) parent.children.push(m.id);
    }
    for (const c of m.children) {
      const child = byId.get(c)!;
      if (!child.parents.includes(m.id)) child.parents.push(m.id);
    }
  }
  return byId;
}

function box(m: FamilyMember, ref: boolean): PedigreeTreeNode {
  return { id: m.id, name: m.name, lifespan: m.lifespan, sex: m.sex, living: m.living, ref, children: [] };
}

interface WalkResult {
  tree: PedigreeTreeNode;
  expanded: Set<string>;
  refs: number;
  truncated: boolean;
}

function walk(
  index: Map<string, FamilyMember>,
  rootId: string,
  depth: number,
  next: (m: FamilyMember) => string[],
  budget: { boxes: number },
): WalkResult {
  const root = index.get(rootId)!;
  const tree = box(root, false);
  const expanded = new Set<string>([rootId]);
  let refs = 0;
  let truncated = false;
  let frontier: { node: PedigreeTreeNode; member: FamilyMember }[] = [{ node: tree, member: root }];
  for (let gen = 0; gen < depth && frontier.length; gen++) {
    const following: typeof frontier = [];
    for (const { node, member } of frontier) {
      for (const id of next(member)) {
        if (budget.boxes <= 0) {
          truncated = true;
          break;
        }
        const m = index.get(id)!;
        budget.boxes -= 1;
        if (expanded.has(id)) {
          node.children.push(box(m, true));
          refs += 1;
          continue;
        }
        expanded.add(id);
        const child = box(m, false);
        node.children.push(child);
        following.push({ node: child, member: m });
      }
    }
    frontier = following;
  }
  // Persons beyond the window are not an error, only a sign there is more to show.
  return { tree, expanded, refs, truncated };
}

/** The chart for `rootId`, or undefined when that person is unknown. */
export function buildPedigree(
  index: Map<string, FamilyMember>,
  rootId: string,
  generations: Generations,
  maxBoxes = MAX_BOXES,
): PedigreeView | undefined {
  if (!index.has(rootId)) return undefined;
  const budget = { boxes: maxBoxes };
  const up = walk(index, rootId, generations.up, (m) => sortParents(index, m.parents), budget);
  const down = walk(index, rootId, generations.down, (m) => m.children, budget);
  const persons = new Set([...up.expanded, ...down.expanded]).size;
  return {
    rootId,
    generations,
    ancestors: up.tree,
    descendants: down.tree,
    stats: { persons, refs: up.refs + down.refs, truncated: up.truncated || down.truncated },
  };
}

/** Father above mother, as genealogists read a pedigree. */
function sortParents(index: Map<string, FamilyMember>, parents: string[]): string[] {
  const rank = (id: string) => ({ M: 0, U: 1, X: 1, F: 2 })[index.get(id)!.sex];
  return [...parents].sort((a, b) => rank(a) - rank(b));
}

/** Counts boxes in a tree (used by the webview's acknowledgement and by tests). */
export function countBoxes(node: PedigreeTreeNode): number {
  let n = 0;
  const stack = [node];
  while (stack.length) {
    const cur = stack.pop()!;
    n += 1;
    stack.push(...cur.children);
  }
  return n;
}
