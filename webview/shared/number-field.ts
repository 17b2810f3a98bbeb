/**
 * A labelled number field that says what is wrong with a value it cannot take (issue #19 item 4):
 * `<label>` + `<input type="number">` + a message tied to the input by aria-describedby, announced
 * (role="alert") and marked aria-invalid. A rejected value stays typed across the panel's redraws
 * (the panels rebuild their DOM on every message), so the user can correct it instead of losing it.
 */
import { checkNumber, type NumberSpec } from '../../src/protocol/number-field';
import { h } from './vscode';

/** Rejected text per field key, kept across redraws. */
const rejected = new Map<string, { text: string; message: string }>();

export interface NumberFieldOptions extends NumberSpec {
  /** Unique per field; also its data-focus key, so the focus survives redraws. */
  key: string;
  step: number;
  value: number | undefined;
  /** 'input' (a value kept in the page) or 'change' (a decision sent to the host: on Enter or leaving). */
  commit: 'input' | 'change';
  onValid: (value: number | undefined) => void;
  /** The visible label; when omitted the label is for screen readers only (a table cell's field). */
  visibleLabel?: string;
  /** What a screen reader hears for a field without a visible label, when `label` is too short (a row's priority). */
  ariaLabel?: string;
  disabled?: boolean;
}

/** Whether the field `key` holds a value it rejected (a button that acts on it waits). */
export function numberFieldInvalid(key: string): boolean {
  return rejected.has(key);
}

/** The field being typed in, per key: a redraw puts this same element back, so the text and caret stay. */
const live = new Map<
  string,
  {
    wrap: HTMLElement;
    input: HTMLInputElement;
    options: { current: NumberFieldOptions };
    /** True while a redraw moves the field into the new page (until the redraw's task ends). */
    moving: { now: boolean };
  }
>();

export function numberField(o: NumberFieldOptions): HTMLElement {
  const typing = live.get(o.key);
  if (typing && document.activeElement === typing.input) {
    // The user is in this field: keep what they have typed (a redraw would reset it and its caret).
    typing.options.current = o;
    typing.input.disabled = o.disabled ?? false;
    // Moving a focused input fires `change` and `blur` (Chromium): without this, a redraw in the
    // middle of typing "0.95" sent "0.9" as the user's decision (the CI run of stop 38).
    typing.moving.now = true;
    queueMicrotask(() => (typing.moving.now = false));
    return typing.wrap;
  }
  const options = { current: o };
  const moving = { now: false };
  /** A `change` that came with a redraw's move: the value is sent when the user really leaves the field. */
  let unsent = false;
  const id = `nf-${o.key.replace(/[^\w-]/g, '_')}`;
  const held = rejected.get(o.key);
  const message = h('span', { id: `${id}-error`, className: 'field-error', role: 'alert' }, held?.message ?? '');
  const input = h('input', {
    type: 'number',
    id,
    min: String(o.min),
    max: String(o.max),
    step: String(o.step),
    value: held ? held.text : o.value === undefined ? '' : String(o.value),
    'data-focus': o.key,
    'aria-describedby': `${id}-error`,
    'aria-invalid': held ? 'true' : 'false',
    ...(o.visibleLabel ? {} : { 'aria-label': o.ariaLabel ?? o.label }),
    disabled: o.disabled ?? false,
  });
  const check = () => {
    const now = options.current;
    const r = checkNumber(input.value, now, input.validity.badInput);
    if (r.ok) {
      rejected.delete(now.key);
      input.setAttribute('aria-invalid', 'false');
      message.textContent = '';
      now.onValid(r.value);
    } else {
      rejected.set(now.key, { text: input.value, message: r.message });
      input.setAttribute('aria-invalid', 'true');
      message.textContent = r.message;
    }
  };
  input.addEventListener(o.commit, () => {
    if (moving.now) {
      unsent = true;
      return;
    }
    unsent = false;
    check();
  });
  input.addEventListener('blur', () => {
    if (moving.now || !unsent) return;
    unsent = false;
    check();
  });
  // Enter in a field commits it (a number input fires `change` on Enter only in some browsers).
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && options.current.commit === 'change') {
      e.preventDefault();
      input.dispatchEvent(new Event('change'));
    }
  });
  const wrap = h(
    'span',
    { className: `number-field${held ? ' invalid' : ''}` },
    o.visibleLabel ? h('label', { for: id }, o.visibleLabel) : null,
    input,
    message,
  );
  live.set(o.key, { wrap, input, options, moving });
  return wrap;
}
