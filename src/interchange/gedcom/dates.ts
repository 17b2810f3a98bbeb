/** DATE payload conversion between GEDCOM 5.5.1 and 7.0 (calendar escapes, INT, phrases, BC, dual years). */

export interface Date7 {
  date: string;
  phrase?: string;
}

const ESC_TO_7: Record<string, string> = { '@#DGREGORIAN@': 'GREGORIAN', '@#DJULIAN@': 'JULIAN', '@#DHEBREW@': 'HEBREW', '@#DFRENCH R@': 'FRENCH_R', '@#DROMAN@': '', '@#DUNKNOWN@': '' };
const CAL_TO_5: Record<string, string> = { GREGORIAN: '@#DGREGORIAN@', JULIAN: '@#DJULIAN@', HEBREW: '@#DHEBREW@', FRENCH_R: '@#DFRENCH R@' };

/** A 5.5.1 date value → a 7.0 DATE payload (and PHRASE when 7.0 cannot say it). */
export function dateTo7(v: string): Date7 {
  let s = v.trim().replace(/\s+/g, ' ');
  const paren = /^(?:INT\s+)?(.*?)\s*\((.*)\)\s*$/i.exec(s);
  let phrase: string | undefined;
  if (paren) {
    s = paren[1]!.trim();
    phrase = paren[2]!.trim();
  }
  let dual = false;
  s = s.replace(/@#D[A-Z ]+@/gi, (m) => {
    const c = ESC_TO_7[m.toUpperCase()];
    return c === undefined ? '' : c;
  });
  s = s.replace(/\b(\d{3,4})\/(\d{2})\b/g, (_m, y: string) => {
    dual = true;
    return y;
  });
  s = s.replace(/\s*B\.?\s*C\.?$/i, ' BCE').replace(/\s+/g, ' ').trim().toUpperCase();
  if (dual && !phrase) phrase = v.trim();
  return { date: s, ...(phrase ? { phrase } : {}) };
}

/** A 7.0 DATE payload (+ PHRASE) → a 5.5.1 date value. */
export function dateTo5(v: string, phrase?: string): string {
  let s = v.trim().replace(/\b(GREGORIAN|JULIAN|HEBREW|FRENCH_R)\b\s*/g, (_m, c: string) => `${CAL_TO_5[c]} `).replace(/\bBCE\b/g, 'B.C.').trim();
  if (phrase) s = s ? `INT ${s} (${phrase})` : `(${phrase})`;
  return s;
}
