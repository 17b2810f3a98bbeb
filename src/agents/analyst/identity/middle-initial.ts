/**
 * Two men of one name in one record, told apart by a middle initial: a letter of the Pension Bureau
 * answers for "William Hollis" of the 21st Ohio and writes of "William H. Hollis" of the 57th, whom
 * it says he is not. A clerk who writes the initial for one and not for the other uses it as the
 * mark that tells them apart, so of the two the one bearing the sought person's middle initial is
 * the sought person; the one written without it is the namesake, however well his age fits.
 */
import type { NameFeature } from '../resolve';

/** The middle initials a person's or persona's names write (first letter of each second given name). */
export function middleInitials(names: readonly NameFeature[]): Set<string> {
  const out = new Set<string>();
  for (const n of names) if (n.given.length > 1 && n.given[1]) out.add(n.given[1][0]);
  return out;
}

function firstGiven(names: readonly NameFeature[]): Set<string> {
  return new Set(names.map((n) => n.given[0]).filter(Boolean));
}

/**
 * Of the personas `alike` (indices, each alike enough to the sought person), the one to take instead
 * of `picked` when `picked` writes no middle initial while exactly one other, of the same first given
 * name, writes the sought person's: undefined when the initial decides nothing.
 */
export function pickByMiddleInitial(
  picked: number,
  alike: readonly number[],
  names: (i: number) => readonly NameFeature[],
  target: readonly NameFeature[],
): number | undefined {
  const wanted = middleInitials(target);
  if (!wanted.size || middleInitials(names(picked)).size) return undefined;
  const first = firstGiven(names(picked));
  const bearers = alike.filter(
    (j) =>
      j !== picked &&
      [...middleInitials(names(j))].some((m) => wanted.has(m)) &&
      [...firstGiven(names(j))].some((g) => first.has(g)),
  );
  return bearers.length === 1 ? bearers[0] : undefined;
}
