/**
 * Postcodes that locate a house or a handful of houses, as a street address does: British ("LS17
 * 6AQ", "PA2 9BQ"), Irish Eircodes ("V95 T6K2", one per address), Canadian ("K1A 0B1") and Argentine ("C1414DHA"). A US
 * ZIP code alone names a town's area, not a house: it goes only after a state (redact-text.ts).
 * Shapes from the postal services' published formats; each needs its inward part (a digit and two
 * letters, or four characters), so a record reference ("RG11 1234", "HO107") is not one.
 */
import type { Redaction } from './redaction';

const UK = String.raw`(?:[A-PR-UWYZ][A-HK-Y]?\d[A-HJKPSTUW\d]?[^\S\r\n]?\d[ABD-HJLNP-UW-Z]{2})`;
/** Routing key (a letter and two digits, or D6W), then four characters of which at least one is a letter. */
const EIRCODE = String.raw`(?:(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[^\S\r\n]?(?=[\dAC-FHKNPRTV-Y]{0,3}[AC-FHKNPRTV-Y])[\dAC-FHKNPRTV-Y]{4})`;
const CANADA = String.raw`(?:[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][^\S\r\n]?\d[ABCEGHJ-NPRSTV-Z]\d)`;
/** Argentina's CPA: a province letter (no I or O), the four-digit locality code and three letters of the block face. */
const ARGENTINA = String.raw`(?:[A-HJ-NP-Z]\d{4}[A-Z]{3})`;

export const HOUSE_POSTCODE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${UK}|${EIRCODE}|${CANADA}|${ARGENTINA})(?![\p{L}\p{N}])`,
  'gu',
);

export const POSTCODE_PLACEHOLDER = '[postcode redacted]';

/** The text with every house-locating postcode replaced; one redaction pushed to `out` per code. */
export function redactHousePostcodes(text: string, out: Redaction[]): string {
  if (!/\d/.test(text)) return text;
  return text.replace(HOUSE_POSTCODE, () => {
    out.push({ kind: 'pii', what: 'postcode' });
    return POSTCODE_PLACEHOLDER;
  });
}
