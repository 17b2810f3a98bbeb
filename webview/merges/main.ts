/**
 * Merges side panel: each proposal's persons side by side (differences highlighted), the feature
 * scores with their reasons, the rationale and the "why not"; accept, reject with a reason, undo.
 */
import '../shared/base.css';
import './style.css';
import {
  MergesQuery,
  RECOMMENDATION_CHOICES,
  STATUS_CHOICES,
  MergesState,
  MergesToWebview,
  type MergeProposalView,
  type MergesFromWebview,
  type MergesPage,
} from '../../src/protocol/merges';
import { connect, h, mount, percent } from '../shared/vscode';
import { numberField, numberFieldInvalid } from '../shared/number-field';

let state: MergesState = { expanded: [], showDecided: true };
let proposals: MergeProposalView[] = [];
let page: MergesPage | undefined;
/** The batch-accept threshold the user typed (a high-confidence default). */
let batchScore = 0.98;
const notices = new Map<string, { ok: boolean; message: string }>();
const rejecting = new Set<string>();
/** Names seen earlier: a person merged away has no file any more, but the card still names them. */
const knownNames = new Map<string, string>();
const nameOf = (m: { id: string; name: string; missing: boolean }) =>
  m.missing ? (knownNames.get(m.id) ?? m.id) : m.name;

const channel = connect<MergesToWebview, MergesFromWebview, MergesState>(MergesToWebview, MergesState, (m) => {
  if (m.type === 'state') {
    proposals = m.proposals;
    page = m.page;
    for (const p of proposals)
      for (const member of p.members) if (!member.missing) knownNames.set(member.id, member.name);
  } else notices.set(m.clusterId, { ok: m.ok, message: m.message });
  render();
});
state = channel.state() ?? state;
const query = (): MergesQuery => state.query ?? MergesQuery.parse({});
/** A new filter or page: remembered, and sent to the host, which answers with that page. */
function setQuery(change: Partial<MergesQuery>): void {
  const next = MergesQuery.parse({ ...query(), offset: 0, ...change });
  state = { ...state, query: next };
  channel.saveState(state);
  channel.post({ type: 'query', query: next });
}

function recommendationBadge(p: MergeProposalView): HTMLElement {
  const cls = p.recommendation === 'merge' ? 'good' : p.recommendation === 'review' ? 'warn' : 'bad';
  return h('span', { className: `badge ${cls}`, title: 'the resolver’s recommendation' }, p.recommendation);
}

