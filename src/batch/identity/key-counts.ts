/**
 * How many times each row key was seen (a key is 64 bits of a hash, given as 16 hex digits), in an open-addressing
 * table of two 32-bit halves and a byte of count (counts past 254 kept aside): a million distinct rows cost 19 MB, and
 * no string per row.
 */

/** A slot's count byte at this value: its count is in the overflow map. */
const OVER = 255;
export class KeyCounts {
  private hi: Uint32Array;
  private lo: Uint32Array;
  /** Each slot's count; 0: the slot is empty; OVER: see `over`. */
  private tally: Uint8Array;
  /** The counts past 254, by slot key. */
  private readonly over = new Map<string, number>();
  private count = 0;

  /** `capacity`: the keys expected; the table grows once they are half its slots. */
  constructor(capacity = 1024) {
    const slots = 2 ** Math.ceil(Math.log2(Math.max(16, capacity * 1.6)));
    this.hi = new Uint32Array(slots);
    this.lo = new Uint32Array(slots);
    this.tally = new Uint8Array(slots);
  }

  /** Keys seen. */
  get size(): number {
    return this.count;
  }

  /** Counts the key given in hex once more; how many times it has been seen, this time included. */
  countHex(hex: string): number {
    const hi = Number.parseInt(hex.slice(0, 8), 16) >>> 0;
    const lo = Number.parseInt(hex.slice(8, 16), 16) >>> 0;
    let s = this.slot(hi, lo);
    const mask = this.tally.length - 1;
    while (this.tally[s] && !(this.hi[s] === hi && this.lo[s] === lo)) s = (s + 1) & mask;
    if (this.tally[s] === OVER) {
      const n = this.over.get(hex)! + 1;
      this.over.set(hex, n);
      return n;
    }
    if (this.tally[s]) {
      const n = ++this.tally[s]!;
      if (n === OVER) this.over.set(hex, n);
      return n;
    }
    if ((this.count + 1) * 2 > this.tally.length) {
      this.grow();
      return this.countHex(hex);
    }
    [this.hi[s], this.lo[s], this.tally[s]] = [hi, lo, 1];
    this.count++;
    return 1;
  }

  private slot(hi: number, lo: number): number {
    return (Math.imul(lo ^ hi, 0x9e3779b1) >>> 0) & (this.tally.length - 1);
  }

  private grow(): void {
    const old = { hi: this.hi, lo: this.lo, tally: this.tally };
    const slots = this.tally.length * 2;
    [this.hi, this.lo, this.tally] = [new Uint32Array(slots), new Uint32Array(slots), new Uint8Array(slots)];
    const mask = slots - 1;
    for (let i = 0; i < old.tally.length; i++) {
      if (!old.tally[i]) continue;
      let s = this.slot(old.hi[i]!, old.lo[i]!);
      while (this.tally[s]) s = (s + 1) & mask;
      [this.hi[s], this.lo[s], this.tally[s]] = [old.hi[i]!, old.lo[i]!, old.tally[i]!];
    }
  }
}
