/**
 * Memoised comparators for bulk scoring. Names, dates and places repeat endlessly in a large tree
 * ("John" vs "Johann", "1850" vs "ABT 1850"), so each distinct comparison is computed — and its
 * explanation allocated — once. Two-level tables keyed by strings the features already carry (or,
 * for places, by the interned array itself), so a lookup builds no key. Bounded: a table is dropped
 * when it grows too large.
 */
import { compareDates, compareGiven, compareSurname, scoreOf, type Comparison } from './compare';
import { jaroWinkler } from './metrics';
import { nicknameMatch } from '../../../model/names';
import type { DateFeature, NameFeature } from './feature-types';
import { comparePlaces } from './places';

const LIMIT = 500_000;

class PairTable<K> {
  private readonly outer = new Map<K, Map<K, Comparison | undefined>>();
  private size = 0;

  get(a: K, b: K, compute: () => Comparison | undefined): Comparison | undefined {
    let inner = this.outer.get(a);
    if (inner) {
      const v = inner.get(b);
      if (v !== undefined || inner.has(b)) return v;
    } else {
      if (this.size >= LIMIT) {
        this.outer.clear();
        this.size = 0;
      }
      this.outer.set(a, (inner = new Map<K, Comparison | undefined>()));
    }
    const v = compute();
    inner.set(b, v);
    this.size++;
    return v;
  }
}

const given = new PairTable<string>();
const surnames = new PairTable<string>();
const births = new PairTable<string>();
const deaths = new PairTable<string>();
const others = new PairTable<string>();
const places = new PairTable<string[]>();

export function givenM(a: string[], b: string[], ka = a.join(' '), kb = b.join(' ')): Comparison | undefined {
  return given.get(ka, kb, () => compareGiven(a, b));
}

export function surnameM(a: NameFeature, b: NameFeature): Comparison | undefined {
  return surnames.get(a.skey, b.skey, () => compareSurname(a, b));
}

/** What decides a date comparison: the text (read in the reason), the range and whether it was stated. */
export function dateKey(d: DateFeature): string {
  return d.key ?? `${d.text}\u0000${d.min}\u0000${d.max}\u0000${d.stated}`;
}

export function datesM(a: DateFeature | undefined, b: DateFeature | undefined, what: string): Comparison | undefined {
  if (!a || !b) return undefined;
  const table = what === 'birth' ? births : what === 'death' ? deaths : others;
  return table.get(dateKey(a), what === 'birth' || what === 'death' ? dateKey(b) : `${what}\u0000${dateKey(b)}`, () =>
    compareDates(a, b, what),
  );
}

/** Places by identity: features intern their place arrays (internPlace), so equal places meet here. */
export function placesM(a: string[], b: string[]): Comparison | undefined {
  if (!a.length || !b.length) return undefined;
  return places.get(a, b, () => comparePlaces(a, b));
}

/**
 * Bulk scoring reads only the scores of name comparisons: those live in fixed-size typed arrays
 * keyed by interned ids (no allocation, nothing for the collector to trace). Direct-mapped: a
 * colliding pair overwrites the older one and is recomputed when met again.
 */
const ids = new Map<string, number>();
/** A stable small id per distinct string (never reset, so an id never changes meaning). */
export function intern(s: string): number {
  let id = ids.get(s);
  if (id === undefined) ids.set(s, (id = ids.size + 1));
  return id;
}

class ScoreCache {
  private readonly xs: Int32Array;
  private readonly ys: Int32Array;
  private readonly scores: Float64Array;
  private readonly mask: number;

  constructor(bits: number) {
    this.xs = new Int32Array(1 << bits);
    this.ys = new Int32Array(1 << bits);
    this.scores = new Float64Array(1 << bits);
    this.mask = (1 << bits) - 1;
  }

  /** The cached score of (x, y) (NaN: not comparable), computing it on a miss. */
  get(x: number, y: number, compute: () => Comparison | undefined): number {
    const slot = ((Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77)) >>> 0) & this.mask;
    if (this.xs[slot] === x && this.ys[slot] === y) return this.scores[slot];
    const v = scoreOf(compute);
    this.xs[slot] = x;
    this.ys[slot] = y;
    this.scores[slot] = v;
    return v;
  }
}

const givenScores = new ScoreCache(18);
const surnameScores = new ScoreCache(18);

/** compareGiven(x.given, y.given).score, NaN when either has no given name. */
export function givenScore(x: NameFeature, y: NameFeature): number {
  return givenScores.get(x.gid, y.gid, () => compareGiven(x.given, y.given));
}

/** compareSurname(x, y).score, NaN when either has no surname. */
export function surnameScore(x: NameFeature, y: NameFeature): number {
  return surnameScores.get(x.sid, y.sid, () => compareSurname(x, y));
}

/** How well x's surnames read as y's first given name (the other half of the swap). */
export function swapBackScore(x: NameFeature, y: NameFeature): number {
  return givenScores.get(x.slid, y.g0id, () => compareGiven(x.surnames, [y.given[0]]));
}

/** How well x's first given name reads as y's surname (the clerical swap). */
export function swapScore(x: NameFeature, y: NameFeature): number {
  return givenScores.get(x.g0id, y.slid, () => compareGiven([x.given[0]], y.surnames));
}

/**
 * jaroWinkler of two relatives' full names, cached: siblings carry the same parents' names, so
 * the same pairs of names come back for every pair of their children (a third of the bulk scoring
 * time on a 100k-person tree went into recomputing them).
 */
const relativeXs = new Int32Array(1 << 18);
const relativeYs = new Int32Array(1 << 18);
const relativeScores = new Float64Array(1 << 18);

export function relativeNameScore(a: string, b: string): number {
  if (a === b) return 1;
  const x = intern(a);
  const y = intern(b);
  const slot = ((Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77)) >>> 0) & ((1 << 18) - 1);
  if (relativeXs[slot] === x && relativeYs[slot] === y) return relativeScores[slot];
  const v = jaroWinkler(a, b);
  relativeXs[slot] = x;
  relativeYs[slot] = y;
  relativeScores[slot] = v;
  return v;
}

/**
 * Two parents' names ("jacob benveniste", "avram benveniste"): a child's father bears the child's
 * surname on both sides, so the shared surname says nothing and the given names decide. Where the
 * surnames agree the score is the given names' (a nickname or church form counts as the same);
 * elsewhere it is the whole names' likeness, as for any relative.
 */
export function parentNameScore(a: string, b: string): number {
  const whole = relativeNameScore(a, b);
  const x = a.split(' ');
  const y = b.split(' ');
  if (x.length < 2 || y.length < 2 || jaroWinkler(x[x.length - 1], y[y.length - 1]) < 0.9) return whole;
  const gx = x[0];
  const gy = y[0];
  const given = gx === gy || nicknameMatch(gx, gy) ? 1 : jaroWinkler(gx, gy);
  return Math.min(whole, given);
}
