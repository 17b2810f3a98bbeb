/**
 * The family chart: a pedigree (ancestors right, spouses and descendants left), a descendants
 * chart or a fan, drawn from the host's view (each person once; repeats arrive as references),
 * laid out by src/protocol/pedigree-layout.ts. Keyboard first: one box is focusable at a time
 * (roving tabindex), arrow keys move along the family and the view pans to keep the box in sight,
 * + − 0 zoom and reset, Enter opens, Space centres the chart, / finds a person. The focused person,
 * the chart kind and the window survive redraws and reloads (getState/setState).
 */
import '../shared/base.css';
import './style.css';
import { select, zoom, zoomIdentity, zoomTransform, type ZoomBehavior } from 'd3';
import {
  PedigreeState,
  PedigreeToWebview,
  type ChartEvent,
  type ChartKind,
  type ChartPerson,
  type Generations,
  type PedigreeFromWebview,
  type PedigreeView,
} from '../../src/protocol/pedigree';
import {
  BOX,
  layoutFan,
  layoutPedigree,
  move,
  type ChartLayout,
  type LaidBox,
} from '../../src/protocol/pedigree-layout';
import { connect, h, mount } from '../shared/vscode';

const SVG = 'http://www.w3.org/2000/svg';

const channel = connect<PedigreeToWebview, PedigreeFromWebview, PedigreeState>(
  PedigreeToWebview,
  PedigreeState,
  onMessage,
);
const saved = channel.state() ?? {};
let state: PedigreeState = { ...saved };
let current: { view: PedigreeView; layout: ChartLayout } | undefined;
let zoomer: ZoomBehavior<SVGSVGElement, unknown> | undefined;
let focusKey: string | undefined;

function save(): void {
  channel.saveState(state);
}

function onMessage(m: PedigreeToWebview): void {
  if (m.type === 'empty') {
    current = undefined;
    mount(h('p', { className: 'empty', role: 'status' }, m.message));
    return;
  }
  const hadFocus = Boolean(document.activeElement?.closest('svg.chart'));
  const sameRoot = state.rootId === m.view.rootId;
  state = { ...state, rootId: m.view.rootId, generations: m.view.generations };
  if (!sameRoot || !state.focusId) state.focusId = m.view.rootId;
  save();
  const started = performance.now();
  const boxes = render(m.view, hadFocus || !sameRoot || !current);
  channel.post({ type: 'rendered', rootId: m.view.rootId, boxes, ms: Math.round(performance.now() - started) });
}

const kind = (): ChartKind => state.chart ?? 'pedigree';

/** Switches the chart kind (a toolbar button or P, D, F), keeping the focused person. */
function showKind(k: ChartKind): void {
  state.chart = k;
  save();
  if (current) render(current.view, true);
}

function setGenerations(g: Generations): void {
  channel.post({
    type: 'setGenerations',
    generations: { up: Math.max(0, Math.min(30, g.up)), down: Math.max(0, Math.min(30, g.down)) },
  });
}

function button(label: string, title: string, onclick: () => void, extra: Record<string, string> = {}): HTMLElement {
  return h('button', { className: 'secondary', title, 'aria-label': title, onclick, ...extra }, label);
}

