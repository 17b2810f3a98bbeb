/**
 * What Enter in a person picker chooses: the highlighted item; or, when Enter came while the list
 * was being replaced by the results of what was just typed (nothing highlighted for a moment), the
 * best match of the typed text, as "Go to File" takes its first result. Without this, typing a
 * name quickly and pressing Enter closed the picker and did nothing.
 */
export async function acceptedOrBestMatch<T>(
  chosen: T | undefined,
  typed: string,
  bestMatch: (text: string) => Promise<T | undefined>,
): Promise<T | undefined> {
  if (chosen !== undefined) return chosen;
  const text = typed.trim();
  return text ? bestMatch(text) : undefined;
}
