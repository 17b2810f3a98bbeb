/**
 * Blocking: candidates share at least one cheap key, so resolving n persons compares about
 * n × (block size) pairs instead of n². Several keys, each tolerant of a different kind of error:
 *  - surname sound (Daitch-Mokotoff) + given initial      → spelling of given name, dates missing
 *  - surname sound + birth decade                        → given-name changes, nicknames
 *  - given-name sound (Double Metaphone of the canonical form) + birth year → surname changes (marriage) and surname typos
 *  - exact birth day                                     → badly garbled names
 *  - the same, with given name and surname swapped       → clerical swaps
 *  - an external id                                      → shared authority ids
 * Blocks larger than `maxBlock` are skipped at query time (a stop-list: "smith + j" tells nothing).
 */
import type { PersonFeatures } from './features';
import { NameFrequencies } from './frequency';

export interface BlockingOptions {
  /** Keys whose block is larger than this are ignored when querying. */
  maxBlock?: number;
  /**
   * At most this many candidates per query, those sharing the most keys first: keeps the work per
   * person bounded (linear growth) when common names fill many blocks at once.
   */
  maxCandidates?: number;
}

export function blockingKeys(f: PersonFeatures): string[] {
  const keys = new Set<string>();
  const birthYears: number[] = [];
  if (f.birth?.min !== undefined && f.birth.max !== undefined && f.birth.max - f.birth.min <= 12) {
    for (let y = f.birth.min; y <= f.birth.max; y++) birthYears.push(y);
  }
  // Decades with a year of slack either side, so 1849 and 1850 still meet.
  const decades = birthYears.length ? [...new Set([birthYears[0] - 1, ...birthYears, birthYears[birthYears.length - 1] + 1].map((y) => Math.floor(y / 10)))] : [];
  const deathYear = f.death?.min !== undefined && f.death.max !== undefined && f.death.max - f.death.min <= 12 ? f.death : undefined;
  for (const n of f.names) {
    const initial = n.given[0]?.[0];
    for (const code of n.surnameDm.length ? n.surnameDm : n.surnameMeta) {
      if (initial) keys.add(`s:${code}|g:${initial}`);
      for (const d of decades) keys.add(`s:${code}|d:${d}`);
      if (!initial && !decades.length) keys.add(`s:${code}`);
    }
    // Typo-tolerant: the first three letters of the first full given name.
    const call = n.given.find((t) => t.length > 2);
    // A regnal number and the decade ("Henry II" misspelt still meets "Henry II").
    if (n.regnal) for (const d of decades) keys.add(`r:${n.regnal}|d:${d}`);
    // Every full given name (a middle name may be the one both records wrote out).
    for (const t of n.given.slice(0, 3)) if (t.length > 2 && t !== call) for (const d of decades) keys.add(`gt:${t}|d:${d}`);
    if (call) {
      for (const d of decades) keys.add(`gt:${call}|d:${d}`);
      for (const d of decades) keys.add(`g3:${call.slice(0, 3)}|d:${d}`);
      if (deathYear) keys.add(`g3:${call.slice(0, 3)}|dd:${Math.floor(deathYear.min! / 10)}`);
    }
    for (const gm of n.givenMeta) {
      // Nothing else to block on: the given name alone (oversized blocks are skipped at query time).
      if (!n.surnames.length && !decades.length && !deathYear) keys.add(`gn:${gm}`);
      for (const d of decades) keys.add(`g:${gm}|d:${d}`);
      if (deathYear) for (let y = deathYear.min!; y <= deathYear.max!; y++) keys.add(`g:${gm}|dy:${y}`);
      // Family links: the same given-name sound among one parent's children or one spouse's spouses.
      for (const p of f.parents) keys.add(`g:${gm}|p:${p}`);
      for (const s of f.spouses) keys.add(`g:${gm}|sp:${s}`);
      for (const c of f.children) keys.add(`g:${gm}|c:${c}`);
      // Swapped names: index the given name under the surname slot too.
      const sInitial = n.surnames[0]?.[0];
      if (sInitial) keys.add(`sw:${gm}|${sInitial}`);
    }
    // The counterpart of the swap key: surname sound + given initial, keyed as if swapped.
    const surnameMeta = n.surnameMeta[0];
    if (surnameMeta && initial) keys.add(`sw:${surnameMeta}|${initial}`);
  }
  // Only placeholders for a name ("Son", "Twin 1"): the dates are all there is to block on.
  if (!f.names.some((n) => n.givenMeta.length || n.surnames.length)) {
    const tag = f.names.map((n) => n.gkey).join('/');
    for (const d of decades) keys.add(`nn:${tag}|d:${d}`);
    if (deathYear) for (let y = deathYear.min!; y <= deathYear.max!; y++) keys.add(`nn:${tag}|dy:${y}`);
  }
  if (f.birth?.ymd) keys.add(`b:${f.birth.ymd}`);
  for (const [ns, v] of Object.entries(f.identifiers)) keys.add(`id:${ns}:${v}`);
  return [...keys];
}

