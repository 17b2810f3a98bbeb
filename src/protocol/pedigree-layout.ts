/**
 * Where each box of a family chart goes, and which box an arrow key moves to. Pure: the webview
 * draws what this returns, tests check it without a browser.
 *
 * Pedigree: the subject in column 0, ancestors in the columns to the right (father above mother),
 * descendants to the left, each descendant with their spouses stacked under them and their
 * children beside the spouse they had them with. Each subtree gets its own band of rows (leaf
 * packing), so no two boxes overlap and the layout is linear in the number of boxes.
 * Fan: the subject at the centre, each ancestor generation a ring, father's line on the left half.
 */
import type { AncestorNode, DescendantNode, PedigreeView } from './pedigree';

export const BOX = { w: 250, h: 80, gapX: 56, gapY: 14, spouseGap: 8 } as const;

export type BoxKind = 'person' | 'slot' | 'spouse';

export interface LaidBox {
  /** Unique in the chart: the root is 'root', then a path ('a01' = root's father's mother). */
  key: string;
  kind: BoxKind;
  /** Absent for an empty slot (unknown parent). */
  id?: string;
  role?: 'father' | 'mother' | 'parent';
  /** Generation: 0 the subject, +n ancestors, −n descendants. */
  gen: number;
  x: number;
  y: number;
  /** A repeated person: the key of the box where they are drawn in full. */
  firstKey?: string;
  /** Beyond the window: 'up' has more ancestors, 'down' more descendants. */
  more?: 'up' | 'down';
  /** The box one step toward the subject (for Left/Right). */
  toward?: string;
  /** The first box one step away from the subject. */
  away?: string;
  /** For a spouse: the person they are married to. */
  partner?: string;
  /** An ancestor's other spouses (not drawn as boxes; named on the box). */
  otherSpouses?: string[];
  /** A fan chart's cell: angles in radians (0 = right, clockwise, as SVG draws), radii in pixels. */
  arc?: { a0: number; a1: number; r0: number; r1: number };
}

export interface LaidLink {
  from: string;
  to: string;
  kind: 'parent' | 'child' | 'spouse';
}

export interface ChartLayout {
  boxes: LaidBox[];
  links: LaidLink[];
  byKey: Map<string, LaidBox>;
  /** The subject's first child (Left from the subject). */
  rootChild?: string;
  /** Descendants drawn to the right (the descendants chart): Left and Right swap. */
  mirrored?: boolean;
  bounds: { x: number; y: number; w: number; h: number };
}

const COL = BOX.w + BOX.gapX;
const ROW = BOX.h + BOX.gapY;

function ancestorsLayout(root: AncestorNode, out: LaidBox[], links: LaidLink[]): void {
  // Leaf packing: leaves take the next row; a person sits midway between their two parents.
  let next = 0;
  const place = (node: AncestorNode, key: string, gen: number, toward: string | undefined): LaidBox => {
    const box: LaidBox = {
      key,
      kind: node.id ? 'person' : 'slot',
      gen,
      x: gen * COL,
      y: 0,
      ...(node.id ? { id: node.id } : {}),
      ...(node.role !== 'subject' ? { role: node.role } : {}),
      ...(node.more ? { more: 'up' as const } : {}),
      ...(node.otherSpouses?.length ? { otherSpouses: node.otherSpouses } : {}),
      ...(toward ? { toward } : {}),
    };
    out.push(box);
    if (!node.parents.length) {
      box.y = next * ROW;
      next += 1;
      return box;
    }
    const parents = node.parents.map((p, i) => place(p, `${key === 'root' ? 'a' : key}${i}`, gen + 1, key));
    box.y = (parents[0].y + parents[parents.length - 1].y) / 2;
    box.away = parents[0].key;
    for (const p of parents) links.push({ from: key, to: p.key, kind: 'parent' });
    return box;
  };
  const rootBox = place(root, 'root', 0, undefined);
  // The subject's row is y = 0.
  const dy = rootBox.y;
  for (const b of out) b.y -= dy;
}

