/**
 * A hash table from 32-bit codes to 32-bit integers in typed arrays (open addressing, linear
 * probing, deletion by backward shift): the blocking index keeps millions of key codes, and a JS
 * Map of that many entries spent its time rehashing as it grew and its memory on entry objects.
 * Same contract as Map<number, number> for what blocking.ts uses: get, has, set, delete.
 */
export class CodeTable {
  private keys: Int32Array;
  private vals: Int32Array;
  private used: Uint8Array;
  private shift: number;
  private count = 0;

  constructor(capacityBits = 10) {
    this.keys = new Int32Array(1 << capacityBits);
    this.vals = new Int32Array(1 << capacityBits);
    this.used = new Uint8Array(1 << capacityBits);
    this.shift = 32 - capacityBits;
  }

  get size(): number {
    return this.count;
  }

  /** Home slot of a code: the top bits of a multiplicative hash (codes are FNV hashes already, this spreads runs). */
  private home(k: number): number {
    return Math.imul(k, 0x9e3779b1) >>> this.shift;
  }

  private find(k: number): number {
    const mask = this.keys.length - 1;
    for (let i = this.home(k); ; i = (i + 1) & mask) {
      if (!this.used[i]) return -1 - i;
      if (this.keys[i] === k) return i;
    }
  }

  get(k: number): number | undefined {
    const i = this.find(k | 0);
    return i >= 0 ? this.vals[i] : undefined;
  }

  has(k: number): boolean {
    return this.find(k | 0) >= 0;
  }

  set(k: number, v: number): void {
    k |= 0;
    let i = this.find(k);
    if (i >= 0) {
      this.vals[i] = v;
      return;
    }
    // Grown at half full: probes stay short.
    if ((this.count + 1) * 2 > this.keys.length) {
      this.grow();
      i = this.find(k);
    }
    i = -1 - i;
    this.used[i] = 1;
    this.keys[i] = k;
    this.vals[i] = v;
    this.count++;
  }

  delete(k: number): boolean {
    let i = this.find(k | 0);
    if (i < 0) return false;
    const mask = this.keys.length - 1;
    // Backward shift: move up every later entry of the run whose home is not between the hole and it.
    for (let j = (i + 1) & mask; this.used[j]; j = (j + 1) & mask) {
      const h = this.home(this.keys[j]);
      const between = i <= j ? h > i && h <= j : h > i || h <= j;
      if (between) continue;
      this.keys[i] = this.keys[j];
      this.vals[i] = this.vals[j];
      i = j;
    }
    this.used[i] = 0;
    this.count--;
    return true;
  }

  private grow(): void {
    const { keys, vals, used } = this;
    const bits = 32 - this.shift + 1;
    this.keys = new Int32Array(1 << bits);
    this.vals = new Int32Array(1 << bits);
    this.used = new Uint8Array(1 << bits);
    this.shift = 32 - bits;
    const mask = this.keys.length - 1;
    for (let s = 0; s < keys.length; s++) {
      if (!used[s]) continue;
      let i = this.home(keys[s]);
      while (this.used[i]) i = (i + 1) & mask;
      this.used[i] = 1;
      this.keys[i] = keys[s];
      this.vals[i] = vals[s];
    }
  }
}
