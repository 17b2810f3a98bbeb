/** Field comparators: each returns a score in [0,1] and a reason a genealogist can read. */
import type { DateFeature, NameFeature } from './feature-types';
import { jaroWinkler, oneEditApart } from './metrics';
import { canonicalGiven, nicknameMatch, patronymicsAlike } from '../../../model/names';

export interface Comparison {
  score: number;
  reason: string;
}

/** Set while only a score is wanted: lazy() then fills one scratch object instead of a new one each call. */
let scoreOnly = false;
const scratch: Comparison = { score: 0, reason: '' };

/**
 * The score of a comparison, without building its (lazy) reason object: an object literal with a
 * getter is created on a slow path, and bulk scoring needs millions of scores and no reasons.
 */
export function scoreOf(compare: () => Comparison | undefined): number {
  scoreOnly = true;
  try {
    return compare()?.score ?? NaN;
  } finally {
    scoreOnly = false;
  }
}

/** compareDates(a, b, what).score (NaN when not comparable), without building a comparison. */
export function dateScore(a: DateFeature | undefined, b: DateFeature | undefined, what: string): number {
  if (!a || !b) return NaN;
  scoreOnly = true;
  try {
    return compareDates(a, b, what)?.score ?? NaN;
  } finally {
    scoreOnly = false;
  }
}

/**
 * A comparison whose reason is written only when read: bulk deduplication scores millions of
 * pairs and reads the reasons of the few it keeps.
 */
export function lazy(score: number, why: () => string): Comparison {
  if (scoreOnly) {
    scratch.score = score;
    return scratch;
  }
  let text: string | undefined;
  return {
    score,
    get reason() {
      return (text ??= why());
    },
  };
}

/** One insertion, deletion, substitution or transposition in a name of four letters or more. */
export function oneSlip(x: string, y: string): boolean {
  return Math.min(x.length, y.length) >= 4 && Math.abs(x.length - y.length) <= 1 && oneEditApart(x, y);
}

function overlapsAny(a: string[], b: string[]): boolean {
  for (const x of a) if (x && b.includes(x)) return true;
  return false;
}

/** Two given-name token lists (first names compared first; middle names as call names count too). */
export function compareGiven(a: string[], b: string[]): Comparison | undefined {
  if (!a.length || !b.length) return undefined;
  const x = a[0];
  const y = b[0];
  if (x === y && /^\d+$/.test(x))
    return lazy(0.75, () => `the same numbered placeholder "${x}" (no evidence of identity)`);
  if (x === y) {
    // Numbered placeholders ("Twin Boy 1" / "Twin Boy 2") and different middle names tell people apart.
    for (let i = 1; i < Math.min(a.length, b.length); i++) {
      const s = a[i];
      const t = b[i];
      if (s === t) continue;
      if ((s.length === 1 || t.length === 1) && s[0] === t[0]) continue;
      if (/^\d+$/.test(s) && /^\d+$/.test(t))
        return lazy(0.3, () => `numbered names differ ("${a.join(' ')}" vs "${b.join(' ')}")`);
      if (s !== t && !nicknameMatch(s, t) && jaroWinkler(s, t) < 0.85)
        return lazy(
          0.8,
          () => `same first name "${x}" but different middle names ("${a.join(' ')}" vs "${b.join(' ')}")`,
        );
    }
    return lazy(1, () => `same given name "${x}"`);
  }
  if (x.length === 1 || y.length === 1) {
    // "C. F. X." for "Caetano Francisco Xavier": an initial for every given name, each in its place,
    // says more than one initial does (a namesake "C. X." has other names).
    const [initials, full] = x.length === 1 ? [a, b] : [b, a];
    if (
      initials.length >= 2 &&
      initials.length === full.length &&
      initials.every((t, i) => t.length === 1 && full[i].startsWith(t))
    )
      return lazy(0.92, () => `initials "${initials.join(' ')}" fit "${full.join(' ')}", each in its place`);
    if (x[0] === y[0]) return lazy(0.75, () => `initial "${x.length === 1 ? x : y}" fits "${x.length === 1 ? y : x}"`);
  }
  if (nicknameMatch(x, y)) return lazy(0.92, () => `"${x}" and "${y}" are variants of one name`);
  const jw = jaroWinkler(x, y);
  if (jw < 0.9 && oneSlip(x, y)) return lazy(0.9, () => `given names "${x}" and "${y}" differ by one letter`);
  // Short names are scored at most as a variant: Jaro-Winkler rates them high on a shared prefix,
  // and a slip in three or four letters often spells another name ("Jon" / "Joan").
  if (jw >= 0.9)
    return lazy(
      Math.min(x.length, y.length) < 5 ? Math.min(jw, 0.92) : jw,
      () => `given names "${x}" and "${y}" differ by a spelling slip (Jaro-Winkler ${jw.toFixed(2)})`,
    );
  // A middle name used as the call name ("John Henry" vs "Henry").
  // Only when one side has that name alone: siblings share middle names and patronymics.
  if (a.length === 1 || b.length === 1)
    for (const s of a)
      for (const t of b)
        if (s.length > 1 && (s === t || nicknameMatch(s, t)))
          return lazy(0.8, () => `shared given name "${s}" (${a.join(' ')} vs ${b.join(' ')})`);
  if (x.length > 2 && y.length > 2 && canonicalGiven(x) !== x && canonicalGiven(x) === canonicalGiven(y))
    return lazy(0.9, () => `"${x}" and "${y}" are forms of ${canonicalGiven(x)}`);
  return lazy(Math.min(jw, 0.7), () => `different given names "${x}" and "${y}" (Jaro-Winkler ${jw.toFixed(2)})`);
}

