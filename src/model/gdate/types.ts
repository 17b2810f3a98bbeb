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

/** ABT/EST (and "c.", "circa", a trailing "?") widen a date by this many years either side. */
export const APPROXIMATE_SPAN_YEARS = 5;
/**
 * CAL is computed (GEDCOM: "calculated mathematically, for example from an event date and age"): an
 * age in completed years at a dated event puts the birth in a window of about one year, so a
 * calculated year is widened by one year either side, not five. "CAL 1877" from an age at death no
 * longer agrees with "15 MAR 1880": the informant's age is a conflict a genealogist keeps.
 */
export const CALCULATED_SPAN_YEARS = 1;
/** BEF X (and TO X) reaches back this many years: [X − 100, X]. */
export const BEFORE_SPAN_YEARS = 100;
/** AFT X (and FROM X) reaches forward this many years: [X, X + 100]. */
export const AFTER_SPAN_YEARS = 100;