export class CandidateIndex {
  private readonly blocks = new Map<string, Set<string>>();
  private readonly items = new Map<string, { f: PersonFeatures; keys: string[]; n: number }>();
  private readonly maxBlock: number;
  private readonly maxCandidates: number;
  private seq = 0;
  /** Name counts of everyone indexed, for frequency-based weights in scorePair. */
  readonly frequencies = new NameFrequencies();

  constructor(items: PersonFeatures[] = [], opts: BlockingOptions = {}) {
    this.maxBlock = opts.maxBlock ?? 400;
    this.maxCandidates = opts.maxCandidates ?? 20;
    for (const f of items) this.add(f);
  }

  get size(): number {
    return this.items.size;
  }

  add(f: PersonFeatures): void {
    if (this.items.has(f.id)) this.remove(f.id);
    const keys = blockingKeys(f);
    this.items.set(f.id, { f, keys, n: this.seq++ });
    this.frequencies.add(f);
    for (const k of keys) {
      let b = this.blocks.get(k);
      if (!b) this.blocks.set(k, (b = new Set()));
      b.add(f.id);
    }
  }

  remove(id: string): void {
    const it = this.items.get(id);
    if (!it) return;
    this.items.delete(id);
    this.frequencies.remove(it.f);
    for (const k of it.keys) {
      const b = this.blocks.get(k);
      if (!b) continue;
      b.delete(id);
      if (!b.size) this.blocks.delete(k);
    }
  }

  get(id: string): PersonFeatures | undefined {
    return this.items.get(id)?.f;
  }

  /**
   * Everyone sharing a (not oversized) key with `f`, excluding `f` itself; when there are more than
   * `maxCandidates`, those sharing the most keys.
   */
  candidates(f: PersonFeatures): PersonFeatures[] {
    const shared = new Map<string, number>();
    const own = this.items.get(f.id);
    for (const k of own && own.f === f ? own.keys : blockingKeys(f)) {
      const b = this.blocks.get(k);
      if (!b || b.size > this.maxBlock) continue;
      for (const id of b) if (id !== f.id) shared.set(id, (shared.get(id) ?? 0) + 1);
    }
    let ids = [...shared.keys()];
    if (ids.length > this.maxCandidates) ids = ids.sort((x, y) => shared.get(y)! - shared.get(x)! || (x < y ? -1 : 1)).slice(0, this.maxCandidates);
    const out: PersonFeatures[] = [];
    for (const id of ids) {
      const it = this.items.get(id);
      if (it) out.push(it.f);
    }
    return out;
  }

  /** Every candidate pair once, for deduplicating the whole index. */
  *pairs(): Generator<[PersonFeatures, PersonFeatures]> {
    const size = this.seq + 1;
    const seen = new Set<number>();
    for (const { f, n } of this.items.values()) {
      for (const c of this.candidates(f)) {
        const m = this.items.get(c.id)!.n;
        const key = n < m ? n * size + m : m * size + n;
        if (seen.has(key)) continue;
        seen.add(key);
        yield n < m ? [f, c] : [c, f];
      }
    }
  }
}