function toolbar(view: PedigreeView): HTMLElement {
  const g = view.generations;
  const stepper = (label: string, value: number, set: (v: number) => void) =>
    h(
      'span',
      { className: 'stepper', role: 'group', 'aria-label': label },
      h('span', { className: 'muted' }, label),
      button('−', `Fewer generations of ${label.toLowerCase()}`, () => set(value - 1)),
      h('span', { className: 'value', 'aria-live': 'polite' }, value),
      button('+', `More generations of ${label.toLowerCase()}`, () => set(value + 1)),
    );
  const kinds: [ChartKind, string][] = [
    ['pedigree', 'Pedigree'],
    ['descendants', 'Descendants'],
    ['fan', 'Fan'],
  ];
  const switcher = h(
    'span',
    { className: 'kinds', role: 'group', 'aria-label': 'Chart' },
    ...kinds.map(([k, label]) =>
      h(
        'button',
        {
          className: k === kind() ? '' : 'secondary',
          'aria-pressed': k === kind() ? 'true' : 'false',
          title: `Show the ${label.toLowerCase()} chart`,
          onclick: () => showKind(k),
        },
        label,
      ),
    ),
  );
  const s = view.stats;
  return h(
    'div',
    { className: 'toolbar row', role: 'toolbar', 'aria-label': 'Chart tools' },
    switcher,
    kind() !== 'descendants' ? stepper('Ancestors', g.up, (up) => setGenerations({ ...g, up })) : false,
    kind() !== 'fan' ? stepper('Descendants', g.down, (down) => setGenerations({ ...g, down })) : false,
    button('Find person…', 'Find a person and centre the chart on them (/)', () => channel.post({ type: 'pick' })),
    h('span', { className: 'spacer' }),
    h(
      'span',
      { className: 'muted', id: 'stats', role: 'status' },
      `${s.persons} persons${s.refs ? ` · ${s.refs} repeated (pedigree collapse)` : ''}${s.truncated ? ' · truncated: narrow the window' : ''}`,
    ),
    button('+', 'Zoom in (+)', () => zoomBy(1.25)),
    button('−', 'Zoom out (−)', () => zoomBy(0.8)),
    button('Fit', 'Fit the chart (0)', () => fit(true)),
    button('Export SVG', 'Save the chart as an SVG image', () => exportChart('svg')),
    button('Export PDF', 'Save the chart as a PDF document', () => exportChart('pdf')),
  );
}

// ---------------------------------------------------------------- text