/** Lays the descendants out around the subject's box; returns the subject's first child. */
function descendantsLayout(
  root: DescendantNode,
  out: LaidBox[],
  links: LaidLink[],
  rootBox: LaidBox,
): string | undefined {
  let rootChild: string | undefined;
  const spouseStep = BOX.h + BOX.spouseGap;
  const own = (n: DescendantNode) => BOX.h + n.families.filter((f) => f.spouse).length * spouseStep;
  const boxes: LaidBox[] = [];
  /** Lays the subtree out from row `top` (pixels); returns its box and its height. */
  const place = (
    node: DescendantNode,
    key: string,
    gen: number,
    top: number,
    toward?: string,
  ): { self: LaidBox; height: number } => {
    const self: LaidBox =
      key === 'root'
        ? rootBox
        : {
            key,
            kind: 'person',
            id: node.id,
            gen: -gen,
            x: -gen * COL,
            y: 0,
            ...(node.more ? { more: 'down' as const } : {}),
            ...(toward ? { toward } : {}),
          };
    if (key === 'root' && node.more) rootBox.more = 'down';
    let cursor = top;
    const familyBoxes: { box: LaidBox; children: LaidBox[] }[] = [];
    node.families.forEach((f, fi) => {
      const fkey = `${key === 'root' ? 'd' : key}f${fi}`;
      const spouse: LaidBox | undefined = f.spouse
        ? { key: `${fkey}s`, kind: 'spouse', id: f.spouse, gen: -gen, x: -gen * COL, y: 0, partner: key }
        : undefined;
      const children: LaidBox[] = [];
      f.children.forEach((c, ci) => {
        const laid = place(c, `${fkey}c${ci}`, gen + 1, cursor, spouse?.key ?? key);
        children.push(laid.self);
        cursor += laid.height + BOX.gapY;
      });
      familyBoxes.push({ box: spouse ?? self, children });
      if (spouse) boxes.push(spouse);
    });
    const childrenHeight = cursor > top ? cursor - top - BOX.gapY : 0;
    const ownHeight = own(node);
    const height = Math.max(ownHeight, childrenHeight);
    // The couple sits in the middle of the band their children take.
    const ownTop = top + (height - ownHeight) / 2;
    self.y = ownTop;
    let sy = ownTop + spouseStep;
    for (const f of familyBoxes) {
      if (f.box !== self) {
        f.box.y = sy;
        sy += spouseStep;
        links.push({ from: key, to: f.box.key, kind: 'spouse' });
      }
      for (const c of f.children) links.push({ from: f.box.key, to: c.key, kind: 'child' });
      if (f.children[0] && f.box !== self) f.box.away = f.children[0].key;
    }
    const firstChild = familyBoxes.find((f) => f.children[0])?.children[0]?.key;
    if (key === 'root') rootChild = firstChild;
    else if (firstChild) self.away = firstChild;
    if (key !== 'root') boxes.push(self);
    return { self, height };
  };
  place(root, 'root', 0, 0);
  // Align with the subject's row of the ancestors (y = 0).
  const dy = rootBox.y;
  rootBox.y = 0;
  for (const b of boxes) {
    b.y -= dy;
    out.push(b);
  }
  return rootChild;
}

/**
 * Lays a view out as a pedigree (ancestors right, descendants left) or, with `descendantsOnly`, as
 * a descendants chart (the subject on the left, descendants to the right).
 */
export function layoutPedigree(
  view: Pick<PedigreeView, 'ancestors' | 'descendants'>,
  opts: { descendantsOnly?: boolean } = {},
): ChartLayout {
  const boxes: LaidBox[] = [];
  const links: LaidLink[] = [];
  const up: AncestorNode = opts.descendantsOnly
    ? { ...view.ancestors, parents: [], ...(view.ancestors.parents.some((p) => p.id) ? { more: true } : {}) }
    : view.ancestors;
  ancestorsLayout(up, boxes, links);
  const rootBox = boxes.find((b) => b.key === 'root')!;
  // Right from the subject goes to the father; Left to the first child.
  const rootChild = descendantsLayout(view.descendants, boxes, links, rootBox);
  if (opts.descendantsOnly) for (const b of boxes) b.x = -b.x;
  return finish(boxes, links, rootChild, opts.descendantsOnly);
}

function finish(boxes: LaidBox[], links: LaidLink[], rootChild?: string, mirrored?: boolean): ChartLayout {
  const byKey = new Map(boxes.map((b) => [b.key, b]));
  markRepeats(boxes);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + BOX.w);
    y1 = Math.max(y1, b.y + BOX.h);
  }
  return {
    boxes,
    links,
    byKey,
    ...(rootChild ? { rootChild } : {}),
    ...(mirrored ? { mirrored } : {}),
    bounds: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 },
  };
}

