/**
 * Pedigree chart: ancestors to the right, descendants to the left of the root, laid out with
 * d3-hierarchy, zoom and pan with d3-zoom. The host sends finite trees (each person expanded once;
 * repeats arrive as `ref` boxes), so drawing is linear even on endogamous families.
 */
import '../shared/base.css';
import './style.css';
import { hierarchy, select, tree, zoom, zoomIdentity, type HierarchyPointNode, type ZoomBehavior } from 'd3';
import {
  PedigreeState,
  PedigreeToWebview,
  type Generations,
  type PedigreeFromWebview,
  type PedigreeTreeNode,
  type PedigreeView,
} from '../../src/protocol/pedigree';
import { connect, h, mount } from '../shared/vscode';

const BOX_W = 190;
const BOX_H = 46;
const GAP_X = 60;
const GAP_Y = 14;

const channel = connect<PedigreeToWebview, PedigreeFromWebview, PedigreeState>(
  PedigreeToWebview,
  PedigreeState,
  onMessage,
);
let current: PedigreeView | undefined;
let zoomer: ZoomBehavior<SVGSVGElement, unknown> | undefined;

function onMessage(m: PedigreeToWebview): void {
  if (m.type === 'empty') {
    mount(h('p', { className: 'empty' }, m.message));
    return;
  }
  current = m.view;
  channel.saveState({ rootId: m.view.rootId, generations: m.view.generations });
  const boxes = render(m.view);
  channel.post({ type: 'rendered', rootId: m.view.rootId, boxes });
}

function setGenerations(g: Generations): void {
  channel.post({
    type: 'setGenerations',
    generations: { up: Math.max(0, Math.min(30, g.up)), down: Math.max(0, Math.min(30, g.down)) },
  });
}

function toolbar(view: PedigreeView): HTMLElement {
  const g = view.generations;
  const stepper = (label: string, value: number, set: (v: number) => void) =>
    h(
      'span',
      { className: 'stepper' },
      h('span', { className: 'muted' }, label),
      h(
        'button',
        { className: 'secondary', title: `fewer ${label.toLowerCase()}`, onclick: () => set(value - 1) },
        '−',
      ),
      h('span', { className: 'value' }, value),
      h('button', { className: 'secondary', title: `more ${label.toLowerCase()}`, onclick: () => set(value + 1) }, '+'),
    );
  return h(
    'div',
    { className: 'toolbar row' },
    stepper('Ancestors', g.up, (up) => setGenerations({ ...g, up })),
    stepper('Descendants', g.down, (down) => setGenerations({ ...g, down })),
    h('span', { className: 'spacer' }),
    h(
      'span',
      { className: 'muted', id: 'stats' },
      `${view.stats.persons} persons${view.stats.refs ? ` · ${view.stats.refs} repeated (pedigree collapse)` : ''}${view.stats.truncated ? ' · truncated' : ''}`,
    ),
    h('button', { className: 'secondary', title: 'Zoom in', onclick: () => zoomBy(1.25) }, '+'),
    h('button', { className: 'secondary', title: 'Zoom out', onclick: () => zoomBy(0.8) }, '−'),
    h('button', { className: 'secondary', title: 'Fit the chart', onclick: () => fit() }, 'Fit'),
  );
}

type Point = HierarchyPointNode<PedigreeTreeNode>;

function layout(root: PedigreeTreeNode, direction: 1 | -1): Point[] {
  const h0 = hierarchy(root, (d) => d.children);
  const laid = tree<PedigreeTreeNode>().nodeSize([BOX_H + GAP_Y, BOX_W + GAP_X])(h0);
  for (const n of laid.descendants()) n.y *= direction;
  return laid.descendants();
}

