/**
 * A wife is identified through her husband: her surname is her father's, then each husband's in
 * turn (Sarah A. Kimble, Hollis, Reese), while his stays his. So in a record naming a woman and her
 * husband, the husband is matched first when nothing else already identifies her; the wife then
 * finds the woman he is known to be married to through the family context, whatever surname the
 * record gives her. A daughter named with a parent already known (a testator's daughter "Hannah, the
 * wife of Jonathan Pike") is known through that parent and keeps her turn.
 */
import type { RecordFamily } from './family-context';

/**
 * The husband (index in the record) persona `i` should wait for before she is matched, or undefined:
 * `i` is a woman, not the record's anchor, one of her husbands in the record is not matched yet, and
 * none of her parents in the record is already matched to a person known before this record.
 */
export function husbandToAwait(
  i: number,
  families: readonly RecordFamily[],
  sexOf: (j: number) => string | undefined,
  anchor: number,
  matched: (j: number) => boolean,
  knownBefore: (j: number) => boolean,
): number | undefined {
  if (i === anchor || sexOf(i) !== 'F') return undefined;
  const waiting = (families[i]?.spouses ?? []).filter((j) => sexOf(j) === 'M' && !matched(j));
  if (!waiting.length) return undefined;
  if ((families[i]?.parents ?? []).some((j) => matched(j) && knownBefore(j))) return undefined;
  return waiting[waiting.length - 1];
}
