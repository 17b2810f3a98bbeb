/**
 * Merge Review (an editor panel, issue #19 item 3): the queue of proposals on the left (a list that
 * moves with the arrow keys), the chosen proposal's two persons compared on the right (facts under
 * a reader's labels with a choice per field, parents, spouses, children, sources), and the
 * decisions: A accept, R reject with a reason, U undo, N/J next, K previous. Every control is a
 * button or a link with an href; the focus is put back where it was after every redraw.
 */
import '../shared/base.css';
import './style.css';
import {
  MergeReviewState,
  MergesQuery,
  RECOMMENDATION_CHOICES,
  STATUS_CHOICES,
  MergesToWebview,
  type MergeMember,
  type MergeProposalView,
  type MergeRelative,
  type MergesFromWebview,
  type MergesPage,
} from '../../src/protocol/merges';
import { keepFocusAcrossBlur } from '../shared/focus-return';
import { numberField, numberFieldInvalid } from '../shared/number-field';
import { connect, h, mount, percent } from '../shared/vscode';

/** A similarity as a percentage; near-certain ones keep a decimal (99.8%, not 100%). */
const score = (x: number) => (x >= 0.99 && x < 1 ? `${(Math.floor(x * 1000) / 10).toFixed(1)}%` : percent(x));

let state: MergeReviewState = {};
let proposals: MergeProposalView[] = [];
let page: MergesPage | undefined;
let caseName = '';
let loaded = false;
/** The batch-accept threshold (a high-confidence default), and the lowest a batch may use. */
let batchScore = 0.98;
const BATCH_MIN = 0.5;
/** Per proposal: the member kept as the merged person, and field → the member whose value is kept. */
const choices = new Map<string, { canonicalId?: string; keep: Record<string, string> }>();
const acceptReasons = new Map<string, string>();
const rejectReasons = new Map<string, string>();
/** The proposal whose reject form is open. */
let rejecting: string | undefined;
/** Decisions sent and not answered yet (a second key press does not send the same one again). */
const pending = new Set<string>();
/** The newest message per proposal (and 'batch', 'search'). */
const notices = new Map<string, { ok: boolean; message: string }>();
/** The last accept of this panel (U undoes it even once the list has moved on). */
let lastAccepted: { id?: string; batch?: string } | undefined;
/** After a decision: the proposal to show next, once the decision is in the list. */
let advance: { from: string; to?: string } | undefined;
/** Names seen earlier: a person merged away has no file any more, but the proposal still names them. */
const knownNames = new Map<string, string>();

const channel = connect<MergesToWebview, MergesFromWebview, MergeReviewState>(
  MergesToWebview,
  MergeReviewState,
  (m) => {
    if (m.type === 'state') {
      // The first list drawn takes the focus (the panel opened by a command): arrows move at once.
      if (!loaded && (!document.activeElement || document.activeElement === document.body)) focusAfterRender = 'item:';
      loaded = true;
      proposals = m.proposals;
      page = m.page;
      caseName = m.caseName;
      for (const p of proposals)
        for (const member of p.members) if (!member.missing) knownNames.set(member.id, member.name);
      if (m.select) select(m.select, false);
      settleAdvance();
    } else {
      pending.delete(m.clusterId);
      notices.set(m.clusterId, { ok: m.ok, message: m.message });
      if (!m.ok && advance?.from === m.clusterId) advance = undefined;
    }
    render();
  },
);
state = channel.state() ?? state;

const query = (): MergesQuery => state.query ?? MergesQuery.parse({});
const nameOf = (m: { id: string; name: string; missing: boolean }) =>
  m.missing ? (knownNames.get(m.id) ?? m.id) : m.name;
const current = (): MergeProposalView | undefined => proposals.find((p) => p.id === state.selected) ?? proposals[0];
const decidable = (p: MergeProposalView) => p.status === 'proposed' || p.status === 'undone';

function save(): void {
  channel.saveState(state);
}

function setQuery(change: Partial<MergesQuery>): void {
  const next = MergesQuery.parse({ ...query(), offset: 0, ...change });
  state = { ...state, query: next };
  save();
  channel.post({ type: 'query', query: next });
}

function select(id: string, focus = true): void {
  state = { ...state, selected: id };
  if (rejecting && rejecting !== id) rejecting = undefined;
  save();
  if (focus) focusAfterRender = `item:${id}`;
}

