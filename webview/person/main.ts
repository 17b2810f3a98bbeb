/**
 * The person page: vital facts, family one click away, a timeline of events with footnotes, the
 * conflicts, the reference notes (Evidence Explained) and the user's own notes. Read-only; every
 * action is a link with an href or a button with a label; arrow keys move within the family and
 * the timeline; focus stays where it was when the page redraws.
 */
import '../shared/base.css';
import './style.css';
import {
  PersonState,
  PersonToWebview,
  type CitationView,
  type ConflictView,
  type EventView,
  type FactView,
  type PersonFromWebview,
  type PersonPage,
  type PersonRef,
  type VitalView,
} from '../../src/protocol/person';
import { connect, h, mount } from '../shared/vscode';
import { keepFocusAcrossBlur } from '../shared/focus-return';

let page: PersonPage | undefined;
let canGoBack = false;
let shownId: string | undefined;
/** Footnote links get stable focus keys in document order (reset on each render). */
let fnCount = 0;

const channel = connect<PersonToWebview, PersonFromWebview, PersonState>(PersonToWebview, PersonState, (m) => {
  if (m.type === 'page') {
    page = m.page;
    canGoBack = m.canGoBack;
    channel.saveState({ id: m.page.id });
    render();
  } else {
    page = undefined;
    mount(h('h1', { tabindex: -1 }, m.id), h('p', { className: 'empty', role: 'status' }, m.message));
  }
});

const STATUS_TEXT: Record<string, { text: string; mark: string }> = {
  staged: { text: 'staged', mark: '◐' },
  disputed: { text: 'disputed', mark: '✕' },
  rejected: { text: 'rejected', mark: '✕' },
};

/** A status as words and a mark, never colour alone. */
function statusBadge(status: string | undefined): HTMLElement | null {
  const s = status ? STATUS_TEXT[status] : undefined;
  return s ? h('span', { className: `tag ${status}`, title: `This value is ${s.text}` }, `${s.mark} ${s.text}`) : null;
}

function conflictBadge(id: string | undefined): HTMLElement | null {
  return id
    ? h(
        'a',
        {
          className: 'tag conflict',
          href: `#conflict-${id}`,
          'data-focus': `conflict-badge-${id}`,
          title: 'Sources disagree on this value: see the conflict below',
          onclick: (e: Event) => jump(e, `conflict-${id}`),
        },
        '⚠ in conflict',
      )
    : null;
}

function jump(e: Event, target: string): void {
  e.preventDefault();
  const el = document.getElementById(target);
  if (!el) return;
  el.scrollIntoView({ block: 'center' });
  el.focus();
}

function footnotes(notes: number[]): HTMLElement | null {
  if (!notes.length) return null;
  return h(
    'span',
    { className: 'fns' },
    ...notes.map((n) =>
      h(
        'a',
        {
          className: 'fn',
          href: `#note-${n}`,
          'aria-label': `source note ${n}`,
          'data-focus': `fn-${++fnCount}`,
          onclick: (e: Event) => jump(e, `note-${n}`),
        },
        h('sup', {}, String(n)),
      ),
    ),
  );
}

/** `relation` is what a screen reader hears before the name; `key` (default: relation) keeps the focus across redraws. */
function personLink(p: PersonRef, relation: string, key = relation): HTMLElement {
  return h(
    'li',
    {},
    h(
      'a',
      {
        href: `#person-${p.id}`,
        'data-person': p.id,
        'data-focus': `person-${key}-${p.id}`,
        'aria-label': `${relation}: ${p.name}${p.lifespan ? `, ${p.lifespan}` : ''}${p.qualifier ? `, ${p.qualifier}` : ''}`,
        onclick: (e: Event) => {
          e.preventDefault();
          channel.post({ type: 'openPerson', id: p.id });
        },
      },
      p.name,
    ),
    p.lifespan ? h('span', { className: 'muted' }, ` ${p.lifespan}`) : null,
    p.qualifier ? h('span', { className: 'tag staged' }, ` ${p.qualifier}`) : null,
  );
}

function family(title: string, relation: string, people: PersonRef[], none: string): HTMLElement {
  return h(
    'div',
    { className: 'family-group' },
    h('h3', {}, title),
    people.length
      ? h('ul', { className: 'people', 'aria-label': title }, ...people.map((p) => personLink(p, relation)))
      : h('p', { className: 'muted' }, none),
  );
}

