/** The hypothesis queue: clues by priority; dismiss, reprioritise, research a target person. */
import '../shared/base.css';
import './style.css';
import { QueueState, QueueToWebview, type HypothesisView, type QueueFromWebview } from '../../src/protocol/queue';
import { connect, h, mount } from '../shared/vscode';

let state: QueueState = { showClosed: false };
let items: HypothesisView[] = [];
let running = false;
let notice: { ok: boolean; message: string } | undefined;

const channel = connect<QueueToWebview, QueueFromWebview, QueueState>(QueueToWebview, QueueState, (m) => {
  if (m.type === 'state') {
    items = m.hypotheses;
    running = m.running;
  } else notice = { ok: m.ok, message: m.message };
  render();
});
state = channel.state() ?? state;

const OPEN = new Set(['pending', 'in_progress']);

function row(x: HypothesisView): HTMLElement {
  const open = OPEN.has(x.status);
  const input = h('input', {
    type: 'number',
    min: 0,
    max: 1,
    step: 0.05,
    value: x.priority.toFixed(2),
    'aria-label': 'priority',
    disabled: !open,
  });
  input.addEventListener('change', () => {
    const v = Number(input.value);
    if (v >= 0 && v <= 1) channel.post({ type: 'reprioritise', id: x.id, priority: v });
  });
  return h(
    'tr',
    { 'data-hypothesis-id': x.id, className: open ? '' : 'closed' },
    h('td', {}, input),
    h(
      'td',
      {},
      h('div', {}, x.statement),
      x.suggestedQueries.length ? h('div', { className: 'muted' }, x.suggestedQueries.join(' · ')) : null,
    ),
    h('td', { className: 'muted' }, x.type.replace(/_/g, ' ')),
    h(
      'td',
      {},
      ...x.targetPersons.map((p) =>
        h(
          'div',
          {},
          h(
            'a',
            {
              className: 'link',
              title: 'Research this person',
              onclick: () => channel.post({ type: 'research', personId: p.id }),
            },
            p.name,
          ),
        ),
      ),
    ),
    h('td', { className: 'muted' }, x.status.replace('_', ' ')),
    h(
      'td',
      {},
      open
        ? h(
            'button',
            {
              className: 'secondary',
              'data-action': 'dismiss',
              onclick: () => channel.post({ type: 'dismiss', id: x.id }),
            },
            'Dismiss',
          )
        : null,
    ),
  );
}

function render(): void {
  const shown = items.filter((x) => state.showClosed || OPEN.has(x.status));
  mount(
    h(
      'div',
      { className: 'row' },
      h('h1', {}, 'Hypothesis queue'),
      running ? h('span', { className: 'badge' }, 'research running') : null,
      h('span', { className: 'spacer' }),
      h(
        'label',
        { className: 'muted' },
        h('input', {
          type: 'checkbox',
          checked: state.showClosed,
          onchange: (e: Event) => {
            state = { showClosed: (e.target as HTMLInputElement).checked };
            channel.saveState(state);
            render();
          },
        }),
        ' show closed',
      ),
    ),
    notice
      ? h('div', { className: `notice${notice.ok ? '' : ' error'}`, role: 'status' }, notice.message)
      : h('span', {}),
    shown.length
      ? h(
          'table',
          {},
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', {}, 'Priority'),
              h('th', {}, 'Hypothesis'),
              h('th', {}, 'Type'),
              h('th', {}, 'About'),
              h('th', {}, 'Status'),
              h('th', {}, ''),
            ),
          ),
          h('tbody', {}, ...shown.map(row)),
        )
      : h('p', { className: 'empty' }, 'The queue is empty. The Analyst adds clues as research finds them.'),
  );
}

channel.post({ type: 'ready' });