/** Once a decided proposal shows its new status, the list moves on to the next open one. */
function settleAdvance(): void {
  if (!advance) return;
  const decided = proposals.find((p) => p.id === advance!.from);
  if (decided && decidable(decided)) return;
  const to = advance.to && proposals.find((p) => p.id === advance!.to && decidable(p));
  // The list takes the focus back unless the user has gone on to the toolbar (the answer can come
  // late, while they type in the filter).
  const free = !document.activeElement?.closest('.toolbar');
  if (to) select(to.id, free);
  else if (decided) select(decided.id, free);
  advance = undefined;
}

/** The open proposal after `id` in the list (else before it): where a decision moves on to. */
function nextOpen(id: string): string | undefined {
  const i = proposals.findIndex((p) => p.id === id);
  const after = proposals.slice(i + 1).find(decidable) ?? proposals.slice(0, Math.max(0, i)).find(decidable);
  return after?.id;
}

function move(delta: number): void {
  if (!proposals.length) return;
  const i = Math.max(
    0,
    proposals.findIndex((p) => p.id === current()?.id),
  );
  const j = Math.min(proposals.length - 1, Math.max(0, i + delta));
  select(proposals[j].id);
  render();
}

// ---- decisions ---------------------------------------------------------------------------------

function accept(p: MergeProposalView): void {
  if (!decidable(p) || pending.has(p.id)) return;
  const c = choices.get(p.id);
  const reason = acceptReasons.get(p.id)?.trim();
  pending.add(p.id);
  advance = { from: p.id, to: nextOpen(p.id) };
  lastAccepted = { id: p.id };
  notices.delete(p.id);
  channel.post({
    type: 'accept',
    clusterId: p.id,
    ...(reason ? { reason } : {}),
    ...(c?.canonicalId && c.canonicalId !== p.canonicalId ? { canonicalId: c.canonicalId } : {}),
    ...(c && Object.keys(c.keep).length ? { keep: c.keep } : {}),
  });
  acceptReasons.delete(p.id);
  render();
}

function startReject(p: MergeProposalView): void {
  if (!decidable(p)) return;
  rejecting = p.id;
  focusAfterRender = 'reject-reason';
  render();
}

function confirmReject(p: MergeProposalView): void {
  const reason = rejectReasons.get(p.id)?.trim();
  if (!reason) {
    notices.set(p.id, { ok: false, message: 'A reason is required to reject: it is remembered with the pair.' });
    focusAfterRender = 'reject-reason';
    render();
    return;
  }
  pending.add(p.id);
  rejecting = undefined;
  advance = { from: p.id, to: nextOpen(p.id) };
  focusAfterRender = `item:${p.id}`;
  channel.post({ type: 'reject', clusterId: p.id, reason });
  rejectReasons.delete(p.id);
  render();
}

function undo(p: MergeProposalView | undefined): void {
  // The proposal shown if it is accepted, else the last one this panel accepted.
  const target = p?.status === 'accepted' ? { id: p.id, batch: undefined } : lastAccepted;
  if (!target) return;
  if (target.batch) {
    pending.add('batch');
    channel.post({ type: 'undoBatch', batch: target.batch });
  } else if (target.id && !pending.has(target.id)) {
    pending.add(target.id);
    select(target.id);
    channel.post({ type: 'undo', clusterId: target.id });
  }
  lastAccepted = undefined;
  render();
}

// ---- the queue ---------------------------------------------------------------------------------

function pill(text: string, cls: string, title?: string): HTMLElement {
  return h('span', { className: `pill ${cls}`, ...(title ? { title } : {}) }, text);
}

const STATUS_WORDS: Record<MergeProposalView['status'], string> = {
  proposed: 'open',
  accepted: 'accepted',
  rejected: 'rejected',
  undone: 'undone',
};