/** Phonetic agreement of first given names (Double Metaphone), used when spelling differs a lot. */
export function givenSoundsAlike(a: NameFeature, b: NameFeature): boolean {
  return overlapsAny(a.givenMeta, b.givenMeta);
}

/** Two surname lists; `via` tells which name types matched (maiden vs married). */
export function compareSurname(a: NameFeature, b: NameFeature): Comparison | undefined {
  if (!a.surnames.length || !b.surnames.length) return undefined;
  const note =
    a.type !== b.type && (a.type === 'married' || b.type === 'married') ? ' (married name vs birth name)' : '';
  if (overlapsAny(a.surnames, b.surnames)) return lazy(1, () => `same surname "${a.surnames[0]}"${note}`);
  const x = a.surnames[0];
  const y = b.surnames[0];
  const jw = jaroWinkler(x, y);
  if (jw < 0.92 && oneSlip(x, y)) return lazy(0.92, () => `surnames "${x}" and "${y}" differ by one letter${note}`);
  if (jw >= 0.92)
    return lazy(
      jw,
      () => `surnames "${x}" and "${y}" differ by a spelling slip (Jaro-Winkler ${jw.toFixed(2)})${note}`,
    );
  // Nordic patronymics name the father, in the register's language (Juhonpoika = Johansson, son of
  // Juho = Johan; Heikintytär = Henriksdotter); a farm name beside one changes when its bearer moves.
  const pat = a.patronymics?.find((p) => b.patronymics?.some((q) => patronymicsAlike(p, q)));
  if (pat)
    return lazy(
      0.9,
      () =>
        `patronymics "${pat}" and "${b.patronymics!.find((q) => patronymicsAlike(pat, q))}" name one father (${x} vs ${y})${note}`,
    );
  if (a.surnameRoot && a.surnameRoot === b.surnameRoot)
    return lazy(0.88, () => `surnames "${x}" and "${y}" are one name made from one given name in two languages${note}`);
  if (overlapsAny(a.surnameDm, b.surnameDm))
    return lazy(
      0.85,
      () =>
        `surnames "${x}" and "${y}" sound alike (Daitch-Mokotoff ${a.surnameDm.find((c) => b.surnameDm.includes(c))})${note}`,
    );
  if (overlapsAny(a.surnameMeta, b.surnameMeta))
    return lazy(0.82, () => `surnames "${x}" and "${y}" sound alike (Double Metaphone)${note}`);
  if (jw >= 0.85)
    return lazy(0.75, () => `surnames "${x}" and "${y}" are close (Jaro-Winkler ${jw.toFixed(2)})${note}`);
  return lazy(Math.min(jw, 0.6), () => `different surnames "${x}" and "${y}"${note}`);
}

/**
 * "1905" and "ABT 1905": a genealogist reads these as agreeing on the year, a little less surely than
 * "1905" twice (0.9) — the estimate may be off either way, but its centre is the same year.
 */
export const CENTRED = 0.88;

/** Score of years one apart ("1792" / "1791"). */
export const YEAR_APART = 0.45;

/** Score of "27 JUN 1550" vs "27 JUN 1551": between the same year (0.9) and the same day (1). */
export const SAME_DAY_YEAR_APART = 0.95;

/** Before 1753, between 1 January and 24 March: the year may be written old style (one lower). */
function oldStyle(ymd: string): boolean {
  const year = Number(ymd.slice(0, 4));
  const md = ymd.slice(4);
  return year < 1753 && md >= '0101' && md <= '0324';
}

/**
 * Same day and month, years one apart, in a way records produce: the last digit of the year slipped
 * (1550 / 1551), or old style against new style. "1989 / 1990" on the same day, two digits apart
 * outside the old-style months, is not a slip but a coincidence and gets no credit here.
 */
function sameDayYearApart(x: string, y: string): boolean {
  if (x.slice(4) !== y.slice(4)) return false;
  const dx = Number(x.slice(0, 4));
  const dy = Number(y.slice(0, 4));
  if (Math.abs(dx - dy) !== 1) return false;
  return x.slice(0, 3) === y.slice(0, 3) || oldStyle(x) || oldStyle(y);
}