/**
 * Spouses with their children, one marriage each, when a person married more than once (or has
 * children with someone not recorded as a spouse): the other spouse and that marriage's children
 * are one click away, and a reader sees which child belongs to which marriage.
 */
function marriages(p: PersonPage): HTMLElement[] | null {
  const spouseIds = new Set(p.spouses.map((s) => s.id));
  const outside = p.children.filter((c) => !c.otherParent || !spouseIds.has(c.otherParent));
  if (p.spouses.length < 2 && (p.spouses.length === 0 || outside.length === 0)) return null;
  const groups = p.spouses.map((s, i) => {
    const kids = p.children.filter((c) => c.otherParent === s.id);
    const title = `Marriage ${i + 1}: with ${s.name}`;
    return h(
      'div',
      { className: 'family-group marriage', 'data-marriage': s.id },
      h('h3', {}, title),
      h('ul', { className: 'people', 'aria-label': `Spouse, marriage ${i + 1}` }, personLink(s, 'spouse')),
      kids.length
        ? h(
            'ul',
            { className: 'people children', 'aria-label': `Children with ${s.name}` },
            ...kids.map((c) => personLink(c, `child with ${s.name}`, 'child')),
          )
        : h('p', { className: 'muted' }, `No child with ${s.name} recorded.`),
    );
  });
  if (outside.length)
    groups.push(
      h(
        'div',
        { className: 'family-group marriage' },
        h('h3', {}, 'Children with another or an unknown parent'),
        h(
          'ul',
          { className: 'people children', 'aria-label': 'Children with another or an unknown parent' },
          ...outside.map((c) => personLink(c, 'child', 'child')),
        ),
      ),
    );
  return groups;
}

function button(label: string, action: () => void, focus: string, secondary = true): HTMLElement {
  return h(
    'button',
    { className: secondary ? 'secondary' : '', 'data-focus': focus, onclick: () => action(), type: 'button' },
    label,
  );
}

function vitalRow(v: VitalView): HTMLElement[] {
  return [
    h('dt', {}, v.label),
    h('dd', {}, v.value, footnotes(v.notes), ' ', statusBadge(v.status), ' ', conflictBadge(v.conflict)),
  ];
}

function factLine(f: FactView): HTMLElement {
  return h(
    'li',
    { className: `fact ${f.status}` },
    f.label ? h('span', { className: 'fact-label' }, `${f.label}: `) : null,
    h('span', {}, f.value),
    footnotes(f.notes),
    ' ',
    statusBadge(f.status),
    ' ',
    conflictBadge(f.conflict),
    f.generalised ? h('span', { className: 'tag', title: 'generalised by the Censor' }, ' generalised') : null,
    f.comment ? h('div', { className: 'muted' }, f.comment) : null,
  );
}

function eventRow(e: EventView, i: number): HTMLElement {
  // The conflict is marked once per event, on its first value, not on every competing value.
  const marked = new Set<string>();
  const facts = e.facts.map((f) => {
    if (!f.conflict || !marked.has(f.conflict)) {
      if (f.conflict) marked.add(f.conflict);
      return f;
    }
    const rest = { ...f };
    delete rest.conflict;
    return rest;
  });
  // One row is in the Tab order; arrow keys move between rows.
  return h(
    'tr',
    {
      className: e.unsettled ? 'unsettled' : '',
      tabindex: i === 0 ? 0 : -1,
      'data-focus': `event-${e.key}`,
      'data-row': '',
      'aria-label': `${e.label}${e.date ? `, ${e.date}` : ''}${e.place ? `, ${e.place}` : ''}${e.unsettled ? ', unsettled' : ''}`,
    },
    h('td', { className: 'date' }, e.date ?? h('span', { className: 'muted' }, 'no date')),
    h('th', { scope: 'row' }, e.label),
    h('td', {}, e.place ?? ''),
    h('td', {}, h('ul', { className: 'facts' }, ...facts.map(factLine))),
  );
}

