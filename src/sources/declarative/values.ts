/** A field rule applied to one result: select, cut with the pattern, map, and read as its type. */
import { gedcomDate, isoToGedcom, sexOf } from '../normalize';
import type { FieldRule } from './rules';
import { templatePattern } from './rules';
import { jsonSelection, type Selection } from './select';

/** A scalar as text; objects and arrays have no text of their own (a date object is read by `date`). */
function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v.replace(/\s+/g, ' ').trim() || undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return undefined;
}

function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

/** {year, month, day} in any letter case ({Year: 1855}, {year: "1855"}). */
function dateObject(v: object): string | undefined {
  const parts = new Map(Object.entries(v).map(([k, x]) => [k.toLowerCase(), numberOf(x)]));
  return gedcomDate(parts.get('year'), parts.get('month'), parts.get('day'));
}

/** A date as our GEDCOM phrase: "1816-02-16" → "16 FEB 1816", "1853-00-00" → "1853", a year, or the text as written. */
export function dateValue(v: unknown): string | undefined {
  if (v && typeof v === 'object' && !Array.isArray(v)) return dateObject(v);
  const n = numberOf(v);
  if (n !== undefined && Number.isInteger(n)) return gedcomDate(n);
  const t = text(v);
  return t ? isoToGedcom(t) : undefined;
}

function typed(rule: FieldRule, v: unknown, sel: Selection): string | number | undefined {
  switch (rule.type) {
    case 'date':
      return dateValue(v);
    case 'year': {
      const m = /(?:^|\D)(\d{3,4})(?:\D|$)/.exec(text(v) ?? '');
      return m ? Number(m[1]) : undefined;
    }
    case 'number':
      return numberOf(v);
    case 'sex':
      return sexOf(text(v));
    case 'url': {
      // An HTML page's relative link is absolute against the page; only http(s) links are kept.
      const t = text(v);
      const url = t === undefined ? undefined : sel.link(t);
      return url && /^https?:\/\/\S+$/i.test(url) ? url : undefined;
    }
    case 'text':
      return text(v);
  }
}

function cut(rule: FieldRule, v: string): string | undefined {
  if (!rule.pattern) return v;
  const m = new RegExp(rule.pattern, 'u').exec(v);
  return m ? (m[1] ?? m[0]).trim() || undefined : undefined;
}

function mapped(rule: FieldRule, v: string): string {
  if (!rule.map) return v;
  const key = v.toLowerCase();
  for (const [from, to] of Object.entries(rule.map)) if (from.toLowerCase() === key) return to;
  return v;
}

/** The raw values a rule reads in a result, before its type: selector matches, or the filled template. */
function raw(rule: FieldRule, result: unknown, sel: Selection): unknown[] {
  if (rule.selector) return sel.all(result, rule.selector, rule.attr).filter((v) => v !== null && v !== undefined);
  if (!rule.template) return [];
  let any = false;
  const filled = rule.template.replace(templatePattern(sel.format), (_, path: string) => {
    const parts = sel
      .all(result, path.trim(), rule.attr)
      .map(text)
      .filter((x): x is string => Boolean(x));
    if (parts.length) any = true;
    return parts.join(' ');
  });
  // Every selector empty: no value (not a title made of separators).
  return any ? [filled.replace(/\s+/g, ' ').trim()] : [];
}

/**
 * The field's value in one result, or undefined. Several text matches are joined with "; ". `sel`
 * says how the answer is read (JSON unless the plugin reads HTML).
 */
export function fieldValue(
  rule: FieldRule,
  result: unknown,
  sel: Selection = jsonSelection,
): string | number | undefined {
  const values = raw(rule, result, sel).flatMap((v): unknown[] => {
    // A pattern or map works on text; a date object goes to its type as it is.
    if (typeof v === 'object') return rule.pattern || rule.map ? [] : [v];
    const t = text(v);
    const c = t === undefined ? undefined : cut(rule, t);
    return c === undefined ? [] : [mapped(rule, c)];
  });
  const read = values.map((v) => typed(rule, v, sel)).filter((v) => v !== undefined && v !== '');
  if (!read.length) return rule.default;
  if (rule.type === 'text' && read.length > 1) return [...new Set(read.map(String))].join('; ');
  return read[0];
}