export function yearsApart(a: DateFeature, b: DateFeature): number | undefined {
  if (a.min === undefined || a.max === undefined || b.min === undefined || b.max === undefined) return undefined;
  if (a.max < b.min) return b.min - a.max;
  if (b.max < a.min) return a.min - b.max;
  return 0;
}

/** Dates as ranges: an exact day, a digit slip, the same year, overlapping estimates, or years apart. */
export function compareDates(
  a: DateFeature | undefined,
  b: DateFeature | undefined,
  what: string,
): Comparison | undefined {
  if (!a || !b) return undefined;
  if (a.ymd && b.ymd) {
    if (a.ymd === b.ymd) return lazy(1, () => `same ${what} date (${a.text})`);
    // The same day and month a year apart: a slip in the last digit of the year, or a date between
    // 1 January and 24 March written in the old style (the year began on 25 March in England until
    // 1752: "11 JAN 1739/40"). By chance two people share a day and month 1 time in 365, so this
    // says far more than a bare year agreeing, if less than the exact date.
    if (sameDayYearApart(a.ymd, b.ymd)) {
      return lazy(
        SAME_DAY_YEAR_APART,
        () =>
          `${what} on the same day and month one year apart (${a.text} vs ${b.text}: ${oldStyle(a.ymd!) ? 'old-style and new-style year' : 'a likely slip in the year'})`,
      );
    }
    const swapped =
      a.ymd.slice(0, 4) === b.ymd.slice(0, 4) &&
      a.ymd.slice(4, 6) === b.ymd.slice(6, 8) &&
      a.ymd.slice(6, 8) === b.ymd.slice(4, 6);
    if (swapped) return lazy(0.8, () => `${what} dates ${a.text} and ${b.text} differ only by day and month swapped`);
    if (oneEditApart(a.ymd, b.ymd))
      return lazy(
        0.75,
        () => `${what} dates ${a.text} and ${b.text} differ by one digit (a likely transcription slip)`,
      );
  }
  const gap = yearsApart(a, b);
  if (gap === undefined) return undefined;
  const estimated = !a.stated || !b.stated;
  if (gap === 0) {
    const narrow = a.max! - a.min! <= 1 && b.max! - b.min! <= 1;
    if (a.ymd && b.ymd) {
      if (a.ymd.slice(0, 6) === b.ymd.slice(0, 6))
        return lazy(0.7, () => `${what} in the same month but different days (${a.text} vs ${b.text})`);
      return lazy(0.6, () => `${what} in the same year but on different days (${a.text} vs ${b.text})`);
    }
    if (narrow) return lazy(0.9, () => `${what} in the same year (${a.text} vs ${b.text})`);
    // "1905" and "ABT 1905", or "ABT 1905" twice: an estimate centred on the same year says more
    // than two ranges that merely overlap.
    if (a.max! - a.min! <= 10 && b.max! - b.min! <= 10 && a.min! + a.max! === b.min! + b.max!)
      return lazy(CENTRED, () => `${what} estimates centred on the same year (${a.text} vs ${b.text})`);
    return lazy(0.7, () => `${what} ranges overlap (${a.text} vs ${b.text})`);
  }
  const slack = estimated ? 1 : 0;
  const g = Math.max(0, gap - slack);
  if (g === 0) return lazy(0.6, () => `${what} estimate fits (${a.text} vs ${b.text})`);
  if (g <= 1) return lazy(YEAR_APART, () => `${what} years differ by ${gap} (${a.text} vs ${b.text})`);
  if (g <= 2) return lazy(0.3, () => `${what} years differ by ${gap} (${a.text} vs ${b.text})`);
  if (g <= 5) return lazy(0.15, () => `${what} years differ by ${gap} (${a.text} vs ${b.text})`);
  if (g < 15) return lazy(0.05, () => `${what} years differ by ${gap} (${a.text} vs ${b.text})`);
  return lazy(0, () => `${what} years differ by ${gap} — a generation apart (${a.text} vs ${b.text})`);
}

/** Full folded names of relatives: the best Jaro-Winkler match between the two lists. */
export function bestNameMatch(
  a: string[],
  b: string[],
  similarity: (x: string, y: string) => number = jaroWinkler,
): { score: number; pair?: [string, string] } {
  let best = 0;
  let pair: [string, string] | undefined;
  for (const x of a) {
    for (const y of b) {
      const s = x === y ? 1 : similarity(x, y);
      if (s > best) {
        best = s;
        pair = [x, y];
      }
    }
  }
  return { score: best, pair };
}

/** Identifiers of one namespace: equal, one keystroke apart, or different. */
export function compareIdentifier(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length >= 5 && b.length >= 5 && oneEditApart(a, b)) return 0.7;
  return 0;
}