function queueItem(p: MergeProposalView, selected: boolean): HTMLElement {
  const names = p.members.map((m) => `${nameOf(m)}${m.lifespan ? ` (${m.lifespan})` : ''}`).join(' · ');
  return h(
    'li',
    { role: 'presentation' },
    h(
      'a',
      {
        href: `#proposal-${p.id}`,
        role: 'option',
        className: `item status-${p.status}${selected ? ' selected' : ''}`,
        'aria-selected': selected ? 'true' : 'false',
        tabindex: selected ? '0' : '-1',
        'data-focus': `item:${p.id}`,
        'data-cluster-id': p.id,
        'data-status': p.status,
        'aria-label': `${names}, ${score(p.similarity)}, ${p.recommendation}, ${STATUS_WORDS[p.status]}`,
        onclick: (e: Event) => {
          e.preventDefault();
          select(p.id);
          render();
        },
        onkeydown: (e: Event) => {
          const k = (e as KeyboardEvent).key;
          const delta = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[k];
          if (delta !== undefined) {
            e.preventDefault();
            move(delta);
          } else if (k === 'Home' || k === 'End') {
            e.preventDefault();
            move(k === 'Home' ? -proposals.length : proposals.length);
          }
        },
      },
      h('span', { className: 'names' }, names),
      h(
        'span',
        { className: 'meta' },
        h('span', { className: 'score' }, score(p.similarity)),
        pill(p.recommendation, `rec-${p.recommendation}`, 'the resolver’s recommendation'),
        p.status === 'proposed' ? null : pill(STATUS_WORDS[p.status], `st-${p.status}`),
      ),
    ),
  );
}

function queue(): HTMLElement {
  const sel = current();
  if (!proposals.length)
    return h(
      'div',
      { className: 'queue-empty empty' },
      (page?.matching ?? 0) === 0 && (page?.totals.proposed ?? 0) + (page?.totals.accepted ?? 0) === 0
        ? 'No merge proposals yet. Find Duplicates searches the case for persons who look like the same individual.'
        : 'No proposal matches the filter.',
    );
  return h(
    'ol',
    { className: 'queue', role: 'listbox', 'aria-label': 'Merge proposals (arrow keys move)' },
    ...proposals.map((p) => queueItem(p, p.id === sel?.id)),
  );
}

// ---- the comparison ----------------------------------------------------------------------------

function personLink(m: { id: string; name: string }, extra = ''): HTMLElement {
  return h(
    'a',
    {
      href: `#person-${m.id}`,
      className: 'link',
      'data-person-id': m.id,
      'data-focus': `person:${m.id}:${extra}`,
      title: `Open ${m.name}'s page`,
      onclick: (e: Event) => {
        e.preventDefault();
        channel.post({ type: 'openPerson', id: m.id });
      },
    },
    m.name,
  );
}

/** A "Keep" toggle: which member's value (or person) the merged person keeps. */
function keepButton(
  p: MergeProposalView,
  member: string,
  key: string,
  pressed: boolean,
  label: string,
  onpress: () => void,
) {
  return h(
    'button',
    {
      className: `keep${pressed ? ' pressed' : ' secondary'}`,
      'aria-pressed': pressed ? 'true' : 'false',
      'aria-label': label,
      title: label,
      'data-focus': `keep:${p.id}:${key}:${member}`,
      'data-keep': key,
      disabled: !decidable(p),
      onclick: () => {
        onpress();
        render();
      },
    },
    pressed ? '✓ Kept' : 'Keep',
  );
}

function choiceOf(p: MergeProposalView) {
  let c = choices.get(p.id);
  if (!c) choices.set(p.id, (c = { keep: {} }));
  return c;
}

function relativesCell(list: MergeRelative[], others: Set<string>): HTMLElement {
  if (!list.length) return h('span', { className: 'muted' }, '—');
  return h(
    'ul',
    { className: 'plain' },
    ...list.map((r) =>
      h(
        'li',
        { className: others.has(r.id) ? 'shared' : '' },
        personLink(r, 'rel'),
        r.lifespan ? h('span', { className: 'muted' }, ` (${r.lifespan})`) : null,
        others.has(r.id) ? h('span', { className: 'both', title: 'named by both persons' }, ' · both') : null,
      ),
    ),
  );
}

function sourcesCell(m: MergeMember): HTMLElement {
  if (!m.sources.length) return h('span', { className: 'muted' }, 'no source cited');
  return h(
    'ul',
    { className: 'plain' },
    ...m.sources.map((s) =>
      h(
        'li',
        {},
        h(
          'a',
          {
            href: `#source-${s.id}`,
            className: 'link',
            'data-focus': `source:${m.id}:${s.id}`,
            title: `Open the source ${s.title}`,
            onclick: (e: Event) => {
              e.preventDefault();
              channel.post({ type: 'openSource', id: s.id });
            },
          },
          s.title,
        ),
        h('span', { className: 'muted' }, ` · ${s.facts} fact${s.facts === 1 ? '' : 's'}`),
      ),
    ),
  );
}