function conflictCard(c: ConflictView): HTMLElement {
  return h(
    'div',
    { className: 'card conflict-card', id: `conflict-${c.id}`, tabindex: -1 },
    h(
      'div',
      { className: 'row' },
      h('strong', {}, c.field),
      h(
        'span',
        { className: `tag ${c.status === 'resolved' ? '' : 'conflict'}` },
        c.status === 'resolved' ? `✓ resolved by ${c.resolvedBy ?? 'engine'}` : `⚠ ${c.status}`,
      ),
      h('span', { className: 'spacer' }),
      button('Review conflict', () => channel.post({ type: 'reviewConflicts', id: c.id }), `review-${c.id}`),
    ),
    h(
      'ul',
      {},
      ...c.values.map((v) =>
        h(
          'li',
          {},
          v.value,
          h('span', { className: 'muted' }, ` weight ${v.weight.toFixed(2)}`),
          v.value === c.preferred ? h('span', { className: 'tag preferred' }, '✓ preferred') : null,
        ),
      ),
    ),
  );
}

function citation(c: CitationView): HTMLElement {
  return h(
    'li',
    { id: `note-${c.n}`, tabindex: -1, value: c.n },
    h('div', { className: 'note-text' }, c.full),
    c.analysis ? h('div', { className: 'muted' }, `Evidence analysis: ${c.analysis}`) : null,
    c.quote
      ? c.transcribed
        ? h('blockquote', {}, c.quote)
        : h('div', { className: 'muted index-line' }, `Index entry, not the record's words: ${c.quote}`)
      : null,
    h(
      'div',
      { className: 'row' },
      c.captured
        ? h(
            'a',
            {
              href: `#source-${c.source}`,
              'data-focus': `source-${c.n}`,
              onclick: (e: Event) => {
                e.preventDefault();
                channel.post({ type: 'openSource', id: c.source });
              },
            },
            `Open source ${c.source}`,
          )
        : h('span', { className: 'muted' }, `${c.source} is not captured in sources/`),
      c.url ? h('a', { href: c.url, 'data-focus': `url-${c.n}` }, 'Web page') : null,
    ),
  );
}

function header(p: PersonPage): HTMLElement {
  const where =
    p.origin.kind === 'tree'
      ? `Imported tree ${p.origin.file}${p.origin.line ? `, line ${p.origin.line}` : ''} (read-only)`
      : `Person file ${p.origin.file}`;
  return h(
    'header',
    {},
    h(
      'div',
      { className: 'row toolbar', role: 'toolbar', 'aria-label': 'Person actions' },
      canGoBack ? button('← Back', () => channel.post({ type: 'back' }), 'back') : null,
      button('Open as Text', () => channel.post({ type: 'openText', id: p.id }), 'open-text'),
      button('Show Pedigree', () => channel.post({ type: 'showPedigree', id: p.id }), 'pedigree'),
      button('Research…', () => channel.post({ type: 'research', id: p.id }), 'research'),
    ),
    h('h1', { id: 'person-name', tabindex: -1 }, p.name),
    h(
      'div',
      { className: 'row subtitle' },
      h('span', { className: 'sex', title: `sex: ${p.sex.word}` }, `${p.sex.symbol} ${p.sex.word}`),
      p.lifespan ? h('span', {}, p.lifespan) : null,
      p.redacted ? h('span', { className: 'tag living' }, '🔒 living: details withheld') : null,
      p.counts.openConflicts
        ? h(
            'a',
            {
              className: 'tag conflict',
              href: '#conflicts',
              'data-focus': 'conflict-count',
              onclick: (e: Event) => jump(e, 'conflicts'),
            },
            `⚠ ${p.counts.openConflicts} open ${p.counts.openConflicts === 1 ? 'conflict' : 'conflicts'}`,
          )
        : null,
      p.counts.staged
        ? h(
            'span',
            { className: 'tag staged' },
            `◐ ${p.counts.staged} staged ${p.counts.staged === 1 ? 'fact' : 'facts'}`,
          )
        : null,
      p.counts.disputed ? h('span', { className: 'tag disputed' }, `✕ ${p.counts.disputed} disputed`) : null,
    ),
    p.otherNames.length ? h('p', { className: 'muted' }, `Also known as ${p.otherNames.join('; ')}`) : null,
    h('p', { className: 'muted origin' }, where),
  );
}

