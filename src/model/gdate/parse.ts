import {
  calendarToken,
  daysInMonth,
  monthToken,
  shiftYears,
  spanOf,
  startKey,
  endKey,
  type WrittenDate,
} from './calendar';
import {
  AFTER_SPAN_YEARS,
  APPROXIMATE_SPAN_YEARS,
  CALCULATED_SPAN_YEARS,
  BEFORE_SPAN_YEARS,
  type GCalendar,
  type GDate,
  type GDateKind,
  type SimpleDate,
} from './types';

/** A written date plus what the tokens said about it beyond the calendar fields. */
interface ParsedDate extends WrittenDate {
  altText?: string;
  questionable?: boolean; // written with a trailing "?"
}

interface ParsedValue {
  kind: Exclude<GDateKind, 'phrase' | 'empty' | 'interpreted'>;
  dates: ParsedDate[];
}

const QUALIFIERS: Record<string, ParsedValue['kind']> = {
  ABT: 'about',
  ABOUT: 'about',
  C: 'about',
  CA: 'about',
  CIRCA: 'about',
  APPROX: 'about',
  APPROXIMATELY: 'about',
  EST: 'estimated',
  ESTIMATED: 'estimated',
  CAL: 'calculated',
  CALCULATED: 'calculated',
  BEF: 'before',
  BEFORE: 'before',
  AFT: 'after',
  AFTER: 'after',
};

const EPOCH_BC = /^B\.?C\.?(E\.?)?$/;
const EPOCH_AD = /^(A\.?D\.?|C\.?E\.?)$/;

/**
 * Parse a GEDCOM 5.5.1 / 7.0 date value, or the looser forms people type ("c. 1850",
 * "May 12, 1890", "1890-05-12", "1850s"). Never throws: text it cannot read becomes kind 'phrase'
 * with no span, so callers can always keep and print the original.
 */
export function parseGDate(text: string): GDate {
  const original = typeof text === 'string' ? text : String(text ?? '');
  try {
    return parseOrPhrase(original);
  } catch {
    return phrase(original);
  }
}

function phrase(original: string, inner?: string): GDate {
  const p = (inner ?? original).trim();
  const d: GDate = { original, kind: original.trim() === '' ? 'empty' : 'phrase', calendar: 'unknown' };
  if (p !== '') d.phrase = p;
  return d;
}