let measureCtx: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();
function textWidth(text: string, font: string): number {
  const key = `${font}\u0000${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  measureCtx ??= document.createElement('canvas').getContext('2d');
  if (!measureCtx) return text.length * 7;
  // Setting the font parses it: only when it changes.
  if (measureCtx.font !== font) measureCtx.font = font;
  const w = measureCtx.measureText(text).width;
  if (widths.size > 20_000) widths.clear();
  widths.set(key, w);
  return w;
}
const fontFamily = () => getComputedStyle(document.body).fontFamily || 'sans-serif';

/** The text cut with an ellipsis to fit `width` pixels (the full text stays in the label). */
function fitText(text: string, width: number, font: string): string {
  if (textWidth(text, font) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(`${text.slice(0, mid)}…`, font) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

const SEX: Record<ChartPerson['sex'], { symbol: string; word: string }> = {
  M: { symbol: '♂', word: 'male' },
  F: { symbol: '♀', word: 'female' },
  U: { symbol: '?', word: 'sex unknown' },
  X: { symbol: '⚥', word: 'intersex' },
};

/** "Buckingham,Palace,,London" as "Buckingham, Palace, London": empty jurisdictions dropped. */
function placeText(place: string | undefined): string {
  return (place ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}

function eventText(prefix: string, e: ChartEvent | undefined): string {
  if (!e) return '';
  return `${prefix} ${[e.date, placeText(e.place)].filter(Boolean).join(', ')}`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function badges(p: ChartPerson, b?: LaidBox): { text: string; cls: string }[] {
  const out: { text: string; cls: string }[] = [];
  if (p.living) out.push({ text: 'living', cls: 'living' });
  // A person with no citation (most of an imported tree that cites none) is simply unsourced:
  // said quietly, in the description colour without an outline, not as a warning on every box.
  out.push({ text: p.sources ? plural(p.sources, 'source') : 'unsourced', cls: p.sources ? 'sources' : 'nosources' });
  if (p.conflicts) out.push({ text: `⚠ ${plural(p.conflicts, 'conflict')}`, cls: 'conflict' });
  if (p.staged) out.push({ text: `${p.staged} staged`, cls: 'staged' });
  // An ancestor's other marriages (the co-parent is the box beside them): how many, named below.
  if (b?.otherSpouses?.length) out.push({ text: `⚭ +${b.otherSpouses.length}`, cls: 'spouses' });
  return out;
}

const ROLE_WORD = { father: 'Father', mother: 'Mother', parent: 'Parent' } as const;

/** What a screen reader says for a box (and its tooltip). */
function describe(b: LaidBox, view: PedigreeView): string {
  if (!b.id) return `${ROLE_WORD[b.role ?? 'parent']} unknown: an empty slot to research`;
  const p = view.persons[b.id];
  const parts = [p.name, SEX[p.sex].word];
  if (p.living) parts.push('living');
  const born = eventText('born', p.birth);
  const died = eventText('died', p.death);
  if (born) parts.push(born);
  if (died) parts.push(died);
  parts.push(
    ...badges(p)
      .filter((x) => x.cls !== 'living')
      .map((x) => x.text.replace('⚠ ', '')),
  );
  if (b.otherSpouses?.length)
    parts.push(
      `also married to ${b.otherSpouses
        .map((id) => {
          const s = view.persons[id];
          const years = [s?.birth?.date, s?.death?.date].map((d) => d?.match(/\d{3,4}/)?.[0] ?? '');
          return s ? `${s.name}${years[0] || years[1] ? ` (${years[0]}–${years[1]})` : ''}` : id;
        })
        .join('; ')}: Enter opens their page, with each marriage and its children`,
    );
  if (b.kind === 'spouse') parts.push('spouse');
  if (b.firstKey) parts.push('repeated (pedigree collapse): Enter goes to the first box');
  if (b.more === 'up') parts.push('more ancestors beyond the window: Space centres the chart here');
  if (b.more === 'down') parts.push('more descendants beyond the window: Space centres the chart here');
  return parts.join(', ');
}

// ---------------------------------------------------------------- drawing

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  text?: string,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function linkPath(from: LaidBox, to: LaidBox, kindOf: 'parent' | 'child' | 'spouse'): string {
  if (kindOf === 'spouse') {
    const x = from.x + 14;
    return `M${x},${from.y + BOX.h}V${to.y}`;
  }
  // From the side of `from` facing `to` to the facing side of `to`, with an elbow between.
  const rightward = to.x > from.x;
  const sx = rightward ? from.x + BOX.w : from.x;
  const tx = rightward ? to.x : to.x + BOX.w;
  const sy = from.y + BOX.h / 2;
  const ty = to.y + BOX.h / 2;
  const mx = (sx + tx) / 2;
  return `M${sx},${sy}H${mx}V${ty}H${tx}`;
}

/** A box's focusable link (the arrow keys move between them), with its description as label and title. */
function personLink(g: SVGGElement, b: LaidBox, view: PedigreeView): SVGAElement {
  if (b.id) g.setAttribute('data-person-id', b.id);
  const label = describe(b, view);
  const a = el('a', {
    href: `#${b.key}`,
    id: `box-${b.key}`,
    'data-key': b.key,
    tabindex: -1,
    'aria-label': label,
    class: 'person-link',
  });
  if (b.id) a.setAttribute('data-person-id', b.id);
  a.append(el('title', {}, label));
  g.append(a);
  return a;
}

