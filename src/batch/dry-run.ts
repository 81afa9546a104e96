/** The dry run of a move batch: the journal says which rows are done or in doubt; the rest are simulated in input order against current state. */
import { BatchIncompleteError } from '../errors.js';
import type { InventoryClient } from '../api/inventory.js';
import type { ItemLocation, Location } from '../api/inventory-types.js';
import { identified } from './identified.js';
import type { Prepared } from './prepare.js';
import type { BatchEnv, BatchOutcome, BatchRequest, RowResult, Rows } from './batch-types.js';
import { movePositions, type MoveRow } from './move-rows.js';
import { positionKey, type Position } from './order.js';

/** Checks every row that a real run would send, changing nothing; statuses are would-succeed or would-fail. */
export async function dryRunMoves(
  prepared: Prepared<MoveRow>,
  request: BatchRequest,
  env: BatchEnv,
  rows: Rows,
  client: InventoryClient,
): Promise<BatchOutcome> {
  const started = performance.now();
  const locations = new Map<string, Location>();
  for await (const l of client.list<Location>('locations', { pageSize: 1000 })) locations.set(l.id, l);
  const items = new Map<string, boolean>();
  const baseline = new Map<string, Map<string, number>>(); // location → msku → quantity, read when first needed
  const delta = new Map<string, number>();
  let warnedPurchases = false;

  const held = async (msku: string, location: string): Promise<number> => {
    if (!baseline.has(location)) {
      const here = new Map<string, number>();
      for await (const il of client.list<ItemLocation>('itemLocations', { pageSize: 1000 }, { locationId: location }))
        here.set(il.msku, Number(il.quantity));
      baseline.set(location, here);
    }
    return (baseline.get(location)!.get(msku) ?? 0) + (delta.get(positionKey({ msku, at: location })) ?? 0);
  };
  const exists = async (msku: string): Promise<boolean> => {
    if (!items.has(msku)) {
      items.set(msku, await client.itemExists(msku));
    }
    return items.get(msku)!;
  };
  const problemOf = async (
    row: MoveRow,
    from: string | undefined,
    to: string,
    positions: Position[],
  ): Promise<string | undefined> => {
    if (!(await exists(row.msku))) return `item "${row.msku}" not found`;
    if (!locations.has(to)) return `to: location ${to} not found`;
    if (row.fromPurchaseId) {
      if (!warnedPurchases)
        await env.warn(
          'purchases cannot be read through the API: rows from a purchase are checked for their item and destination only',
        );
      warnedPurchases = true;
      return undefined;
    }
    const source = locations.get(from!);
    if (!source) return `from: location ${from} not found`;
    if (!source.canMove) return `from: stock cannot be moved out of location ${from} (type ${source.type})`;
    if (from === to) return 'from and to are the same location';
    for (const p of positions.filter((q) => q.role === 'take')) {
      const has = await held(p.msku, p.at!);
      if (has < p.units!)
        return `location ${p.at!} would hold ${has} of "${p.msku}" by then, and the row moves ${p.units!}`;
    }
    return undefined;
  };

  const counts = { done: 0, failed: 0, inDoubt: 0, skipped: 0 };
  const problems: RowResult[] = [];
  for await (const item of identified(prepared.kind, rows())) {
    const msku = item.row!.msku;
    const state = prepared.journal.rows.get(item.id!)?.state;
    let result: RowResult;
    if (state === 'done') result = { line: item.line, msku, status: 'skipped', error: 'done in an earlier run' };
    else if (state === 'in-doubt' && !request.retryInDoubt)
      result = {
        line: item.line,
        msku,
        status: 'in-doubt',
        error: 'sent in an earlier run without a sure answer: not sent again',
      };
    else {
      const { from, to } = item.ident!.what as { from?: string; to: string };
      const positions = item.ident!.unresolved ? [] : movePositions(item.ident!.what);
      const problem = item.ident!.unresolved ?? (await problemOf(item.row!, from, to, positions));
      // Simulated in file order, as the run sends rows that touch a common position.
      if (!problem) {
        for (const p of positions)
          delta.set(positionKey(p), (delta.get(positionKey(p)) ?? 0) + (p.role === 'take' ? -p.units! : p.units!));
      }
      result = problem
        ? { line: item.line, msku, status: 'would-fail', error: problem }
        : { line: item.line, msku, status: 'would-succeed' };
    }
    const key =
      result.status === 'would-succeed'
        ? 'done'
        : result.status === 'skipped'
          ? 'skipped'
          : result.status === 'in-doubt'
            ? 'inDoubt'
            : 'failed';
    counts[key]++;
    if (key === 'failed' || key === 'inDoubt') problems.push(result);
    await env.onResult(result);
  }
  const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
  // Nothing is done or failed in a dry run: what would happen has keys of its own.
  const summary = {
    batch: prepared.name,
    rows: prepared.total,
    done: 0,
    failed: 0,
    inDoubt: counts.inDoubt,
    skipped: counts.skipped,
    pending: 0,
    wouldSucceed: counts.done,
    wouldFail: counts.failed,
    stopped: false,
    seconds,
    journal: prepared.path,
    dryRun: true,
  };
  const line = `dry run: ${counts.done} would succeed, ${counts.failed} would fail, ${counts.inDoubt} in doubt, ${counts.skipped} done earlier — batch "${prepared.name}"`;
  const error =
    counts.failed + counts.inDoubt > 0
      ? new BatchIncompleteError(
          `${counts.failed} of ${prepared.total} rows would fail and ${counts.inDoubt} are in doubt`,
          'fix the rows listed, then run without --dry-run',
        )
      : undefined;
  return { summary, problems, line, error };
}