function compare(p: MergeProposalView): HTMLElement {
  const c = choiceOf(p);
  const canonical = decidable(p) ? (c.canonicalId ?? p.canonicalId) : p.canonicalId;
  const role = (m: MergeMember) =>
    p.status === 'rejected'
      ? 'kept apart'
      : p.status === 'accepted'
        ? m.id === canonical
          ? 'the merged person'
          : 'merged into the other'
        : m.id === canonical
          ? 'keeps this name and id'
          : 'merged into the other';
  const fields: { field: string; label: string }[] = [];
  for (const m of p.members)
    for (const f of m.facts)
      if (!fields.some((x) => x.field === f.field)) fields.push({ field: f.field, label: f.label ?? f.field });
  const valueOf = (m: MergeMember, field: string) => m.facts.find((f) => f.field === field)?.value ?? '';
  const row = (label: string, cls: string, ...cells: Node[]) =>
    h('tr', { className: cls }, h('th', { scope: 'row' }, label), ...cells.map((n) => h('td', {}, n)));
  const others = (m: MergeMember, kind: 'parents' | 'spouses' | 'children') =>
    new Set(p.members.filter((x) => x !== m).flatMap((x) => x[kind].map((r) => r.id)));
  return h(
    'table',
    { className: 'compare' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, h('span', { className: 'sr-only' }, 'Field')),
        ...p.members.map((m) =>
          h(
            'th',
            { scope: 'col' },
            m.missing ? h('span', { className: 'muted' }, `${nameOf(m)} (merged away)`) : personLink(m, 'head'),
            m.lifespan ? h('span', { className: 'muted' }, ` (${m.lifespan})`) : null,
            h('div', { className: 'muted id' }, m.id),
          ),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      row(
        'Merged person',
        'differs',
        ...p.members.map((m) =>
          h(
            'div',
            { className: 'cell' },
            h('span', {}, role(m)),
            decidable(p) && !m.missing
              ? keepButton(p, m.id, 'canonical', m.id === canonical, `Keep ${nameOf(m)} as the merged person`, () => {
                  c.canonicalId = m.id;
                })
              : null,
          ),
        ),
      ),
      ...fields.map(({ field, label }) => {
        const values = p.members.map((m) => valueOf(m, field));
        const differs = new Set(values.filter(Boolean)).size > 1 && field !== 'living';
        return row(
          label,
          differs ? 'differs' : '',
          ...p.members.map((m, i) => {
            const v = values[i];
            if (!v) return h('span', { className: 'muted' }, '—');
            const kept = c.keep[field] === m.id;
            return h(
              'div',
              { className: `cell${differs ? ' diff' : ''}` },
              h('span', { className: 'value' }, v),
              differs && decidable(p)
                ? keepButton(p, m.id, field, kept, `Keep ${label} ${v} from ${nameOf(m)}`, () => {
                    if (kept) c.keep = Object.fromEntries(Object.entries(c.keep).filter(([k]) => k !== field));
                    else c.keep[field] = m.id;
                  })
                : null,
            );
          }),
        );
      }),
      row('Parents', '', ...p.members.map((m) => relativesCell(m.parents, others(m, 'parents')))),
      row('Spouses', '', ...p.members.map((m) => relativesCell(m.spouses, others(m, 'spouses')))),
      row('Children', '', ...p.members.map((m) => relativesCell(m.children, others(m, 'children')))),
      row('Sources', '', ...p.members.map(sourcesCell)),
    ),
  );
}

function features(p: MergeProposalView): HTMLElement | null {
  if (!p.features.length) return null;
  return h(
    'details',
    { className: 'features' },
    h('summary', { 'data-focus': `features:${p.id}` }, 'Feature scores'),
    h(
      'table',
      {},
      h(
        'tbody',
        {},
        ...p.features.map((f) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, f.name),
            h('td', { className: 'nowrap' }, percent(f.score)),
            h('td', { className: 'muted' }, f.reason),
          ),
        ),
      ),
    ),
  );
}

