/** The running count of a scouting session, and what it bought. */
import { cents, dollars, roiOf } from './arithmetic.js';
import type { ScoutResult } from './scan-engine.js';

/** What a session bought: a unit a buy, what they cost (and all-in), the profit expected, its ROI. */
export interface Bought {
  units: number;
  cost: number;
  invested: number;
  profit: number;
  roi: number | null;
}

export class Tally {
  scans = 0;
  buy = 0;
  skip = 0;
  unknown = 0;
  /** Cents, of the buys. */
  private profitCents = 0;
  private costCents = 0;
  private investedCents = 0;

  /** Counts the results of one scan. */
  add(results: readonly ScoutResult[]): void {
    this.count(results, 1);
  }

  /** Takes back the results of a scan counted before. */
  remove(results: readonly ScoutResult[]): void {
    this.count(results, -1);
  }

  private count(results: readonly ScoutResult[], sign: 1 | -1): void {
    this.scans += sign;
    for (const r of results) {
      this[r.verdict] += sign;
      if (r.verdict !== 'buy') continue;
      const extras = cents(r.prep ?? 0) + cents(r.inbound ?? 0) + cents(r.tax ?? 0);
      this.profitCents += sign * cents(r.profit ?? 0);
      this.costCents += sign * cents(r.cost);
      this.investedCents += sign * (cents(r.cost) + extras);
    }
  }

  /** What the session bought so far. */
  bought(): Bought {
    return {
      units: this.buy,
      cost: dollars(this.costCents),
      invested: dollars(this.investedCents),
      profit: dollars(this.profitCents),
      roi: roiOf(this.profitCents, this.investedCents),
    };
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
    const counts = `${this.scans} scans · ${this.buy} buy · ${this.skip} skip · ${this.unknown} unknown`;
    return `${counts} · buys cost ${dollars(this.costCents).toFixed(2)}, profit ${dollars(this.profitCents).toFixed(2)}`;
  }
}
