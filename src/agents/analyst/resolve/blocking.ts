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
 *
 * Fallback keys (fallbackKeys) catch what the keys above miss: a given name with two letters
 * transposed or a letter dropped ("Wliliam", "Anen", "Hnry", "Kud") when nothing else is shared. They only
 * fill a person's spare candidate places, ranked after every candidate met through a main key, so
 * they never push a candidate out (a transposition key counted like the others made RLdata lose
 * pair completeness: it favours same-name strangers over the typo'd duplicate).
 */
import type { PersonFeatures } from './feature-types';
import { CodeTable } from './code-table';
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

/**
 * Receives each blocking key as its parts, `${tag}${a}` or `${tag}${a}${sep}${b}`: the index hashes
 * the parts (blockingCodes) and builds no string, blockingKeys writes them out.
 */
type KeySink = (tag: string, a: string, sep?: string, b?: string | number) => void;

function eachBlockingKey(f: PersonFeatures, emit: KeySink): void {
  const birthYears: number[] = [];
  if (f.birth?.min !== undefined && f.birth.max !== undefined && f.birth.max - f.birth.min <= 12) {
    for (let y = f.birth.min; y <= f.birth.max; y++) birthYears.push(y);
  }
  // Decades with a year of slack either side, so 1849 and 1850 still meet.
  const decades = birthYears.length
    ? [
        ...new Set(
          [birthYears[0] - 1, ...birthYears, birthYears[birthYears.length - 1] + 1].map((y) => Math.floor(y / 10)),
        ),
      ]
    : [];
  const deathYear =
    f.death?.min !== undefined && f.death.max !== undefined && f.death.max - f.death.min <= 12 ? f.death : undefined;
  for (const n of f.names) {
    const initial = n.given[0]?.[0];
    for (const code of [
      ...(n.surnameDm.length ? n.surnameDm : n.surnameMeta),
      ...(n.surnameRoot ? [n.surnameRoot] : []),
    ]) {
      if (initial) emit('s:', code, '|g:', initial);
      for (const d of decades) emit('s:', code, '|d:', d);
      if (!initial && !decades.length) emit('s:', code);
    }
    // Typo-tolerant: the first three letters of the first full given name.
    const call = n.given.find((t) => t.length > 2);
    // A regnal number and the decade ("Henry II" misspelt still meets "Henry II").
    if (n.regnal) for (const d of decades) emit('r:', n.regnal, '|d:', d);
    // Every full given name (a middle name may be the one both records wrote out).
    for (const t of n.given.slice(0, 3))
      if (t.length > 2 && t !== call) for (const d of decades) emit('gt:', t, '|d:', d);
    if (call) {
      for (const d of decades) emit('gt:', call, '|d:', d);
      for (const d of decades) emit('g3:', call.slice(0, 3), '|d:', d);
      if (deathYear) emit('g3:', call.slice(0, 3), '|dd:', Math.floor(deathYear.min! / 10));
    }
    for (const gm of n.givenMeta) {
      // One name only (an indentured emigrant, an enslaved person): the name alone, whatever dates one
      // record gives and the other does not (oversized blocks are skipped at query time).
      if (!n.surnames.length) emit('gn:', gm);
      for (const d of decades) emit('g:', gm, '|d:', d);
      if (deathYear) for (let y = deathYear.min!; y <= deathYear.max!; y++) emit('g:', gm, '|dy:', y);
      // Family links: the same given-name sound among one parent's children or one spouse's spouses.
      for (const p of f.parents) emit('g:', gm, '|p:', p);
      for (const s of f.spouses) emit('g:', gm, '|sp:', s);
      for (const c of f.children) emit('g:', gm, '|c:', c);
      // Swapped names: index the given name under the surname slot too.
      const sInitial = n.surnames[0]?.[0];
      if (sInitial) emit('sw:', gm, '|', sInitial);
    }
    // The counterpart of the swap key: surname sound + given initial, keyed as if swapped.
    const surnameMeta = n.surnameMeta[0];
    if (surnameMeta && initial) emit('sw:', surnameMeta, '|', initial);
  }
  // Only placeholders for a name ("Son", "Twin 1"): the dates are all there is to block on.
  if (!f.names.some((n) => n.givenMeta.length || n.surnames.length)) {
    const tag = f.names.map((n) => n.gkey).join('/');
    for (const d of decades) emit('nn:', tag, '|d:', d);
    if (deathYear) for (let y = deathYear.min!; y <= deathYear.max!; y++) emit('nn:', tag, '|dy:', y);
  }
  if (f.birth?.ymd) emit('b:', f.birth.ymd);
  for (const [ns, v] of Object.entries(f.identifiers)) emit('id:', ns, ':', v);
}

/** The blocking keys of a person, each once. */
export function blockingKeys(f: PersonFeatures): string[] {
  const keys = new Set<string>();
  eachBlockingKey(f, (tag, a, sep, b) => keys.add(sep === undefined ? tag + a : `${tag}${a}${sep}${b}`));
  return [...keys];
}

/**
 * A 30-bit code of `name` with the letter at `skip` left out (-1: none), in decade `decade` (FNV-1a):
 * the fallback index holds small integers, which V8 keeps unboxed in a Map, not a million strings.
 * Among 10^6 keys a few hundred codes collide; a collision only offers a stranger for a spare
 * candidate place, which the scorer then turns down.
 */
function deletionCode(name: string, skip: number, decade: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    if (i === skip) continue;
    h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  }
  h = Math.imul(h ^ (decade & 0xffff), 0x01000193);
  h = Math.imul(h ^ (decade >>> 16), 0x01000193);
  return (h ^ (h >>> 15)) & 0x3fffffff;
}

