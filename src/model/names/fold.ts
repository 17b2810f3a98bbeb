/**
 * Folding: a name reduced to the letters that compare. Every fold of the code base lives here, each
 * kept as its users had it (their outputs are stored: novelty hashes, index words, scores):
 * `unaccented` only drops case and diacritics (given names looked up, snippets, model output
 * compared with a record); `foldName` keeps apostrophes and hyphens (archive search, the engine's
 * subject lookup, the Analyst's mention matching); `fold` also keeps digits and expands ligatures
 * (the resolver's comparators and blocking keys, place names); `foldWords` keeps letters a–z and
 * digits as words (search queries' novelty keys, evidence counts); `nameWords` keeps the letters of
 * every script (the tree index's name search).
 */

/** Lower case, no diacritics (NFKD with the combining marks dropped); every other character kept. */
export function unaccented(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** `unaccented`, then words of a–z and 0–9 only, one space apart ("Saint-Jean, Québec" → "saint jean quebec"). */
export function foldWords(s: string): string {
  return unaccented(s)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words a name search compares: `unaccented`, split at anything not a letter or digit of any script. */
export function nameWords(text: string): string[] {
  return unaccented(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Lower case, no diacritics (ß → ss), letters, spaces, apostrophes and hyphens only. */
export function foldName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z\s'-]+/g, ' ')
    .trim();
}

const folded = new Map<string, string>();

/** Lower case, no diacritics, letters/digits/spaces only (ß → ss, æ → ae, ø → o). */
export function fold(text: string): string {
  // Names and places repeat endlessly in a tree: fold each distinct text once.
  let f = folded.get(text);
  if (f === undefined) {
    if (folded.size > 200_000) folded.clear();
    folded.set(text, (f = foldText(text)));
  }
  return f;
}

function foldText(text: string): string {
  return text
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[œŒ]/g, 'oe')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a name ("Johann /Schmidt/", "O'Brien-Smith") folded: slashes, apostrophes and hyphens split. */
export function nameTokens(s: string): string[] {
  return foldName(s.replace(/\//g, ' '))
    .split(/[\s'-]+/)
    .filter((t) => t.length > 0);
}
