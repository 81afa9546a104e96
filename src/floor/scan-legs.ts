/**
 * Scanned moves, pure: a leg is a source bin, units, then a destination bin; each closed leg is the moves it means
 * (one per msku and quantity). A unit more than the source holds (less what earlier legs took) is refused.
 */
import { binCodeId } from '../api/bin-code.js';
import { mskuOf } from '../count/count-codes.js';
import { countLine, MAX_SCAN_QUANTITY, CountTally } from '../count/count-tally.js';

/** One move of a closed leg: from a bin (`from`) or, in a receive leg, from a purchase (`fromPurchaseId`). */
export interface LegMove {
  msku: string;
  quantity: number;
  from?: string;
  fromPurchaseId?: string;
  to: string;
}

/** What one line did: accepted (with what to show), refused (why), or the end of the session. */
export type LegStep =
  | { ok: true; say: string; moves?: LegMove[]; opened?: string }
  | { ok: false; why: string }
  | { end: true };

/**
 * The session's state: the legs closed, the one open, and what each bin holds as the session sees it. A receive
 * session (`purchase`) has no source bin: every leg is units from the purchase, then the bin they go in.
 */
export class ScanLegs {
  private source?: string;
  private tally = new CountTally();
  readonly moves: LegMove[] = [];

  /** `held(bin, msku)`: the quantity the server held at the start; `codes`: the code table (count-codes.ts). */
  constructor(
    private readonly held: (bin: string, msku: string) => number,
    private readonly codes: ReadonlyMap<string, string>,
    private readonly purchase?: string,
  ) {}

  /** The open leg: its source (a bin's code, or the purchase) and its units per msku; undefined when none is open. */
  openLeg(): { from: string; units: Map<string, number> } | undefined {
    const units = this.tally.totals();
    if (this.purchase !== undefined) return units.size > 0 ? { from: `purchase ${this.purchase}`, units } : undefined;
    return this.source === undefined ? undefined : { from: `LOC-${this.source}`, units };
  }

  /**
   * The running screen of the open leg: each msku's units, and for a bin what it held and will hold
   * ("LOC-1 → ?: LAMP-DESK-LED 5 (12 → 7) · MUG-BLUE-11OZ 1 (120 → 119)"); undefined when no unit is open.
   */
  running(): string | undefined {
    const leg = this.openLeg();
    if (!leg || leg.units.size === 0) return undefined;
    const each = [...leg.units].map(([msku, n]) => {
      if (this.source === undefined) return `${msku} ${n}`;
      const will = this.holds(this.source, msku);
      return `${msku} ${n} (${will + n} → ${will})`;
    });
    return `${leg.from} → ?: ${each.join(' · ')}`;
  }

  /** What a bin holds of an msku now: the start, less what closed legs took, plus what they brought, less the open leg. */
  holds(bin: string, msku: string): number {
    const moved = this.moves.reduce(
      (n, m) => n + (m.msku !== msku ? 0 : m.to === bin ? m.quantity : m.from === bin ? -m.quantity : 0),
      0,
    );
    const open = this.source === bin ? this.tally.of(msku) : 0;
    return this.held(bin, msku) + moved - open;
  }

  /** Reads one line. */
  step(text: string): LegStep {
    const line = countLine(text);
    if (line.t === 'end') {
      const open = this.openLeg();
      if (open && open.units.size > 0)
        return { ok: false, why: `the leg from ${open.from} is open: scan its destination bin (or undo its units)` };
      return { end: true };
    }
    if (line.t === 'undo') {
      const back = this.tally.undo();
      if (back) return { ok: true, say: `↶ took back ${back.units} × ${back.msku}` };
      if (this.source === undefined) return { ok: false, why: 'nothing to undo' };
      const bin = this.source;
      this.source = undefined;
      return { ok: true, say: `↶ LOC-${bin} is no longer the source: scan a source bin` };
    }
    if (line.t === 'quantity') {
      const last = this.tally.undo();
      if (!last) return { ok: false, why: 'a quantity needs a unit scanned before it' };
      return this.take(last.msku, Math.min(line.quantity, MAX_SCAN_QUANTITY));
    }
    const bin = binCodeId(line.code);
    if (bin !== undefined) return this.source === undefined && !this.purchase ? this.open(bin) : this.close(bin);
    if (this.source === undefined && !this.purchase)
      return { ok: false, why: `"${line.code}": scan the source bin first` };
    const msku = mskuOf(this.codes, line.code);
    if (!msku) return { ok: false, why: `"${line.code}" is no item's msku, FNSKU or UPC/EAN` };
    return this.take(msku, 1);
  }

  private open(bin: string): LegStep {
    this.source = bin;
    return { ok: true, say: `from LOC-${bin}: scan the units, then the destination bin`, opened: bin };
  }

  private take(msku: string, units: number): LegStep {
    if (this.source === undefined) {
      // A receive: what the purchase still has to receive is not readable (the API shows no purchases); the server
      // refuses a unit the purchase does not have, and that move fails alone.
      this.tally.add(msku);
      this.tally.setLast(units);
      return { ok: true, say: `✓ ${msku} · taking ${this.tally.of(msku)} · from purchase ${this.purchase!}` };
    }
    const left = this.holds(this.source, msku);
    if (units > left) {
      if (units > 1) this.tally.add(msku); // the scan before the refused quantity stays one unit
      return { ok: false, why: `LOC-${this.source!} holds ${left} of ${msku}: not ${units} more` };
    }
    this.tally.add(msku);
    this.tally.setLast(units);
    const holds = this.holds(this.source!, msku);
    return { ok: true, say: `✓ ${msku} · taking ${this.tally.of(msku)} · LOC-${this.source!} will hold ${holds}` };
  }

  private close(to: string): LegStep {
    const from = this.source;
    const source = from === undefined ? `purchase ${this.purchase!}` : `LOC-${from}`;
    if (to === from) return { ok: false, why: `LOC-${to} is the source: scan the destination bin` };
    const moves: LegMove[] = [...this.tally.totals()].map(([msku, quantity]) =>
      from === undefined ? { msku, quantity, fromPurchaseId: this.purchase!, to } : { msku, quantity, from, to },
    );
    if (moves.length === 0) return { ok: false, why: `no unit scanned from ${source} yet` };
    this.moves.push(...moves);
    this.source = undefined;
    this.tally = new CountTally();
    const what = moves.map((m) => `${m.quantity} × ${m.msku}`).join(', ');
    return { ok: true, say: `✓ leg ${source} → LOC-${to}: ${what}`, moves };
  }
}
