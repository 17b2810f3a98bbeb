/**
 * The hypothesis queue: clues by priority; dismiss, reopen (a closed clue goes back in the queue),
 * reprioritise, research a target person. Each decision can carry the user's reason, which the
 * research log keeps with it (agent User). Focus stays on the same control across redraws.
 */
import '../shared/base.css';
import './style.css';
import { QueueState, QueueToWebview, type HypothesisView, type QueueFromWebview } from '../../src/protocol/queue';
import { connect, h, mount } from '../shared/vscode';
import { keepFocusAcrossBlur } from '../shared/focus-return';
import { numberField } from '../shared/number-field';

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
  const reason = h('input', {
    type: 'text',
    className: 'reason',
    placeholder: 'reason (optional)',
    'aria-label': `your reason for a decision on: ${x.statement}`,
    'data-focus': `reason-${x.id}`,
  });
  const why = () => reason.value.trim() || undefined;
  const input = numberField({
    key: `priority-${x.id}`,
    label: 'Priority',
    ariaLabel: `Priority of: ${x.statement}`,
    min: 0,
    max: 1,
    step: 0.05,
    value: Number(x.priority.toFixed(2)),
    commit: 'change',
    disabled: !open,
    onValid: (v) => {
      if (v !== undefined && v !== x.priority)
        channel.post({ type: 'reprioritise', id: x.id, priority: v, reason: why() });
    },
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
    // Type and status share a column, so the table fits a panel beside an editor without scrolling sideways.
    h(
      'td',
      { className: 'muted' },
      h('div', {}, x.type.replace(/_/g, ' ')),
      h('div', { className: 'status' }, x.status.replace('_', ' ')),
    ),
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
              href: `#research-${p.id}`,
              title: 'Research this person',
              'data-focus': `research-${x.id}-${p.id}`,
              onclick: (e: Event) => {
                e.preventDefault();
                channel.post({ type: 'research', personId: p.id });
              },
            },
            p.name,
          ),
        ),
      ),
    ),
    h(
      'td',
      { className: 'actions' },
      reason,
      open
        ? h(
            'button',
            {
              className: 'secondary',
              'data-action': 'dismiss',
              'data-focus': `dismiss-${x.id}`,
              'aria-label': `Dismiss: ${x.statement}`,
              onclick: () => channel.post({ type: 'dismiss', id: x.id, reason: why() }),
            },
            'Dismiss',
          )
        : h(
            'button',
            {
              className: 'secondary',
              'data-action': 'reopen',
              'data-focus': `reopen-${x.id}`,
              'aria-label': `Reopen: ${x.statement}`,
              onclick: () => channel.post({ type: 'reopen', id: x.id, reason: why() }),
            },
            'Reopen',
          ),
    ),
  );
}

function render(): void {
  const shown = items.filter((x) => state.showClosed || OPEN.has(x.status));
  const closed = items.filter((x) => !OPEN.has(x.status)).length;
  // Focus survives the redraw: the control with the same data-focus key gets it back.
  const active = document.activeElement as HTMLElement | null;
  const focusKey = active?.getAttribute('data-focus') ?? undefined;
  const typed = active instanceof HTMLInputElement && active.type === 'text' ? active.value : undefined;
  const showClosed = (on: boolean) => {
    state = { showClosed: on };
    channel.saveState(state);
    render();
  };
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
          'data-focus': 'show-closed',
          onchange: (e: Event) => showClosed((e.target as HTMLInputElement).checked),
        }),
        ` show closed (${closed})`,
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
              h('th', {}, 'Type, status'),
              h('th', {}, 'About'),
              h('th', {}, ''),
            ),
          ),
          h('tbody', {}, ...shown.map(row)),
        )
      : closed
        ? h(
            'p',
            { className: 'empty' },
            `No open hypotheses. The last run closed ${closed} ${closed === 1 ? 'hypothesis' : 'hypotheses'}. `,
            h(
              'button',
              { className: 'secondary', 'data-focus': 'show-closed-button', onclick: () => showClosed(true) },
              'Show closed',
            ),
          )
        : h('p', { className: 'empty' }, 'The queue is empty. The Analyst adds clues as research finds them.'),
  );
  const again = focusKey ? document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focusKey)}"]`) : null;
  if (again) {
    if (typed !== undefined && again instanceof HTMLInputElement) again.value = typed;
    again.focus();
  }
}

/**
 * Arrow keys move down and up the queue on the same control (a hypothesis's Dismiss to the next
 * one's Dismiss), Home and End to the first and last row. In a field the arrows stay the field's
 * own (a number steps, a text moves its caret).
 */
document.addEventListener('keydown', (e) => {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
  const target = e.target as HTMLElement;
  if (target.closest('input, textarea, select')) return;
  const row = target.closest('tr[data-hypothesis-id]');
  if (!row) return;
  const controls = (tr: Element) => [...tr.querySelectorAll<HTMLElement>('a[href], button, input:not([disabled])')];
  const rows = [...document.querySelectorAll('tbody tr[data-hypothesis-id]')];
  const here = rows.indexOf(row);
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? rows.length - 1 : here + (e.key === 'ArrowDown' ? 1 : -1);
  if (next < 0 || next >= rows.length || next === here) return;
  e.preventDefault();
  // The same kind of control (Dismiss, Reopen, the research link) in that row, else its first one.
  const kind = target.getAttribute('data-action') ?? target.tagName;
  const there = controls(rows[next]);
  (there.find((c) => (c.getAttribute('data-action') ?? c.tagName) === kind) ?? there[0])?.focus();
});

channel.post({ type: 'ready' });
keepFocusAcrossBlur();
