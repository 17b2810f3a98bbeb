/**
 * Conflict review: for each conflict, the competing values with their weights and the verbatim
 * snippets of the sources behind them; choose a resolution and record why.
 */
import '../shared/base.css';
import './style.css';
import {
  ConflictsState,
  ConflictsToWebview,
  type ConflictView,
  type ConflictsFromWebview,
} from '../../src/protocol/conflicts';
import { keepFocusAcrossBlur } from '../shared/focus-return';
import { connect, h, mount } from '../shared/vscode';

let state: ConflictsState = { showResolved: false };
let conflicts: ConflictView[] = [];
const notices = new Map<string, { ok: boolean; message: string }>();
const choice = new Map<string, string>();
const reasons = new Map<string, string>();

const channel = connect<ConflictsToWebview, ConflictsFromWebview, ConflictsState>(
  ConflictsToWebview,
  ConflictsState,
  (m) => {
    if (m.type === 'state') {
      conflicts = m.conflicts;
      if (m.focus) state = { ...state, selected: m.focus };
    } else notices.set(m.conflictId, { ok: m.ok, message: m.message });
    render();
  },
);
state = channel.state() ?? state;

function statusBadge(c: ConflictView): HTMLElement {
  const cls = c.status === 'resolved' ? 'good' : c.status === 'tentative' ? 'warn' : 'bad';
  return h(
    'span',
    { className: `badge ${cls}`, 'data-role': 'status' },
    c.status === 'resolved' && c.resolvedBy ? `resolved by ${c.resolvedBy}` : c.status,
  );
}

function competing(c: ConflictView): HTMLElement {
  const max = Math.max(...c.competing.map((v) => v.weight), 1e-9);
  return h(
    'div',
    { className: 'competing' },
    ...c.competing.map((v, i) => {
      const id = `${c.id}-v${i}`;
      const selected = (choice.get(c.id) ?? (c.status === 'resolved' ? c.preferred : undefined)) === v.value;
      return h(
        'label',
        { className: `value${selected ? ' selected' : ''}${v.value === c.preferred ? ' preferred' : ''}`, for: id },
        h(
          'div',
          { className: 'row' },
          c.status === 'resolved'
            ? null
            : h('input', {
                type: 'radio',
                name: `choice-${c.id}`,
                id,
                'data-focus': `choice:${id}`,
                value: v.value,
                checked: selected,
                onchange: () => {
                  choice.set(c.id, v.value);
                  render();
                },
              }),
          h('strong', { className: 'v' }, v.value),
          h('span', { className: 'spacer' }),
          h(
            'span',
            { className: 'muted', title: 'evidenceWeight × tierWeight × confidence' },
            `weight ${v.weight.toFixed(2)}`,
          ),
          v.value === c.preferred ? h('span', { className: 'badge' }, 'preferred') : null,
        ),
        h(
          'span',
          { className: 'bar-track wide' },
          (() => {
            const b = h('span', { className: 'bar' });
            b.style.display = 'block';
            b.style.width = `${Math.round((v.weight / max) * 100)}%`;
            return b;
          })(),
        ),
        ...v.evidence.map((e, k) =>
          h(
            'div',
            { className: 'evidence' },
            h(
              'div',
              { className: 'muted' },
              h(
                'a',
                {
                  className: 'link',
                  href: `#source-${e.source}`,
                  title: `Open the source ${e.title}`,
                  'data-focus': `source:${c.id}:${i}:${k}`,
                  'data-source-id': e.source,
                  onclick: (ev: Event) => {
                    ev.preventDefault();
                    channel.post({ type: 'openSource', id: e.source });
                  },
                },
                e.title,
              ),
              ` · Tier ${e.tier} · ${e.evidenceType} · ${e.information} information`,
            ),
            h('blockquote', {}, e.snippet),
          ),
        ),
        v.evidence.length ? null : h('div', { className: 'muted' }, 'no evidence cited'),
      );
    }),
  );
}