function parseOrPhrase(original: string): GDate {
  const trimmed = original.trim();
  if (trimmed === '') return phrase(original);
  const paren = /^\(([\s\S]*)\)$/.exec(trimmed);
  if (paren) return phrase(original, paren[1]);

  // INT <date> (<phrase>): the interpretation plus the text it was interpreted from, kept as written.
  const int = /^INT\.?\s+([^(]*?)\s*(?:\(([\s\S]*)\))?$/i.exec(trimmed);
  if (int) {
    const value = parseValue(tokenize(int[1]));
    if (!value || value.kind !== 'exact') return phrase(original);
    const d = build(original, 'interpreted', value.dates);
    if (int[2] !== undefined) d.phrase = int[2];
    return d;
  }

  const value = parseValue(tokenize(trimmed));
  if (!value) return phrase(original);
  const questionable = value.kind === 'exact' && value.dates.some((d) => d.questionable);
  return build(original, questionable ? 'about' : value.kind, value.dates);
}

function tokenize(s: string): string[] {
  const raw =
    s
      .toUpperCase()
      .replace(/,/g, ' ')
      .match(/@#D[^@]*@|\S+/g) ?? [];
  const out: string[] = [];
  for (const t of raw) {
    let m: RegExpExecArray | null;
    if ((m = /^(CA?\.?)(\d.*)$/.exec(t)))
      out.push(m[1], m[2]); // "c1850", "ca.1850"
    else if ((m = /^(\d+)(B\.?C\.?(?:E\.?)?)$/.exec(t)))
      out.push(m[1], m[2]); // "1100B.C."
    else if ((m = /^(\d{3,4})-(\d{3,4})$/.exec(t)) && out.length === 0 && raw.length === 1) out.push(m[1], '-', m[2]);
    else out.push(t);
  }
  return out;
}

function parseValue(tokens: string[]): ParsedValue | undefined {
  if (tokens.length === 0) return undefined;
  const head = tokens[0].replace(/\.$/, '');
  const rest = tokens.slice(1);

  const qualified = QUALIFIERS[head];
  if (qualified) return single(qualified, rest);

  if (head === 'BET' || head === 'BETWEEN') return pair('between', rest, ['AND', '-', '&', 'TO']);
  if (head === 'FROM') {
    if (rest.includes('TO')) return pair('fromTo', rest, ['TO']);
    return single('from', rest);
  }
  if (head === 'TO') return single('to', rest);

  const decade = /^(\d{2,3})0'?S$/.exec(tokens[0]);
  if (decade && tokens.length === 1) {
    const start = Number(decade[1]) * 10;
    const lo: ParsedDate = { calendar: 'gregorian', year: start, bc: false };
    const hi: ParsedDate = { calendar: 'gregorian', year: start + 9, bc: false };
    return { kind: 'between', dates: [lo, hi] };
  }
  if (tokens.includes('-')) return pair('between', tokens, ['-']);
  return single('exact', tokens);
}

function single(kind: ParsedValue['kind'], tokens: string[]): ParsedValue | undefined {
  const d = parseDate(tokens);
  return d ? { kind, dates: [d] } : undefined;
}

function pair(kind: ParsedValue['kind'], tokens: string[], separators: string[]): ParsedValue | undefined {
  const at = tokens.findIndex((t) => separators.includes(t));
  if (at < 0) return undefined;
  const a = parseDate(tokens.slice(0, at));
  const b = parseDate(tokens.slice(at + 1));
  return a && b ? { kind, dates: [a, b] } : undefined;
}

/** [calendar] [[day] month] year[/alt] [epoch], or month day year, or ISO yyyy-mm[-dd]. */
function parseDate(input: string[]): ParsedDate | undefined {
  let tokens = input;
  if (tokens.length === 0) return undefined;

  if (tokens.length === 1) {
    const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(tokens[0]);
    if (iso)
      return validated(
        {
          calendar: 'gregorian',
          year: Number(iso[1]),
          month: Number(iso[2]),
          day: iso[3] ? Number(iso[3]) : undefined,
          bc: false,
        },
        true,
      );
  }

  let calendar: GCalendar | undefined;
  if (tokens.length > 1) {
    calendar = calendarToken(tokens[0]);
    if (calendar) tokens = tokens.slice(1);
  }

  let bc = false;
  const last = tokens[tokens.length - 1];
  if (tokens.length > 1 && EPOCH_BC.test(last)) {
    bc = true;
    tokens = tokens.slice(0, -1);
  } else if (tokens.length > 1 && EPOCH_AD.test(last)) {
    tokens = tokens.slice(0, -1);
  }

  const year = yearToken(tokens[tokens.length - 1]);
  if (!year) return undefined;
  const front = tokens.slice(0, -1);
  let day: number | undefined;
  let month: ReturnType<typeof monthToken>;
  if (front.length === 1) {
    month = monthToken(front[0]);
    if (!month) return undefined;
  } else if (front.length === 2) {
    const d0 = dayToken(front[0]);
    if (d0 !== undefined) {
      day = d0;
      month = monthToken(front[1]);
    } else {
      // "May 12 1890": only with Gregorian month names, the way English prose writes it.
      month = monthToken(front[0]);
      day = dayToken(front[1]);
      if (month && !month.calendars.includes('gregorian')) return undefined;
    }
    if (!month || day === undefined) return undefined;
  } else if (front.length > 2) {
    return undefined;
  }

  if (month) {
    if (calendar && !month.calendars.includes(calendar) && calendar !== 'unknown') return undefined;
    calendar ??= month.calendars[0];
  }
  calendar ??= 'gregorian';
  return validated({ calendar, day, month: month?.month, bc, ...year }, false);
}

function yearToken(
  token: string | undefined,
): Pick<ParsedDate, 'year' | 'altYear' | 'altText' | 'questionable' | 'dualSlash'> | undefined {
  const m = token ? /^(\d{1,4})(?:(\/(\d{1,4}))|(-(\d{3,4})))?(\?)?$/.exec(token) : null;
  if (!m) return undefined;
  const year = Number(m[1]);
  const out: Pick<ParsedDate, 'year' | 'altYear' | 'altText' | 'questionable' | 'dualSlash'> = { year };
  const altText = m[3] ?? m[5];
  if (altText !== undefined) {
    out.altText = altText;
    out.altYear = alternativeYear(m[1], altText);
    if (m[3] !== undefined) out.dualSlash = true;
  }
  if (m[6]) out.questionable = true;
  return out;
}

/** "1750/51" → 1751, "1699/00" → 1700, "1606/7" → 1607, "1637/1638" → 1638. */
function alternativeYear(yearText: string, altText: string): number {
  const year = Number(yearText);
  const alt = Number(altText);
  if (altText.length >= yearText.length) return alt;
  const unit = 10 ** altText.length;
  let candidate = Math.floor(year / unit) * unit + alt;
  if (candidate <= year) candidate += unit;
  return candidate;
}

function dayToken(token: string): number | undefined {
  const m = /^(\d{1,2})(ST|ND|RD|TH)?$/.exec(token);
  if (!m) return undefined;
  const d = Number(m[1]);
  return d >= 1 && d <= 31 ? d : undefined;
}

function validated(d: ParsedDate, strict: boolean): ParsedDate | undefined {
  if (d.month === undefined) delete d.month;
  if (d.day === undefined) delete d.day;
  if ((d.calendar === 'gregorian' || d.calendar === 'julian') && d.month !== undefined && d.month > 0) {
    if (d.month > 12) return undefined;
    // A day the month does not have (31 NOV) is a typo: keep the month, do not invent a day.
    if (d.day !== undefined && d.day > daysInMonth(d.year, d.month, d.calendar)) {
      if (strict) return undefined;
      delete d.day;
    }
  }
  return d;
}

function build(original: string, kind: GDateKind, dates: ParsedDate[]): GDate {
  const g: GDate = { original, kind, calendar: dates[0].calendar };
  const dual = dates.find((d) => d.altText !== undefined);
  if (dual) g.dual = dual.altText;
  const spans = dates.map(spanOf);
  if (spans.some((s) => s === undefined)) return g;
  const [first, second] = spans as { earliest: SimpleDate; latest: SimpleDate }[];
  let earliest = first.earliest;
  let latest = first.latest;
  switch (kind) {
    case 'about':
    case 'estimated':
      earliest = shiftYears(earliest, -APPROXIMATE_SPAN_YEARS);
      latest = shiftYears(latest, APPROXIMATE_SPAN_YEARS);
      break;
    case 'calculated':
      earliest = shiftYears(earliest, -CALCULATED_SPAN_YEARS);
      latest = shiftYears(latest, CALCULATED_SPAN_YEARS);
      break;
    case 'before':
    case 'to':
      earliest = shiftYears(earliest, -BEFORE_SPAN_YEARS);
      break;
    case 'after':
    case 'from':
      latest = shiftYears(latest, AFTER_SPAN_YEARS);
      break;
    case 'between':
    case 'fromTo':
      // Take the hull, so a range written backwards still covers both ends.
      if (startKey(second.earliest) < startKey(earliest)) earliest = second.earliest;
      if (endKey(second.latest) > endKey(latest)) latest = second.latest;
      break;
  }
  g.earliest = earliest;
  g.latest = latest;
  return g;
}
