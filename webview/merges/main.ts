/**
 * Merges side panel: each proposal's persons side by side (differences highlighted), the feature
 * scores with their reasons, the rationale and the "why not"; accept, reject with a reason, undo.
 */
import '../shared/base.css';
import './style.css';
import {
  MergesState,
  MergesToWebview,
  type MergeProposalView,
  type MergesFromWebview,
} from '../../src/protocol/merges';
import { connect, h, mount, percent } from '../shared/vscode';

let state: MergesState = { expanded: [], showDecided: true };
let proposals: MergeProposalView[] = [];
const notices = new Map<string, { ok: boolean; message: string }>();
const rejecting = new Set<string>();
/** Names seen earlier: a person merged away has no file any more, but the card still names them. */
const knownNames = new Map<string, string>();
const nameOf = (m: { id: string; name: string; missing: boolean }) =>
  m.missing ? (knownNames.get(m.id) ?? m.id) : m.name;

const channel = connect<MergesToWebview, MergesFromWebview, MergesState>(MergesToWebview, MergesState, (m) => {
  if (m.type === 'state') {
    proposals = m.proposals;
    for (const p of proposals)
      for (const member of p.members) if (!member.missing) knownNames.set(member.id, member.name);
  } else notices.set(m.clusterId, { ok: m.ok, message: m.message });
  render();
});
state = channel.state() ?? state;

function recommendationBadge(p: MergeProposalView): HTMLElement {
  const cls = p.recommendation === 'merge' ? 'good' : p.recommendation === 'review' ? 'warn' : 'bad';
  return h('span', { className: `badge ${cls}`, title: 'the resolver’s recommendation' }, p.recommendation);
}

function sideBySide(p: MergeProposalView): HTMLElement {
  const fields = [...new Set(p.members.flatMap((m) => m.facts.map((f) => f.field)))];
  const valueOf = (memberIdx: number, field: string) =>
    p.members[memberIdx].facts.find((f) => f.field === field)?.value ?? '';
  return h(
    'table',
    { className: 'side-by-side' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, ''),
        ...p.members.map((m) =>
          h(
            'th',
            {},
            m.missing
              ? h('span', { className: 'muted' }, `${nameOf(m)} (merged away)`)
              : h(
                  'a',
                  {
                    className: 'link',
                    'data-person-id': m.id,
                    onclick: () => channel.post({ type: 'openPerson', id: m.id }),
                  },
                  m.name,
                ),
            m.id === p.canonicalId ? h('span', { className: 'muted', title: 'kept as the merged person' }, ' ★') : '',
          ),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      ...fields.map((field) => {
        const values = p.members.map((_, i) => valueOf(i, field));
        const differs = new Set(values.filter(Boolean)).size > 1;
        return h(
          'tr',
          { className: differs ? 'differs' : '' },
          h('th', {}, field),
          ...values.map((v) =>
            h('td', { className: differs && v ? 'diff' : '' }, v || h('span', { className: 'muted' }, '—')),
          ),
        );
      }),
    ),
  );
}

function features(p: MergeProposalView): HTMLElement {
  return h(
    'table',
    { className: 'features' },
    h(
      'tbody',
      {},
      ...p.features.map((f) =>
        h(
          'tr',
          {},
          h('th', {}, f.name),
          h('td', {}, h('span', { className: 'bar-track' }, barOf(f.score)), ' ', percent(f.score)),
          h('td', { className: 'muted' }, f.reason),
        ),
      ),
    ),
  );
}

function barOf(score: number): HTMLElement {
  const bar = h('span', { className: 'bar' });
  bar.style.display = 'block';
  bar.style.width = `${Math.round(score * 100)}%`;
  return bar;
}

