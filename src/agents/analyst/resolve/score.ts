/**
 * Pairwise scoring (seed 001 §3.3). Each feature yields an agreement score in [0,1], a reason, and a
 * log-odds weight in the manner of Fellegi–Sunter: agreement on a discriminating field adds, a
 * contradiction subtracts. The similarity is the logistic of the summed weights; hard negatives
 * (twins, parent and child, different sex, death before birth) force "separate" whatever the sum.
 */
import { compareIdentifier, bestNameMatch, dateScore, lazy, yearsApart, YEAR_APART, type Comparison } from './compare';
import { oneEditApart } from './metrics';
import { apSurnameOf, nicknameMatch } from '../../../model/names';
import {
  datesM,
  givenM,
  givenScore,
  placesM,
  relativeNameScore,
  parentNameScore,
  surnameM,
  surnameScore,
  swapBackScore,
  swapScore,
} from './memo';
import { dateFeature } from './features';
import {
  PARENTS_DIFFER,
  PLACE_CONTRADICTS,
  SIBLING_BIRTHS_APART,
  parentsDiffer,
  siblingBirthsApart,
} from './family-rules';
import type { NameFeature, PersonFeatures } from './feature-types';
import { eventCentre, type LifeEvent, type NameFrequencies } from './frequency';

export type Recommendation = 'merge' | 'review' | 'separate';

export interface FeatureResult {
  score: number;
  reason: string;
}

export interface PairScore {
  similarity: number;
  features: Record<string, FeatureResult>;
  /** The log-odds each feature added (positive: for the merge). */
  weights: Record<string, number>;
  rationale: string;
  whyNotMerge: string;
  recommendation: Recommendation;
  /** Set when a rule forbids the merge whatever the score. */
  hardNegative?: string;
  /** Set when scoring stopped early under ScoreOptions.floor: similarity is an upper bound. */
  bounded?: true;
  /** Fields the Censor generalised for a living person on either side: not compared (explained only). */
  withheld?: string[];
}

export interface ScoreThresholds {
  merge: number;
  review: number;
}

/**
 * Chosen on the linkage benchmarks (bench/resolve.ts): at 0.85 FEBRL 1–4 keep 100% precision and
 * RLdata10000 99%; "review" starts low (0.3) because a human or the adjudicator sees those pairs,
 * and a missed duplicate costs more than a second look.
 */
export const DEFAULT_THRESHOLDS: ScoreThresholds = { merge: 0.85, review: 0.3 };

/** Prior log-odds that two blocked candidates are one person before any field is compared. */
const PRIOR = -5;

/** Authorities whose ids are one per person: a different id there is evidence of two people. */
const AUTHORITIES = new Set(['familysearch', 'fsid', 'wikitree', 'wikidata', 'findagrave', 'geni', 'ssn', 'werelate']);

function weightFor(score: number, table: [number, number][]): number {
  for (let i = 0; i < table.length; i++) if (score >= table[i][0]) return table[i][1];
  return table[table.length - 1][1];
}

// A close spelling (Jaro-Winkler ≥ 0.93: "Valdemar" / "Valdemra") weighs as the same name: among
// candidate pairs its log(m/u) was at least that of an exact agreement on royal92 (1.3 vs 0.65),
// RLdata (2.0 vs 0.0) and FEBRL 2 (0.8 vs 0.7) — strangers met by blocking share a name far more
// often than a near-miss of it. Variants (0.92) and one-letter edits of short names (0.9) stay lower.
const GIVEN_W: [number, number][] = [
  [0.99, 2.4],
  [0.93, 2.4],
  [0.9, 2.1],
  [0.8, 1.2],
  [0.75, 0.6],
  [0.7, -1],
  [0, -2.8],
];
const SURNAME_W: [number, number][] = [
  [0.99, 2.6],
  [0.9, 1.9],
  [0.8, 1.4],
  [0.7, 0],
  [0, -2.4],
];
const BIRTH_W: [number, number][] = [
  [0.99, 5],
  [0.94, 3.8],
  [0.88, 2.9],
  [0.74, 2.2],
  [0.69, 1.2],
  [0.59, 0.6],
  [0.44, -0.6],
  [0.29, -1.8],
  [0.14, -3.2],
  [0.04, -5],
  [0, -7],
];
const DEATH_W: [number, number][] = [
  [0.99, 4],
  [0.94, 3.2],
  [0.88, 2.5],
  [0.74, 1.8],
  [0.69, 1],
  [0.59, 0.5],
  [0.44, -0.5],
  [0.29, -1.5],
  [0.14, -2.8],
  [0.04, -4.5],
  [0, -6],
];
const PLACE_W: [number, number][] = [
  [0.99, 1.2],
  [0.85, 0.8],
  [0.6, 0.3],
  [0.35, -0.2],
  [0, -1],
];

/**
 * One place, or one within the other, weighed by how many persons of the population name its most
 * specific shared level: "St Germain en Laye" is worth far more than "France". Measured on royal92's
 * candidate pairs (seeds 1–7), log(m/u) of a full place agreement was 1.8 where under 1% of persons
 * name that place, 1.0 at 1–3%, 0.3–0.6 above; a slope of 0.5 per unit of log share fits it (places
 * run in families, so the pure frequency slope of 1 overstates a rare one). Without counts (a small
 * population) the flat table weight stays.
 */
const PLACE_AT_2PCT = 1.0;
const PLACE_SLOPE = 0.5;
const PLACE_MIN = 0.3;
const PLACE_MAX = 2.0;

/** Full-agreement weight when `place[0]` is the most specific level shared; cached per place array (places are interned). */
let specificCache = new WeakMap<string[], number>();
let specificCacheOf: NameFrequencies | undefined;
let specificCacheVersion = -1;

function specificWeight(place: string[], freq: NameFrequencies | undefined): number {
  if (!freq?.informative) return PLACE_W[0][1];
  if (specificCacheOf !== freq || specificCacheVersion !== freq.version) {
    specificCache = new WeakMap();
    specificCacheOf = freq;
    specificCacheVersion = freq.version;
  }
  let w = specificCache.get(place);
  if (w === undefined) {
    const s = freq.placeShare(place[0]);
    w = s
      ? Math.min(PLACE_MAX, Math.max(PLACE_MIN, PLACE_AT_2PCT + PLACE_SLOPE * Math.log(0.02 / s.share)))
      : PLACE_W[0][1];
    specificCache.set(place, w);
  }
  return w;
}

function placeWeight(score: number, a: string[], b: string[], freq: NameFrequencies | undefined): number {
  if (score < 0.99) return weightFor(score, PLACE_W);
  return specificWeight(a.length <= b.length ? a : b, freq);
}
const RESIDENCE_W: [number, number][] = [
  [0.99, 1.4],
  [0.85, 1],
  [0.6, 0.4],
  [0.35, 0],
  [0, -0.4],
];

/**
 * The best-agreeing pair of names (a person may carry birth, married and alias names), as scores:
 * NaN where a part cannot be compared. Reused for every pair; the comparisons with their reasons are
 * built from it only when a pair is explained (givenComparison, surnameComparison).
 */
const choice = {
  x: undefined as NameFeature | undefined,
  y: undefined as NameFeature | undefined,
  given: NaN,
  surname: NaN,
  rescued: false,
  swapped: false,
};

function choose(
  x: NameFeature,
  y: NameFeature,
  given: number,
  surname: number,
  rescued: boolean,
  swapped: boolean,
): void {
  choice.x = x;
  choice.y = y;
  choice.given = given;
  choice.surname = surname;
  choice.rescued = rescued;
  choice.swapped = swapped;
}

function partValue(score: number, table: [number, number][]): number {
  return score === score ? weightFor(score, table) : 0;
}

/** Phonetic rescue for given names spelled very differently but sounding alike. */
function soundsAlike(x: NameFeature, y: NameFeature): boolean {
  // Only the primary codes, and the same initial: alternates make "Joan" (JN/AN) sound like "Anne" (AN).
  return Boolean(x.givenMeta[0]) && x.givenMeta[0] === y.givenMeta[0] && x.given[0]?.[0] === y.given[0]?.[0];
}

/** Scores the swap pairing wins with: given name and surname written in each other's place. */
const SWAP_SCORE = 0.85;

