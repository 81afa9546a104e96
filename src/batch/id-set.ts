/**
 * A set of row ids (16 hex digits, 8 bytes) kept as two 32-bit halves in an open-addressing table:
 * an input of a million rows is checked against a thousand batches' indexes without making a string
 * per lookup.
 */
import { endianness } from 'node:os';

export class IdSet {
  private hi: Uint32Array;
  private lo: Uint32Array;
  private used: Uint8Array;
  private count = 0;
  /** The ids in the order added, 8 bytes each. */
  private list: Buffer;

  constructor(capacity = 1024) {
    const slots = 2 ** Math.ceil(Math.log2(Math.max(16, capacity * 2)));
    this.hi = new Uint32Array(slots);
    this.lo = new Uint32Array(slots);
    this.used = new Uint8Array(slots);
    this.list = Buffer.alloc(8 * Math.max(16, capacity));
  }

  get size(): number {
    return this.count;
  }

  /** Adds an id given in hex; false when it was there already. */
  addHex(hex: string): boolean {
    return this.insert(Number.parseInt(hex.slice(0, 8), 16) >>> 0, Number.parseInt(hex.slice(8, 16), 16) >>> 0);
  }

  /** Whether the 8-byte id at `at` of `buffer` is in the set. */
  has(buffer: Buffer, at: number): boolean {
    return this.find(buffer.readUInt32BE(at), buffer.readUInt32BE(at + 4)) >= 0;
  }

  /** Whether the id given in hex is in the set. */
  hasHex(hex: string): boolean {
    return this.find(Number.parseInt(hex.slice(0, 8), 16) >>> 0, Number.parseInt(hex.slice(8, 16), 16) >>> 0) >= 0;
  }

  /** Every id, 8 bytes each, in ascending order: the same bytes for the same ids whatever order they came in. */
  sortedBytes(): Buffer {
    const bytes = Buffer.alloc(this.count * 8); // never pooled: its own aligned ArrayBuffer
    this.list.copy(bytes, 0, 0, this.count * 8);
    // Ids are stored big-endian; a 64-bit view reads them in the machine's order, so they are swapped around the sort.
    const little = endianness() === 'LE';
    if (little) bytes.swap64();
    new BigUint64Array(bytes.buffer, bytes.byteOffset, this.count).sort();
    if (little) bytes.swap64();
    return bytes;
  }

  /** Every id in the order added, in hex. */
  *hexes(): Generator<string> {
    for (let i = 0; i < this.count; i++) yield this.list.toString('hex', i * 8, i * 8 + 8);
  }

  private slot(hi: number, lo: number): number {
    return (Math.imul(lo ^ hi, 0x9e3779b1) >>> 0) & (this.used.length - 1);
  }

  private find(hi: number, lo: number): number {
    const mask = this.used.length - 1;
    for (let s = this.slot(hi, lo); this.used[s]; s = (s + 1) & mask)
      if (this.hi[s] === hi && this.lo[s] === lo) return s;
    return -1;
  }

  private insert(hi: number, lo: number): boolean {
    if (this.find(hi, lo) >= 0) return false;
    if ((this.count + 1) * 2 > this.used.length) this.grow();
    const mask = this.used.length - 1;
    let s = this.slot(hi, lo);
    while (this.used[s]) s = (s + 1) & mask;
    [this.used[s], this.hi[s], this.lo[s]] = [1, hi, lo];
    if ((this.count + 1) * 8 > this.list.length) this.list = Buffer.concat([this.list, Buffer.alloc(this.list.length)]);
    this.list.writeUInt32BE(hi, this.count * 8);
    this.list.writeUInt32BE(lo, this.count * 8 + 4);
    this.count++;
    return true;
  }

  private grow(): void {
    const old = { hi: this.hi, lo: this.lo, used: this.used };
    const slots = this.used.length * 2;
    [this.hi, this.lo, this.used] = [new Uint32Array(slots), new Uint32Array(slots), new Uint8Array(slots)];
    const mask = slots - 1;
    for (let i = 0; i < old.used.length; i++) {
      if (!old.used[i]) continue;
      let s = this.slot(old.hi[i]!, old.lo[i]!);
      while (this.used[s]) s = (s + 1) & mask;
      [this.used[s], this.hi[s], this.lo[s]] = [1, old.hi[i]!, old.lo[i]!];
    }
  }
}
