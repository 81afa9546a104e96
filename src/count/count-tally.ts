/**
 * A count being scanned: each scan is a unit of an msku, or as many as the quantity typed after it; "undo" takes the
 * last scan back. Pure: the codes come resolved (count-codes.ts), the screen is the caller's.
 */

/** What a line of a count means: a code, a quantity for the last scan, undo, or the end. */
export type CountLine =
  | { t: 'code'; code: string }
  | { t: 'quantity'; quantity: number }
  | { t: 'undo' }
  | { t: 'end' };

/** Most units one line may set a scan to. */
export const MAX_SCAN_QUANTITY = 99_999;
const UNDO = new Set(['undo', 'u', 'UNDO']);

/**
 * How a line reads: empty ends the count, "undo" takes the last scan back, 1 to 5 digits (or "x12", "*12") are the
 * units of the last scan (no product code is that short), anything else a code.
 */
export function countLine(text: string): CountLine {
  const line = text.trim();
  if (!line) return { t: 'end' };
  if (UNDO.has(line)) return { t: 'undo' };
  const quantity = /^[x*×]?\s*(\d{1,5})$/i.exec(line);
  if (quantity) return { t: 'quantity', quantity: Number(quantity[1]) };
  return { t: 'code', code: line };
}

export interface CountedScan {
  msku: string;
  units: number;
}

/** The scans of one count and the units per msku they add up to. */
export class CountTally {
  private readonly scans: CountedScan[] = [];

  /** One unit of `msku`. */
  add(msku: string): CountedScan {
    const scan = { msku, units: 1 };
    this.scans.push(scan);
    return scan;
  }

  /** Sets the last scan's units (a quantity typed after it); undefined when nothing was scanned yet. */
  setLast(units: number): CountedScan | undefined {
    const last = this.scans.at(-1);
    if (last) last.units = units;
    return last;
  }

  /** Takes the last scan back; undefined when there is none. */
  undo(): CountedScan | undefined {
    return this.scans.pop();
  }

  /** Units counted of one msku. */
  of(msku: string): number {
    return this.scans.reduce((n, s) => n + (s.msku === msku ? s.units : 0), 0);
  }

  /** Units counted per msku, in the order each was first scanned. */
  totals(): Map<string, number> {
    const totals = new Map<string, number>();
    for (const s of this.scans) totals.set(s.msku, (totals.get(s.msku) ?? 0) + s.units);
    return totals;
  }
}