function section(id: string, title: string, ...children: (Node | null)[]): HTMLElement {
  return h('section', { 'aria-labelledby': `${id}-h` }, h('h2', { id: `${id}-h` }, title), ...children);
}

function render(): void {
  if (!page) return;
  const p = page;
  // Focus survives the redraw: the element with the same data-focus key is focused again.
  const active = document.activeElement as HTMLElement | null;
  const focusKey = active?.getAttribute('data-focus') ?? undefined;
  const newPerson = shownId !== p.id;
  fnCount = 0;
  shownId = p.id;
  const parts: (HTMLElement | null)[] = [header(p)];
  if (p.redacted)
    parts.push(
      h(
        'p',
        { className: 'notice' },
        'This person may be living. Their facts, notes and sources are not shown because the case has no consent (case.yaml privacy.consent). Open as Text shows the file.',
      ),
    );
  else if (p.vitals.length)
    parts.push(section('vitals', 'Vital facts', h('dl', { className: 'vitals' }, ...p.vitals.flatMap(vitalRow))));
  parts.push(
    section(
      'family',
      'Family',
      h(
        'div',
        { className: 'family', 'data-nav': '' },
        family('Parents', 'parent', p.parents, 'No parent recorded.'),
        ...(marriages(p) ?? [
          family('Spouses', 'spouse', p.spouses, 'No spouse recorded.'),
          family('Children', 'child', p.children, 'No child recorded.'),
        ]),
      ),
    ),
  );
  if (!p.redacted) {
    parts.push(
      section(
        'timeline',
        'Timeline',
        p.timeline.length
          ? h(
              'table',
              { className: 'timeline', 'data-nav-rows': '' },
              h(
                'thead',
                {},
                h('tr', {}, h('th', {}, 'Date'), h('th', {}, 'Event'), h('th', {}, 'Place'), h('th', {}, 'Recorded')),
              ),
              h('tbody', {}, ...p.timeline.map((e, i) => eventRow(e, i))),
            )
          : h('p', { className: 'muted' }, 'No events recorded yet.'),
      ),
    );
    if (p.conflicts.length) {
      const s = section('conflicts', 'Conflicts', ...p.conflicts.map(conflictCard));
      s.id = 'conflicts';
      s.tabIndex = -1;
      parts.push(s);
    }
    parts.push(
      section(
        'sources',
        'Sources',
        p.citations.length
          ? h('ol', { className: 'notes' }, ...p.citations.map(citation))
          : h('p', { className: 'muted' }, 'No source cited yet.'),
      ),
    );
    parts.push(
      section(
        'notes',
        'Notes',
        p.notes
          ? h('div', { className: 'user-notes' }, p.notes)
          : h(
              'p',
              { className: 'muted' },
              p.origin.kind === 'tree'
                ? 'Persons of an imported tree have no notes of their own.'
                : 'No notes yet. Open as Text and write below the front matter.',
            ),
      ),
    );
  }
  mount(...parts.filter((x): x is HTMLElement => x !== null));
  const again = focusKey ? document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focusKey)}"]`) : null;
  if (!newPerson && again) again.focus();
  else if (newPerson && active && active !== document.body) document.getElementById('person-name')?.focus();
  channel.post({ type: 'rendered', id: p.id, links: document.querySelectorAll('a[data-person]').length });
}

/** Arrow keys move between relatives, and between timeline rows (Home/End to the ends). */
document.addEventListener('keydown', (e) => {
  const target = e.target as HTMLElement;
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(e.key)) return;
  const nav = target.closest('[data-nav]');
  const rows = target.closest('[data-nav-rows]');
  const items = nav
    ? [...nav.querySelectorAll<HTMLElement>('a[data-person]')]
    : rows
      ? [...rows.querySelectorAll<HTMLElement>('tr[data-row]')]
      : [];
  const here = items.indexOf(nav ? target : (target.closest('tr[data-row]') as HTMLElement));
  if (here < 0 || !items.length) return;
  const next =
    e.key === 'Home'
      ? 0
      : e.key === 'End'
        ? items.length - 1
        : Math.max(0, Math.min(items.length - 1, here + (e.key === 'ArrowDown' ? 1 : -1)));
  e.preventDefault();
  items[next].focus();
});

channel.post({ type: 'ready' });
keepFocusAcrossBlur();
