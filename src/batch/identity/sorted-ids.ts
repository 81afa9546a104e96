/**
 * The row ids of an input (16 hex digits, 8 bytes each), kept as one sorted list: 8 bytes a row and no table, so that
 * a million rows are read in little memory; looked up by binary search once sealed.
 */
import { endianness } from 'node:os';

export class SortedIds {
  /** 8 bytes an id, big-endian; sorted once sealed. */
  private list: Buffer;
  private count = 0;
  private sealed = false;

  /** `capacity`: the ids expected (the list grows past it). */
  constructor(capacity = 1024) {
    this.list = Buffer.alloc(8 * Math.max(16, capacity));
  }

  get size(): number {
    return this.count;
  }

  /** Adds an id given in hex (before `seal`). */
  addHex(hex: string): void {
    if (this.sealed) throw new Error('SortedIds: added to after seal');
    if ((this.count + 1) * 8 > this.list.length) {
      const larger = Buffer.alloc(8 * Math.ceil((this.list.length / 8) * 1.5));
      this.list.copy(larger);
      this.list = larger;
    }
    this.list.write(hex, this.count * 8, 8, 'hex');
    this.count++;
  }

  /** Sorts the ids, as unsigned 64-bit numbers; lookups may begin. */
  seal(): this {
    if (this.sealed) return this;
    const bytes = this.list.subarray(0, this.count * 8);
    // A 64-bit view reads the big-endian ids in the machine's order: swapped around the sort where that is little-endian.
    const little = endianness() === 'LE';
    if (little) bytes.swap64();
    new BigUint64Array(bytes.buffer, bytes.byteOffset, this.count).sort();
    if (little) bytes.swap64();
    this.sealed = true;
    return this;
  }

  /** Every id, 8 bytes each, in ascending order: the same bytes for the same ids whatever order they came in. */
  sortedBytes(): Buffer {
    return this.seal().list.subarray(0, this.count * 8);
  }

  /** Whether the 8-byte id at `at` of `buffer` is in the list. */
  has(buffer: Buffer, at: number): boolean {
    return this.find(buffer.readUInt32BE(at), buffer.readUInt32BE(at + 4));
  }

  /** Whether the id given in hex is in the list. */
  hasHex(hex: string): boolean {
    return this.find(Number.parseInt(hex.slice(0, 8), 16) >>> 0, Number.parseInt(hex.slice(8, 16), 16) >>> 0);
  }

  /** Every id, in hex, in ascending order. */
  *hexes(): Generator<string> {
    this.seal();
    for (let i = 0; i < this.count; i++) yield this.list.toString('hex', i * 8, i * 8 + 8);
  }

  private find(hi: number, lo: number): boolean {
    this.seal();
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const h = this.list.readUInt32BE(mid * 8);
      const l = this.list.readUInt32BE(mid * 8 + 4);
      if (h === hi && l === lo) return true;
      if (h < hi || (h === hi && l < lo)) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  }
}