/**
 * Typo-tolerant keys, used only to fill spare candidate places (see the header): the first full
 * given name and every form of it with one letter deleted (a symmetric-deletion neighbourhood),
 * within the decade of the birth year ±1. Two names one insertion, deletion, substitution or
 * adjacent transposition apart always share one ("Helene" / "Heene" share "heene", "Gorm" / "Gomr"
 * share "gor"). Names under four letters give only themselves: two letters left say nothing.
 */
export function fallbackKeys(f: PersonFeatures): number[] {
  const b = f.birth;
  if (!b || b.min === undefined || b.max === undefined || b.max - b.min > 12) return [];
  const centre = Math.round((b.min + b.max) / 2);
  const d0 = Math.floor((centre - 1) / 10);
  const d1 = Math.floor((centre + 1) / 10);
  const keys = new Set<number>();
  for (const n of f.names) {
    const call = n.given.find((t) => t.length > 2 && !/\d/.test(t));
    if (!call) continue;
    for (let d = d0; d <= d1; d++) {
      keys.add(deletionCode(call, -1, d));
      if (call.length < 4) continue;
      // Deleting either of two equal neighbours gives one form: the second is skipped.
      for (let k = 0; k < call.length; k++) if (k === 0 || call[k] !== call[k - 1]) keys.add(deletionCode(call, k, d));
    }
  }
  return [...keys];
}

/**
 * Persons live in numbered slots and keys are interned to numbers, so a query counts shared keys in
 * a reused typed array instead of building a Map per person: at 100k persons the index answers
 * millions of candidate lookups without allocating per candidate.
 */
function listed(lists: Int32Array, from: number, length: number, slot: number): boolean {
  for (let i = from; i < from + length; i++) if (lists[i] === slot) return true;
  return false;
}

/**
 * A 32-bit code of a blocking key (FNV-1a): the index holds numbers, not a million strings. Two
 * keys sharing a code only merge their blocks (one stranger more to score, then turned down).
 */
export function keyCode(key: string): number {
  return fnvEnd(fnvText(FNV_START, key));
}

const FNV_START = 0x811c9dc5;
const fnvText = (h: number, text: string): number => {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
};
const fnvEnd = (h: number): number => (h ^ (h >>> 15)) | 0;
const digits = new Uint8Array(10);

/** fnvText of `${n}`, for the integers (years, decades) keys carry, without writing them out. */
function fnvNumber(h: number, n: number): number {
  if (!Number.isInteger(n) || Math.abs(n) >= 1e9) return fnvText(h, `${n}`);
  if (n < 0) {
    h = Math.imul(h ^ 45, 0x01000193); // '-'
    n = -n;
  }
  let k = 0;
  do {
    digits[k++] = n % 10;
    n = Math.floor(n / 10);
  } while (n > 0);
  while (k > 0) h = Math.imul(h ^ (48 + digits[--k]), 0x01000193);
  return h;
}

/**
 * keyCode of each of blockingKeys(f), each code once in the order first met, hashed from the keys'
 * parts: at 100k persons the index had built ~1.7 million key strings only to hash them.
 */
export function blockingCodes(f: PersonFeatures): number[] {
  const out: number[] = [];
  eachBlockingKey(f, (tag, a, sep, b) => {
    let h = fnvText(fnvText(FNV_START, tag), a);
    if (sep !== undefined) h = typeof b === 'number' ? fnvNumber(fnvText(h, sep), b) : fnvText(fnvText(h, sep), b!);
    const code = fnvEnd(h);
    // A person has a few dozen: a scan beats a Set.
    if (!out.includes(code)) out.push(code);
  });
  return out;
}

