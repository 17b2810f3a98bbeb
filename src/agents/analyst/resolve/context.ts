/**
 * What a pair's full score needs from the rest of the case, without the blocking index: the name
 * counts (NameFrequencies) and the siblings by given-name sound (FamilyLookup). Built in one pass
 * over the features, so a stored proposal can be explained later (`ancestry merges --offset`
 * pages stored proposals) without searching the case again. Counts the same keys as the
 * CandidateIndex's "g:<sound>|p:<parent>" blocks, so an explanation matches the search's score.
 */
import type { PersonFeatures } from './feature-types';
import { NameFrequencies } from './frequency';
import type { FamilyLookup } from './score';

export class ScoringContext implements FamilyLookup {
  readonly frequencies = new NameFrequencies();
  private readonly siblings = new Map<string, number>();
  private readonly byId = new Map<string, PersonFeatures>();

  constructor(feats: Iterable<PersonFeatures> = []) {
    for (const f of feats) this.add(f);
  }

  add(f: PersonFeatures): void {
    this.byId.set(f.id, f);
    this.frequencies.add(f);
    // One count per (sound, parent) a person carries, as the blocking key set counts it once.
    const keys = new Set<string>();
    for (const n of f.names) for (const gm of n.givenMeta) for (const p of f.parents) keys.add(`${gm}|${p}`);
    for (const k of keys) this.siblings.set(k, (this.siblings.get(k) ?? 0) + 1);
  }

  namesakes(parentId: string, givenSound: string): number {
    return this.siblings.get(`${givenSound}|${parentId}`) ?? 0;
  }

  get(id: string): PersonFeatures | undefined {
    return this.byId.get(id);
  }
}
