import { endKey, startKey } from './calendar';
import { parseGDate } from './parse';
import type { GDate, SimpleDate } from './types';

/** The text as it was written: dates are evidence, so they are printed back unchanged. */
export function formatGDate(d: GDate): string {
  return d.original;
}

function asGDate(d: GDate | string): GDate {
  return typeof d === 'string' ? parseGDate(d) : d;
}

/** Order by earliest, then latest; dates without a span sort last, then by their text. */
export function compareGDate(a: GDate, b: GDate): number {
  const aDated = a.earliest !== undefined && a.latest !== undefined;
  const bDated = b.earliest !== undefined && b.latest !== undefined;
  if (aDated && bDated) {
    const byStart = startKey(a.earliest!) - startKey(b.earliest!);
    if (byStart !== 0) return Math.sign(byStart);
    const byEnd = endKey(a.latest!) - endKey(b.latest!);
    if (byEnd !== 0) return Math.sign(byEnd);
  } else if (aDated !== bDated) {
    return aDated ? -1 : 1;
  }
  return a.original < b.original ? -1 : a.original > b.original ? 1 : 0;
}

export function yearRange(d: GDate | string): { min?: number; max?: number } {
  if (typeof d === 'string') {
    // The Censor asks this of every date of every person, several times per write; trees repeat
    // their dates, so parsed spans are memoised (bounded: cleared when full).
    const hit = YEAR_MEMO.get(d);
    if (hit) return { ...hit };
    const r = spanYears(parseGDate(d));
    if (YEAR_MEMO.size >= 50_000) YEAR_MEMO.clear();
    YEAR_MEMO.set(d, r);
    return { ...r };
  }
  return spanYears(d);
}

const YEAR_MEMO = new Map<string, { min?: number; max?: number }>();

function spanYears(g: GDate): { min?: number; max?: number } {
  if (!g.earliest || !g.latest) return {};
  return { min: g.earliest.year, max: g.latest.year };
}

/** Could the two dates be the same moment? Undated means unknown, so it overlaps everything. */
export function overlaps(a: GDate | string, b: GDate | string, slackYears = 0): boolean {
  const x = asGDate(a);
  const y = asGDate(b);
  if (!x.earliest || !x.latest || !y.earliest || !y.latest) return true;
  const slack = slackYears * 10000;
  return startKey(x.earliest) - slack <= endKey(y.latest) && startKey(y.earliest) - slack <= endKey(x.latest);
}

function iso(d: SimpleDate): string {
  const y = d.year < 0 ? '-' + String(-d.year).padStart(4, '0') : String(d.year).padStart(4, '0');
  if (d.month === undefined) return y;
  const m = `${y}-${String(d.month).padStart(2, '0')}`;
  return d.day === undefined ? m : `${m}-${String(d.day).padStart(2, '0')}`;
}

/** The span as ISO 8601 calendar dates ('YYYY', 'YYYY-MM' or 'YYYY-MM-DD'; astronomical years). */
export function isoRange(d: GDate | string): { earliest?: string; latest?: string } {
  const g = asGDate(d);
  if (!g.earliest || !g.latest) return {};
  return { earliest: iso(g.earliest), latest: iso(g.latest) };
}

/** "1950s" for a date whose span centres in that decade: what the Censor shows instead of a living person's date. */
export function approximateDecade(d: GDate | string): string | undefined {
  const g = asGDate(d);
  if (!g.earliest || !g.latest) return undefined;
  const mid = Math.floor((g.earliest.year + g.latest.year) / 2);
  if (mid < 1) return undefined;
  return `${Math.floor(mid / 10) * 10}s`;
}