function button(
  label: string,
  key: string,
  action: string,
  onclick: () => void,
  opts: { secondary?: boolean; disabled?: boolean; title?: string } = {},
): HTMLElement {
  return h(
    'button',
    {
      className: opts.secondary ? 'secondary' : '',
      'data-action': action,
      'data-focus': `action:${action}`,
      disabled: opts.disabled,
      title: opts.title ?? label,
      'aria-keyshortcuts': key || undefined,
      onclick,
    },
    label,
    key ? h('kbd', { 'aria-hidden': 'true' }, key) : null,
  );
}

function actions(p: MergeProposalView): HTMLElement {
  const busy = pending.has(p.id);
  const nav = [
    button('Previous', 'K', 'previous', () => move(-1), { secondary: true }),
    button('Next', 'N', 'next', () => move(1), { secondary: true }),
  ];
  if (rejecting === p.id)
    return h(
      'div',
      { className: 'reject-form' },
      h('label', { for: 'reject-reason' }, 'Why are these not the same person? (required, remembered with the pair)'),
      h('input', {
        id: 'reject-reason',
        type: 'text',
        'data-focus': 'reject-reason',
        'data-role': 'reject-reason',
        value: rejectReasons.get(p.id) ?? '',
        oninput: (e: Event) => rejectReasons.set(p.id, (e.target as HTMLInputElement).value),
        onkeydown: (e: Event) => {
          const k = (e as KeyboardEvent).key;
          if (k === 'Enter') {
            e.preventDefault();
            confirmReject(p);
          } else if (k === 'Escape') {
            e.preventDefault();
            rejecting = undefined;
            focusAfterRender = `item:${p.id}`;
            render();
          }
        },
      }),
      h(
        'div',
        { className: 'row' },
        button('Reject', 'Enter', 'confirm-reject', () => confirmReject(p)),
        button(
          'Cancel',
          'Esc',
          'cancel-reject',
          () => {
            rejecting = undefined;
            focusAfterRender = `item:${p.id}`;
            render();
          },
          { secondary: true },
        ),
      ),
    );
  if (decidable(p))
    return h(
      'div',
      { className: 'decide' },
      h('label', { for: 'accept-reason', className: 'muted' }, 'Reason (optional, kept in the research log)'),
      h('input', {
        id: 'accept-reason',
        type: 'text',
        'data-focus': 'accept-reason',
        value: acceptReasons.get(p.id) ?? '',
        oninput: (e: Event) => acceptReasons.set(p.id, (e.target as HTMLInputElement).value),
        onkeydown: (e: Event) => {
          if ((e as KeyboardEvent).key === 'Enter') {
            e.preventDefault();
            accept(p);
          }
        },
      }),
      h(
        'div',
        { className: 'row' },
        button(p.status === 'undone' ? 'Accept again' : 'Accept merge', 'A', 'accept', () => accept(p), {
          disabled: busy,
          title: 'Merge these persons, keeping the values you chose (can be undone)',
        }),
        button('Reject…', 'R', 'reject', () => startReject(p), { secondary: true, disabled: busy }),
        h('span', { className: 'spacer' }),
        ...nav,
      ),
    );
  return h(
    'div',
    { className: 'row decide' },
    p.status === 'accepted'
      ? button('Undo merge', 'U', 'undo', () => undo(p), {
          secondary: true,
          disabled: busy,
          title: 'Restore the persons exactly as they were; the proposal can then be decided again',
        })
      : null,
    p.status === 'accepted' && p.batch
      ? button(
          'Undo batch',
          '',
          'undo-batch',
          () => {
            pending.add('batch');
            channel.post({ type: 'undoBatch', batch: p.batch! });
          },
          { secondary: true, title: `Undo every merge of batch ${p.batch}` },
        )
      : null,
    p.status === 'rejected' ? h('span', { className: 'muted' }, `Rejected: ${p.reason ?? ''}`) : null,
    h('span', { className: 'spacer' }),
    ...nav,
  );
}

function notice(key: string): HTMLElement | null {
  const n = notices.get(key);
  return n
    ? h('div', { className: `notice${n.ok ? '' : ' error'}`, role: 'status', 'data-role': 'notice' }, n.message)
    : null;
}

