/**
 * The document view: the image (zoom, pan, turn; by mouse and by keyboard: + − 0, arrow keys, R)
 * beside its transcription, which the person corrects and saves (Ctrl+S or Save) as their
 * correction, and the facts the case took from the document with their reference notes. The page
 * is built once and updated in place, so an edit in progress and the focus survive a redraw.
 */
import '../shared/base.css';
import './style.css';
import {
  DocumentState,
  DocumentToWebview,
  type DocumentFromWebview,
  type DocumentView,
} from '../../src/protocol/document';
import { connect, h, mount, percent } from '../shared/vscode';
import { keepFocusAcrossBlur } from '../shared/focus-return';

const ZOOM_STEP = 1.25;
const PAN_STEP = 40;

let view: DocumentView | undefined;
let state: DocumentState = { zoom: 1, rotation: 0, x: 0, y: 0, page: 1 };
/** The sidecar's hash the text in the editor was loaded from (null: there is no sidecar yet). */
let base: string | null = null;
let dirty = false;

const channel = connect<DocumentToWebview, DocumentFromWebview, DocumentState>(
  DocumentToWebview,
  DocumentState,
  (m) => {
    if (m.type === 'state') update(m.view);
    else saved(m);
  },
);
state = channel.state() ?? state;

// --- the page, built once -------------------------------------------------------------------
const img = h('img', { className: 'page', alt: '', draggable: 'false' });
const viewport = h(
  'div',
  {
    className: 'viewport',
    tabindex: 0,
    role: 'img',
    'data-focus': 'viewport',
    'aria-roledescription': 'document image',
  },
  img,
);
const zoomStatus = h('span', { className: 'muted', id: 'zoom-status', 'aria-live': 'polite' });
const pageLabel = h('span', { className: 'muted', id: 'page-label' });
const prevPage = h(
  'button',
  { className: 'secondary', 'aria-label': 'Previous page', title: 'Previous page (Page Up)', 'data-focus': 'prev' },
  '‹',
);
const nextPage = h(
  'button',
  { className: 'secondary', 'aria-label': 'Next page', title: 'Next page (Page Down)', 'data-focus': 'next' },
  '›',
);
const note = h('p', { className: 'notice', id: 'image-note', hidden: true });
const toolbar = h(
  'div',
  { className: 'row toolbar', role: 'toolbar', 'aria-label': 'Image' },
  h(
    'button',
    {
      className: 'secondary',
      'aria-label': 'Zoom out',
      title: 'Zoom out (−)',
      'data-focus': 'zoom-out',
      onClick: () => zoomBy(1 / ZOOM_STEP),
    },
    '−',
  ),
  h(
    'button',
    {
      className: 'secondary',
      'aria-label': 'Zoom in',
      title: 'Zoom in (+)',
      'data-focus': 'zoom-in',
      onClick: () => zoomBy(ZOOM_STEP),
    },
    '+',
  ),
  h(
    'button',
    { className: 'secondary', title: 'Fit the page (0)', 'data-focus': 'fit', onClick: () => reset() },
    'Fit',
  ),
  h(
    'button',
    {
      className: 'secondary',
      title: 'Turn a quarter clockwise (R; Shift+R back)',
      'data-focus': 'rotate',
      onClick: () => rotate(90),
    },
    'Rotate',
  ),
  prevPage,
  pageLabel,
  nextPage,
  h('span', { className: 'spacer' }),
  zoomStatus,
);
const viewer = h('section', { className: 'viewer', 'aria-label': 'Document image' }, toolbar, viewport, note);

const title = h('h1', { id: 'doc-title' });
const meta = h('div', { className: 'muted', id: 'transcription-meta' });
const textarea = h('textarea', {
  id: 'transcription',
  spellcheck: 'false',
  'data-focus': 'transcription',
  'aria-describedby': 'transcription-meta',
});
const saveButton = h(
  'button',
  { id: 'save', 'data-focus': 'save', title: 'Save your correction (Ctrl+S)', onClick: () => save() },
  'Save correction',
);
const revertButton = h(
  'button',
  { className: 'secondary', id: 'revert', 'data-focus': 'revert', onClick: () => revert() },
  'Revert',
);
const openText = h(
  'button',
  {
    className: 'secondary',
    id: 'open-sidecar',
    'data-focus': 'open-sidecar',
    onClick: () => view?.transcription && channel.post({ type: 'openSidecar', sidecar: view.transcription.sidecar }),
  },
  'Open as Text',
);
const status = h('div', { id: 'save-status', role: 'status', 'aria-live': 'polite' });
const alternates = h('div', { className: 'muted', id: 'alternates' });
const facts = h('div', { id: 'facts' });
const side = h(
  'section',
  { className: 'side', 'aria-label': 'Transcription and facts' },
  title,
  meta,
  h('label', { for: 'transcription', className: 'label' }, 'Transcription'),
  textarea,
  h('div', { className: 'row' }, saveButton, revertButton, openText),
  status,
  alternates,
  h('h2', {}, 'Facts from this document'),
  facts,
);
mount(h('div', { className: 'document' }, viewer, side));
keepFocusAcrossBlur();

