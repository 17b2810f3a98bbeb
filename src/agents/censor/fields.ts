/**
 * How the Censor generalises a living person's structured values (dates, places) so that what is
 * left is still a valid value of its kind that means no more than the original did: a date
 * becomes a GEDCOM range that contains every year the original could mean, a place keeps its
 * jurisdiction levels (emptied below region and country) so its parts still line up with a PLAC
 * form. Free text is the business of redactText; these never look at serialised files.
 */
import { parseGDate, yearRange } from '../../model/gdate';

/** A span narrower than this many years identifies a living person and is widened. */
export const IDENTIFYING_SPAN_YEARS = 10;

/** A day and month before a year ("24 MAY 1961", "MAY 1961"): what a vague date may still name exactly. */
const DAY_MONTH =
  /\b(?:\d{1,2}\s+)?(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC|VEND|BRUM|FRIM|NIVO|PLUV|VENT|GERM|FLOR|PRAI|MESS|THER|FRUC|COMP|TSH|CSH|KSL|TVT|SHV|ADR|ADS|NSN|IYR|SVN|TMZ|AAV|ELL)\.?\s+(?=\d)/gi;

/** Whether the value states a day of the month (an exact day identifies even inside ABT, EST, AFT …). */
function statesDay(value: string): boolean {
  const g = parseGDate(value);
  return g.earliest?.day !== undefined || g.latest?.day !== undefined;
}

/**
 * A living person's date as a GEDCOM range of whole decades that contains the original
 * ("12 MAY 1990" → "BET 1990 AND 1999", "BET 1979 AND 1984" → "BET 1970 AND 1989"); a value
 * already vaguer than a decade (ABT, BEF, AFT, a wide range) is kept, less the day and month it
 * names ("EST 24 MAY 1961" → "EST 1961", "AFT 12 MAY 1990" → "AFT 1990": still a valid date that
 * holds the original, where the free-text pass would have left "EST 1960s"). undefined: the value
 * has no year to widen from, so it is withheld.
 */
export function widenDate(value: string): string | undefined {
  const { min, max } = yearRange(value);
  if (min === undefined || max === undefined) return undefined;
  if (max - min >= IDENTIFYING_SPAN_YEARS) {
    if (!statesDay(value)) return value;
    const years = value.replace(DAY_MONTH, '').replace(/\s+/g, ' ').trim();
    const r = yearRange(years);
    if (r.min !== undefined && r.max !== undefined && r.min <= min && r.max >= max) return years;
  }
  const from = Math.floor(min / 10) * 10;
  const to = Math.floor(max / 10) * 10 + 9;
  return `BET ${from} AND ${to}`;
}

/** Whether a date value of a living person needs widening (and so is reported as generalised). */
export function dateIdentifies(value: string): boolean {
  const { min, max } = yearRange(value);
  return min === undefined || max === undefined || max - min < IDENTIFYING_SPAN_YEARS || statesDay(value);
}

const POSTAL = /\s*\b(?:[A-Z]{1,2}-)?\d{4,5}(?:-\d{4})?\b/g;

/**
 * A living person's place reduced to region and country, its jurisdiction levels kept: the finer
 * levels are emptied, not removed ("Springfield, Sangamon, Illinois, USA" → ", , Illinois, USA";
 * "Glamis Castle,,Angus,Scotland" → ",,Angus,Scotland"), the separators as written. A level with
 * a number in it (a house number, a postal code) never survives. '' when nothing is left.
 */
export function reducePlaceLevels(place: string): string {
  const parts = place.split(',');
  const cleaned = parts.map((p) => p.replace(POSTAL, '').trim());
  const filled = cleaned.map((p, i) => (p ? i : -1)).filter((i) => i >= 0);
  // A level that starts with a number is a street address ("1423 Elm Street"), never a region.
  const keep = new Set(
    filled.length <= 2 ? filled.filter((i) => !/\d/.test(cleaned[i]) && !/^\s*\d/.test(parts[i])) : filled.slice(-2),
  );
  if (!keep.size) return '';
  const spaced = /,\s/.test(place);
  return cleaned
    .map((p, i) => (keep.has(i) ? p : ''))
    .join(spaced ? ', ' : ',')
    .replace(/^\s+|\s+$/g, '');
}

/** A place with its empty jurisdiction levels left out, for readers that show it as text. */
export function placeText(place: string): string {
  return place
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');
}
