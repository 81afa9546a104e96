/** The move batch: how its rows are identified and sent, and the function that runs it (or its dry run). */
import { NotFoundError, UsageError } from '../../errors.js';
import type { InventoryClient } from '../../api/inventory.js';
import { LocationNames } from '../../api/location-names.js';
import { runJournaledBatch } from '../batch-run.js';
import type { BatchKind, BatchOutcome, BatchRequest, BatchRunEnv, Identified } from '../batch-types.js';
import { dryRunMoves } from './move-dry-run.js';
import {
  checkMoveColumns,
  movePositions,
  parseMoveRow,
  type LocationRef,
  type MoveRow,
  type MoveWhat,
} from './move-rows.js';

export interface MoveBatchRequest extends BatchRequest {
  dryRun: boolean;
}

async function idOf(names: LocationNames, ref: LocationRef, flag: string): Promise<string> {
  return 'id' in ref ? ref.id : names.id(ref.name, flag);
}

/** Moves: identified by msku, quantity, source and destination ids (names resolved). */
export function moveKind(client: InventoryClient, names: LocationNames): BatchKind<MoveRow, MoveWhat> {
  return {
    kind: 'move',
    depth: 1,
    columns: checkMoveColumns,
    parse: parseMoveRow,
    async identify(row): Promise<Identified<MoveWhat>> {
      const source = (from: string | undefined) =>
        row.fromPurchaseId ? `purchase ${row.fromPurchaseId}` : `location ${from}`;
      try {
        const to = await idOf(names, row.to, 'to');
        const from = row.from ? await idOf(names, row.from, 'from') : undefined;
        if (from === to) throw new UsageError(`from and to are the same location (${to}): a move needs two`);
        return {
          key: [row.msku, row.quantity, source(from), to],
          what: {
            msku: row.msku,
            quantity: row.quantity,
            ...(from ? { from } : { fromPurchaseId: row.fromPurchaseId }),
            to,
          },
        };
      } catch (error) {
        if (!(error instanceof NotFoundError || error instanceof UsageError)) throw error;
        const named = (ref: LocationRef | undefined) =>
          ref ? ('id' in ref ? ref.id : `"${ref.name.toLowerCase()}"`) : undefined;
        return {
          key: [row.msku, row.quantity, source(named(row.from)), named(row.to)],
          what: {
            msku: row.msku,
            quantity: row.quantity,
            from: named(row.from) ?? `purchase ${row.fromPurchaseId}`,
            to: named(row.to),
          },
          unresolved: error.message,
        };
      }
    },
    positions: (_row, ident) => movePositions(ident.what),
    send(row, ident) {
      const { from, to } = ident.what;
      const source = row.fromPurchaseId
        ? { fromPurchaseId: Number(row.fromPurchaseId) }
        : { fromLocationId: Number(from) };
      return client.moveItem({ msku: row.msku, quantity: row.quantity, ...source, toLocationId: Number(to) });
    },
    async describe(what) {
      const byId = await names.byId().catch(() => new Map<string, { display: string }>());
      const place = (id: unknown) =>
        typeof id === 'string' && byId.has(id) ? `${byId.get(id)!.display} (${id})` : String(id);
      const from = what.fromPurchaseId !== undefined ? `purchase ${String(what.fromPurchaseId)}` : place(what.from);
      return `msku ${String(what.msku)}, quantity ${String(what.quantity)}, from ${from}, to ${place(what.to)}`;
    },
    units: (row) => row.quantity,
    resultFields: (answer) => (answer && typeof answer === 'object' ? { itemLocation: answer } : {}),
  };
}

/** Runs a move batch, or its dry run, and accounts for every row. */
export async function runMoveBatch(request: MoveBatchRequest, env: BatchRunEnv): Promise<BatchOutcome> {
  return runJournaledBatch(request, env, {
    kind: (client) => moveKind(client, new LocationNames(client)),
    label: 'moving',
    dryRun: request.dryRun
      ? (prepared, full, rows, client) => dryRunMoves(prepared, request, full, rows, client)
      : undefined,
  });
}