// --- the image ------------------------------------------------------------------------------
function fitScale(): number {
  const w = img.naturalWidth || 1;
  const hgt = img.naturalHeight || 1;
  const turned = Math.abs(state.rotation % 180) === 90;
  const vw = viewport.clientWidth || 1;
  const vh = viewport.clientHeight || 1;
  return Math.min(vw / (turned ? hgt : w), vh / (turned ? w : hgt));
}

function apply(): void {
  const scale = fitScale() * state.zoom;
  img.style.transform = `translate(-50%, -50%) translate(${state.x}px, ${state.y}px) rotate(${state.rotation}deg) scale(${scale})`;
  viewport.dataset.zoom = state.zoom.toFixed(3);
  viewport.dataset.rotation = String(state.rotation);
  zoomStatus.textContent = `${percent(state.zoom)} of fit${state.rotation ? `, turned ${((state.rotation % 360) + 360) % 360}°` : ''}`;
  channel.saveState(state);
}

function zoomBy(f: number): void {
  state.zoom = Math.min(20, Math.max(0.1, state.zoom * f));
  apply();
}
function pan(dx: number, dy: number): void {
  state.x += dx;
  state.y += dy;
  apply();
}
function rotate(deg: number): void {
  state.rotation = (state.rotation + deg) % 360;
  apply();
}
function reset(): void {
  state = { ...state, zoom: 1, x: 0, y: 0, rotation: 0 };
  apply();
}
function showPage(n: number): void {
  const images = view?.images ?? [];
  const i = images.findIndex((p) => p.page === n);
  const page = images[i] ?? images[0];
  if (!page) return;
  state.page = page.page;
  if (img.getAttribute('src') !== page.src) img.src = page.src;
  pageLabel.textContent = images.length > 1 ? `Page ${page.page} of ${images.at(-1)!.page}` : '';
  prevPage.hidden = nextPage.hidden = images.length < 2;
  prevPage.disabled = images.indexOf(page) === 0;
  nextPage.disabled = images.indexOf(page) === images.length - 1;
  viewport.setAttribute(
    'aria-label',
    `${view?.name ?? 'Document'}${images.length > 1 ? `, page ${page.page}` : ''}. Plus and minus zoom, arrow keys pan, 0 fits, R turns.`,
  );
  apply();
}
function stepPage(d: number): void {
  const images = view?.images ?? [];
  const i = images.findIndex((p) => p.page === state.page);
  const next = images[Math.min(images.length - 1, Math.max(0, i + d))];
  if (next) showPage(next.page);
}
prevPage.addEventListener('click', () => stepPage(-1));
nextPage.addEventListener('click', () => stepPage(1));
img.addEventListener('load', apply);
new ResizeObserver(apply).observe(viewport);

viewport.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const step = e.shiftKey ? PAN_STEP * 5 : PAN_STEP;
  const keys: Record<string, () => void> = {
    '+': () => zoomBy(ZOOM_STEP),
    '=': () => zoomBy(ZOOM_STEP),
    '-': () => zoomBy(1 / ZOOM_STEP),
    _: () => zoomBy(1 / ZOOM_STEP),
    '0': () => reset(),
    ArrowLeft: () => pan(step, 0),
    ArrowRight: () => pan(-step, 0),
    ArrowUp: () => pan(0, step),
    ArrowDown: () => pan(0, -step),
    r: () => rotate(90),
    R: () => rotate(-90),
    PageUp: () => stepPage(-1),
    PageDown: () => stepPage(1),
  };
  const act = keys[e.key];
  if (!act) return;
  e.preventDefault();
  act();
});
viewport.addEventListener(
  'wheel',
  (e) => {
    e.preventDefault();
    zoomBy(e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
  },
  { passive: false },
);
let drag: { x: number; y: number } | undefined;
viewport.addEventListener('pointerdown', (e) => {
  drag = { x: e.clientX, y: e.clientY };
  viewport.setPointerCapture(e.pointerId);
  viewport.classList.add('dragging');
});
viewport.addEventListener('pointermove', (e) => {
  if (!drag) return;
  pan(e.clientX - drag.x, e.clientY - drag.y);
  drag = { x: e.clientX, y: e.clientY };
});
const endDrag = () => {
  drag = undefined;
  viewport.classList.remove('dragging');
};
viewport.addEventListener('pointerup', endDrag);
viewport.addEventListener('pointercancel', endDrag);

// --- the transcription ----------------------------------------------------------------------
function setDirty(d: boolean): void {
  dirty = d;
  saveButton.disabled = !d;
  revertButton.disabled = !d;
}
textarea.addEventListener('input', () => setDirty(true));
textarea.addEventListener('keydown', (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
    e.preventDefault();
    save();
  }
});