function detail(): HTMLElement {
  const p = current();
  if (!p) return h('section', { className: 'detail empty' }, loaded ? 'Nothing to review here.' : 'Loading…');
  return h(
    'section',
    {
      className: `detail status-${p.status}`,
      'data-cluster-id': p.id,
      'data-status': p.status,
      'aria-label': 'Proposal',
    },
    h(
      'div',
      { className: 'row head' },
      h('h2', {}, p.members.map(nameOf).join(' and ')),
      h('span', { className: 'spacer' }),
      h('span', { className: 'score big', title: 'similarity' }, score(p.similarity)),
      pill(p.recommendation, `rec-${p.recommendation}`, 'the resolver’s recommendation'),
      pill(STATUS_WORDS[p.status], `st-${p.status}`),
    ),
    notice(p.id),
    compare(p),
    h(
      'p',
      { className: 'hint muted' },
      'Where the values differ, choose the one the merged person keeps; the other stays in the file, marked not kept. Values not chosen are all kept.',
    ),
    actions(p),
    h('h3', {}, 'Why merge'),
    h('p', {}, p.rationale),
    h('h3', {}, 'Why not'),
    h('p', {}, p.whyNotMerge || h('span', { className: 'muted' }, 'no counter-evidence recorded')),
    features(p),
  );
}

// ---- the toolbar -------------------------------------------------------------------------------

function select_(
  label: string,
  role: string,
  value: string,
  options: readonly (readonly [string, string])[],
  onchange: (v: string) => void,
) {
  return h(
    'label',
    { className: 'field' },
    h('span', { className: 'muted' }, label),
    h(
      'select',
      {
        'data-focus': `filter:${role}`,
        'data-role': role,
        onchange: (e: Event) => onchange((e.target as HTMLSelectElement).value),
      },
      ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)),
    ),
  );
}

let textTimer: ReturnType<typeof setTimeout> | undefined;
/**
 * What the filter field holds as typed: a redraw (the host answering, a file changing) can come
 * before the typing pauses and the filter is sent, and must not put back the older text.
 */
let typedText: string | undefined;

function toolbar(): HTMLElement {
  const q = query();
  const t = page?.totals;
  const matching = page?.matching ?? proposals.length;
  const first = matching ? q.offset + 1 : 0;
  const last = Math.min(matching, q.offset + proposals.length);
  return h(
    'header',
    { className: 'toolbar' },
    h(
      'div',
      { className: 'row' },
      h('h1', {}, 'Merge Review'),
      caseName ? h('span', { className: 'muted' }, `case of ${caseName}`) : null,
      h('span', { className: 'spacer' }),
      h(
        'span',
        { className: 'muted', 'data-role': 'totals' },
        t
          ? `${t.proposed} open (${t.merge} merge, ${t.review} review) · ${t.accepted} accepted · ${t.rejected} rejected`
          : '',
      ),
      button('Find Duplicates', '', 'find-duplicates', () => channel.post({ type: 'findDuplicates' }), {
        secondary: true,
        title: 'Search the case for persons who look like the same individual',
      }),
    ),
    notice('search'),
    h(
      'div',
      { className: 'row filters' },
      h(
        'label',
        { className: 'field grow' },
        h('span', { className: 'muted' }, 'Name'),
        h('input', {
          type: 'search',
          placeholder: 'Filter by name or id',
          'data-focus': 'filter:text',
          'data-role': 'text',
          value: typedText ?? q.text ?? '',
          oninput: (e: Event) => {
            const v = (e.target as HTMLInputElement).value;
            typedText = v;
            clearTimeout(textTimer);
            textTimer = setTimeout(() => setQuery({ text: v.trim() || undefined }), 300);
          },
        }),
      ),
      select_('Status', 'status', q.status, STATUS_CHOICES, (v) => setQuery({ status: v as MergesQuery['status'] })),
      select_('Recommendation', 'recommendation', q.recommendation ?? '', RECOMMENDATION_CHOICES, (v) =>
        setQuery({ recommendation: v === 'merge' || v === 'review' ? v : undefined }),
      ),
      select_(
        'Sort',
        'sort',
        q.sort ?? 'score',
        [
          ['score', 'best score first'],
          ['name', 'name'],
        ],
        (v) => setQuery({ sort: v === 'name' ? 'name' : undefined }),
      ),
    ),
    h(
      'div',
      { className: 'row' },
      button('Previous page', '', 'prev-page', () => setQuery({ offset: Math.max(0, q.offset - q.limit) }), {
        secondary: true,
        disabled: q.offset === 0,
      }),
      h('span', { 'data-role': 'page', 'aria-live': 'polite' }, matching ? `${first}–${last} of ${matching}` : 'none'),
      button('Next page', '', 'next-page', () => setQuery({ offset: q.offset + q.limit }), {
        secondary: true,
        disabled: last >= matching,
      }),
      h('span', { className: 'spacer' }),
      numberField({
        key: 'batch-score',
        label: 'Batch-accept score',
        visibleLabel: 'Accept every open MERGE scoring at least',
        min: BATCH_MIN,
        max: 1,
        step: 0.01,
        value: batchScore,
        commit: 'input',
        onValid: (v) => {
          if (v !== undefined) batchScore = v;
        },
      }),
      button(
        'Accept batch',
        '',
        'accept-batch',
        () => {
          // A refused score is said beside its field: the batch waits for one it can use.
          if (numberFieldInvalid('batch-score'))
            return document.querySelector<HTMLElement>('[data-focus="batch-score"]')?.focus();
          pending.add('batch');
          channel.post({ type: 'acceptBatch', minScore: batchScore });
        },
        { title: 'Accept every open MERGE proposal at or above this score as one batch (one undo)' },
      ),
      lastBatch()
        ? button(
            `Undo batch ${lastBatch()}`,
            '',
            'undo-last-batch',
            () => {
              pending.add('batch');
              channel.post({ type: 'undoBatch', batch: lastBatch()! });
            },
            { secondary: true },
          )
        : null,
    ),
    notice('batch'),
    h(
      'p',
      { className: 'keys muted', 'data-role': 'shortcuts' },
      'Keys: ',
      ...(
        [
          ['A', 'accept'],
          ['R', 'reject with a reason'],
          ['U', 'undo'],
          ['N', 'next'],
          ['J', 'next'],
          ['K', 'previous'],
          ['↑ ↓', 'move in the list'],
          ['/', 'filter'],
        ] as const
      ).flatMap(([k, what], i) => [i ? ' · ' : '', h('kbd', {}, k), ` ${what}`]),
    ),
  );
}