function resolveForm(c: ConflictView): HTMLElement | null {
  if (c.status === 'resolved') return h('p', { className: 'muted rationale' }, c.rationale);
  const reason = h('textarea', {
    placeholder: 'Why is this value right? (recorded in the case and the research log)',
    'aria-label': `reason for ${c.field}`,
    'data-role': 'reason',
    'data-focus': `reason:${c.id}`,
    oninput: (e: Event) => reasons.set(c.id, (e.target as HTMLTextAreaElement).value),
  });
  reason.value = reasons.get(c.id) ?? '';
  const chosen = choice.get(c.id);
  return h(
    'div',
    { className: 'resolve' },
    h('p', { className: 'muted rationale' }, `Engine: ${c.rationale}`),
    c.nextActions.length ? h('ul', { className: 'next' }, ...c.nextActions.map((a) => h('li', {}, a))) : null,
    reason,
    h(
      'div',
      { className: 'row' },
      h(
        'button',
        {
          'data-action': 'resolve',
          'data-focus': `resolve:${c.id}`,
          disabled: !chosen,
          onclick: () => {
            const why = reason.value.trim();
            if (!chosen) return;
            if (!why) {
              notices.set(c.id, { ok: false, message: 'Record why before resolving.' });
              render();
              return;
            }
            channel.post({ type: 'resolve', conflictId: c.id, value: chosen, reason: why });
          },
        },
        chosen ? `Resolve as “${chosen}”` : 'Choose a value to resolve',
      ),
    ),
  );
}

function card(c: ConflictView): HTMLElement {
  const notice = notices.get(c.id);
  return h(
    'section',
    {
      className: `card conflict status-${c.status}${state.selected === c.id ? ' focused' : ''}`,
      'data-conflict-id': c.id,
      'data-status': c.status,
    },
    h(
      'div',
      { className: 'row' },
      h(
        'h2',
        {},
        h(
          'a',
          {
            className: 'link',
            href: `#person-${c.person}`,
            title: `Open ${c.personName}'s page`,
            'data-focus': `person:${c.id}`,
            'data-person-id': c.person,
            onclick: (ev: Event) => {
              ev.preventDefault();
              channel.post({ type: 'openPerson', id: c.person });
            },
          },
          c.personName,
        ),
        ' — ',
        h('span', { title: c.field }, c.fieldLabel ?? c.field),
      ),
      h('span', { className: 'spacer' }),
      statusBadge(c),
    ),
    notice ? h('div', { className: `notice${notice.ok ? '' : ' error'}`, role: 'status' }, notice.message) : null,
    competing(c),
    resolveForm(c),
  );
}

function render(): void {
  // The focus (and a text field's caret) comes back to the same control after the redraw.
  const active = document.activeElement as HTMLElement | null;
  const key = active?.getAttribute('data-focus');
  const caret = active instanceof HTMLTextAreaElement ? [active.selectionStart, active.selectionEnd] : undefined;
  draw();
  const again = key ? document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`) : null;
  again?.focus({ preventScroll: true });
  if (caret && again instanceof HTMLTextAreaElement) again.setSelectionRange(caret[0], caret[1]);
}

function draw(): void {
  const open = conflicts.filter((c) => c.status !== 'resolved');
  const resolved = conflicts.filter((c) => c.status === 'resolved');
  const shown = [...open, ...(state.showResolved ? resolved : [])];
  mount(
    h(
      'div',
      { className: 'row' },
      h('h1', {}, 'Conflicts'),
      h('span', { className: 'muted' }, `${open.length} open · ${resolved.length} resolved`),
      h('span', { className: 'spacer' }),
      h(
        'label',
        { className: 'muted' },
        h('input', {
          type: 'checkbox',
          'data-focus': 'show-resolved',
          checked: state.showResolved,
          onchange: (e: Event) => {
            state = { ...state, showResolved: (e.target as HTMLInputElement).checked };
            channel.saveState(state);
            render();
          },
        }),
        ' show resolved',
      ),
    ),
    ...(shown.length
      ? shown.map(card)
      : [
          h(
            'p',
            { className: 'empty' },
            conflicts.length ? 'Every conflict is resolved.' : 'No conflicts: no fact has competing values yet.',
          ),
        ]),
  );
  if (state.selected)
    document.querySelector(`[data-conflict-id="${CSS.escape(state.selected)}"]`)?.scrollIntoView({ block: 'nearest' });
}

keepFocusAcrossBlur();
channel.post({ type: 'ready' });