function sideBySide(p: MergeProposalView): HTMLElement {
  const fields = [...new Set(p.members.flatMap((m) => m.facts.map((f) => f.field)))];
  const labels = new Map(p.members.flatMap((m) => m.facts.map((f) => [f.field, f.label ?? f.field] as const)));
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
                    href: `#person-${m.id}`,
                    title: `Open ${m.name}'s page`,
                    'data-person-id': m.id,
                    onclick: (e: Event) => {
                      e.preventDefault();
                      channel.post({ type: 'openPerson', id: m.id });
                    },
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
          h('th', { title: field }, labels.get(field) ?? field),
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

/** The optional reason typed for a proposal, kept across redraws until the decision is sent. */
const reasons = new Map<string, string>();

/** An optional reason for accepting or undoing; it goes into the research log with the decision. */
function reasonField(p: MergeProposalView, verb: 'accept' | 'undo'): HTMLElement {
  return h(
    'textarea',
    {
      className: 'reason',
      rows: 1,
      placeholder: `Why ${verb}? (optional, kept in the research log)`,
      'aria-label': `reason to ${verb} (optional, kept in the research log)`,
      'data-role': 'reason',
      oninput: (e: Event) => reasons.set(p.id, (e.target as HTMLTextAreaElement).value),
    },
    reasons.get(p.id) ?? '',
  );
}

/** The reason typed for `id`, if any, once: it is sent with one decision. */
function takeReason(id: string): { reason?: string } {
  const reason = reasons.get(id)?.trim();
  reasons.delete(id);
  return reason ? { reason } : {};
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
      reasonField(p, 'accept'),
      h(
        'button',
        {
          'data-action': 'accept',
          title: 'Merge these persons (can be undone)',
          onclick: () => channel.post({ type: 'accept', clusterId: p.id, ...takeReason(p.id) }),
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
      reasonField(p, 'undo'),
      p.batch
        ? h(
            'button',
            {
              className: 'secondary',
              'data-action': 'undo-batch',
              title: `Undo every merge of batch ${p.batch}`,
              onclick: () => channel.post({ type: 'undoBatch', batch: p.batch! }),
            },
            'Undo batch',
          )
        : null,
      h(
        'button',
        {
          className: 'secondary',
          'data-action': 'undo',
          title: 'Restore the persons exactly as they were',
          onclick: () => channel.post({ type: 'undo', clusterId: p.id, ...takeReason(p.id) }),
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
      { className: 'row header' },
      // A decided card folds: its title is the button that opens and closes it (Tab, Enter, Space).
      p.status === 'proposed'
        ? h('h2', {}, p.members.map(nameOf).join(' / '))
        : h(
            'h2',
            {},
            h(
              'button',
              {
                className: 'fold',
                'aria-expanded': expanded ? 'true' : 'false',
                'data-action': 'toggle',
                title: expanded ? 'Fold this decided proposal' : 'Show this decided proposal',
                onclick: toggle,
              },
              `${expanded ? '▾' : '▸'} ${p.members.map(nameOf).join(' / ')}`,
            ),
          ),
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

function select(
  label: string,
  value: string,
  options: readonly (readonly [string, string])[],
  onchange: (v: string) => void,
): HTMLElement {
  return h(
    'label',
    { className: 'muted' },
    `${label} `,
    h(
      'select',
      {
        'aria-label': label,
        'data-role': label,
        onchange: (e: Event) => onchange((e.target as HTMLSelectElement).value),
      },
      ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)),
    ),
  );
}

/** Filters, grouping, paging and the batch accept: a large tree's proposals a page at a time. */
function toolbar(): HTMLElement {
  const q = query();
  const t = page?.totals;
  const matching = page?.matching ?? proposals.length;
  const first = matching ? q.offset + 1 : 0;
  const last = Math.min(matching, q.offset + proposals.length);
  // Empty = no filter; a value it cannot use is refused beside the field, never clamped silently.
  const minScore = numberField({
    key: 'min-score',
    label: 'Minimum score',
    visibleLabel: 'min score',
    min: 0,
    max: 1,
    step: 0.01,
    optional: true,
    value: q.minScore,
    commit: 'change',
    onValid: (v) => {
      if (v !== q.minScore) setQuery({ minScore: v });
    },
  });
  const batch = numberField({
    key: 'batch-score',
    label: 'Batch-accept score',
    visibleLabel: 'accept all MERGE ≥',
    min: 0.5,
    max: 1,
    step: 0.01,
    value: batchScore,
    commit: 'input',
    onValid: (v) => {
      if (v !== undefined) batchScore = v;
    },
  });
  return h(
    'div',
    { className: 'toolbar' },
    h(
      'div',
      { className: 'row top' },
      h(
        'span',
        {},
        t
          ? `${t.proposed} to review (${t.merge} merge, ${t.review} review) · ${t.accepted} accepted`
          : `${proposals.length}`,
      ),
      h('span', { className: 'spacer' }),
      h(
        'button',
        {
          className: 'secondary',
          'data-action': 'open-review',
          title: 'Review the proposals side by side in an editor panel, by keyboard (A, R, U, N, K)',
          onclick: () => channel.post({ type: 'openReview' }),
        },
        'Open Merge Review',
      ),
    ),
    h(
      'div',
      { className: 'row' },
      select('status', q.status, STATUS_CHOICES, (v) => setQuery({ status: v as MergesQuery['status'] })),
      select('recommendation', q.recommendation ?? '', RECOMMENDATION_CHOICES, (v) =>
        setQuery({ recommendation: v === 'merge' || v === 'review' ? v : undefined }),
      ),
      select(
        'group',
        q.group ?? '',
        [
          ['', 'none'],
          ['family', 'family'],
          ['surname', 'surname'],
        ],
        (v) => setQuery({ group: v === 'family' || v === 'surname' ? v : undefined }),
      ),
      minScore,
    ),
    h(
      'div',
      { className: 'row' },
      h(
        'button',
        {
          className: 'secondary',
          'data-action': 'prev-page',
          disabled: q.offset === 0,
          onclick: () => setQuery({ offset: Math.max(0, q.offset - q.limit) }),
        },
        '‹ Prev',
      ),
      h('span', { 'data-role': 'page' }, matching ? `${first}–${last} of ${matching}` : 'none'),
      h(
        'button',
        {
          className: 'secondary',
          'data-action': 'next-page',
          disabled: last >= matching,
          onclick: () => setQuery({ offset: q.offset + q.limit }),
        },
        'Next ›',
      ),
      h('span', { className: 'spacer' }),
      batch,
      h(
        'button',
        {
          'data-action': 'accept-batch',
          title: 'Accept every open MERGE proposal at or above this score as one batch (one undo)',
          onclick: () =>
            numberFieldInvalid('batch-score')
              ? document.querySelector<HTMLElement>('[data-focus="batch-score"]')?.focus()
              : channel.post({ type: 'acceptBatch', minScore: batchScore }),
        },
        'Accept batch',
      ),
    ),
    notices.has('batch')
      ? h(
          'div',
          { className: `notice${notices.get('batch')!.ok ? '' : ' error'}`, role: 'status' },
          notices.get('batch')!.message,
        )
      : null,
  );
}

function render(): void {
  // A number field keeps the focus across the redraw its own value caused (a filter applied).
  const focusKey = (document.activeElement as HTMLElement | null)?.getAttribute('data-focus');
  const byId = new Map(proposals.map((p) => [p.id, p]));
  const body = page?.groups
    ? page.groups.flatMap((g) => [
        h('h2', { className: 'group', 'data-role': 'group' }, `${g.label} (${g.count})`),
        ...g.ids.flatMap((id) => (byId.has(id) ? [card(byId.get(id)!)] : [])),
      ])
    : proposals.map(card);
  mount(
    toolbar(),
    ...(proposals.length || (page?.matching ?? 0) > 0
      ? []
      : [
          h(
            'p',
            { className: 'empty' },
            'No merge proposals yet. The Analyst proposes merges when two persons look like the same individual.',
          ),
        ]),
    ...body,
  );
  if (focusKey)
    document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
}

channel.post({ type: 'ready' });
// A filter or page kept from before the panel was hidden: ask for it again.
if (state.query) channel.post({ type: 'query', query: state.query });
