/**
 * Normalisation shared by connectors: source date formats to GEDCOM date phrases (what RawRecord
 * and Persona carry), sexes and names (a query's name parts: model/names queryName).
 */
import type { Sex } from '../model';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** GEDCOM date from year/month/day numbers, omitting unknown (0 or missing) parts. */
export function gedcomDate(year?: number, month?: number, day?: number): string | undefined {
  if (!year || !Number.isFinite(year)) return undefined;
  const y = year < 0 ? `${-year} B.C.` : String(year).padStart(3, '0');
  if (!month || month < 1 || month > 12) return y;
  if (!day || day < 1 || day > 31) return `${MONTHS[month - 1]} ${y}`;
  return `${day} ${MONTHS[month - 1]} ${y}`;
}

/**
 * "1835-11-30" → "30 NOV 1835"; WikiTree's "1879-00-00" → "1879", "1856-02-00" → "FEB 1856";
 * "0000-00-00" → undefined. Anything else is returned unchanged (already a phrase).
 */
export function isoToGedcom(value: string | null | undefined): string | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (!v) return undefined;
  const m = /^(-?\d{1,4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:T.*)?$/.exec(v);
  if (!m) return v;
  return gedcomDate(Number(m[1]), m[2] ? Number(m[2]) : undefined, m[3] ? Number(m[3]) : undefined);
}

/** WikiTree DataStatus (guess/before/after/certain) qualifies a date. */
export function qualify(date: string | undefined, status: string | undefined): string | undefined {
  if (!date) return undefined;
  switch ((status ?? '').toLowerCase()) {
    case 'guess':
      return `ABT ${date}`;
    case 'before':
      return `BEF ${date}`;
    case 'after':
      return `AFT ${date}`;
    default:
      return date;
  }
}

const JULIAN = 'http://www.wikidata.org/entity/Q1985786';

/**
 * Wikibase time value ("+1952-03-11T00:00:00Z", precision 11=day, 10=month, 9=year, 8=decade,
 * 7=century) → GEDCOM. Julian-calendar dates keep their calendar escape.
 */
export function wikibaseTime(time: string, precision = 11, calendarModel?: string): string | undefined {
  const m = /^([+-])(\d+)-(\d{2})-(\d{2})/.exec(time);
  if (!m) return undefined;
  const year = Number(m[2]) * (m[1] === '-' ? -1 : 1);
  let out: string | undefined;
  if (precision >= 11) out = gedcomDate(year, Number(m[3]), Number(m[4]));
  else if (precision === 10) out = gedcomDate(year, Number(m[3]));
  else if (precision === 9) out = gedcomDate(year);
  else if (precision === 8)
    out = year > 0 ? `BET ${Math.floor(year / 10) * 10} AND ${Math.floor(year / 10) * 10 + 9}` : gedcomDate(year);
  else
    out =
      year > 0
        ? `BET ${Math.floor((year - 1) / 100) * 100 + 1} AND ${Math.floor((year - 1) / 100) * 100 + 100}`
        : gedcomDate(year);
  if (out && calendarModel === JULIAN && !out.startsWith('BET')) out = `@#DJULIAN@ ${out}`;
  return out;
}

export function sexOf(value: string | null | undefined): Sex | undefined {
  const v = (value ?? '').toLowerCase();
  if (/^(m|male|man|http:\/\/gedcomx\.org\/male|q6581097)$/.test(v) || v.endsWith('/male')) return 'M';
  if (/^(f|female|woman|http:\/\/gedcomx\.org\/female|q6581072)$/.test(v) || v.endsWith('/female')) return 'F';
  if (v) return 'U';
  return undefined;
}

/** "Given /Surname/" when both parts are known (the archive's accepted form), else what we have. */
export function personaName(given?: string | null, surname?: string | null, fallback?: string): string | undefined {
  const g = (given ?? '').trim();
  const s = (surname ?? '').trim();
  if (g && s) return `${g} /${s}/`;
  if (s) return `/${s}/`;
  if (g) return g;
  return fallback?.trim() || undefined;
}

/** Compact JSON with stable indentation: the verbatim text captured as evidence. */
export function verbatim(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

export function asString(v: unknown): string | undefined {
  if (v == null) return undefined;
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

export function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return undefined;
}
