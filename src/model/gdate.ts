/** Genealogical dates: GEDCOM 5.5.1/7.0 date values (and forgiving human forms) with their spans. */
export * from './gdate/types';
export { parseGDate } from './gdate/parse';
export { formatGDate, compareGDate, yearRange, overlaps, isoRange, approximateDecade } from './gdate/ops';