function render(view: PedigreeView): number {
  const svg = select(document.createElementNS('http://www.w3.org/2000/svg', 'svg') as SVGSVGElement)
    .attr('class', 'chart')
    .attr('role', 'img')
    .attr('aria-label', `Pedigree of ${view.ancestors.name}`);
  const layer = svg.append('g').attr('class', 'layer');
  const up = layout(view.ancestors, 1);
  const down = layout(view.descendants, -1).filter((n) => n.depth > 0);
  const all = [...up, ...down];
  const links = [...up, ...layout(view.descendants, -1)].filter((n) => n.parent);
  layer
    .selectAll('path.link')
    .data(links)
    .join('path')
    .attr('class', (d) => `link${d.data.ref ? ' ref' : ''}`)
    .attr('d', (d) => {
      const p = d.parent!;
      const sx = p.y + (d.y > p.y ? BOX_W / 2 : -BOX_W / 2);
      const tx = d.y + (d.y > p.y ? -BOX_W / 2 : BOX_W / 2);
      const mx = (sx + tx) / 2;
      return `M${sx},${p.x}C${mx},${p.x} ${mx},${d.x} ${tx},${d.x}`;
    });
  const node = layer
    .selectAll('g.person')
    .data(all)
    .join('g')
    .attr(
      'class',
      (d) =>
        `person sex-${d.data.sex}${d.data.living ? ' living' : ''}${d.data.ref ? ' ref' : ''}${d.depth === 0 ? ' root' : ''}`,
    )
    .attr('data-person-id', (d) => d.data.id)
    .attr('data-generation', (d) => (d.y >= 0 ? d.depth : -d.depth))
    .attr('transform', (d) => `translate(${d.y - BOX_W / 2},${d.x - BOX_H / 2})`)
    .attr('tabindex', 0)
    .attr('role', 'button')
    .attr(
      'aria-label',
      (d) => `${d.data.name}${d.data.lifespan ? `, ${d.data.lifespan}` : ''}${d.data.ref ? ' (repeated)' : ''}`,
    )
    .on('click', (_e, d) => channel.post({ type: 'openPerson', id: d.data.id }))
    .on('keydown', (e: KeyboardEvent, d) => {
      if (e.key === 'Enter') channel.post({ type: 'openPerson', id: d.data.id });
      if (e.key === ' ') channel.post({ type: 'setRoot', id: d.data.id });
    });
  node
    .append('title')
    .text(
      (d) =>
        `${d.data.name}${d.data.lifespan ? ` (${d.data.lifespan})` : ''}\nClick: open file · ⌖: centre the chart here${d.data.ref ? '\nAlready shown elsewhere in this chart' : ''}`,
    );
  node.append('rect').attr('width', BOX_W).attr('height', BOX_H).attr('rx', 4);
  node.append('rect').attr('class', 'stripe').attr('width', 4).attr('height', BOX_H).attr('rx', 2);
  node
    .append('text')
    .attr('class', 'name')
    .attr('x', 12)
    .attr('y', 19)
    .text((d) => clip(d.data.name, 24));
  node
    .append('text')
    .attr('class', 'dates')
    .attr('x', 12)
    .attr('y', 36)
    .text((d) => (d.data.ref ? `${d.data.lifespan} ↺ repeated` : d.data.lifespan));
  node
    .filter((d) => d.depth > 0 || d.y < 0)
    .append('text')
    .attr('class', 'reroot')
    .attr('x', BOX_W - 18)
    .attr('y', 19)
    .text('⌖')
    .on('click', (e: MouseEvent, d) => {
      e.stopPropagation();
      channel.post({ type: 'setRoot', id: d.data.id });
    });
  const chart = h('div', { className: 'chart-wrap' });
  chart.append(svg.node()!);
  mount(toolbar(view), chart);
  zoomer = zoom<SVGSVGElement, unknown>()
    .scaleExtent([0.1, 3])
    .on('zoom', (e) => layer.attr('transform', e.transform.toString()));
  svg.call(zoomer).on('dblclick.zoom', null);
  fit(false);
  return all.length;
}

function zoomBy(k: number): void {
  const svg = document.querySelector<SVGSVGElement>('svg.chart');
  if (svg && zoomer) select(svg).transition().duration(150).call(zoomer.scaleBy, k);
}

/** Fits the whole chart, but never zooms in beyond 1:1 (small trees stay readable). */
function fit(animate = true): void {
  const svg = document.querySelector<SVGSVGElement>('svg.chart');
  const layer = svg?.querySelector<SVGGElement>('g.layer');
  if (!svg || !layer || !zoomer) return;
  const box = layer.getBBox();
  const w = svg.clientWidth || 800;
  const hgt = svg.clientHeight || 600;
  const k = Math.min(1, 0.92 * Math.min(w / (box.width || 1), hgt / (box.height || 1)));
  const t = zoomIdentity
    .translate(w / 2 - k * (box.x + box.width / 2), hgt / 2 - k * (box.y + box.height / 2))
    .scale(k);
  const sel = select(svg);
  if (animate) sel.transition().duration(200).call(zoomer.transform, t);
  else sel.call(zoomer.transform, t);
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

window.addEventListener('resize', () => current && fit(false));
const saved = channel.state();
if (saved?.rootId) document.getElementById('app')!.textContent = 'Loading pedigree…';
channel.post({ type: 'ready' });
