/**
 * Notices write a recent day without its year ("died Tuesday (March 11)"): the year is the notice's
 * own. The day meant is the last such day on or before the record's date, so a notice of 2 January
 * 1959 that says "died December 30" means 1958. Only a record dated to the month or the day can
 * tell; a record dated by its year alone leaves the day without a year.
 */
import { parseGDate } from '../../../model/gdate';

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** "11 MAR 1958" for ('MAR', 11) in a record dated 12 MAR 1958; undefined when the record cannot tell. */
export function dayInRecordYear(monthName: string, day: number, recordDate: string | undefined): string | undefined {
  const month = MONTH_NAMES.indexOf(monthName) + 1;
  if (!recordDate || month < 1 || day < 1 || day > 31) return undefined;
  const d = parseGDate(recordDate);
  if (d.kind !== 'exact' || d.calendar !== 'gregorian' || !d.earliest || !d.latest) return undefined;
  const { year, month: rMonth, day: rDay } = d.latest;
  if (rMonth === undefined || d.earliest.year !== year) return undefined;
  // A record dated to the month: a day later in that month may still be before it.
  const onOrBefore = month < rMonth || (month === rMonth && day <= (rDay ?? 31));
  return `${day} ${MONTH_NAMES[month - 1]} ${onOrBefore ? year : year - 1}`;
}

/**
 * "On the 17th inst." (instant: this month) and "on the 3rd ult." (ultimo: last month), as notices
 * write a recent day: the month is the notice's own, or the one before it. Only a record dated to the
 * month or the day can tell.
 */
export function dayOfNoticeMonth(
  day: number,
  which: 'inst' | 'ult',
  recordDate: string | undefined,
): string | undefined {
  if (!recordDate || day < 1 || day > 31) return undefined;
  const d = parseGDate(recordDate);
  if (d.kind !== 'exact' || d.calendar !== 'gregorian' || !d.earliest || !d.latest) return undefined;
  const { year, month } = d.latest;
  if (month === undefined || d.earliest.year !== year || d.earliest.month !== month) return undefined;
  if (which === 'inst') return `${day} ${MONTH_NAMES[month - 1]} ${year}`;
  return month === 1 ? `${day} DEC ${year - 1}` : `${day} ${MONTH_NAMES[month - 2]} ${year}`;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * "died Tuesday at Mercy Hospital", "The death occurred on Wednesday": a weekday alone, as a paper
 * writes the last week's deaths. The day meant is the last such weekday before the paper's date
 * (a week at most; the paper's own weekday is a week back, as an evening paper's "died Tuesday" of
 * Tuesday is rare beside a weekly's). Only a record dated to the day can tell.
 */
export function weekdayBeforeRecord(weekday: string, recordDate: string | undefined): string | undefined {
  const wd = WEEKDAYS.indexOf(weekday.toLowerCase());
  if (!recordDate || wd < 0) return undefined;
  const d = parseGDate(recordDate);
  if (d.kind !== 'exact' || d.calendar !== 'gregorian' || !d.earliest || !d.latest) return undefined;
  const { year, month, day } = d.latest;
  if (month === undefined || day === undefined || d.earliest.day !== day) return undefined;
  const paper = new Date(Date.UTC(year, month - 1, day));
  const back = (paper.getUTCDay() - wd + 7) % 7 || 7;
  const died = new Date(paper.getTime() - back * 86_400_000);
  return `${died.getUTCDate()} ${MONTH_NAMES[died.getUTCMonth()]} ${died.getUTCFullYear()}`;
}