/** The first box of each person is drawn in full; every later one points at it. */
function markRepeats(boxes: LaidBox[]): void {
  // Breadth first by distance from the subject, so the box nearest the subject is the "first".
  const order = [...boxes].sort((a, b) => Math.abs(a.gen) - Math.abs(b.gen) || a.key.length - b.key.length);
  const first = new Map<string, string>();
  for (const b of order) {
    if (!b.id) continue;
    const f = first.get(b.id);
    if (f === undefined) first.set(b.id, b.key);
    else b.firstKey = f;
  }
}

export type Arrow = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

/**
 * The box an arrow key moves to from `key`: Right goes to the father (ancestors' side) or back
 * toward the subject (descendants' side); Left the other way (a child); Up and Down to the nearest
 * box above or below in the same generation (a spouse, a sibling, a cousin).
 */
export function move(layout: ChartLayout, key: string, arrow: Arrow): string | undefined {
  const b = layout.byKey.get(key);
  if (!b) return undefined;
  if (arrow === 'ArrowUp' || arrow === 'ArrowDown') {
    const down = arrow === 'ArrowDown';
    let best: LaidBox | undefined;
    for (const o of layout.boxes) {
      if (o.x !== b.x || o === b) continue;
      if (down ? o.y <= b.y : o.y >= b.y) continue;
      if (!best || Math.abs(o.y - b.y) < Math.abs(best.y - b.y)) best = o;
    }
    return best?.key;
  }
  const right = (arrow === 'ArrowRight') !== Boolean(layout.mirrored);
  if (b.key === 'root') return right ? b.away : layout.rootChild;
  if (b.gen > 0) return right ? b.away : b.toward;
  // Descendants' side: a spouse moves as their partner does toward the subject.
  if (b.kind === 'spouse') return right ? layout.byKey.get(b.partner!)?.toward : b.away;
  return right ? b.toward : b.away;
}

export const FAN = { hub: 90, ring: 120, maxGenerations: 7 } as const;

/**
 * The ancestors as a fan: the subject in the hub, each generation a ring over 240°, each person's
 * arc split between father (first, on the left) and mother. An empty slot is an empty arc. Boxes
 * carry `arc`; x is the ring and y the middle angle, so `move` walks a ring with Up and Down.
 */
export function layoutFan(root: AncestorNode, generations: number): ChartLayout {
  const boxes: LaidBox[] = [];
  const links: LaidLink[] = [];
  const start = Math.PI * (5 / 6); // 150°: lower left, going clockwise over the top to 30°
  const span = Math.PI * (4 / 3);
  const depth = Math.min(generations, FAN.maxGenerations);
  const place = (node: AncestorNode, key: string, gen: number, a0: number, a1: number, toward?: string): LaidBox => {
    const r0 = gen === 0 ? 0 : FAN.hub + (gen - 1) * FAN.ring;
    const box: LaidBox = {
      key,
      kind: node.id ? 'person' : 'slot',
      gen,
      x: gen * COL,
      y: ((a0 + a1) / 2) * 1000,
      arc: { a0, a1, r0, r1: gen === 0 ? FAN.hub : r0 + FAN.ring },
      ...(node.id ? { id: node.id } : {}),
      ...(node.role !== 'subject' ? { role: node.role } : {}),
      ...(toward ? { toward } : {}),
    };
    boxes.push(box);
    const parents = gen < depth ? node.parents : [];
    if (node.more || (gen >= depth && node.parents.some((p) => p.id))) box.more = 'up';
    const step = (a1 - a0) / Math.max(2, parents.length);
    parents.forEach((p, i) => {
      const child = place(p, `${key === 'root' ? 'a' : key}${i}`, gen + 1, a0 + i * step, a0 + (i + 1) * step, key);
      if (i === 0) box.away = child.key;
      links.push({ from: key, to: child.key, kind: 'parent' });
    });
    return box;
  };
  place(root, 'root', 0, start, start + span);
  const r = FAN.hub + depth * FAN.ring;
  const byKey = new Map(boxes.map((b) => [b.key, b]));
  markRepeats(boxes);
  return { boxes, links, byKey, bounds: { x: -r, y: -r, w: 2 * r, h: 2 * r } };
}
