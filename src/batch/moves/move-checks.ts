/**
 * The checks of a move dry run against the server as it is now, with the moves of the rows before applied: the
 * item exists, both locations do, stock may leave the source, and the source holds the units by then.
 */
import type { InventoryClient } from '../../api/inventory.js';
import type { ItemLocation, Location } from '../../api/inventory-types.js';
import type { RowResult } from '../batch-types.js';
import type { IdentifiedRow } from '../identity/identified.js';
import { movePositions, type MoveRow, type MoveWhat } from './move-rows.js';
import type { Position } from '../batch-types.js';
import { positionKey } from '../sending/order.js';

/** A dry run's view of the stock: what the server holds, read when first needed, plus the moves simulated so far. */
export class MoveChecks {
  private readonly items = new Map<string, boolean>();
  /** Location → msku → quantity, as the server holds them. */
  private readonly baseline = new Map<string, Map<string, number>>();
  /** Units each position gained or lost through the rows simulated so far. */
  private readonly delta = new Map<string, number>();
  private warnedPurchases = false;

  private constructor(
    private readonly client: InventoryClient,
    private readonly locations: Map<string, Location>,
    private readonly warn: (message: string) => Promise<void>,
  ) {}

  /** Reads the account's locations, once, before the first row. */
  static async start(client: InventoryClient, warn: (message: string) => Promise<void>): Promise<MoveChecks> {
    const locations = new Map<string, Location>();
    for await (const l of client.list<Location>('locations', { pageSize: 1000 })) locations.set(l.id, l);
    return new MoveChecks(client, locations, warn);
  }

  /** Checks a row a real run would send; one that would succeed is simulated, in file order as the run sends it. */
  async check(item: IdentifiedRow<MoveRow, MoveWhat>): Promise<RowResult> {
    const msku = item.row!.msku;
    const { from, to } = item.ident!.what;
    const positions = item.ident!.unresolved ? [] : movePositions(item.ident!.what);
    const problem = item.ident!.unresolved ?? (await this.problemOf(item.row!, from, to, positions));
    if (problem) return { line: item.line, msku, status: 'would-fail', error: problem };
    for (const p of positions) {
      const key = positionKey(p);
      this.delta.set(key, (this.delta.get(key) ?? 0) + (p.role === 'take' ? -p.units! : p.units!));
    }
    return { line: item.line, msku, status: 'would-succeed' };
  }

  /** Units of `msku` at `location` by now: the server's, plus the rows simulated. */
  private async held(msku: string, location: string): Promise<number> {
    if (!this.baseline.has(location)) {
      const here = new Map<string, number>();
      const query = { locationId: location };
      for await (const il of this.client.list<ItemLocation>('itemLocations', { pageSize: 1000 }, query))
        here.set(il.msku, Number(il.quantity));
      this.baseline.set(location, here);
    }
    return (this.baseline.get(location)!.get(msku) ?? 0) + (this.delta.get(positionKey({ msku, at: location })) ?? 0);
  }

  private async exists(msku: string): Promise<boolean> {
    if (!this.items.has(msku)) this.items.set(msku, await this.client.itemExists(msku));
    return this.items.get(msku)!;
  }

  /** Why the row would fail, or undefined. */
  private async problemOf(row: MoveRow, from: string | undefined, to: string | undefined, positions: Position[]) {
    if (!(await this.exists(row.msku))) return `item "${row.msku}" not found`;
    if (to === undefined || !this.locations.has(to)) return `to: location ${to} not found`;
    if (row.fromPurchaseId) {
      if (!this.warnedPurchases)
        await this.warn(
          'purchases cannot be read through the API: rows from a purchase are checked for their item and destination only',
        );
      this.warnedPurchases = true;
      return undefined;
    }
    const source = this.locations.get(from!);
    if (!source) return `from: location ${from} not found`;
    if (!source.canMove) return `from: stock cannot be moved out of location ${from} (type ${source.type})`;
    if (from === to) return 'from and to are the same location';
    for (const p of positions.filter((q) => q.role === 'take')) {
      const has = await this.held(p.msku, p.at!);
      if (has < p.units!)
        return `location ${p.at!} would hold ${has} of "${p.msku}" by then, and the row moves ${p.units!}`;
    }
    return undefined;
  }
}