function bestNames(a: NameFeature[], b: NameFeature[]): boolean {
  let bestValue = -Infinity;
  choice.x = choice.y = undefined;
  for (const x of a) {
    for (const y of b) {
      let given = givenScore(x, y);
      const surname = surnameScore(x, y);
      let rescued = false;
      if (given === given && given < 0.8 && soundsAlike(x, y)) {
        given = 0.82;
        rescued = true;
      }
      const v = partValue(given, GIVEN_W) + partValue(surname, SURNAME_W);
      if (v > bestValue) {
        bestValue = v;
        choose(x, y, given, surname, rescued, false);
      }
      // Given name and surname written in each other's place (a common clerical swap).
      if (
        x.given[0] &&
        y.given[0] &&
        x.surnames[0] &&
        y.surnames[0] &&
        x.given[0] !== y.given[0] &&
        swapScore(x, y) >= 0.9 &&
        swapBackScore(x, y) >= 0.9
      ) {
        const w = weightFor(SWAP_SCORE, GIVEN_W) + weightFor(SWAP_SCORE, SURNAME_W);
        if (w > bestValue) {
          bestValue = w;
          choose(x, y, SWAP_SCORE, SWAP_SCORE, false, true);
        }
      }
    }
  }
  return bestValue !== -Infinity;
}

function givenComparison(): Comparison | undefined {
  const { x, y } = choice;
  if (!x || !y || choice.given !== choice.given) return undefined;
  if (choice.swapped)
    return {
      score: SWAP_SCORE,
      reason: `given name "${x.given[0]}" written as surname "${y.surnames[0]}" (names swapped)`,
    };
  if (choice.rescued)
    return { score: 0.82, reason: `given names "${x.given[0]}" and "${y.given[0]}" sound alike (Double Metaphone)` };
  return givenM(x.given, y.given, x.gkey, y.gkey);
}

function surnameComparison(): Comparison | undefined {
  const { x, y } = choice;
  if (!x || !y || choice.surname !== choice.surname) return undefined;
  if (choice.swapped)
    return {
      score: SWAP_SCORE,
      reason: `surname "${x.surnames[0]}" written as given name "${y.given[0]}" (names swapped)`,
    };
  return surnameM(x, y);
}

function fmt(w: number): string {
  return `${w >= 0 ? '+' : ''}${w.toFixed(1)}`;
}

function intersects(a: string[], b: string[]): string[] {
  return a.filter((x) => b.includes(x));
}

function shares(a: string[], b: string[]): boolean {
  for (const x of a) if (b.includes(x)) return true;
  return false;
}

function regnalOf(f: PersonFeatures): string | undefined {
  for (const n of f.names) if (n.regnal) return n.regnal;
  return undefined;
}

function epithetOf(f: PersonFeatures): string | undefined {
  for (const n of f.names) if (n.epithet) return n.epithet;
  return undefined;
}

/**
 * A regnal number or an epithet is a style borne for life and written the same way in one tree:
 * two that differ name two people, not one spelt twice ("Louis III" vs "Louis IV", "Louis the
 * Young" vs "Louis the Stammerer" or vs "Louis III", "Louis XVI" vs "Louis-Philippe": a hyphenated
 * name is one name). Measured log(m/u) by bench/resolve-weights.ts on the tuning injector (seeds
 * 1-5, royal92, willis, pres2020; candidate pairs where both bear a style): the rule fires on 6 of
 * 105 same-person pairs (a slip of a numeral: "III" copied as "II") and on 551 of 1007 others:
 * log(0.061/0.547) = -2.2. A contradiction still: a pair it fires on is at most "review".
 */
const STYLE_DIFFERS = -2.2;

/** Epithets agree when one is a form of the other ("young" / "younger", "great" / "grand" do not). */
function sameEpithet(x: string, y: string): boolean {
  return x === y || (Math.min(x.length, y.length) >= 4 && (x.startsWith(y) || y.startsWith(x)));
}

function styled(f: PersonFeatures): string | undefined {
  const r = regnalOf(f);
  const e = epithetOf(f);
  return r ? r.toUpperCase() : e ? `the ${e}` : undefined;
}

/** Why the pair's regnal numbers, epithets or a hyphenated name against a style say two people (undefined: nothing says so). */
export function styleContradiction(a: PersonFeatures, b: PersonFeatures): string | undefined {
  const ra = regnalOf(a);
  const rb = regnalOf(b);
  if (ra && rb) return ra === rb ? undefined : `different regnal numbers (${ra.toUpperCase()} vs ${rb.toUpperCase()})`;
  const ea = epithetOf(a);
  const eb = epithetOf(b);
  if (ea && eb) return sameEpithet(ea, eb) ? undefined : `different epithets ("the ${ea}" vs "the ${eb}")`;
  if ((ra && eb && !ea) || (rb && ea && !eb))
    return `a regnal number against an epithet ("${styled(a)}" vs "${styled(b)}"): two rulers`;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const style = styled(y);
    if (!style) continue;
    for (const n of x.names) {
      if (!n.compound) continue;
      const [first, second] = n.compound.split(' ');
      if (y.names.some((m) => m.given[0] === first && m.given[1] !== second))
        return `"${n.compound.replace(' ', '-')}" is one name, not "${first} ${style}"`;
    }
  }
  return undefined;
}

function mayHaveMarriedName(f: PersonFeatures): boolean {
  return f.sex !== 'M';
}

export interface ScoreOptions {
  thresholds?: ScoreThresholds;
  /** Population name counts: agreement on a common name weighs less, on a rare one more. */
  frequencies?: NameFrequencies;
  /**
   * false (bulk scoring): only similarity, recommendation and hardNegative are filled; features,
   * weights, rationale and whyNotMerge stay empty. Re-score the pairs you keep.
   */
  explain?: boolean;
  /**
   * Bulk scoring: a pair whose best possible similarity is already below this may stop early. Its
   * similarity is then that upper bound (below `floor`), its recommendation "separate", and
   * `bounded` is set. Leave unset for an exact score.
   */
  floor?: number;
  /**
   * Bulk scoring for a caller that drops every "separate" pair (the duplicate search): a pair that
   * a rule known before any comparison forbids (sexes recorded differently, one died before the
   * other was born) stops there, "separate" with `bounded` set and similarity 0 (not scored).
   */
  dropSeparate?: boolean;
  /** Siblings by given-name sound (a CandidateIndex): lets a shorter name be matched to the only child so named. */
  family?: FamilyLookup;
}

