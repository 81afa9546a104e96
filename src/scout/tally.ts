/** The running count of a scouting session. */
import type { ScoutResult } from './scan-engine.js';

export class Tally {
  scans = 0;
  buy = 0;
  skip = 0;
  unknown = 0;
  /** Cents, of the buys. */
  private profitCents = 0;
  private costCents = 0;

  /** Counts the results of one scan. */
  add(results: readonly ScoutResult[]): void {
    this.scans++;
    for (const r of results) {
      this[r.verdict]++;
      if (r.verdict === 'buy') {
        this.profitCents += Math.round((r.profit ?? 0) * 100);
        this.costCents += Math.round(r.cost * 100);
      }
    }
  }

  /** The tally as data (the last line of a session in JSON). */
  toJSON() {
    return {
      tally: {
        scans: this.scans,
        buy: this.buy,
        skip: this.skip,
        unknown: this.unknown,
        buyCost: this.costCents / 100,
        buyProfit: this.profitCents / 100,
      },
    };
  }

  /** "12 scans · 3 buy · 7 skip · 2 unknown · buys cost 45.00, profit 61.20". */
  toString(): string {
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    const counts = `${this.scans} scans · ${this.buy} buy · ${this.skip} skip · ${this.unknown} unknown`;
    return `${counts} · buys cost ${dollars(this.costCents)}, profit ${dollars(this.profitCents)}`;
  }
}
