/**
 * A scan session: units scanned into the open box, boxes closed with their weight and sides, every
 * step appended to a journal (synced before the screen confirms it), so Ctrl-C or a kill keeps the
 * session and the next `inv pack SHIPMENT_ID` resumes it. Knows no terminal.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { InvError } from '../errors.js';
import { Journal, type JournalKind } from '../util/journal.js';
import { readRecords } from '../util/journal-records.js';
import { checkPacking, imperial, sizeFault, type PackOptions } from './check.js';
import type { BoxRow, ContentRow } from './read.js';
import type { Packing, ShipmentFacts } from './packing-types.js';

type Entry =
  | { t: 'head'; shipmentId: string; origin: string; account: string }
  | { t: 'scan'; box: number; msku: string }
  | { t: 'close'; box: number; weight: number; length: number; width: number; height: number };

export type ScanResult = { ok: true; msku: string; box: number; inBox: number } | { ok: false; reason: string };

/** The journal of a shipment's session, by server origin, account and shipment id (never by a file or profile name alone). */
export function scanJournalPath(stateDir: string, origin: string, account: string, shipmentId: string): string {
  const key = createHash('sha256').update([origin, account, shipmentId].join('\0')).digest('hex').slice(0, 24);
  return join(stateDir, 'pack', `${shipmentId}-${key}.journal`);
}

/** Each step is synced before the screen confirms it; a step that cannot be written is refused. */
const SCAN_JOURNAL: JournalKind = {
  sync: 'each',
  broken: (path, cause) =>
    new InvError(
      `cannot write the scan session ${path}: ${cause}; that step was not kept`,
      'free space (or fix the disk), then run the same command again: the session resumes from its last kept step',
    ),
};

export class ScanSession {
  private readonly entries: Entry[] = [];
  private journal: Journal | undefined;

  private constructor(
    private readonly facts: ShipmentFacts,
    private readonly path: string,
    /** Codes a unit may be scanned by (fnsku, msku, UPC/EAN…), each to its msku. */
    private readonly codes: ReadonlyMap<string, string>,
    private readonly options: PackOptions,
  ) {}

  /** Opens the session of `path`, replaying what its journal holds (a torn last record, from a kill mid-write, is cut off). */
  static open(
    facts: ShipmentFacts,
    path: string,
    origin: string,
    account: string,
    codes: ReadonlyMap<string, string>,
    options: PackOptions,
  ): ScanSession {
    const session = new ScanSession(facts, path, codes, options);
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      // no journal yet: a new session
    }
    // Sessions begun before steps were checksummed hold bare JSON lines: read too. Steps after damage are not trusted.
    const { records, validBytes, damage } = readRecords(text, { legacy: true });
    for (const { record } of damage ? records.slice(0, damage.record - 1) : records) {
      if ((record as Entry).t !== 'head') session.entries.push(record as Entry);
    }
    session.journal = Journal.open(path, SCAN_JOURNAL, { validBytes });
    if (!text) session.append({ t: 'head', shipmentId: facts.shipmentId, origin, account });
    return session;
  }

  /** Whether the journal held steps of an earlier run. */
  get resumed(): boolean {
    return this.entries.length > 0;
  }

  /** The open box's number. */
  get box(): number {
    return this.entries.filter((e) => e.t === 'close').length + 1;
  }

  /** Units in the open box, per msku. */
  openBox(): Map<string, number> {
    return this.count((e) => e.box === this.box);
  }

  /** Units not yet packed, per msku, in the shipment's order. */
  remaining(): Array<{ msku: string; left: number; of: number }> {
    const packed = this.count(() => true);
    return this.facts.lines.map((l) => ({
      msku: l.msku,
      left: l.quantity - (packed.get(l.msku) ?? 0),
      of: l.quantity,
    }));
  }

  /** Puts one unit of the scanned code in the open box, or says why not (an unknown code, or every unit packed already). */
  scan(code: string): ScanResult {
    const msku = this.codes.get(code.trim()) ?? this.codes.get(code.trim().toUpperCase());
    if (!msku)
      return {
        ok: false,
        reason: `"${code.trim()}" is not a unit of ${this.facts.shipmentId} (scan its FNSKU, UPC/EAN or msku)`,
      };
    const line = this.remaining().find((r) => r.msku === msku)!;
    if (line.left <= 0)
      return { ok: false, reason: `${msku}: all ${line.of} units of ${this.facts.shipmentId} are packed already` };
    this.append({ t: 'scan', box: this.box, msku });
    return { ok: true, msku, box: this.box, inBox: this.openBox().get(msku)! };
  }

  /** Why the open box cannot close with this weight and these sides (in the session's units), or undefined. */
  sizeFault(size: { weight: number; length: number; width: number; height: number }): string | undefined {
    const { lb, sides } = imperial(size, this.options.units);
    return sizeFault(lb, sides, this.options);
  }

  /** Closes the open box with its weight and sides (checked first with sizeFault). */
  close(size: { weight: number; length: number; width: number; height: number }): void {
    this.append({ t: 'close', box: this.box, ...size });
  }

  /** The packing so far, checked as file mode checks it (every unit once unless partial). */
  packing(): Packing {
    const contents: ContentRow[] = this.entries.flatMap((e, i) =>
      e.t === 'scan' ? [{ row: i + 1, box: e.box, msku: e.msku, quantity: 1 }] : [],
    );
    const boxes: BoxRow[] = this.entries.flatMap((e, i) =>
      e.t === 'close'
        ? [{ row: i + 1, box: e.box, weight: e.weight, length: e.length, width: e.width, height: e.height }]
        : [],
    );
    return checkPacking(this.facts, contents, boxes, this.options);
  }

  /** Ends the session for good: the journal is removed (its outputs are written). */
  finish(): void {
    this.release();
    rmSync(this.path, { force: true });
  }

  /** Lets go of the journal, keeping it for a later run. */
  release(): void {
    void this.journal?.close();
    this.journal = undefined;
  }

  private count(which: (e: Extract<Entry, { t: 'scan' }>) => boolean): Map<string, number> {
    const out = new Map<string, number>();
    for (const e of this.entries) if (e.t === 'scan' && which(e)) out.set(e.msku, (out.get(e.msku) ?? 0) + 1);
    return out;
  }

  private append(entry: Entry): void {
    this.journal!.appendNow('-', entry);
    if (entry.t !== 'head') this.entries.push(entry);
  }
}
