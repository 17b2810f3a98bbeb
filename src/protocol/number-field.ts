/**
 * The number fields of the panels (a hypothesis's priority, the merge queue's minimum score, the
 * batch-accept threshold): what a typed value means, and what to tell the user when it is not one.
 * Pure, shared by the webviews (webview/shared/number-field.ts) and their tests.
 */

export interface NumberSpec {
  /** What the field is, as its label says it ("Batch-accept score"). */
  label: string;
  min: number;
  max: number;
  /** An empty field is allowed and means "no value" (a filter that is off). */
  optional?: boolean;
}

export type NumberCheck = { ok: true; value: number | undefined } | { ok: false; message: string };

const show = (n: number) => String(n);

/**
 * Reads `raw` (an input's text; a decimal comma is read as a point) against `spec`. `badInput`:
 * the browser could not read the text as a number (an `<input type="number">` then reports '').
 */
export function checkNumber(raw: string, spec: NumberSpec, badInput = false): NumberCheck {
  const range = `from ${show(spec.min)} to ${show(spec.max)}`;
  const text = raw.trim();
  if (!badInput && text === '')
    return spec.optional
      ? { ok: true, value: undefined }
      : { ok: false, message: `${spec.label}: type a number ${range}.` };
  const n = badInput ? NaN : Number(text.replace(',', '.'));
  if (!Number.isFinite(n)) return { ok: false, message: `${spec.label}: not a number; type one ${range}.` };
  if (n < spec.min || n > spec.max)
    return { ok: false, message: `${spec.label}: ${text} is out of range; type a number ${range}.` };
  return { ok: true, value: n };
}