function drawBox(b: LaidBox, view: PedigreeView, font: string, boldFont: string, mirrored?: boolean): SVGGElement {
  const g = el('g', {
    class: `box ${b.kind}`,
    transform: `translate(${b.x},${b.y})`,
    'data-generation': b.gen,
  });
  const a = personLink(g, b, view);
  if (!b.id) {
    a.append(el('rect', { class: 'frame', width: BOX.w, height: BOX.h, rx: 4 }));
    a.append(el('text', { class: 'slot-text', x: 14, y: BOX.h / 2 + 4 }, `${ROLE_WORD[b.role ?? 'parent']} unknown`));
    return g;
  }
  const p = view.persons[b.id];
  g.classList.add(`sex-${p.sex}`);
  if (p.living) g.classList.add('living');
  if (b.firstKey) g.classList.add('ref');
  if (b.key === 'root') g.classList.add('root');
  a.append(el('rect', { class: 'frame', width: BOX.w, height: BOX.h, rx: 4 }));
  a.append(el('rect', { class: 'stripe', width: 5, height: BOX.h, rx: 2 }));
  const inner = BOX.w - 30;
  a.append(el('text', { class: 'sex', x: 12, y: 18 }, SEX[p.sex].symbol));
  const prefix = b.kind === 'spouse' ? '⚭ ' : '';
  a.append(el('text', { class: 'name', x: 26, y: 18 }, fitText(`${prefix}${p.name}`, inner - 14, boldFont)));
  let y = 34;
  if (b.firstKey) {
    a.append(el('text', { class: 'event', x: 12, y }, fitText(eventText('b.', p.birth) || '', inner, font)));
    a.append(el('text', { class: 'ref-text', x: 12, y: y + 16 }, '↺ repeated: see the first box'));
  } else {
    for (const line of [eventText('b.', p.birth), eventText('d.', p.death)]) {
      if (line) a.append(el('text', { class: 'event', x: 12, y }, fitText(line, inner + 10, font)));
      y += 15;
    }
    if (!p.birth && !p.death && !p.living) a.append(el('text', { class: 'event muted', x: 12, y: 34 }, 'no dates'));
  }
  // Badges on the last line: outlined pills in the text colour (contrast of the theme's own text).
  let bx = 12;
  for (const badge of badges(p, b)) {
    const w = textWidth(badge.text, font) + 10;
    const pill = el('g', { class: `badge ${badge.cls}`, transform: `translate(${bx},${BOX.h - 19})` });
    pill.append(el('rect', { width: w, height: 15, rx: 7 }));
    pill.append(el('text', { x: 5, y: 11 }, badge.text));
    a.append(pill);
    bx += w + 4;
  }
  if (b.more) {
    // The window's edge: more ancestors (or descendants) on the side they would be drawn.
    const rightSide = (b.more === 'up') !== Boolean(mirrored);
    a.append(el('text', { class: 'more', x: rightSide ? BOX.w + 3 : -15, y: BOX.h / 2 + 5 }, '⋯'));
  }
  return g;
}

