/**
 * The pieces of regular expression the free-text readers share (patterns.ts, relatives.ts,
 * subject.ts): a capitalised name word, a name of up to four words, a month as English notices write
 * it, a day of the month and an exact date. One definition, so the readers agree on what a name or a
 * date is.
 */

/** A capitalised word of a name: "O'Sullivan", "Jean-Baptiste". */
export const NAME_WORD = "\\p{Lu}[\\p{L}'’-]+";
/** A name of up to four words or initials on one line: "John F. Schmidt". */
export const NAME = `${NAME_WORD}(?:[ \\t]+(?:\\p{Lu}\\.|${NAME_WORD})){0,3}`;
/** A name written with initials before the surname: "G. P. Sandberg", "J. J. Zbinden" (the title of a notice). */
export const INITIALS_NAME = `(?:\\p{Lu}\\.[ \\t]*){1,3}${NAME_WORD}`;
export const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\\.?';
/** A day of the month as written: "14", "4th", "21st". */
export const DAY = '\\d{1,2}(?:st|nd|rd|th)?';
/** A day, a month and a year: "4th Feb. 1908", "9th August, 1962", "March 14, 1842". */
export const DAY_DATE = `(?:${DAY}\\s+${MONTH},?\\s+\\d{4}|${MONTH}\\s+${DAY},?\\s+\\d{4})`;

/** A word set in capitals as a name is written: "O'SULLIVAN" is O'Sullivan, "McELROY" McElroy. */
export function titleCase(word: string): string {
  const cased = word.toLowerCase().replace(/(^|[-'’])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
  const mc = /^(Mc|Mac)\p{Lu}/u.exec(word);
  return mc ? mc[1] + cased.charAt(mc[1].length).toUpperCase() + cased.slice(mc[1].length + 1) : cased;
}