/** The batch of the last successful batch accept, named in its notice. */
function lastBatch(): string | undefined {
  const n = notices.get('batch');
  return n?.ok ? /^Batch (B-\S+):/.exec(n.message)?.[1] : undefined;
}

// ---- drawing and the keyboard --------------------------------------------------------------------

let focusAfterRender: string | undefined;

function render(): void {
  // Where the focus was (and a text field's caret), to put it back after the redraw.
  const active = document.activeElement as HTMLElement | null;
  let key = focusAfterRender ?? active?.getAttribute('data-focus') ?? undefined;
  if (!focusAfterRender && key?.startsWith('item:')) key = `item:${current()?.id ?? ''}`;
  focusAfterRender = undefined;
  const caret =
    active instanceof HTMLInputElement && active.type !== 'number'
      ? [active.selectionStart, active.selectionEnd]
      : undefined;
  const hadFocus = active && active !== document.body && document.contains(active);
  mount(toolbar(), h('div', { className: 'split' }, h('nav', { className: 'pane' }, queue()), detail()));
  if (!key && !hadFocus) return;
  const target =
    (key && document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`)) ||
    (key ? document.querySelector<HTMLElement>('.queue a.selected') : null);
  if (!target) return;
  target.focus({ preventScroll: true });
  if (target.matches('.queue a')) target.scrollIntoView({ block: 'nearest' });
  if (caret && target instanceof HTMLInputElement && caret[0] !== null)
    target.setSelectionRange(caret[0], caret[1] ?? caret[0]);
}

document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target as HTMLElement;
  if (t.closest('input, textarea, select')) return;
  const p = current();
  switch (e.key) {
    case 'a':
    case 'A':
      if (p) accept(p);
      break;
    case 'r':
    case 'R':
      if (p) startReject(p);
      break;
    case 'u':
    case 'U':
      undo(p);
      break;
    case 'n':
    case 'N':
    case 'j':
    case 'J':
      move(1);
      break;
    case 'k':
    case 'K':
      move(-1);
      break;
    case '/':
      document.querySelector<HTMLElement>('[data-focus="filter:text"]')?.focus();
      break;
    default:
      return;
  }
  e.preventDefault();
});

keepFocusAcrossBlur();
render();
channel.post({ type: 'ready' });
// A filter kept from before the panel was hidden or the window reloaded: ask for it again.
if (state.query) channel.post({ type: 'query', query: state.query });