function save(): void {
  if (!dirty) return;
  saveButton.disabled = true;
  say('Saving…');
  channel.post({ type: 'save', text: textarea.value, base });
}
function revert(): void {
  textarea.value = view?.transcription?.body ?? '';
  base = view?.transcription?.sha256 ?? null;
  setDirty(false);
  say('');
}
function say(message: string, error = false): void {
  status.textContent = message;
  status.className = message ? `notice${error ? ' error' : ''}` : '';
}
function saved(m: Extract<DocumentToWebview, { type: 'saved' }>): void {
  if (m.ok) {
    base = m.sha256 ?? base;
    setDirty(false);
    say(m.message);
  } else {
    saveButton.disabled = false;
    say(m.conflict ? `${m.message}. Your text is still here: copy it before you revert.` : m.message, true);
  }
}

function metaLine(v: DocumentView): string {
  const t = v.transcription;
  if (!t) return 'Not transcribed yet: type a transcription and save it, or run Transcribe Document.';
  const when = t.date ? ` on ${t.date.slice(0, 10)}` : '';
  const parts = [
    !t.byPerson
      ? `Machine reading by ${t.transcriber}${when}`
      : t.transcriber === 'a person'
        ? 'Transcribed by a person'
        : `Corrected by a person (first read by ${t.transcriber}${when})`,
  ];
  if (t.confidence !== undefined) parts.push(`confidence ${percent(t.confidence)}`);
  if (t.uncertain) parts.push(`${t.uncertain} uncertain word(s) marked [word?]`);
  return parts.join(' · ');
}

function factsTable(v: DocumentView): Node {
  if (!v.facts.length)
    return h(
      'p',
      { className: 'empty' },
      'No fact of the case cites this document yet. Research reads the transcription (your correction, once saved).',
    );
  return h(
    'table',
    {},
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, 'Person'), h('th', {}, 'Fact'), h('th', {}, 'Value'), h('th', {}, 'Citation')),
    ),
    h(
      'tbody',
      {},
      ...v.facts.map((f) =>
        h(
          'tr',
          {},
          h(
            'td',
            {},
            h(
              'a',
              {
                href: '#',
                'data-focus': `person-${f.personId}-${f.field}`,
                onClick: (e: Event) => {
                  e.preventDefault();
                  channel.post({ type: 'openPerson', id: f.personId });
                },
              },
              f.person,
            ),
          ),
          h('td', {}, f.field, f.status !== 'accepted' ? h('span', { className: 'badge' }, f.status) : null),
          h('td', {}, f.value, h('div', { className: 'muted' }, `“${f.snippet}”`)),
          h(
            'td',
            { className: 'citation' },
            f.page ? h('span', { className: 'badge' }, f.page) : null,
            ' ',
            f.citation,
          ),
        ),
      ),
    ),
  );
}

function update(v: DocumentView): void {
  view = v;
  title.textContent = v.name;
  meta.textContent = metaLine(v);
  const t = v.transcription;
  const loaded = t?.sha256 ?? null;
  if (!dirty) {
    if (textarea.value !== (t?.body ?? '')) textarea.value = t?.body ?? '';
    base = loaded;
    setDirty(false);
  } else if (loaded !== base)
    say(
      'The sidecar changed on disk while you edited: Save will be refused until you revert (copy your text first).',
      true,
    );
  alternates.replaceChildren(
    ...(v.alternates.length
      ? [
          'Machine readings kept beside your version: ',
          ...v.alternates.flatMap((a, i) => [
            i ? ', ' : '',
            h(
              'a',
              {
                href: '#',
                onClick: (e: Event) => {
                  e.preventDefault();
                  channel.post({ type: 'openSidecar', sidecar: a.sidecar });
                },
              },
              a.engine,
            ),
          ]),
        ]
      : []),
  );
  openText.disabled = !t;
  facts.replaceChildren(factsTable(v));
  note.hidden = !v.imageNote;
  note.textContent = v.imageNote ?? '';
  viewport.hidden = !v.images.length;
  toolbar.hidden = !v.images.length;
  if (v.images.length) showPage(state.page);
}

channel.post({ type: 'ready' });
