/** A sandbox for batch tests: four bays (A holds plenty of 10 items), a purchase, and the arithmetic of expected quantities. */
import { inventoryFixture, type InventoryFixture } from './inventory.js';
import type { SandboxOptions } from '../../src/sandbox/index.js';

export const MSKUS = Array.from({ length: 10 }, (_, i) => `C-${i}`);
export const START = 100_000;

export interface Row {
  msku: string;
  quantity: number;
  from?: string;
  fromPurchaseId?: string;
  to: string;
}

export interface BatchFixture extends InventoryFixture {
  /** Location ids of bays A, B, C (a shipment) and D. */
  bays: { A: string; B: string; C: string; D: string };
  /** Quantities of every msku in every bay, and received from the purchase. */
  quantities(): Record<string, number>;
  /** What the quantities must become once every row is applied exactly once. */
  expected(before: Record<string, number>, rows: Row[]): Record<string, number>;
  /** doMoveItem requests received. */
  moves(): number;
}

/** Starts an empty sandbox with bays A-D, items C-0..C-9 (START of each in A) and purchase 9001. */
export async function batchFixture(options: SandboxOptions = {}): Promise<BatchFixture> {
  const fx = await inventoryFixture({ seed: 'empty', ...options });
  const { account } = fx.sandbox;
  const bays = { A: '', B: '', C: '', D: '' };
  for (const [name, type] of [
    ['A', 'shelf'],
    ['B', 'shelf'],
    ['C', 'shipment'],
    ['D', 'shelf'],
  ] as const) {
    const id = account.nextLocationId();
    account.putLocation({
      id,
      display: `Bay ${name}`,
      order: 1,
      type,
      ref: null,
      notes: null,
      created: account.now(),
      modified: null,
    });
    bays[name] = id;
  }
  for (const msku of MSKUS) {
    account.putItem({
      msku,
      inactive: 'n',
      productId: null,
      productIdType: null,
      title: msku,
      manufacturer: null,
      image: null,
      type: null,
      cond: 'new',
      notes: null,
      createdUserId: '1001',
      created: account.now(),
      value: null,
      rank: null,
      modified: null,
      attributes: [],
    });
    account.adjustStock(account.ensureStock(msku, bays.A).id, START);
  }
  account.state.purchases['9001'] = {
    id: '9001',
    supplier: 'Test',
    items: Object.fromEntries(
      MSKUS.map((m, i) => [m, { purchaseItemId: String(8000 + i), msku: m, qtyOrdered: 1_000_000, qtyReceived: 0 }]),
    ),
  };
  const quantities = () =>
    Object.fromEntries(
      MSKUS.flatMap((m) => [
        ...Object.entries(bays).map(([name, id]) => [`${m}@${name}`, account.stockOf(m, id)?.quantity ?? 0]),
        [`${m}@PO`, account.state.purchases['9001']!.items[m]!.qtyReceived],
      ]),
    );
  const expected = (before: Record<string, number>, rows: Row[]) => {
    const after = { ...before };
    const bay = (ref: string) => Object.entries(bays).find(([name, id]) => ref === id || ref === `Bay ${name}`)![0];
    for (const r of rows) {
      if (r.fromPurchaseId) after[`${r.msku}@PO`]! += r.quantity;
      else after[`${r.msku}@${bay(r.from!)}`]! -= r.quantity;
      after[`${r.msku}@${bay(r.to)}`]! += r.quantity;
    }
    return after;
  };
  return { ...fx, bays, quantities, expected, moves: () => fx.sandbox.inventory.stats.count('/v1/doMoveItem', 'POST') };
}

/**
 * `count` moves out of bay A (by id or by name) or from purchase 9001, into B, C or D. Each salt moves
 * quantities of its own, so that two inputs of one fixture never repeat each other's moves (a batch is
 * known by what its rows do: such an input would be refused as a repeat).
 */
export function makeRows(fx: BatchFixture, count: number, salt: number): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const to = (['B', 'C', 'D'] as const)[(i + salt) % 3]!;
    const row: Row = {
      msku: MSKUS[(i * 7 + salt) % 10]!,
      quantity: 1 + ((i + salt) % 5) + 5 * salt,
      to: i % 4 === 0 ? `Bay ${to}` : fx.bays[to],
    };
    if (i % 9 === 0) row.fromPurchaseId = '9001';
    else row.from = i % 5 === 0 ? 'Bay A' : fx.bays.A;
    return row;
  });
}

/** Rows as a CSV file's text. */
export function csv(rows: Row[]): string {
  return (
    'msku,quantity,from,to,fromPurchaseId\n' +
    rows.map((r) => `${r.msku},${r.quantity},${r.from ?? ''},${r.to},${r.fromPurchaseId ?? ''}`).join('\n') +
    '\n'
  );
}

/** The ndjson lines of a batch run's stdout. */
export function results(
  stdout: string,
): Array<{ line: number; status: string; error?: string; msku?: string | null; itemLocation?: unknown }> {
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { line: number; status: string });
}
