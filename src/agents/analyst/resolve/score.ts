/**
 * Pairwise scoring (seed 001 §3.3). Each feature yields an agreement score in [0,1], a reason, and a
 * log-odds weight in the manner of Fellegi–Sunter: agreement on a discriminating field adds, a
 * contradiction subtracts. The similarity is the logistic of the summed weights; hard negatives
 * (twins, parent and child, different sex, death before birth) force "separate" whatever the sum.
 */
import { compareIdentifier, bestNameMatch, lazy, yearsApart, type Comparison } from './compare';
import { datesM, givenM, placesM, surnameM } from './memo';
import type { NameFeature, PersonFeatures } from './features';
import type { NameFrequencies } from './frequency';

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
  for (const [min, w] of table) if (score >= min) return w;
  return table[table.length - 1][1];
}

const GIVEN_W: [number, number][] = [[0.99, 2.4], [0.9, 1.8], [0.8, 1.2], [0.75, 0.6], [0.7, -1], [0, -2.8]];
const SURNAME_W: [number, number][] = [[0.99, 2.6], [0.9, 1.9], [0.8, 1.4], [0.7, 0], [0, -2.4]];
const BIRTH_W: [number, number][] = [[0.99, 4], [0.88, 2.9], [0.74, 2.2], [0.69, 1.2], [0.59, 0.6], [0.44, -0.6], [0.29, -1.8], [0.14, -3.2], [0.04, -5], [0, -7]];
const DEATH_W: [number, number][] = [[0.99, 3.2], [0.88, 2.5], [0.74, 1.8], [0.69, 1], [0.59, 0.5], [0.44, -0.5], [0.29, -1.5], [0.14, -2.8], [0.04, -4.5], [0, -6]];
const PLACE_W: [number, number][] = [[0.99, 1.2], [0.85, 0.8], [0.6, 0.3], [0.35, -0.2], [0, -1]];
const RESIDENCE_W: [number, number][] = [[0.99, 1.4], [0.85, 1], [0.6, 0.4], [0.35, 0], [0, -0.4]];

interface NamePairing {
  given?: Comparison;
  surname?: Comparison;
  swapped?: boolean;
}

function nameValue(p?: NamePairing): number {
  if (!p) return -Infinity;
  return (p.given ? weightFor(p.given.score, GIVEN_W) : 0) + (p.surname ? weightFor(p.surname.score, SURNAME_W) : 0);
}

/** The best-agreeing pair of names (a person may carry birth, married and alias names). */
function bestNames(a: NameFeature[], b: NameFeature[]): NamePairing | undefined {
  let best: NamePairing | undefined;
  for (const x of a) {
    for (const y of b) {
      const p: NamePairing = { given: givenM(x.given, y.given, x.gkey, y.gkey), surname: surnameM(x, y) };
      // Phonetic rescue for given names spelled very differently but sounding alike.
      // Only the primary codes, and the same initial: alternates make "Joan" (JN/AN) sound like "Anne" (AN).
      if (p.given && p.given.score < 0.8 && x.givenMeta[0] && x.givenMeta[0] === y.givenMeta[0] && x.given[0]?.[0] === y.given[0]?.[0]) {
        p.given = lazy(0.82, () => `given names "${x.given[0]}" and "${y.given[0]}" sound alike (Double Metaphone)`);
      }
      if (nameValue(p) > nameValue(best)) best = p;
      // Given name and surname written in each other's place (a common clerical swap).
      if (x.given[0] && y.given[0] && x.surnames[0] && y.surnames[0] && x.given[0] !== y.given[0]) {
        const g = givenM([x.given[0]], y.surnames);
        const s = givenM(x.surnames, [y.given[0]]);
        if (g && s && g.score >= 0.9 && s.score >= 0.9) {
          const q: NamePairing = {
            given: { score: 0.85, reason: `given name "${x.given[0]}" written as surname "${y.surnames[0]}" (names swapped)` },
            surname: { score: 0.85, reason: `surname "${x.surnames[0]}" written as given name "${y.given[0]}" (names swapped)` },
            swapped: true,
          };
          if (nameValue(q) > nameValue(best)) best = q;
        }
      }
    }
  }
  return best;
}