function arcPath(a0: number, a1: number, r0: number, r1: number): string {
  const p = (r: number, a: number) => `${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  if (r0 === 0) return `M0,0L${p(r1, a0)}A${r1},${r1} 0 ${large} 1 ${p(r1, a1)}Z`;
  return `M${p(r0, a0)}L${p(r1, a0)}A${r1},${r1} 0 ${large} 1 ${p(r1, a1)}L${p(r0, a1)}A${r0},${r0} 0 ${large} 0 ${p(r0, a0)}Z`;
}

function drawFanCell(b: LaidBox, view: PedigreeView, font: string, boldFont: string): SVGGElement {
  const { a0, a1, r0, r1 } = b.arc!;
  const g = el('g', { class: `box fan ${b.kind}`, 'data-generation': b.gen });
  const a = personLink(g, b, view);
  a.append(el('path', { class: 'frame', d: arcPath(a0, a1, r0, r1) }));
  const p = b.id ? view.persons[b.id] : undefined;
  if (p) {
    g.classList.add(`sex-${p.sex}`);
    if (b.firstKey) g.classList.add('ref');
    if (b.key === 'root') g.classList.add('root');
  }
  const mid = (a0 + a1) / 2;
  const rm = r0 === 0 ? 0 : (r0 + r1) / 2;
  const name = p ? `${SEX[p.sex].symbol} ${p.name}` : `${ROLE_WORD[b.role ?? 'parent']} unknown`;
  const years = p
    ? [p.birth?.date?.match(/\d{3,4}/)?.[0], p.death?.date?.match(/\d{3,4}/)?.[0]].some(Boolean)
      ? `${p.birth?.date?.match(/\d{3,4}/)?.[0] ?? '?'}–${p.death?.date?.match(/\d{3,4}/)?.[0] ?? ''}`
      : ''
    : '';
  const deg = (mid * 180) / Math.PI;
  const arcLen = rm * (a1 - a0);
  const tangential = r0 === 0 || arcLen > r1 - r0 + 20;
  const text = el('text', { class: p ? 'name' : 'slot-text', 'text-anchor': 'middle' });
  if (tangential) {
    const rot = r0 === 0 ? 0 : deg + 90;
    const flip = r0 !== 0 && Math.sin(mid) > 0 ? 180 : 0;
    text.setAttribute(
      'transform',
      `translate(${(rm * Math.cos(mid)).toFixed(1)},${(rm * Math.sin(mid)).toFixed(1)}) rotate(${rot + flip})`,
    );
    const width = r0 === 0 ? 2 * r1 - 30 : arcLen - 12;
    text.append(el('tspan', { x: 0, dy: -2 }, fitText(name, width, boldFont)));
    if (years) text.append(el('tspan', { x: 0, dy: 15, class: 'event' }, years));
  } else {
    const flip = Math.cos(mid) < 0 ? 180 : 0;
    text.setAttribute(
      'transform',
      `translate(${(rm * Math.cos(mid)).toFixed(1)},${(rm * Math.sin(mid)).toFixed(1)}) rotate(${deg + flip})`,
    );
    text.append(el('tspan', { x: 0, dy: 4 }, fitText(p ? p.name : name, r1 - r0 - 10, arcLen < 28 ? font : boldFont)));
  }
  a.append(text);
  return g;
}

function layoutFor(view: PedigreeView): ChartLayout {
  if (kind() === 'fan') return layoutFan(view.ancestors, view.generations.up);
  return layoutPedigree(view, { descendantsOnly: kind() === 'descendants' });
}

function render(view: PedigreeView, takeFocus: boolean): number {
  const layout = layoutFor(view);
  current = { view, layout };
  const root = view.persons[view.rootId];
  const svg = el('svg', {
    class: `chart ${kind()}`,
    role: 'group',
    'aria-label': `${kind() === 'fan' ? 'Fan chart' : kind() === 'descendants' ? 'Descendants' : 'Pedigree'} of ${root?.name ?? view.rootId}. Arrow keys move between relatives, Enter opens a person, Space centres the chart on them, slash finds a person, plus and minus zoom, 0 fits.`,
  });
  const layer = el('g', { class: 'layer' });
  svg.append(layer);
  const family = fontFamily();
  const font = `12px ${family}`;
  const boldFont = `600 13px ${family}`;
  if (kind() !== 'fan') {
    const links = el('g', { class: 'links', 'aria-hidden': 'true' });
    for (const l of layout.links) {
      const from = layout.byKey.get(l.from)!;
      const to = layout.byKey.get(l.to)!;
      links.append(el('path', { class: `link ${l.kind}${to.firstKey ? ' ref' : ''}`, d: linkPath(from, to, l.kind) }));
    }
    layer.append(links);
  }
  const boxes = el('g', { class: 'boxes' });
  for (const b of layout.boxes)
    boxes.append(
      kind() === 'fan' ? drawFanCell(b, view, font, boldFont) : drawBox(b, view, font, boldFont, layout.mirrored),
    );
  layer.append(boxes);
  boxes.addEventListener('click', onBoxClick);
  boxes.addEventListener('keydown', onBoxKey);
  boxes.addEventListener('focusin', (e) => {
    const key = (e.target as Element).closest('a')?.getAttribute('data-key');
    if (key) setFocusKey(key, false);
  });
  const help = h(
    'p',
    { className: 'keys muted', id: 'keys' },
    '←/→ children/parents · ↑/↓ spouses, siblings · Enter open · Space centre here · / find · + − 0 zoom · P D F pedigree, descendants, fan',
  );
  const chart = h('div', { className: 'chart-wrap' });
  chart.append(svg);
  mount(toolbar(view), chart, help);
  zoomer = zoom<SVGSVGElement, unknown>()
    .scaleExtent([0.08, 3])
    .on('zoom', (e: { transform: { toString(): string } }) => layer.setAttribute('transform', e.transform.toString()));
  select(svg).call(zoomer).on('dblclick.zoom', null);
  // The focused person stays focused across redraws (by person, since box keys change with the window).
  const want = state.focusId && layout.boxes.find((b) => b.id === state.focusId && !b.firstKey);
  const key = want ? want.key : 'root';
  fit(false, key);
  setFocusKey(key, takeFocus);
  return layout.boxes.length;
}

function boxKeyOf(e: Event): string | undefined {
  return (e.target as Element).closest('a[data-key]')?.getAttribute('data-key') ?? undefined;
}

function onBoxClick(e: MouseEvent): void {
  e.preventDefault();
  const key = boxKeyOf(e);
  if (!key) return;
  activate(key);
}

/** Enter or a click: a repeated person goes to their first box; a person opens; a slot says what it is. */
function activate(key: string): void {
  const b = current?.layout.byKey.get(key);
  if (!b) return;
  if (b.firstKey) return setFocusKey(b.firstKey, true);
  setFocusKey(key, true);
  if (b.id) channel.post({ type: 'openPerson', id: b.id });
}

function onBoxKey(e: KeyboardEvent): void {
  const key = boxKeyOf(e);
  if (!key || !current) return;
  const b = current.layout.byKey.get(key);
  switch (e.key) {
    case 'ArrowUp':
    case 'ArrowDown':
    case 'ArrowLeft':
    case 'ArrowRight': {
      e.preventDefault();
      const next = move(current.layout, key, e.key);
      if (next) setFocusKey(next, true);
      return;
    }
    case 'Enter':
      e.preventDefault();
      return activate(key);
    case ' ':
      e.preventDefault();
      if (b?.id && b.key !== 'root') channel.post({ type: 'setRoot', id: b.id });
      return;
    case 'Home':
      e.preventDefault();
      return setFocusKey('root', true);
  }
}

/** Makes `key` the one focusable box, remembers its person, focuses it and pans it into view. */
function setFocusKey(key: string, takeFocus: boolean): void {
  if (!current) return;
  const b = current.layout.byKey.get(key);
  if (!b) return;
  if (focusKey !== key) {
    document.getElementById(`box-${focusKey}`)?.setAttribute('tabindex', '-1');
    document.getElementById(`box-${focusKey}`)?.closest('g.box')?.classList.remove('focused');
  }
  focusKey = key;
  const a = document.getElementById(`box-${key}`);
  a?.setAttribute('tabindex', '0');
  a?.closest('g.box')?.classList.add('focused');
  if (b.id && state.focusId !== b.id) {
    state.focusId = b.id;
    save();
  }
  if (takeFocus) {
    (a as unknown as SVGElement | null)?.focus({ preventScroll: true });
    panInto(b);
  }
}

/** The box's rectangle in chart coordinates. */
function rectOf(b: LaidBox): { x: number; y: number; w: number; h: number } {
  if (b.arc) {
    const { a0, a1, r0, r1 } = b.arc;
    const mid = (a0 + a1) / 2;
    const rm = (r0 + r1) / 2;
    return { x: rm * Math.cos(mid) - 50, y: rm * Math.sin(mid) - 30, w: 100, h: 60 };
  }
  return { x: b.x, y: b.y, w: BOX.w, h: BOX.h };
}

/** Pans (never zooms) just enough to bring the box fully into view, with a margin. */
function panInto(b: LaidBox): void {
  const svg = document.querySelector<SVGSVGElement>('svg.chart');
  if (!svg || !zoomer) return;
  const t = zoomTransform(svg);
  const r = rectOf(b);
  const w = svg.clientWidth || 800;
  const hgt = svg.clientHeight || 600;
  const m = 24;
  const x0 = t.applyX(r.x);
  const y0 = t.applyY(r.y);
  const x1 = t.applyX(r.x + r.w);
  const y1 = t.applyY(r.y + r.h);
  let dx = 0;
  let dy = 0;
  if (x0 < m) dx = m - x0;
  else if (x1 > w - m) dx = w - m - x1;
  if (y0 < m) dy = m - y0;
  else if (y1 > hgt - m) dy = hgt - m - y1;
  if (dx || dy) zoomer.transform(select(svg), t.translate(dx / t.k, dy / t.k));
}

function zoomBy(k: number): void {
  const svg = document.querySelector<SVGSVGElement>('svg.chart');
  if (!svg || !zoomer) return;
  zoomer.scaleBy(select(svg), k);
  const b = focusKey ? current?.layout.byKey.get(focusKey) : undefined;
  if (b) panInto(b);
}

/**
 * Fits the chart; a chart too big to read at that scale is shown at a readable scale around the
 * focused box instead (the window can be widened, the rest reached by keys and panning).
 */
function fit(userAsked: boolean, around?: string): void {
  const svg = document.querySelector<SVGSVGElement>('svg.chart');
  if (!svg || !zoomer || !current) return;
  const { bounds } = current.layout;
  const w = svg.clientWidth || 800;
  const hgt = svg.clientHeight || 600;
  const k = Math.min(1, 0.94 * Math.min(w / (bounds.w || 1), hgt / (bounds.h || 1)));
  let t = zoomIdentity
    .translate(w / 2 - k * (bounds.x + bounds.w / 2), hgt / 2 - k * (bounds.y + bounds.h / 2))
    .scale(k);
  const focus = current.layout.byKey.get(around ?? focusKey ?? 'root');
  if (!userAsked && k < 0.55 && focus) {
    const r = rectOf(focus);
    const k2 = 0.75;
    t = zoomIdentity.translate(w / 2 - k2 * (r.x + r.w / 2), hgt / 2 - k2 * (r.y + r.h / 2)).scale(k2);
  }
  zoomer.transform(select(svg), t);
}

// ---------------------------------------------------------------- export

const INLINE = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'font-size',
  'font-weight',
  'font-family',
  'font-style',
  'opacity',
];

/**
 * The chart as a standalone SVG: theme colours resolved into each element, the whole chart in view.
 * As a PDF, the host draws this same SVG into a page (the webview has no file access).
 */
function exportChart(format: 'svg' | 'pdf'): void {
  const svg = document.querySelector<SVGSVGElement>('svg.chart');
  if (!svg || !current) return;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const src = svg.querySelectorAll('*');
  const dst = clone.querySelectorAll('*');
  src.forEach((node, i) => {
    const cs = getComputedStyle(node);
    const style = INLINE.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
    dst[i].setAttribute('style', style);
  });
  const { bounds } = current.layout;
  const pad = 20;
  clone.setAttribute('xmlns', SVG);
  clone.setAttribute('viewBox', `${bounds.x - pad} ${bounds.y - pad} ${bounds.w + 2 * pad} ${bounds.h + 2 * pad}`);
  clone.setAttribute('width', String(bounds.w + 2 * pad));
  clone.setAttribute('height', String(bounds.h + 2 * pad));
  clone.querySelector('g.layer')?.removeAttribute('transform');
  const bg = el('rect', {
    x: bounds.x - pad,
    y: bounds.y - pad,
    width: bounds.w + 2 * pad,
    height: bounds.h + 2 * pad,
    style: `fill:${getComputedStyle(document.body).backgroundColor}`,
  });
  clone.insertBefore(bg, clone.firstChild);
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
  channel.post({ type: 'export', format, chart: kind(), content: text });
}

// ---------------------------------------------------------------- page keys

document.addEventListener('keydown', (e) => {
  const target = e.target as Element;
  if (target.closest('input, textarea')) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === '+' || e.key === '=') return (e.preventDefault(), zoomBy(1.25));
  if (e.key === '-' || e.key === '−' || e.key === '_') return (e.preventDefault(), zoomBy(0.8));
  if (e.key === '0') return (e.preventDefault(), fit(true));
  if (e.key === '/') return (e.preventDefault(), channel.post({ type: 'pick' }));
  const kinds: Record<string, ChartKind> = { p: 'pedigree', d: 'descendants', f: 'fan' };
  if (kinds[e.key]) return (e.preventDefault(), showKind(kinds[e.key]));
});

window.addEventListener('resize', () => current && fit(false));
if (saved.rootId) document.getElementById('app')!.textContent = 'Loading the chart…';
channel.post({ type: 'ready' });
