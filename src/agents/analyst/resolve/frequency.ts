/**
 * Name frequencies for frequency-based agreement weights (Fellegi–Sunter u-probabilities): two
 * records agreeing on "Müller" in a German population say less than two agreeing on "Quistorp".
 * Kept by the CandidateIndex as persons come and go; ignored for small populations, where counts
 * say nothing.
 */
import type { NameFeature, PersonFeatures } from './feature-types';
import { canonicalGiven } from '../../../model/names';

/** Below this many persons frequencies are not used. */
const MIN_POPULATION = 500;

/** Births recorded more loosely than this (BEF 1461, BET 1700 AND 1750) have no year to count. */
const CELL_SPAN = 10;

export type LifeEvent = 'birth' | 'death';

/** The year a birth (or death) is centred on, when it is narrow enough to count (a day, a year, ABT/EST). */
export function eventCentre(f: PersonFeatures, event: LifeEvent = 'birth'): number | undefined {
  const b = event === 'birth' ? f.birth : f.death;
  if (!b || b.min === undefined || b.max === undefined || b.max - b.min > CELL_SPAN) return undefined;
  return Math.round((b.min + b.max) / 2);
}

/** Dense ids of canonical first given names ("Wilhelm" → william), by the name's own interned id. */
const canonicalIds = new Map<number, number>();
const canonicalByName = new Map<string, number>();
function canonicalId(n: NameFeature): number {
  let id = canonicalIds.get(n.g0id);
  if (id === undefined) {
    const c = canonicalGiven(n.given[0]);
    id = canonicalByName.get(c);
    if (id === undefined) canonicalByName.set(c, (id = canonicalByName.size));
    canonicalIds.set(n.g0id, id);
  }
  return id;
}

/**
 * A numeric (name, year) cell: counts are looked up for every candidate pair, strings would be built
 * each time; small enough to stay an unboxed integer in V8 for 2^18 distinct names.
 */
function cell(name: number, year: number): number {
  return name * 4096 + year;
}

/** Years a cell can hold (0–4095); outside them nothing is counted and the namesake rule does not apply. */
function countable(year: number): boolean {
  return year >= 0 && year < 4096;
}

/** Adds d to a count, dropping it at zero (names, places and cells alike). */
function count<K>(m: Map<K, number>, k: K, d: number): void {
  const v = (m.get(k) ?? 0) + d;
  if (v <= 0) m.delete(k);
  else m.set(k, v);
}

function bumpCell(m: Map<number, number>, name: number, year: number, d: number): void {
  if (countable(year)) count(m, cell(name, year), d);
}

export class NameFrequencies {
  private readonly given = new Map<string, number>();
  private readonly surname = new Map<string, number>();
  /** Persons by (canonical first given name, birth year): who else could a "Mathilde, born 1843" be? */
  private readonly born = new Map<number, number>();
  /** The same by death year ("August, died 1885"). */
  private readonly died = new Map<number, number>();
  /** The features counted, by identity: a pair's own members are not "others" (WeakSet: no leak). */
  private readonly counted = new WeakSet<PersonFeatures>();
  /** Persons by each component of their birth or death place ("st germain", "en laye", "france"). */
  private readonly places = new Map<string, number>();
  private placed = 0;
  private total = 0;
  private baselines?: { given: number; surname: number };

  private static bump(m: Map<string, number>, k: string | undefined, d: number) {
    if (k) count(m, k, d);
  }

  /** Bumped on every change: lets callers cache what they derive from the counts. */
  version = 0;

  add(f: PersonFeatures, d = 1): void {
    const n = f.names[0];
    this.version++;
    this.baselines = undefined;
    this.total += d;
    if (!n) return;
    NameFrequencies.bump(this.given, n.given[0] && canonicalGiven(n.given[0]), d);
    NameFrequencies.bump(this.surname, n.surnames[0], d);
    if (f.birthPlace.length || f.deathPlace.length) {
      this.placed += d;
      for (const c of f.birthPlace) NameFrequencies.bump(this.places, c, d);
      for (const c of f.deathPlace) if (!f.birthPlace.includes(c)) NameFrequencies.bump(this.places, c, d);
    }
    const g = n.given[0];
    if (g && g.length > 1) {
      const name = canonicalId(n);
      const born = eventCentre(f, 'birth');
      const died = eventCentre(f, 'death');
      if (born !== undefined) bumpCell(this.born, name, born, d);
      if (died !== undefined) bumpCell(this.died, name, died, d);
      if (d > 0) this.counted.add(f);
      else this.counted.delete(f);
    }
  }

  /**
   * The share of persons with a place whose birth or death place names `component` at some level:
   * how often two strangers would agree on it. Undefined in a population too small to count.
   */
  placeShare(component: string): { share: number; count: number; placed: number } | undefined {
    if (!this.informative || this.placed < MIN_POPULATION / 5) return undefined;
    const count = Math.max(1, this.places.get(component) ?? 0);
    return { share: count / this.placed, count, placed: this.placed };
  }

  /** Whether these name counts are from a population large enough to say anything. */
  get informative(): boolean {
    return this.total >= MIN_POPULATION;
  }

  /**
   * How many persons other than `a` and `b` bear the first given name of either (canonical form:
   * "Wilhelm" counts as William) and were born (or died) between `from` and `to`. Undefined when
   * the population is too small for counts to mean anything.
   */
  othersBorn(
    a: PersonFeatures,
    b: PersonFeatures,
    from: number,
    to: number,
    event: LifeEvent = 'birth',
  ): number | undefined {
    const cells = event === 'birth' ? this.born : this.died;
    if (!this.informative) return undefined;
    const ga = a.names[0]?.given[0];
    const gb = b.names[0]?.given[0];
    if (!ga || !gb || ga.length < 2 || gb.length < 2) return undefined;
    const na = canonicalId(a.names[0]);
    const nb = canonicalId(b.names[0]);
    let n = 0;
    if (!countable(from) || !countable(to)) return undefined;
    for (let y = from; y <= to; y++) {
      n += cells.get(cell(na, y)) ?? 0;
      if (nb !== na) n += cells.get(cell(nb, y)) ?? 0;
    }
    // The pair's own members, where they are counted and fall in the window.
    for (const f of [a, b]) {
      const y = eventCentre(f, event);
      if (y !== undefined && y >= from && y <= to && this.counted.has(f)) n--;
    }
    return Math.max(0, n);
  }

  remove(f: PersonFeatures): void {
    this.add(f, -1);
  }

  /**
   * The count of the median person's name: agreement on a name that common is worth the base
   * weight, so the adjustment is centred on this population and the thresholds stay calibrated.
   */
  private static median(m: Map<string, number>): number {
    const counts = [...m.values()].sort((x, y) => x - y);
    const people = counts.reduce((s, c) => s + c, 0);
    let seen = 0;
    for (const c of counts) {
      seen += c;
      if (seen >= people / 2) return c;
    }
    return 1;
  }

  private adjust(count: number, kind: 'given' | 'surname'): number {
    if (this.total < MIN_POPULATION || count <= 0) return 0;
    this.baselines ??= { given: NameFrequencies.median(this.given), surname: NameFrequencies.median(this.surname) };
    return Math.max(-0.75, Math.min(0.75, 0.35 * Math.log(this.baselines[kind] / count)));
  }

  /** Log-odds adjustment for agreeing on this given name (negative when common). */
  givenAdjust(name: string): number {
    return this.adjust(this.given.get(canonicalGiven(name)) ?? 0, 'given');
  }

  surnameAdjust(name: string): number {
    return this.adjust(this.surname.get(name) ?? 0, 'surname');
  }
}
