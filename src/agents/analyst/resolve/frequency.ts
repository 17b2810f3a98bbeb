/**
 * Name frequencies for frequency-based agreement weights (Fellegi–Sunter u-probabilities): two
 * records agreeing on "Müller" in a German population say less than two agreeing on "Quistorp".
 * Kept by the CandidateIndex as persons come and go; ignored for small populations, where counts
 * say nothing.
 */
import type { PersonFeatures } from './features';
import { canonicalGiven } from './nicknames';

/** Below this many persons frequencies are not used. */
const MIN_POPULATION = 500;

export class NameFrequencies {
  private readonly given = new Map<string, number>();
  private readonly surname = new Map<string, number>();
  private total = 0;
  private baselines?: { given: number; surname: number };

  private static bump(m: Map<string, number>, k: string | undefined, d: number) {
    if (!k) return;
    const v = (m.get(k) ?? 0) + d;
    if (v <= 0) m.delete(k);
    else m.set(k, v);
  }

  add(f: PersonFeatures, d = 1): void {
    const n = f.names[0];
    this.baselines = undefined;
    this.total += d;
    if (!n) return;
    NameFrequencies.bump(this.given, n.given[0] && canonicalGiven(n.given[0]), d);
    NameFrequencies.bump(this.surname, n.surnames[0], d);
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