function fmt(w: number): string {
  return `${w >= 0 ? '+' : ''}${w.toFixed(1)}`;
}

function intersects(a: string[], b: string[]): string[] {
  return a.filter((x) => b.includes(x));
}

function mayHaveMarriedName(f: PersonFeatures): boolean {
  return f.sex !== 'M';
}

export interface ScoreOptions {
  thresholds?: ScoreThresholds;
  /** Population name counts: agreement on a common name weighs less, on a rare one more. */
  frequencies?: NameFrequencies;
  /** false: leave rationale and whyNotMerge empty (bulk scoring; re-score the pairs you keep). */
  explain?: boolean;
}

export function scorePair(a: PersonFeatures, b: PersonFeatures, opts: ScoreOptions = {}): PairScore {
  const thresholds = opts.thresholds ?? DEFAULT_THRESHOLDS;
  const freq = opts.frequencies;
  const features: Record<string, FeatureResult> = {};
  const weights: Record<string, number> = {};
  const hard: string[] = [];
  let capAtReview: string | undefined;
  let sharedLinked = false;
  const add = (key: string, c: Comparison | undefined, w: number) => {
    if (!c) return;
    // Comparators score within [0,1]; their (memoised, lazily written) objects are shared as is.
    features[key] = c;
    weights[key] = w;
  };

  // Names.
  const names = bestNames(a.names, b.names);
  if (names?.given) {
    let w = weightFor(names.given.score, GIVEN_W);
    const adj = freq && names.given.score >= 0.99 && a.names[0]?.given[0] && !/^\d+$/.test(a.names[0].given[0]) ? freq.givenAdjust(a.names[0].given[0]) : 0;
    if (adj) {
      w += adj;
      const base = names.given;
      names.given = lazy(base.score, () => `${base.reason}, ${adj < 0 ? 'a common' : 'a rare'} name here`);
    }
    add('givenName', names.given, w);
  }
  if (names?.surname) {
    let w = weightFor(names.surname.score, SURNAME_W);
    const adj = freq && names.surname.score >= 0.99 && a.names[0]?.surnames[0] ? freq.surnameAdjust(a.names[0].surnames[0]) : 0;
    if (adj) {
      w += adj;
      const base = names.surname;
      names.surname = lazy(base.score, () => `${base.reason}, ${adj < 0 ? 'a common' : 'a rare'} surname here`);
    }
    // A woman's surname may change at marriage: a different surname is weaker evidence.
    if (w < 0 && mayHaveMarriedName(a) && mayHaveMarriedName(b) && (a.sex === 'F' || b.sex === 'F')) w = -1;
    add('surname', names.surname, w);
  }
  const ra = a.names.find((n) => n.regnal)?.regnal;
  const rb = b.names.find((n) => n.regnal)?.regnal;
  if (ra && rb && ra !== rb) {
    add('regnal', { score: 0, reason: `different regnal numbers (${ra.toUpperCase()} vs ${rb.toUpperCase()})` }, -5);
  }
  if (a.generation && b.generation && a.generation !== b.generation) {
    add('generation', { score: 0, reason: `"${a.generation}" vs "${b.generation}" in the names: two generations` }, -4);
  }

  // Sex.
  if ((a.sex === 'M' || a.sex === 'F') && (b.sex === 'M' || b.sex === 'F')) {
    if (a.sex === b.sex) add('sex', { score: 1, reason: a.sex === 'M' ? 'both male' : 'both female' }, 0.2);
    else {
      add('sex', { score: 0, reason: `one is recorded male, the other female` }, -6);
      hard.push('recorded sexes differ (male vs female)');
    }
  }

  // Dates.
  const birth = datesM(a.birth, b.birth, 'birth');
  if (birth) add('birthDate', birth, weightFor(birth.score, BIRTH_W));
  const death = datesM(a.death, b.death, 'death');
  if (death) add('deathDate', death, weightFor(death.score, DEATH_W));
  // Lifespan impossibilities: one died before the other was born.
  for (const [x, y] of [[a, b], [b, a]] as const) {
    if (x.death?.max !== undefined && y.birth?.min !== undefined && x.death.max < y.birth.min - 1) {
      hard.push(`${x.label} died (${x.death.text}) before ${y.label} was born (${y.birth.text})`);
      add('lifespan', { score: 0, reason: `died ${x.death.text}, before the other was born ${y.birth.text}` }, -8);
    }
  }

  // Places.
  const bp = placesM(a.birthPlace, b.birthPlace);
  if (bp) add('birthPlace', lazy(bp.score, () => `birth: ${bp.reason}`), weightFor(bp.score, PLACE_W));
  const dp = placesM(a.deathPlace, b.deathPlace);
  if (dp) add('deathPlace', lazy(dp.score, () => `death: ${dp.reason}`), weightFor(dp.score, PLACE_W));
  let bestRes: { score: number; reason: string } | undefined;
  for (const x of a.residences) for (const y of b.residences) {
    const c = placesM(x, y);
    if (c && (!bestRes || c.score > bestRes.score)) bestRes = c;
  }
  const res = bestRes;
  if (res) add('residence', lazy(res.score, () => `residence: ${res.reason}`), weightFor(res.score, RESIDENCE_W));

  // Relationships.
  const direct =
    a.parents.includes(b.id) || a.children.includes(b.id) || a.spouses.includes(b.id) || b.parents.includes(a.id) || b.children.includes(a.id) || b.spouses.includes(a.id);
  if (direct) {
    const kind = a.parents.includes(b.id) || b.children.includes(a.id) ? 'parent' : a.children.includes(b.id) || b.parents.includes(a.id) ? 'child' : 'spouse';
    hard.push(`${b.label} is recorded as the ${kind} of ${a.label}: one person cannot be their own ${kind}`);
    add('relationships', { score: 0, reason: `recorded as each other's ${kind}` }, -10);
  } else {
    const sharedParents = intersects(a.parents, b.parents);
    const sharedSpouses = intersects(a.spouses, b.spouses);
    const sharedChildren = intersects(a.children, b.children);
    const parts: string[] = [];
    let w = 0;
    if (sharedParents.length) {
      // Siblings share parents too: twins or siblings unless the given names agree.
      // Initials, nicknames and spelling slips are not different names; only a clear difference is.
      const givenOk = (features.givenName?.score ?? 0) >= 0.75;
      const birthGap = a.birth && b.birth ? yearsApart(a.birth, b.birth) : undefined;
      if (!givenOk && features.givenName) {
        hard.push(
          birthGap === 0
            ? `same parents and birth date but different given names (${features.givenName.reason}): twins, not one person`
            : `same parents but different given names (${features.givenName.reason}): siblings`,
        );
        w -= 6;
        parts.push(`shared parent(s) ${sharedParents.join(', ')} with different given names`);
      } else if (birthGap !== undefined && birthGap > 2 && (a.birth!.stated && b.birth!.stated)) {
        hard.push(`same parents but births ${birthGap} years apart: siblings with a reused name (e.g. a child named after one who died)`);
        w -= 4;
        parts.push(`shared parent(s) but births ${birthGap} years apart`);
      } else if (!features.givenName) {
        capAtReview = 'shared parents but a given name is missing or a placeholder: siblings cannot be told apart';
        parts.push(`shared parent(s) ${sharedParents.join(', ')}, but ${capAtReview}`);
      } else {
        w += 3.5;
        parts.push(`shared parent(s) ${sharedParents.join(', ')}`);
      }
    }
    if (sharedSpouses.length) {
      // A man's two wives may share a first name: the surnames then disagree and weigh against.
      w += 3.5;
      parts.push(`shared spouse(s) ${sharedSpouses.join(', ')}`);
    }
    if (sharedChildren.length) {
      w += 4;
      parts.push(`shared child(ren) ${sharedChildren.join(', ')}`);
    }
    const sharedIds = { parent: sharedParents.length > 0, spouse: sharedSpouses.length > 0, child: sharedChildren.length > 0 };
    sharedLinked = w > 0 && (sharedIds.parent || sharedIds.spouse || sharedIds.child);
    for (const kind of ['parent', 'spouse', 'child'] as const) {
      // The same linked relative is already counted: their name matching adds nothing.
      if (sharedIds[kind]) continue;
      const x = a.relativeNames[kind];
      const y = b.relativeNames[kind];
      if (!x.length || !y.length) continue;
      const m = bestNameMatch(x, y);
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
      add('relationships', { score, reason: parts.join('; ') }, w);
    }
  }

  // External identifiers.
  let idW = 0;
  const idParts: string[] = [];
  let idScore = -1;
  for (const [ns, va] of Object.entries(a.identifiers)) {
    const vb = b.identifiers[ns];
    if (vb === undefined) continue;
    const s = compareIdentifier(va, vb);
    if (s === 1) {
      idW += 8;
      idParts.push(`same ${ns} id ${va}`);
    } else if (s > 0) {
      idW += 2;
      idParts.push(`${ns} ids ${va} and ${vb} differ by one keystroke`);
    } else if (AUTHORITIES.has(ns)) {
      idW -= 1.5;
      idParts.push(`different ${ns} ids (${va} vs ${vb})`);
    } else continue;
    idScore = Math.max(idScore, s);
  }
  if (idParts.length) add('identifier', { score: Math.max(0, idScore), reason: idParts.join('; ') }, idW);

  if (a.attributes.occupation && b.attributes.occupation && a.attributes.occupation === b.attributes.occupation) {
    add('occupation', { score: 1, reason: `same occupation (${a.attributes.occupation})` }, 0.5);
  }

  const total = PRIOR + Object.values(weights).reduce((s, w) => s + w, 0);
  const similarity = 1 / (1 + Math.exp(-total));
  let recommendation: Recommendation = similarity >= thresholds.merge ? 'merge' : similarity >= thresholds.review ? 'review' : 'separate';
  // Names alone never merge: at least one date, place, relative or identifier must agree.
  // Relatives' names are names too (dynasties repeat them: Roger, Edmund, Roger …); a shared linked
  // relative, a date, a place or an identifier corroborates.
  const corroborated = Object.keys(weights).some((k) => !['givenName', 'surname', 'sex', 'occupation', 'relationships'].includes(k) && weights[k] > 0) || sharedLinked;
  if (!corroborated && !capAtReview) capAtReview = "only names agree (theirs or their relatives'); no date, place, linked relative or identifier corroborates them";
  if (capAtReview && recommendation === 'merge') recommendation = 'review';
  if (hard.length) recommendation = 'separate';

  // Bulk deduplication scores millions of pairs with explain: false and explains the few it keeps.
  const explain = () => {
    const keys = Object.keys(weights);
    const pros = keys.filter((k) => weights[k] > 0).sort((x, y) => weights[y] - weights[x]);
    const cons = keys.filter((k) => weights[k] < 0).sort((x, y) => weights[x] - weights[y]);
    const rationale = pros.length
      ? `${pros.map((k) => `${features[k].reason} [${fmt(weights[k])}]`).join('; ')}. Similarity ${similarity.toFixed(3)} (log-odds ${total.toFixed(1)} incl. prior ${PRIOR}).`
      : `Nothing agrees beyond the blocking key. Similarity ${similarity.toFixed(3)}.`;
    const missing = ['birthDate', 'deathDate', 'birthPlace', 'relationships'].filter((k) => !(k in features)).map((k) => k.replace(/([A-Z])/g, ' $1').toLowerCase());
    const caution = capAtReview ? ` Review only: ${capAtReview}.` : '';
    const whyNotMerge = (hard.length
      ? `Never merge: ${hard.join('; ')}.${cons.length ? ` Also: ${cons.map((k) => `${features[k].reason} [${fmt(weights[k])}]`).join('; ')}.` : ''}`
      : cons.length
        ? `${cons.map((k) => `${features[k].reason} [${fmt(weights[k])}]`).join('; ')}.${missing.length ? ` Not compared (missing): ${missing.join(', ')}.` : ''}`
        : missing.length
          ? `No contradiction found, but not compared (missing on one side): ${missing.join(', ')}.`
          : 'No contradiction found.') + caution;
    return { rationale, whyNotMerge };
  };
  const text = opts.explain === false ? { rationale: '', whyNotMerge: '' } : explain();
  return { similarity, features, weights, ...text, recommendation, hardNegative: hard.length ? hard.join('; ') : undefined };
}
