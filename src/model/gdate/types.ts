/**
 * A genealogical date: the text exactly as written plus the span of (proleptic, astronomical)
 * years/months/days it can mean. Years are astronomical: 1 BC is year 0, 44 BC is year -43, so
 * spans can be compared and subtracted across the epoch.
 */
export interface SimpleDate {
  year: number;
  month?: number;
  day?: number;
}

export type GDateKind =
  | 'exact'
  | 'about'
  | 'calculated'
  | 'estimated'
  | 'before'
  | 'after'
  | 'between'
  | 'from'
  | 'to'
  | 'fromTo'
  | 'interpreted'
  | 'phrase'
  | 'empty';

export type GCalendar = 'gregorian' | 'julian' | 'hebrew' | 'french' | 'unknown';

export interface GDate {
  /** The input, byte for byte: formatGDate returns it unchanged. */
  original: string;
  kind: GDateKind;
  calendar: GCalendar;
  /** Start of the span; a partial date means the start of that year/month. Set together with latest. */
  earliest?: SimpleDate;
  /** End of the span; a partial date means the end of that year/month. */
  latest?: SimpleDate;
  /** The alternative-year suffix as written ("51" in "1750/51", "1457" in "1456-1457"). */
  dual?: string;
  /** Free text: the whole phrase for kind 'phrase', the parenthesised text for 'interpreted'. */
  phrase?: string;
}

/** ABT/EST/CAL (and "c.", "circa", a trailing "?") widen a date by this many years either side. */
export const APPROXIMATE_SPAN_YEARS = 5;
/** BEF X (and TO X) reaches back this many years: [X − 100, X]. */
export const BEFORE_SPAN_YEARS = 100;
/** AFT X (and FROM X) reaches forward this many years: [X, X + 100]. */
export const AFTER_SPAN_YEARS = 100;