/** The features in the order they are reported. */
const KEYS = [
  'givenName',
  'surname',
  'regnal',
  'generation',
  'sex',
  'birthDate',
  'deathDate',
  'lifespan',
  'namesakes',
  'birthPlace',
  'deathPlace',
  'residence',
  'relationships',
  'identifier',
  'occupation',
] as const;
const GIVEN = 0;
const SURNAME = 1;
const REGNAL = 2;
const GENERATION = 3;
const SEX = 4;
const BIRTH = 5;
const DEATH = 6;
const LIFESPAN = 7;
const NAMESAKES = 8;
const BIRTH_PLACE = 9;
const DEATH_PLACE = 10;
const RESIDENCE = 11;
const RELATIONSHIPS = 12;
const IDENTIFIER = 13;
const OCCUPATION = 14;
/** Words that name no trade of their own in an occupation as written. */
const NOT_A_TRADE = new Set([
  'retired',
  'former',
  'late',
  'master',
  'journeyman',
  'apprentice',
  'assistant',
  'head',
  'chief',
  'company',
  'works',
  'with',
  'from',
  'none',
]);
/** The words of a folded occupation that name the trade (four letters or more, a plural as its singular). */
function occupationWords(occupation: string): string[] {
  return occupation
    .split(' ')
    .filter((w) => w.length >= 4 && !NOT_A_TRADE.has(w))
    .map((w) => (w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}
/** Features that are names (the persons' or their relatives'): they never corroborate on their own. */
const NAME_LIKE = new Set([GIVEN, SURNAME, SEX, OCCUPATION, RELATIONSHIPS]);

/**
 * Per-pair tallies in reused arrays: bulk deduplication scores millions of pairs, and a record of
 * features per pair (built only when explaining) was most of the garbage. scorePair never re-enters.
 */
const tWeight = new Float64Array(KEYS.length);
const tScore = new Float64Array(KEYS.length);
const tHas = new Uint8Array(KEYS.length);
const tReason: (Comparison | undefined)[] = Array.from({ length: KEYS.length }, () => undefined);

/**
 * A shared linked parent or spouse together with the same given name (exact, a known variant or a
 * one-letter slip — not an initial) and no surname against it: the family leaves no one else that
 * person could be, so the link weighs more than a shared relative alone.
 */
const FAMILY_NAMED = 5.5;

function sameGivenName(score: number): boolean {
  const { x, y } = choice;
  if (!x || !y || choice.swapped) return false;
  // The same name, a known variant, or one slip of the pen — not merely a close spelling
  // ("Charlotte" and "Charles" are 0.90 alike and two names).
  if (!(score >= 0.92 || (score >= 0.9 && oneEditApart(x.given[0] ?? '', y.given[0] ?? '')))) return false;
  // As many given names on both sides: "Frederick" alone may be any of the brothers Frederick Louis,
  // Frederick William and Frederick II; "Frederick William" twice is one of them.
  return x.given.length === y.given.length;
}

/**
 * One side's death (or burial) written to the day before the other's birth (or baptism) written to
 * the day: for two children of one couple, two children. The general lifespan rule allows a year of
 * slack, which bare years need (royal92's injected "1881–1880" is one child with a slipped year);
 * two dates to the day need none.
 */
function diedBeforeBorn(a: PersonFeatures, b: PersonFeatures): [PersonFeatures, PersonFeatures] | undefined {
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    if (!x.death || !y.birth || x.death.max === undefined || y.birth.min === undefined || x.death.max > y.birth.min)
      continue;
    // Features of a burial or a baptism carry a widened range: the day is read from the text.
    const died = x.death.ymd ?? dateFeature(x.death.text)?.ymd;
    const born = y.birth.ymd ?? dateFeature(y.birth.text)?.ymd;
    if (died && born && died < born) return [x, y];
  }
  return undefined;
}

/** Other children of these parents bear a name sounding like it (when the index can tell). */
function namesakesAmong(family: FamilyLookup | undefined, parents: string[]): boolean {
  const { x, y } = choice;
  if (!family || !x || !y) return false;
  for (const p of parents)
    for (const n of [x, y]) for (const code of n.givenMeta) if (family.namesakes(p, code) > 2) return true;
  return false;
}

/** The children of a parent indexed under a given-name sound (see CandidateIndex.namesakes). */
export interface FamilyLookup {
  namesakes(parentId: string, givenSound: string): number;
}

/**
 * "David" and "David Albert Charles", children of one couple: when no other child of theirs has a
 * name sounding like it, the shorter name can only be this child (a genealogist checks the sibling
 * list; the index holds it). Needs the same first given name or a variant or slip of it.
 */
/** The two unlike-named other parents when a and b share one parent and each has another. */
function halfSiblingParents(a: PersonFeatures, b: PersonFeatures): [string, string] | undefined {
  const otherA = a.parents.filter((p) => !b.parents.includes(p)).map((p) => a.parentNameOf?.[p]);
  const otherB = b.parents.filter((p) => !a.parents.includes(p)).map((p) => b.parentNameOf?.[p]);
  if (otherA.length !== 1 || otherB.length !== 1 || !otherA[0] || !otherB[0]) return undefined;
  return bestNameMatch([otherA[0]], [otherB[0]], relativeNameScore).score < 0.75 ? [otherA[0], otherB[0]] : undefined;
}

function onlyNamesake(family: FamilyLookup | undefined, parents: string[]): boolean {
  const { x, y } = choice;
  if (!family || !x || !y || choice.swapped || tScore[GIVEN] < 0.9) return false;
  return x.givenMeta.length > 0 && y.givenMeta.length > 0 && !namesakesAmong(family, parents);
}

/** Surnames compared and clearly different (married names aside, which the caller weighs). */
function surnamesDisagree(): boolean {
  return tHas[SURNAME] === 1 && tScore[SURNAME] < 0.8;
}

/** Log-odds so far and the rules broken, for the pair being scored. */
let total = 0;
/** The population counts of the pair being scored, for the early-stop bound. */
let boundFreq: NameFrequencies | undefined;
let hard: string[] | undefined;

/** Records a feature: its agreement score, its weight, and (when explaining) its comparison. */
function add(slot: number, score: number, w: number, c?: Comparison): void {
  if (tHas[slot]) total -= tWeight[slot];
  tHas[slot] = 1;
  tWeight[slot] = w;
  tScore[slot] = score;
  tReason[slot] = c;
  total += w;
}

/** add() for a comparison that may be missing (one side lacks the field). */
function addC(slot: number, c: Comparison | undefined, w: number): void {
  if (c) add(slot, c.score, w, c);
}

function forbid(why: string): void {
  (hard ??= []).push(why);
}

/** True when even the best case for what is left (`stage`) cannot reach the caller's floor. */
function hopeless(a: PersonFeatures, b: PersonFeatures, stage: number, floorLogit: number): boolean {
  // A margin, so that rounding in the sums never stops a pair that could reach the floor exactly.
  return floorLogit > -Infinity && total + remainingBound(a, b, stage, boundFreq) < floorLogit - 1e-9;
}

/** Shared by every early-stopped score: nothing was explained, nothing is recorded. */
const NOTHING_FEATURES: Record<string, FeatureResult> = Object.freeze({});
const NOTHING_WEIGHTS: Record<string, number> = Object.freeze({});

function bounded(a: PersonFeatures, b: PersonFeatures, stage: number, floor: number): PairScore {
  const similarity = Math.min(floor, 1 / (1 + Math.exp(-(total + remainingBound(a, b, stage, boundFreq)))));
  return {
    similarity,
    features: NOTHING_FEATURES,
    weights: NOTHING_WEIGHTS,
    rationale: '',
    whyNotMerge: '',
    recommendation: 'separate',
    hardNegative: hard?.join('; '),
    bounded: true,
  };
}

/**
 * What dropSeparate stops at: at 100k generated persons 28% of the candidate pairs (41k of
 * opposite sexes, 145k with a death recorded before the other's birth), which had gone on to the
 * dates and the early-stop bound.
 */
const UNSCORED_SEPARATE: PairScore = Object.freeze({
  similarity: 0,
  features: NOTHING_FEATURES,
  weights: NOTHING_WEIGHTS,
  rationale: '',
  whyNotMerge: '',
  recommendation: 'separate',
  hardNegative: 'a rule forbids the merge (recorded sexes, or a death before the other was born)',
  bounded: true,
});

/** The lifespan rule of scorePair's dates: x recorded dead (by the latest) a year before y's earliest birth. */
function deadYearsBeforeBirth(x: PersonFeatures, y: PersonFeatures): boolean {
  return x.death?.max !== undefined && y.birth?.min !== undefined && x.death.max < y.birth.min - 1;
}

/**
 * Born and died in the same years (within a year at birth), having lived past childhood: the two
 * agreements compound. Blocking met the pair through one of the dates (birth decade or death
 * decade), so that one was likely to agree anyway (u ≈ 1/10); the other was not (u ≈ 1/60 for an
 * adult's death year given the birth year, 1/10 for a birth year given the death year). The table
 * weights assume both were blocked on: the bonus restores the difference, log(60/10) ≈ 1.8 shared
 * with the m's (≈ 0.9): +1.0. A birth year one off beside an agreeing adult death is an age slip,
 * not a different life (m ≈ 0.12, u ≈ 3/60 given the death year): its penalty is lifted as well.
 * Infants are left out: a death in the year of birth follows from the birth year by chance too.
 */
const LIFESPAN_AGREES = 1.0;
/** Age at death (years) from which the death year tells something the birth year does not. */
const PAST_CHILDHOOD = 5;

/**
 * No one else in the population bears either given name and was born within a year of the pair:
 * Winkler's frequency-based weight for the (given name, birth year) value, which the average name
 * and year weights cannot see. A name that is common over the centuries may be unique in its
 * decade ("Mathilde, born 1843"), a rare one may have namesakes among cousins. Only refines a
 * year-level agreement: a day-exact date already carries its own weight.
 * Measured on royal92's candidate pairs (seeds 1–7) where nothing else contradicts: a true pair is
 * alone in its cell 85% of the time, a false one 24% — log(m/u) 1.3; but most of those "false"
 * pairs are royal92's own duplicates (Rudolf 1858–1889 twice, George William 1915 twice), and
 * without them log(m/u) is about 2.6. 2.0 lies between.
 */
const ONLY_NAMESAKES = 2.0;
/**
 * The same where another field disagrees (a surname, a place, a parent's name): there the measured
 * log(m/u) was 0.85 (a stranger who happens to be alone in the cell is far more often also
 * different elsewhere), so the uniqueness weighs that much. A random population (bench/resolve.ts
 * timing set: names, years and places drawn independently) shows why: lone name-year cells are
 * common there, and without this split different surnames and towns merged on them.
 */
const ONLY_NAMESAKES_CONTRADICTED = 0.85;

/**
 * Both write a second given name and it agrees (the same, or a variant), the first agreeing or
 * fitting as an initial: "Francis Charles" / "F. Charles", "Mary Josepha" / "Marie Josepha".
 * Measured on the candidate pairs of royal92 (seeds 1–7) and RLdata: a true pair agrees on the
 * second name 80–97% of the time, a false one 4–19% (cousins share middle names) — log(m/u) 1.6
 * to 2.9. The lower end (royal92's, where siblings and cousins share middle names) is taken.
 */
const SECOND_GIVEN = 1.6;

/** Words left among given names by styles like "Earl of Harewood": not names. */
const PARTICLES = new Set([
  'of',
  'the',
  'de',
  'du',
  'da',
  'di',
  'von',
  'van',
  'der',
  'den',
  'la',
  'le',
  'y',
  'zu',
  'af',
  'av',
]);

/** The second given names of the chosen pair, when both write one in full and they agree. */
function secondGivenAgrees(): string | undefined {
  const { x, y } = choice;
  if (!x || !y || choice.swapped || x.given.length < 2 || y.given.length < 2) return undefined;
  const s = x.given[1];
  const t = y.given[1];
  if (s.length < 2 || t.length < 2 || /\d/.test(s) || /\d/.test(t) || PARTICLES.has(s) || PARTICLES.has(t))
    return undefined;
  return s === t || nicknameMatch(s, t) ? s : undefined;
}

/**
 * One side written without a surname and a father whose given name the other's Welsh surname was
 * made from ("John, son of Rhys Evan" and John Price, ap Rhys): as good as a surname that agrees
 * but for a spelling, since a patronymic names the family as the surname does.
 */
function apSurname(x: PersonFeatures, y: PersonFeatures): string | undefined {
  if (!x.relativeNames.parent.length || x.names.some((n) => n.surnames.length)) return undefined;
  for (const n of y.names)
    for (const s of n.surnames.slice(0, 1))
      for (const father of x.relativeNames.parent)
        if (apSurnameOf(s, father))
          return `surname "${s}" is "ap ${father.split(' ')[0]}", the father's name it was made from`;
  return undefined;
}

/** Extra log-odds against a different given name when both were born the same day. */
const TWIN_PATTERN = -1;

/** How far scoring got when the early stop is checked: what is left to compare. */
const DATES_LEFT = 0;
const NAMES_LEFT = 1;
const PLACES_LEFT = 2;
const RELATIVES_LEFT = 3;
/** Given name and surname agreeing fully, on the rarest names (frequency adjustment ±0.75 each). */
const NAMES_MAX = GIVEN_W[0][1] + 0.75 + SURNAME_W[0][1] + 0.75;

function hasSecondGiven(f: PersonFeatures): boolean {
  for (const n of f.names) if (n.given.length > 1) return true;
  return false;
}

/** The most a full place agreement can weigh for this pair: the rarer of the two most specific levels. */
function placeBound(a: string[], b: string[], freq: NameFrequencies | undefined): number {
  if (!freq?.informative) return PLACE_W[0][1];
  // A partial agreement keeps its table weight, which may exceed a full one on a common place.
  return Math.max(PLACE_W[1][1], specificWeight(a, freq), specificWeight(b, freq));
}

/** placesToEndBound of the pair being scored, computed once (NaN: not yet), and its places' part. */
let restBound = NaN;
let placesPart = 0;

/** The most the features not yet compared could still add (for the early stop). */
function remainingBound(
  a: PersonFeatures,
  b: PersonFeatures,
  stage: number,
  freq: NameFrequencies | undefined,
): number {
  let w = 0;
  if (stage <= DATES_LEFT) {
    if (a.birth && b.birth) w += BIRTH_W[0][1];
    if (a.death && b.death) w += DEATH_W[0][1];
  }
  if (stage <= NAMES_LEFT) {
    w += NAMES_MAX;
    if (hasSecondGiven(a) && hasSecondGiven(b)) w += SECOND_GIVEN;
    // Rules that read the dates and the names together (year off by one, lifespan, namesakes): once
    // the dates are scored (stage NAMES_LEFT), only those whose date condition holds can still add.
    const dated = stage === NAMES_LEFT;
    if (
      a.birth &&
      b.birth &&
      !(a.birth.ymd && b.birth.ymd) &&
      (!dated || (tHas[BIRTH] === 1 && tScore[BIRTH] === YEAR_APART))
    )
      w += YEAR_OFF_NAMED - YEAR_OFF_W;
    if (
      a.birth &&
      b.birth &&
      a.death &&
      b.death &&
      (!dated || (tHas[BIRTH] === 1 && tHas[DEATH] === 1 && tScore[DEATH] >= 0.88 && tScore[BIRTH] >= 0.44))
    )
      w += LIFESPAN_AGREES - YEAR_OFF_W;
  }
  // The namesake rule runs after places and relatives: possible while its date and name conditions may hold.
  if (freq?.informative) {
    const possible =
      stage === DATES_LEFT
        ? (a.birth && b.birth) || (a.death && b.death)
        : stage === NAMES_LEFT
          ? loneCell(a, b, freq)
          : lone.found;
    if (possible) w += ONLY_NAMESAKES;
  }
  if (restBound !== restBound) restBound = placesToEndBound(a, b, freq);
  return w + (stage >= RELATIVES_LEFT ? restBound - placesPart : restBound);
}

/** The part of remainingBound that does not depend on the stage: places, relatives, identifiers, occupation. */
function placesToEndBound(a: PersonFeatures, b: PersonFeatures, freq: NameFrequencies | undefined): number {
  let w = 0;
  if (a.birthPlace.length && b.birthPlace.length) w += placeBound(a.birthPlace, b.birthPlace, freq);
  if (a.deathPlace.length && b.deathPlace.length) w += placeBound(a.deathPlace, b.deathPlace, freq);
  if (a.residences.length && b.residences.length) w += RESIDENCE_W[0][1];
  placesPart = w;
  // Linked relatives add only through one shared by both (a parent, a spouse, a child); the rest
  // of the relationship feature is names, bounded below. Most candidate pairs share none, so this
  // bound stops them before places and relatives are compared.
  let linked = 0;
  if (a.parents.length && b.parents.length && shares(a.parents, b.parents)) linked += FAMILY_NAMED;
  if (a.spouses.length && b.spouses.length && shares(a.spouses, b.spouses)) linked += FAMILY_NAMED;
  if (a.children.length && b.children.length && shares(a.children, b.children)) linked += 4;
  if (linked) w += linked + REL_SLACK;
  // Relatives named alike add only for a kind both name (scorePair skips the others).
  const x = a.relativeNames;
  const y = b.relativeNames;
  if (x.parent.length && y.parent.length) w += REL_MAX.parent;
  if (x.spouse.length && y.spouse.length) w += REL_MAX.spouse;
  if (x.child.length && y.child.length) w += REL_MAX.child;
  w += identifierWeight(a, b);
  if (a.attributes.occupation && b.attributes.occupation) w += 0.5;
  return w;
}

/**
 * What the identifiers both carry will add, exactly as scorePair weighs them: the same id +8, one
 * keystroke apart +2, different ids of an authority -1.5, other different ids nothing. A file's own
 * record ids (_UID: one per person of most exported trees) differ between any two persons, so a
 * bound of +8 per shared namespace kept nearly every pair of such a tree from stopping early.
 */
function identifierWeight(a: PersonFeatures, b: PersonFeatures): number {
  let w = 0;
  for (const ns in a.identifiers) {
    const vb = b.identifiers[ns];
    if (vb === undefined) continue;
    const s = compareIdentifier(a.identifiers[ns], vb);
    w += s === 1 ? 8 : s > 0 ? 2 : AUTHORITIES.has(ns) ? -1.5 : 0;
  }
  return w;
}

/**
 * Largest log-odds the relationship feature can add: a shared parent or spouse (FAMILY_NAMED each)
 * and a shared child (4), with REL_SLACK to spare, when any is shared; and relatives named alike.
 */
const REL_MAX = { parent: 1.2, spouse: 1.5, child: 1.2 };
const REL_SLACK = 2.5;

function placeShareNote(score: number, a: string[], b: string[], freq: NameFrequencies | undefined): string {
  const s = score >= 0.99 && freq?.informative ? freq.placeShare((a.length <= b.length ? a : b)[0]) : undefined;
  return s ? `, a place ${s.count} of the ${s.placed} persons with a place here are tied to` : '';
}

/** The birth weight of years one apart (the 0.44 tier of BIRTH_W). */
const YEAR_OFF_W = -0.6;
/**
 * Bare years one apart ("1792" / "1791", "1897" / "ABT 1896") under the same given name: years
 * worked out from an age round either way, so a duplicate's year is often one off. Among royal92's
 * candidate pairs whose given names agree, log(m/u) of this class was +0.9 (true 129, false 1,064
 * of 7 seeds); it is taken at half that, since the injected duplicates set m there.
 */
const YEAR_OFF_NAMED = 0.45;

function yearOffByOne(a: PersonFeatures, b: PersonFeatures, explaining: boolean): void {
  if (!tHas[BIRTH] || tScore[BIRTH] !== YEAR_APART || (a.birth!.ymd && b.birth!.ymd)) return;
  // One year between the stated years themselves: an estimate from an age already had its year of
  // slack (compareDates), and two years beyond it are not a rounding.
  if (yearsApart(a.birth!, b.birth!) !== 1) return;
  if (!tHas[GIVEN] || tScore[GIVEN] < 0.9 || choice.swapped) return;
  const c = tReason[BIRTH];
  add(
    BIRTH,
    tScore[BIRTH],
    YEAR_OFF_NAMED,
    explaining && c ? lazy(tScore[BIRTH], () => `${c.reason}, as years worked out from an age often are`) : undefined,
  );
}

/** Adds LIFESPAN_AGREES when birth (±1 year) and an adult's death year agree on both sides. */
function lifespanAgreement(a: PersonFeatures, b: PersonFeatures, explaining: boolean): void {
  if (!tHas[BIRTH] || !tHas[DEATH] || tScore[DEATH] < 0.88 || tScore[BIRTH] < 0.44) return;
  const ab = a.birth!;
  const bb = b.birth!;
  const ad = a.death!;
  const bd = b.death!;
  if (ab.max! - ab.min! > 10 || bb.max! - bb.min! > 10) return;
  const gap = yearsApart(ab, bb);
  if (gap === undefined || gap > 1) return;
  if (ad.min! - ab.max! < PAST_CHILDHOOD || bd.min! - bb.max! < PAST_CHILDHOOD) return;
  const lifted = tWeight[BIRTH] < 0 ? -tWeight[BIRTH] : 0;
  const w = LIFESPAN_AGREES + lifted;
  add(
    LIFESPAN,
    1,
    w,
    explaining
      ? lazy(
          1,
          () =>
            `born ${ab.text} / ${bb.text} and died ${ad.text} / ${bd.text}: both ends of an adult life agree${lifted ? ' (a birth year one off beside the same death year is an age slip)' : ''}`,
        )
      : undefined,
  );
}

/**
 * The pair's namesake window: `cell` is 1 when no one else shares it, 0 when someone does or the
 * dates do not allow the rule, -1 before it is looked up (lazily: the early-stop bound wants it
 * before the names are compared). `found` adds the given-name condition, set after the names.
 */
const lone = { cell: -1, found: false, event: 'birth' as LifeEvent, slot: BIRTH, from: 0, to: 0 };

/**
 * After the dates: whether the pair's year-level birth (or, when a side has no birth, death)
 * agreement sits in a (first given name, year ±1) cell no one else occupies.
 */
function loneCell(a: PersonFeatures, b: PersonFeatures, freq: NameFrequencies): boolean {
  if (lone.cell >= 0) return lone.cell === 1;
  lone.cell = 0;
  const event: LifeEvent = tHas[BIRTH] ? 'birth' : 'death';
  const slot = event === 'birth' ? BIRTH : DEATH;
  if (!tHas[slot] || tScore[slot] < 0.44 || tScore[slot] >= 0.99) return false;
  // Both dates to the day: the day itself is the evidence (for or against), not the year's namesakes.
  const x = event === 'birth' ? a.birth! : a.death!;
  const y = event === 'birth' ? b.birth! : b.death!;
  if (x.ymd && y.ymd) return false;
  const ca = eventCentre(a, event);
  const cb = eventCentre(b, event);
  if (ca === undefined || cb === undefined || Math.abs(ca - cb) > 1) return false;
  const from = Math.min(ca, cb) - 1;
  const to = Math.max(ca, cb) + 1;
  // Namesakes born then (a third person the record could be) leave the base weights as they are.
  if (freq.othersBorn(a, b, from, to, event) !== 0) return false;
  lone.cell = 1;
  lone.event = event;
  lone.slot = slot;
  lone.from = from;
  lone.to = to;
  return true;
}

/**
 * After the names: the given names agree (the same, a variant or a slip — not an initial) and
 * loneCell holds. The weight is added by onlyNamesakes once places and relatives are known.
 */
function findLoneNamesakes(a: PersonFeatures, b: PersonFeatures, freq: NameFrequencies): void {
  lone.found = tHas[GIVEN] === 1 && tScore[GIVEN] >= 0.9 && !choice.swapped && loneCell(a, b, freq);
}

/** Adds ONLY_NAMESAKES (or the weight for a pair something else contradicts) when findLoneNamesakes found the cell empty. */
function onlyNamesakes(explaining: boolean): void {
  if (!lone.found) return;
  const { event, slot, from, to } = lone;
  const g = choice.x!.given[0];
  const h = choice.y!.given[0];
  const verb = event === 'birth' ? 'was born' : 'died';
  let contradicted = false;
  for (let k = 0; k < KEYS.length && !contradicted; k++)
    if (k !== slot && tHas[k] && tWeight[k] < 0) contradicted = true;
  const w = contradicted ? ONLY_NAMESAKES_CONTRADICTED : ONLY_NAMESAKES;
  add(
    NAMESAKES,
    1,
    w,
    explaining
      ? lazy(
          1,
          () =>
            `no one else here named ${g === h ? `"${g}"` : `"${g}" or "${h}"`} ${verb} ${from}–${to}${contradicted ? ' (though something else disagrees)' : ''}`,
        )
      : undefined,
  );
}

function birthWithheld(f: PersonFeatures): boolean {
  return f.withheld?.includes('birth date') ?? false;
}

/** siblingBirthsApart, unless the two dates read as one written with a slip (a digit, a day-month swap: 0.75 and up). */
function birthsApart(a: PersonFeatures, b: PersonFeatures): [number, number] | undefined {
  return tHas[BIRTH] === 1 && tScore[BIRTH] >= 0.75 ? undefined : siblingBirthsApart(a, b);
}

/** The place contradictions of the pair being scored, in words. */
function placeConflict(a: PersonFeatures, b: PersonFeatures): string {
  const parts: string[] = [];
  if (tHas[BIRTH_PLACE] === 1 && tScore[BIRTH_PLACE] < PLACE_CONTRADICTS)
    parts.push(`born in ${a.birthPlace.join(', ')} vs ${b.birthPlace.join(', ')}`);
  if (tHas[DEATH_PLACE] === 1 && tScore[DEATH_PLACE] < PLACE_CONTRADICTS)
    parts.push(`died in ${a.deathPlace.join(', ')} vs ${b.deathPlace.join(', ')}`);
  return parts.join('; ');
}

export function scorePair(a: PersonFeatures, b: PersonFeatures, opts: ScoreOptions = {}): PairScore {
  const thresholds = opts.thresholds ?? DEFAULT_THRESHOLDS;
  const freq = opts.frequencies;
  const explaining = opts.explain !== false;
  const floorLogit = opts.floor !== undefined && opts.floor > 0 ? Math.log(opts.floor / (1 - opts.floor)) : -Infinity;
  tHas.fill(0);
  lone.found = false;
  lone.cell = -1;
  total = PRIOR;
  boundFreq = freq;
  restBound = NaN;
  hard = undefined;
  let capAtReview: string | undefined;
  let undatedNamesake = false;
  let sharedLinked = false;

  // Sex.
  if ((a.sex === 'M' || a.sex === 'F') && (b.sex === 'M' || b.sex === 'F')) {
    if (a.sex === b.sex) addC(SEX, a.sex === 'M' ? BOTH_MALE : BOTH_FEMALE, 0.2);
    else {
      addC(SEX, SEXES_DIFFER, -6);
      forbid('recorded sexes differ (male vs female)');
    }
  }
  if (opts.dropSeparate && (hard || deadYearsBeforeBirth(a, b) || deadYearsBeforeBirth(b, a))) return UNSCORED_SEPARATE;
  if (hopeless(a, b, DATES_LEFT, floorLogit)) return bounded(a, b, DATES_LEFT, opts.floor!);

  // Dates.
  // Bulk scoring reads date scores directly: dates are mostly distinct, a memo of them only grows.
  if (explaining) {
    const birth = datesM(a.birth, b.birth, 'birth');
    if (birth) addC(BIRTH, birth, weightFor(birth.score, BIRTH_W));
    const death = datesM(a.death, b.death, 'death');
    if (death) addC(DEATH, death, weightFor(death.score, DEATH_W));
  } else {
    const birth = dateScore(a.birth, b.birth, 'birth');
    if (birth === birth) add(BIRTH, birth, weightFor(birth, BIRTH_W));
    const death = dateScore(a.death, b.death, 'death');
    if (death === death) add(DEATH, death, weightFor(death, DEATH_W));
  }
  // Lifespan impossibilities: one died before the other was born.
  for (let i = 0; i < 2; i++) {
    const x = i ? b : a;
    const y = i ? a : b;
    if (deadYearsBeforeBirth(x, y)) {
      forbid(`${x.label} died (${x.death!.text}) before ${y.label} was born (${y.birth!.text})`);
      addC(LIFESPAN, { score: 0, reason: `died ${x.death!.text}, before the other was born ${y.birth!.text}` }, -8);
    }
  }
  // Dates first: candidates met through a surname key are often a lifetime apart, and a date is
  // cheaper to compare than a name.
  if (hopeless(a, b, NAMES_LEFT, floorLogit)) return bounded(a, b, NAMES_LEFT, opts.floor!);

  // Names.
  if (bestNames(a.names, b.names)) {
    if (choice.given === choice.given) {
      const g = choice.given;
      let w = weightFor(g, GIVEN_W);
      const adj =
        freq && g >= 0.99 && a.names[0]?.given[0] && !/^\d+$/.test(a.names[0].given[0])
          ? freq.givenAdjust(a.names[0].given[0])
          : 0;
      w += adj;
      // Born on the same day under another given name: the signature of twins, not of one person
      // entered twice (whose dates disagree more often than their names).
      const twinLike = g < 0.7 && tHas[BIRTH] === 1 && tScore[BIRTH] === 1;
      if (twinLike) w += TWIN_PATTERN;
      const second = g >= 0.75 ? secondGivenAgrees() : undefined;
      if (second) w += SECOND_GIVEN;
      let c: Comparison | undefined;
      if (explaining) {
        const base = givenComparison()!;
        const more = second ? `, and the second given name "${second}" agrees too` : '';
        c = adj
          ? lazy(g, () => `${base.reason}, ${adj < 0 ? 'a common' : 'a rare'} name here${more}`)
          : twinLike
            ? lazy(g, () => `${base.reason}, though born the same day (as twins are)`)
            : more
              ? lazy(g, () => `${base.reason}${more}`)
              : base;
      }
      add(GIVEN, g, w, c);
    }
    if (choice.surname === choice.surname) {
      const sc = choice.surname;
      let w = weightFor(sc, SURNAME_W);
      const adj = freq && sc >= 0.99 && a.names[0]?.surnames[0] ? freq.surnameAdjust(a.names[0].surnames[0]) : 0;
      w += adj;
      // A woman's surname may change at marriage: a different surname is weaker evidence.
      if (w < 0 && mayHaveMarriedName(a) && mayHaveMarriedName(b) && (a.sex === 'F' || b.sex === 'F')) w = -1;
      let c: Comparison | undefined;
      if (explaining) {
        const base = surnameComparison()!;
        c = adj ? lazy(sc, () => `${base.reason}, ${adj < 0 ? 'a common' : 'a rare'} surname here`) : base;
      }
      add(SURNAME, sc, w, c);
    } else {
      const ap = apSurname(a, b) ?? apSurname(b, a);
      if (ap) add(SURNAME, 0.9, weightFor(0.9, SURNAME_W), explaining ? { score: 0.9, reason: ap } : undefined);
    }
  }
  yearOffByOne(a, b, explaining);
  if (!hard) lifespanAgreement(a, b, explaining);
  if (freq) findLoneNamesakes(a, b, freq);
  const styles = styleContradiction(a, b);
  if (styles) {
    addC(REGNAL, { score: 0, reason: styles }, STYLE_DIFFERS);
    // A contradiction, so never merged on the rest; a reviewer tells a copied-wrong numeral apart.
    capAtReview ??= `${styles}: a reviewer decides`;
  }
  if (a.generation && b.generation && a.generation !== b.generation) {
    addC(GENERATION, { score: 0, reason: `"${a.generation}" vs "${b.generation}" in the names: two generations` }, -4);
    // Sr. and Jr. of one name are a father and his son: a contradiction, like a regnal number.
    capAtReview ??= `"${a.generation}" vs "${b.generation}": a father and a son of one name, a reviewer decides`;
  }

  if (hopeless(a, b, PLACES_LEFT, floorLogit)) return bounded(a, b, PLACES_LEFT, opts.floor!);

  // Places.
  const bp = placesM(a.birthPlace, b.birthPlace);
  if (bp) {
    addC(
      BIRTH_PLACE,
      explaining
        ? lazy(bp.score, () => `birth: ${bp.reason}${placeShareNote(bp.score, a.birthPlace, b.birthPlace, freq)}`)
        : bp,
      placeWeight(bp.score, a.birthPlace, b.birthPlace, freq),
    );
  }
  const dp = placesM(a.deathPlace, b.deathPlace);
  if (dp) {
    addC(
      DEATH_PLACE,
      explaining
        ? lazy(dp.score, () => `death: ${dp.reason}${placeShareNote(dp.score, a.deathPlace, b.deathPlace, freq)}`)
        : dp,
      placeWeight(dp.score, a.deathPlace, b.deathPlace, freq),
    );
  }
  // Born in one place and in another, and died in one place and in another: two recorded facts
  // that contradict each other twice (family-rules.ts PLACES_DIFFER).
  const placesDiffer =
    (tHas[BIRTH_PLACE] === 1 && tScore[BIRTH_PLACE] < PLACE_CONTRADICTS) ||
    (tHas[DEATH_PLACE] === 1 && tScore[DEATH_PLACE] < PLACE_CONTRADICTS);
  let bestRes: Comparison | undefined;
  for (const x of a.residences)
    for (const y of b.residences) {
      const c = placesM(x, y);
      if (c && (!bestRes || c.score > bestRes.score)) bestRes = c;
    }
  const res = bestRes;
  if (res)
    addC(
      RESIDENCE,
      explaining ? lazy(res.score, () => `residence: ${res.reason}`) : res,
      weightFor(res.score, RESIDENCE_W),
    );
  // Places scored: a pair that shares no linked relative is often hopeless now, before the
  // relatives' names are compared.
  if (hopeless(a, b, RELATIVES_LEFT, floorLogit)) return bounded(a, b, RELATIVES_LEFT, opts.floor!);

  // Relationships.
  const direct =
    a.parents.includes(b.id) ||
    a.children.includes(b.id) ||
    a.spouses.includes(b.id) ||
    b.parents.includes(a.id) ||
    b.children.includes(a.id) ||
    b.spouses.includes(a.id);
  if (direct) {
    const kind =
      a.parents.includes(b.id) || b.children.includes(a.id)
        ? 'parent'
        : a.children.includes(b.id) || b.parents.includes(a.id)
          ? 'child'
          : 'spouse';
    forbid(`${b.label} is recorded as the ${kind} of ${a.label}: one person cannot be their own ${kind}`);
    addC(RELATIONSHIPS, { score: 0, reason: `recorded as each other's ${kind}` }, -10);
  } else {
    const sharedIds = {
      parent: shares(a.parents, b.parents),
      spouse: shares(a.spouses, b.spouses),
      child: shares(a.children, b.children),
    };
    const named = a.relativeNames.parent.length + a.relativeNames.spouse.length + a.relativeNames.child.length > 0;
    if (sharedIds.parent || sharedIds.spouse || sharedIds.child || named) {
      const parts: string[] = [];
      let w = 0;
      if (sharedIds.parent) {
        const sharedParents = intersects(a.parents, b.parents);
        // Siblings share parents too: twins or siblings unless the given names agree.
        // Initials, nicknames and spelling slips are not different names; only a clear difference is.
        const hasGiven = tHas[GIVEN] === 1;
        const givenOk = hasGiven && tScore[GIVEN] >= 0.75;
        const birthGap = a.birth && b.birth ? yearsApart(a.birth, b.birth) : undefined;
        if (!givenOk && hasGiven) {
          const why = givenComparison()!.reason;
          forbid(
            birthGap === 0
              ? `same parents and birth date but different given names (${why}): twins, not one person`
              : `same parents but different given names (${why}): siblings`,
          );
          w -= 6;
          parts.push(`shared parent(s) ${sharedParents.join(', ')} with different given names`);
        } else if (
          birthGap !== undefined &&
          a.birth!.stated &&
          b.birth!.stated &&
          (birthGap > 2 || (birthGap === 2 && a.birth!.ymd && b.birth!.ymd && tScore[BIRTH] < 0.75))
        ) {
          // Two years apart counts when both dates are written to the day and are no slip of a digit
          // (those score 0.75 and up): a mother's children are born about two years apart.
          forbid(
            `same parents but births ${birthGap} years apart: siblings with a reused name (e.g. a child named after one who died)`,
          );
          w -= 4;
          parts.push(`shared parent(s) but births ${birthGap} years apart`);
        } else if (hasGiven && diedBeforeBorn(a, b)) {
          // A necronym: the first child was buried (or died) before the second was born.
          const [x, y] = diedBeforeBorn(a, b)!;
          forbid(
            `same parents, and ${x.label} died or was buried (${x.death!.text}) before ${y.label} was born (${y.birth!.text}): a child named after a sibling who died`,
          );
          w -= 4;
          parts.push(`shared parent(s) but one died before the other was born`);
        } else if (!hasGiven) {
          capAtReview = 'shared parents but a given name is missing or a placeholder: siblings cannot be told apart';
          parts.push(`shared parent(s) ${sharedParents.join(', ')}, but ${capAtReview}`);
        } else if (
          hasGiven &&
          ((sameGivenName(tScore[GIVEN]) &&
            (choice.x!.given.length > 1 || !namesakesAmong(opts.family, sharedParents))) ||
            onlyNamesake(opts.family, sharedParents)) &&
          !surnamesDisagree()
        ) {
          // Among one couple's children a full given name (or its variant or a one-letter slip) tells
          // them apart; the same name, no date more than two years off: the same child twice.
          const apart = birthsApart(a, b);
          if (apart) {
            // ...unless the births are centred years apart: then a sibling of the same name is just
            // who the other record may be (family-rules.ts).
            w += SIBLING_BIRTHS_APART;
            capAtReview = `same parents and the same given name, but births centred on ${apart[0]} and ${apart[1]} (${a.birth!.text} vs ${b.birth!.text}): a child named after a sibling who died young cannot be ruled out`;
            parts.push(capAtReview);
          } else {
            w += FAMILY_NAMED;
            parts.push(
              `shared parent(s) ${sharedParents.join(', ')} and the same given name: no sibling left to confuse`,
            );
            // Unless the name was given twice: a child who died young and a later one named after them
            // (a necronym) look exactly like this, and only dates tell them apart. With no date on
            // either side (none recorded, or all withheld for the living), a reviewer decides. One
            // dated side keeps the merge: royal92's duplicates entered without dates rest on it.
            if (!a.birth && !a.death && !b.birth && !b.death) undatedNamesake = true;
            // A birth date withheld for a living person is not a missing one: it exists, and is what
            // would tell two living siblings of one name apart (issue #15 items 1 and 2).
            else if ((!a.birth || !b.birth) && (birthWithheld(a) || birthWithheld(b)))
              capAtReview =
                'same parents and the same given name, but a birth date withheld for a living person: a sibling of that name cannot be ruled out';
          }
        } else {
          w += 3.5;
          const apart = birthsApart(a, b);
          // Same parents, same birth day, and names that agree only in part (an initial, a middle
          // name): exactly what twins look like. A reviewer decides.
          if (apart) {
            // Names that agree in part, births centred years apart: siblings as likely as one child.
            w += SIBLING_BIRTHS_APART;
            capAtReview = `same parents and given names that agree, but births centred on ${apart[0]} and ${apart[1]} (${a.birth!.text} vs ${b.birth!.text}): they may be two siblings`;
            parts.push(capAtReview);
          } else if ((!a.birth || !b.birth) && (birthWithheld(a) || birthWithheld(b))) {
            capAtReview =
              'same parents and given names that agree, but a birth date withheld for a living person: they may be two siblings';
          } else if (tHas[BIRTH] === 1 && tScore[BIRTH] === 1)
            capAtReview =
              'same parents and birth day but the given names agree only in part (an initial or a middle name): they may be twins';
          // Brothers share the surname too: with shared parents it tells no one apart.
          const surnameShare = tHas[SURNAME] === 1 && tWeight[SURNAME] > 0 ? tWeight[SURNAME] : 0;
          w -= surnameShare;
          parts.push(
            `shared parent(s) ${sharedParents.join(', ')}${surnameShare ? ' (so the shared surname counts for nothing)' : ''}`,
          );
        }
      }
      if (sharedIds.parent && !capAtReview) {
        // One parent shared, the other parent a different person of another name: half-siblings
        // (Charlemagne's two sons named Pepin, by Himiltrude and by Hildegard). A duplicate of the
        // other parent would bear a like name, so only an unlike one caps the pair at review.
        const other = halfSiblingParents(a, b);
        if (other) {
          capAtReview = `one parent shared but the other differs (${other[0]} vs ${other[1]}): they may be half-siblings`;
          parts.push(capAtReview);
        }
      }
      if (sharedIds.spouse && !capAtReview) {
        // The spouse's children with each of them, both recorded and none in common: the spouse's
        // two marriages (Joan Beaufort's to James I and to James Stewart), not one person twice.
        const kidsA = a.children.filter((c) => !b.children.includes(c));
        const kidsB = b.children.filter((c) => !a.children.includes(c));
        if (kidsA.length && kidsB.length && !intersects(a.children, b.children).length) {
          capAtReview =
            'a spouse shared but the children recorded with each are all different: the spouse may have married twice';
          parts.push(capAtReview);
        }
      }
      if (sharedIds.spouse) {
        // A man's two wives may share a first name: the surnames then disagree, and only the plain
        // weight applies (their dates usually disagree too).
        const named = tHas[GIVEN] === 1 && sameGivenName(tScore[GIVEN]) && !surnamesDisagree();
        // An initial that fits: a person's successive spouses of one sex rarely share an initial
        // (siblings often do, so this is for spouses only).
        const initial = !named && tHas[GIVEN] === 1 && tScore[GIVEN] >= 0.75 && !surnamesDisagree();
        w += named ? FAMILY_NAMED : initial ? 4.5 : 3.5;
        parts.push(
          `shared spouse(s) ${intersects(a.spouses, b.spouses).join(', ')}${named ? ' and the same given name' : initial ? ' and a given name that fits' : ''}`,
        );
      }
      if (sharedIds.child) {
        w += 4;
        parts.push(`shared child(ren) ${intersects(a.children, b.children).join(', ')}`);
      }
      sharedLinked = w > 0;
      const otherParents = sharedIds.parent ? undefined : parentsDiffer(a, b);
      if (otherParents) {
        w += PARENTS_DIFFER;
        const why = explaining
          ? `parents on record differ (${otherParents[0].join(' & ')} vs ${otherParents[1].join(' & ')}): cousins or namesakes, not one person`
          : 'parents differ';
        parts.push(why);
        capAtReview ??= why;
      }
      for (const kind of RELATIVE_KINDS) {
        // The same linked relative is already counted: their name matching adds nothing. Parents
        // that cannot be the same two were weighed just above.
        if (sharedIds[kind] || (kind === 'parent' && otherParents)) continue;
        const x = a.relativeNames[kind];
        const y = b.relativeNames[kind];
        if (!x.length || !y.length) continue;
        const m = bestNameMatch(x, y, kind === 'parent' ? parentNameScore : relativeNameScore);
        if (m.score >= 0.92) {
          w += kind === 'spouse' ? 1.5 : 1.2;
          parts.push(`${kind} named alike (${m.pair![0]} / ${m.pair![1]})`);
        } else if (m.score < 0.75 && kind === 'parent') {
          w -= 1.2;
          parts.push(`parents' names differ (${x.join(', ')} vs ${y.join(', ')})`);
        }
      }
      if (parts.length) {
        const score = w > 0 ? Math.min(1, 0.5 + w / 8) : Math.max(0, 0.5 + w / 12);
        addC(RELATIONSHIPS, { score, reason: parts.join('; ') }, w);
      }
    }
  }

  // After places and relatives: the namesake weight depends on whether anything contradicts.
  onlyNamesakes(explaining);

  // External identifiers.
  let idW = 0;
  let idParts: string[] | undefined;
  let idScore = -1;
  for (const ns in a.identifiers) {
    const vb = b.identifiers[ns];
    if (vb === undefined) continue;
    const va = a.identifiers[ns];
    const s = compareIdentifier(va, vb);
    if (s === 1) {
      idW += 8;
      (idParts ??= []).push(`same ${ns} id ${va}`);
    } else if (s > 0) {
      idW += 2;
      (idParts ??= []).push(`${ns} ids ${va} and ${vb} differ by one keystroke`);
    } else if (AUTHORITIES.has(ns)) {
      idW -= 1.5;
      (idParts ??= []).push(`different ${ns} ids (${va} vs ${vb})`);
    } else continue;
    idScore = Math.max(idScore, s);
  }
  if (idParts) addC(IDENTIFIER, { score: Math.max(0, idScore), reason: idParts.join('; ') }, idW);

  if (a.attributes.occupation && b.attributes.occupation) {
    if (a.attributes.occupation === b.attributes.occupation)
      addC(OCCUPATION, { score: 1, reason: `same occupation (${a.attributes.occupation})` }, 0.5);
    else {
      // "overseer Amoskeag Mfg Co" and "overseer cotton mill": one trade written two ways.
      const shared = occupationWords(a.attributes.occupation).find((w) =>
        occupationWords(b.attributes.occupation).includes(w),
      );
      if (shared)
        addC(
          OCCUPATION,
          {
            score: 1,
            reason: `occupations share "${shared}" (${a.attributes.occupation} / ${b.attributes.occupation})`,
          },
          0.5,
        );
    }
  }

  const similarity = 1 / (1 + Math.exp(-total));
  let recommendation: Recommendation =
    similarity >= thresholds.merge ? 'merge' : similarity >= thresholds.review ? 'review' : 'separate';
  // Names alone never merge: at least one date, place, relative or identifier must agree.
  // Relatives' names are names too (dynasties repeat them: Roger, Edmund, Roger …); a shared linked
  // relative, a date, a place or an identifier corroborates.
  let corroborated = sharedLinked;
  for (let k = 0; k < KEYS.length && !corroborated; k++)
    if (tHas[k] && tWeight[k] > 0 && !NAME_LIKE.has(k)) corroborated = true;
  if (undatedNamesake && !capAtReview && !(tHas[IDENTIFIER] && tWeight[IDENTIFIER] > 0)) {
    capAtReview =
      'same parents and the same given name but no date on either side: a child named after a sibling who died young cannot be ruled out';
  }
  if (placesDiffer && !capAtReview && !(tHas[IDENTIFIER] && tWeight[IDENTIFIER] > 0))
    // Bulk scoring only needs to know that the pair is capped: the words are built when explaining.
    capAtReview = explaining ? `${placeConflict(a, b)}: conflicting evidence a reviewer resolves` : 'places conflict';
  if (!corroborated && !capAtReview)
    capAtReview =
      "only names agree (theirs or their relatives'); no date, place, linked relative or identifier corroborates them";
  if (capAtReview && recommendation === 'merge') recommendation = 'review';
  const broken = hard as string[] | undefined;
  if (broken) recommendation = 'separate';
  const hardNegative = broken?.join('; ');
  if (!explaining)
    return { similarity, features: {}, weights: {}, rationale: '', whyNotMerge: '', recommendation, hardNegative };

  const features: Record<string, FeatureResult> = {};
  const weights: Record<string, number> = {};
  for (let k = 0; k < KEYS.length; k++) {
    if (!tHas[k]) continue;
    // Comparators score within [0,1]; their (memoised, lazily written) objects are shared as is.
    features[KEYS[k]] = tReason[k] ?? { score: tScore[k], reason: KEYS[k] };
    weights[KEYS[k]] = tWeight[k];
  }
  const keys = Object.keys(weights);
  const pros = keys.filter((k) => weights[k] > 0).sort((x, y) => weights[y] - weights[x]);
  const cons = keys.filter((k) => weights[k] < 0).sort((x, y) => weights[x] - weights[y]);
  const rationale = pros.length
    ? `${pros.map((k) => `${features[k].reason} [${fmt(weights[k])}]`).join('; ')}. Similarity ${similarity.toFixed(3)} (log-odds ${total.toFixed(1)} incl. prior ${PRIOR}).`
    : `Nothing agrees beyond the blocking key. Similarity ${similarity.toFixed(3)}.`;
  // A living person's generalised values were left out: say so, rather than call them missing.
  const withheld = [...new Set([...(a.withheld ?? []), ...(b.withheld ?? [])])];
  const missing = ['birthDate', 'deathDate', 'birthPlace', 'relationships']
    .filter((k) => !(k in features))
    .map((k) => k.replace(/([A-Z])/g, ' $1').toLowerCase())
    .filter((k) => !withheld.includes(k));
  const withheldNote = withheld.length
    ? ` ${withheld.map((w) => `${w} withheld for a living person: not compared`).join('; ')}.`
    : '';
  const caution = (capAtReview ? ` Review only: ${capAtReview}.` : '') + withheldNote;
  const whyNotMerge =
    (broken
      ? `Never merge: ${broken.join('; ')}.${cons.length ? ` Also: ${cons.map((k) => `${features[k].reason} [${fmt(weights[k])}]`).join('; ')}.` : ''}`
      : cons.length
        ? `${cons.map((k) => `${features[k].reason} [${fmt(weights[k])}]`).join('; ')}.${missing.length ? ` Not compared (missing): ${missing.join(', ')}.` : ''}`
        : missing.length
          ? `No contradiction found, but not compared (missing on one side): ${missing.join(', ')}.`
          : 'No contradiction found.') + caution;
  return {
    similarity,
    features,
    weights,
    rationale,
    whyNotMerge,
    recommendation,
    hardNegative,
    ...(withheld.length ? { withheld } : {}),
  };
}

const RELATIVE_KINDS = ['parent', 'spouse', 'child'] as const;
const BOTH_MALE: Comparison = { score: 1, reason: 'both male' };
const BOTH_FEMALE: Comparison = { score: 1, reason: 'both female' };
const SEXES_DIFFER: Comparison = { score: 0, reason: 'one is recorded male, the other female' };