function actions(p: MergeProposalView): HTMLElement {
  if (p.status === 'proposed' && rejecting.has(p.id)) {
    const reason = h('textarea', {
      placeholder: 'Why are these not the same person?',
      'aria-label': 'reason for rejecting',
      'data-role': 'reject-reason',
    });
    return h(
      'div',
      { className: 'reject-form' },
      reason,
      h(
        'div',
        { className: 'row' },
        h(
          'button',
          {
            'data-action': 'confirm-reject',
            onclick: () => {
              if (!reason.value.trim()) {
                reason.focus();
                notices.set(p.id, { ok: false, message: 'A reason is required to reject.' });
                render();
                return;
              }
              rejecting.delete(p.id);
              channel.post({ type: 'reject', clusterId: p.id, reason: reason.value.trim() });
            },
          },
          'Reject',
        ),
        h(
          'button',
          {
            className: 'secondary',
            onclick: () => {
              rejecting.delete(p.id);
              render();
            },
          },
          'Cancel',
        ),
      ),
    );
  }
  if (p.status === 'proposed') {
    return h(
      'div',
      { className: 'row' },
      h(
        'button',
        {
          'data-action': 'accept',
          title: 'Merge these persons (can be undone)',
          onclick: () => channel.post({ type: 'accept', clusterId: p.id }),
        },
        'Accept merge',
      ),
      h(
        'button',
        {
          className: 'secondary',
          'data-action': 'reject',
          onclick: () => {
            rejecting.add(p.id);
            render();
          },
        },
        'Reject…',
      ),
    );
  }
  if (p.status === 'accepted')
    return h(
      'div',
      { className: 'row' },
      h(
        'button',
        {
          className: 'secondary',
          'data-action': 'undo',
          title: 'Restore the persons exactly as they were',
          onclick: () => channel.post({ type: 'undo', clusterId: p.id }),
        },
        'Undo merge',
      ),
    );
  return h('div', {});
}

function card(p: MergeProposalView): HTMLElement {
  const expanded = p.status === 'proposed' || state.expanded.includes(p.id);
  const notice = notices.get(p.id);
  const toggle = () => {
    state = { ...state, expanded: expanded ? state.expanded.filter((x) => x !== p.id) : [...state.expanded, p.id] };
    channel.saveState(state);
    render();
  };
  return h(
    'section',
    { className: `card proposal status-${p.status}`, 'data-cluster-id': p.id, 'data-status': p.status },
    h(
      'div',
      { className: 'row header', onclick: p.status === 'proposed' ? undefined : toggle },
      h('h2', {}, p.members.map(nameOf).join(' / ')),
      h('span', { className: 'spacer' }),
      h('span', { className: 'similarity', title: 'similarity' }, percent(p.similarity)),
      ' ',
      recommendationBadge(p),
      ' ',
      h('span', { className: `badge status`, 'data-role': 'status' }, p.status),
    ),
    notice ? h('div', { className: `notice${notice.ok ? '' : ' error'}`, role: 'status' }, notice.message) : null,
    expanded
      ? h(
          'div',
          {},
          sideBySide(p),
          h('h3', {}, 'Feature scores'),
          features(p),
          h('h3', {}, 'Why merge'),
          h('p', {}, p.rationale),
          h('h3', {}, 'Why not'),
          h('p', {}, p.whyNotMerge || h('span', { className: 'muted' }, 'no counter-evidence recorded')),
          p.reason ? h('p', { className: 'muted' }, `Rejected because: ${p.reason}`) : null,
          actions(p),
        )
      : // A decided card stays compact, but an accepted merge keeps its Undo at hand.
        p.status === 'accepted'
        ? actions(p)
        : null,
  );
}

function render(): void {
  const open = proposals.filter((p) => p.status === 'proposed');
  const decided = proposals.filter((p) => p.status !== 'proposed');
  const toggle = h(
    'label',
    { className: 'muted' },
    h('input', {
      type: 'checkbox',
      checked: state.showDecided,
      onchange: (e: Event) => {
        state = { ...state, showDecided: (e.target as HTMLInputElement).checked };
        channel.saveState(state);
        render();
      },
    }),
    ' show decided',
  );
  mount(
    h(
      'div',
      { className: 'row top' },
      h('span', {}, open.length ? `${open.length} to review` : 'Nothing to review'),
      h('span', { className: 'spacer' }),
      decided.length ? toggle : null,
    ),
    ...(proposals.length
      ? []
      : [
          h(
            'p',
            { className: 'empty' },
            'No merge proposals yet. The Analyst proposes merges when two persons look like the same individual.',
          ),
        ]),
    ...open.map(card),
    ...(state.showDecided ? decided.map(card) : []),
  );
}

channel.post({ type: 'ready' });
