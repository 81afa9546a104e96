/** A dry run of a move batch: every row checked against current state (items, locations, stock at each source), nothing changed. */
import { InvError, NotFoundError } from '../errors.js';
import { mapLimit } from '../api/concurrency.js';
import type { InventoryClient } from '../api/inventory.js';
import type { ItemLocation } from '../api/inventory-types.js';
import type { LocationNames } from '../api/location-names.js';
import type { InputRow } from './input.js';
import { parseMoveRow, type MoveRow } from './move-rows.js';
import type { MoveResult } from './moves.js';

export interface DryRunOptions {
  rows: AsyncIterable<InputRow>;
  client: InventoryClient;
  names: LocationNames;
  onResult(result: MoveResult): void | Promise<void>;
  /** Told of checks that could not be made. */
  warn(message: string): void | Promise<void>;
}

type Resolved = MoveRow & { toId?: string; fromId?: string; problem?: string };

/** Checks every row; reports each as done ("would succeed") or failed/invalid, in input order. */
export async function dryRunMoves(options: DryRunOptions): Promise<void> {
  const { client, names } = options;
  const rows: Array<Resolved | { line: number; msku: string | null; invalid: string }> = [];
  for await (const input of options.rows) {
    const parsed = input.record ? parseMoveRow(input.line, input.record) : { problem: input.error ?? 'unreadable' };
    if ('problem' in parsed) {
      rows.push({ line: input.line, msku: typeof input.record?.msku === 'string' ? input.record.msku : null, invalid: parsed.problem });
      continue;
    }
    const row: Resolved = { ...parsed.row };
    try {
      row.toId = await names.id(row.to, 'to');
      if (row.from !== undefined) row.fromId = await names.id(row.from, 'from');
    } catch (error) {
      if (!(error instanceof InvError)) throw error;
      row.problem = error.message;
    }
    rows.push(row);
  }
  const moves = rows.filter((r): r is Resolved => !('invalid' in r) && !r.problem);

  const locations = new Map((await names.list()).map((l) => [l.id, l]));
  const missingItems = new Set<string>();
  await mapLimit([...new Set(moves.map((r) => r.msku))], 8, async (msku) => {
    await client.item(msku).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
      missingItems.add(msku);
    });
  });
  // What each source holds: one listing per source location (the sandbox's itemLocations listing).
  const held = new Map<string, number>();
  const sources = [...new Set(moves.flatMap((r) => (r.fromId ? [r.fromId] : [])))];
  let quantitiesKnown = true;
  await mapLimit(sources, 4, async (locationId) => {
    try {
      for await (const il of client.list<ItemLocation>('itemLocations', { pageSize: 1000 }, { locationId })) held.set(`${il.msku}\0${locationId}`, Number(il.quantity));
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      quantitiesKnown = false;
    }
  });
  if (!quantitiesKnown) await options.warn('the service cannot list stock per location, so quantities at the sources were not checked');
  const need = new Map<string, number>();
  for (const r of moves) if (r.fromId) need.set(`${r.msku}\0${r.fromId}`, (need.get(`${r.msku}\0${r.fromId}`) ?? 0) + r.quantity);

  for (const r of rows) {
    if ('invalid' in r) {
      await options.onResult({ line: r.line, msku: r.msku, status: 'invalid', error: r.invalid });
      continue;
    }
    const problem = r.problem ?? problemOf(r);
    await options.onResult({ line: r.line, msku: r.msku, status: problem ? 'failed' : 'done', error: problem });
  }

  function problemOf(r: Resolved): string | undefined {
    if (missingItems.has(r.msku)) return `item "${r.msku}" not found`;
    if (!locations.has(r.toId!)) return `to: location ${r.toId} not found`;
    if (!r.fromId) return undefined;
    const from = locations.get(r.fromId);
    if (!from) return `from: location ${r.fromId} not found`;
    if (!from.canMove) return `from: stock cannot be moved out of location ${from.id} (type ${from.type})`;
    if (r.fromId === r.toId) return 'from and to are the same location';
    if (!quantitiesKnown) return undefined;
    const key = `${r.msku}\0${r.fromId}`;
    const has = held.get(key) ?? 0;
    const wanted = need.get(key)!;
    return has < wanted ? `location ${r.fromId} holds ${has} of "${r.msku}", but the rows drawing on it need ${wanted} in all` : undefined;
  }
}