export class CandidateIndex {
  /**
   * Main keys by code: most belong to one person (a slot, >= 0, no array for it); a shared key
   * points to its block (-1 - its index in `blocks`). At 100k persons this took the index from
   * ~300 MB (a Map of key strings and an array per key) to a fraction of it.
   */
  private readonly keyFirst = new CodeTable();
  /** the slots of the persons carrying a shared key */
  private readonly blocks: number[][] = [];
  private readonly feats: (PersonFeatures | undefined)[] = [];
  /** key codes of each slot's person */
  private readonly slotKeys: number[][] = [];
  private readonly single = [0];
  /**
   * Fallback keys (fallbackKeys) and their blocks, apart from the main ones: they never count as
   * shared keys. Most fallback keys belong to one person (a misspelling nobody else has), so a key
   * maps to that person's slot directly (>= 0) and only a shared one to a block (-1 - its index):
   * no array per lone key, and a person's codes are recomputed when needed rather than kept.
   */
  private readonly fallbackFirst = new CodeTable();
  private readonly fallbackBlocks: number[][] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private readonly maxBlock: number;
  private readonly maxCandidates: number;
  /** Shared-key counts per slot for the query in progress (zeroed again after each query). */
  private counts = new Int32Array(1024);
  /**
   * The slots the query in progress has met, in the order met (touchedCount of them). A slot is met
   * at most once a query, so it is as long as `counts`. A typed array: a JS array emptied by
   * `length = 0` for each of 100k queries gave its backing store up and grew it again each time
   * (~0.9 GB of garbage at 100k persons).
   */
  private touched = new Int32Array(1024);
  private touchedCount = 0;
  private histogram = new Int32Array(64);
  /** Name counts of everyone indexed, for frequency-based weights in scorePair. */
  readonly frequencies = new NameFrequencies();

  constructor(items: PersonFeatures[] = [], opts: BlockingOptions = {}) {
    this.maxBlock = opts.maxBlock ?? 400;
    this.maxCandidates = opts.maxCandidates ?? 10;
    for (const f of items) this.add(f);
  }

  get size(): number {
    return this.slotOf.size;
  }

  add(f: PersonFeatures): void {
    if (this.slotOf.has(f.id)) this.remove(f.id);
    const slot = this.freeSlots.pop() ?? this.feats.length;
    const keys = blockingCodes(f);
    for (const k of keys) {
      const v = this.keyFirst.get(k);
      if (v === undefined) this.keyFirst.set(k, slot);
      else if (v >= 0) {
        this.blocks.push([v, slot]);
        this.keyFirst.set(k, -this.blocks.length);
      } else this.blocks[-1 - v].push(slot);
    }
    for (const k of fallbackKeys(f)) {
      const v = this.fallbackFirst.get(k);
      if (v === undefined) this.fallbackFirst.set(k, slot);
      else if (v >= 0) {
        this.fallbackBlocks.push([v, slot]);
        this.fallbackFirst.set(k, -this.fallbackBlocks.length);
      } else this.fallbackBlocks[-1 - v].push(slot);
    }
    this.feats[slot] = f;
    this.slotKeys[slot] = keys;
    this.slotOf.set(f.id, slot);
    this.frequencies.add(f);
    if (this.counts.length <= slot) {
      const grown = new Int32Array(Math.max(this.counts.length * 2, slot + 1));
      grown.set(this.counts);
      this.counts = grown;
      this.touched = new Int32Array(grown.length);
    }
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    const f = this.feats[slot]!;
    this.slotOf.delete(id);
    this.frequencies.remove(f);
    for (const k of this.slotKeys[slot]) {
      const v = this.keyFirst.get(k);
      if (v === slot) this.keyFirst.delete(k);
      else if (v !== undefined && v < 0) {
        const b = this.blocks[-1 - v];
        const i = b.indexOf(slot);
        if (i >= 0) {
          b[i] = b[b.length - 1];
          b.pop();
        }
      }
    }
    for (const k of fallbackKeys(f)) {
      const v = this.fallbackFirst.get(k);
      if (v === slot) this.fallbackFirst.delete(k);
      else if (v !== undefined && v < 0) {
        const b = this.fallbackBlocks[-1 - v];
        const i = b.indexOf(slot);
        if (i >= 0) {
          b[i] = b[b.length - 1];
          b.pop();
        }
      }
    }
    this.feats[slot] = undefined;
    this.slotKeys[slot] = [];
    this.freeSlots.push(slot);
  }

  /**
   * How many indexed persons have `parentId` as a parent and a given name sounding like
   * `givenSound` (Double Metaphone): the block "g:sound|p:parent" that blocking keeps anyway.
   */
  namesakes(parentId: string, givenSound: string): number {
    return this.blockOf(keyCode(`g:${givenSound}|p:${parentId}`)).length;
  }

  get(id: string): PersonFeatures | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.feats[slot];
  }

  /** Key ids of `f`: its own when indexed, else those of its keys that any indexed person shares. */
  private keysOf(f: PersonFeatures): number[] {
    const slot = this.slotOf.get(f.id);
    if (slot !== undefined && this.feats[slot] === f) return this.slotKeys[slot];
    const out: number[] = [];
    for (const k of blockingCodes(f)) if (this.keyFirst.has(k)) out.push(k);
    return out;
  }

  /** The slots carrying key code `k` (a shared array: read, never keep). */
  private blockOf(k: number): readonly number[] {
    const v = this.keyFirst.get(k);
    if (v === undefined) return [];
    if (v < 0) return this.blocks[-1 - v];
    this.single[0] = v;
    return this.single;
  }

  private candidateSlots(keys: number[], exclude: number, out: number[], f: PersonFeatures): void {
    const counts = this.counts;
    const touched = this.touched;
    let met = 0;
    out.length = 0;
    for (const k of keys) {
      const b = this.blockOf(k);
      if (b.length > this.maxBlock) continue;
      for (let i = 0; i < b.length; i++) {
        const s = b[i];
        if (s === exclude) continue;
        if (counts[s]++ === 0) touched[met++] = s;
      }
    }
    this.touchedCount = met;
    const max = this.maxCandidates;
    if (met <= max) {
      for (let i = 0; i < met; i++) out.push(touched[i]);
    } else {
      // The cut-off count: keep everyone above it and the first met at it, up to maxCandidates.
      if (this.histogram.length < keys.length + 2) this.histogram = new Int32Array(keys.length * 2 + 2);
      const histogram = this.histogram;
      histogram.fill(0, 0, keys.length + 2);
      for (let i = 0; i < met; i++) histogram[Math.min(counts[touched[i]], keys.length + 1)]++;
      let cut = keys.length + 1;
      let above = 0;
      while (cut > 1 && above + histogram[cut] < max) above += histogram[cut--];
      let atCut = max - above;
      for (let i = 0; i < met; i++) {
        const s = touched[i];
        const c = counts[s];
        if (c > cut) out.push(s);
        else if (c === cut && atCut > 0) {
          out.push(s);
          atCut--;
        }
      }
    }
    // Spare places: persons met only through a fallback key, in the order met (codes computed only now).
    if (out.length < max) {
      for (const k of fallbackKeys(f)) {
        if (out.length >= max) break;
        const v = this.fallbackFirst.get(k);
        if (v === undefined) continue;
        if (v >= 0) {
          this.takeSpare(v, exclude, out);
          continue;
        }
        const b = this.fallbackBlocks[-1 - v];
        if (b.length > this.maxBlock) continue;
        for (let i = 0; i < b.length && out.length < max; i++) this.takeSpare(b[i], exclude, out);
      }
    }
    for (let i = 0; i < this.touchedCount; i++) counts[touched[i]] = 0;
  }

  /** candidateSlots' spare places: `s` unless excluded or already a candidate (counts > 0 marks both). */
  private takeSpare(s: number, exclude: number, out: number[]): void {
    if (s === exclude || this.counts[s] !== 0) return;
    this.counts[s] = 1;
    this.touched[this.touchedCount++] = s;
    out.push(s);
  }

  /**
   * Everyone sharing a (not oversized) key with `f`, excluding `f` itself; when there are more than
   * `maxCandidates`, those sharing the most keys.
   */
  candidates(f: PersonFeatures): PersonFeatures[] {
    const slots: number[] = [];
    this.candidateSlots(this.keysOf(f), this.slotOf.get(f.id) ?? -1, slots, f);
    return slots.map((s) => this.feats[s]!);
  }

  /**
   * Every candidate pair once, for deduplicating the whole index. Candidate lists are not symmetric
   * (each is cut at maxCandidates), so a pair met from its second member is skipped only when the
   * first member's list already held it.
   */
  *pairs(): Generator<[PersonFeatures, PersonFeatures]> {
    const n = this.feats.length;
    const width = this.maxCandidates;
    const lists = new Int32Array(n * width);
    const lengths = new Int32Array(n);
    const out: number[] = [];
    for (let slot = 0; slot < n; slot++) {
      const f = this.feats[slot];
      if (!f) continue;
      this.candidateSlots(this.slotKeys[slot], slot, out, f);
      const mine = out.slice(0, width);
      lengths[slot] = mine.length;
      lists.set(mine, slot * width);
      for (const m of mine) {
        if (m < slot && listed(lists, m * width, lengths[m], slot)) continue;
        const g = this.feats[m]!;
        yield m < slot ? [g, f] : [f, g];
      }
    }
  }
}
