/** The move batch: how its rows are identified and sent, and the one function that runs it (or its dry run). */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { NotFoundError, UsageError } from '../errors.js';
import type { InventoryClient } from '../api/inventory.js';
import type { LocationNames } from '../api/location-names.js';
import type { BatchEnv, BatchKind, BatchOutcome, BatchRequest, Identified, RowResult, Rows } from './batch-types.js';
import { checkMoveColumns, parseMoveRow, type LocationRef, type MoveRow } from './move-rows.js';

export type MoveResult = RowResult;

export interface MoveBatchRequest extends BatchRequest {
  dryRun: boolean;
}

/** What the command hands the engine: the run's surroundings, minus the spooled input. */
export type MoveBatchEnv = Omit<BatchEnv, 'input'> & {
  stdin: NodeJS.ReadableStream;
  inventory(): Promise<InventoryClient>;
};

async function idOf(names: LocationNames, ref: LocationRef, flag: string): Promise<string> {
  return 'id' in ref ? ref.id : names.id(ref.name, flag);
}

/** Moves: identified by msku, quantity, source and destination ids (names resolved). */
export function moveKind(client: InventoryClient, names: LocationNames): BatchKind<MoveRow> {
  return {
    kind: 'move',
    depth: 1,
    columns: checkMoveColumns,
    parse: parseMoveRow,
    async identify(row): Promise<Identified> {
      const source = (from: string | undefined) => (row.fromPurchaseId ? `purchase ${row.fromPurchaseId}` : `location ${from}`);
      try {
        const to = await idOf(names, row.to, 'to');
        const from = row.from ? await idOf(names, row.from, 'from') : undefined;
        return {
          key: [row.msku, row.quantity, source(from), to],
          what: { msku: row.msku, quantity: row.quantity, ...(from ? { from } : { fromPurchaseId: row.fromPurchaseId }), to },
        };
      } catch (error) {
        if (!(error instanceof NotFoundError || error instanceof UsageError)) throw error;
        const named = (ref: LocationRef | undefined) => (ref ? ('id' in ref ? ref.id : `"${ref.name.toLowerCase()}"`) : undefined);
        return { key: [row.msku, row.quantity, source(named(row.from)), named(row.to)], what: { msku: row.msku, quantity: row.quantity, from: named(row.from) ?? `purchase ${row.fromPurchaseId}`, to: named(row.to) }, unresolved: error.message };
      }
    },
    send(row, ident) {
      const { from, to } = ident.what as { from?: string; to: string };
      const source = row.fromPurchaseId ? { fromPurchaseId: Number(row.fromPurchaseId) } : { fromLocationId: Number(from) };
      return client.moveItem({ msku: row.msku, quantity: row.quantity, ...source, toLocationId: Number(to) });
    },
    units: (row) => row.quantity,
  };
}

/** Spools stdin, so the input can be read twice; hashes it. */
export async function spoolInput(file: string, stdin: NodeJS.ReadableStream, stateDir: string): Promise<BatchEnv['input'] & { cleanup(): Promise<void> }> {
  const { identify } = await import('./spool.js');
  const input = await identify(file, stdin, join(stateDir, 'spool'));
  return { ...input, label: file === '-' ? 'stdin' : file, cleanup: () => (file === '-' ? unlink(input.path).catch(() => undefined) : Promise.resolve()) };
}

/** The rows of the spooled input, read as `kind` wants them. */
export async function rowsOf(kind: BatchKind<unknown>, input: BatchEnv['input'], request: BatchRequest): Promise<Rows> {
  const { readRows } = await import('./input.js');
  return ({ onBytes }) => readRows(input.path, input.label, { format: request.format, encoding: request.encoding, header: kind.columns, depth: kind.depth, onBytes });
}

/** Runs a move batch, or its dry run, and accounts for every row. */
export async function runMoveBatch(request: MoveBatchRequest, env: MoveBatchEnv): Promise<BatchOutcome> {
  const [{ LocationNames }, engine] = await Promise.all([import('../api/location-names.js'), import('./engine.js')]);
  const input = await spoolInput(request.file, env.stdin, env.stateDir);
  try {
    const client = await env.inventory();
    const kind = moveKind(client, new LocationNames(client));
    const full: BatchEnv = { ...env, input };
    const rows = await rowsOf(kind as BatchKind<unknown>, input, request);
    const prepared = await engine.prepare(kind, request, full, rows, { dryRun: request.dryRun });
    if (request.dryRun) {
      const { dryRunMoves } = await import('./dry-run.js');
      return await dryRunMoves(prepared, request, full, rows, client);
    }
    return await engine.send(prepared, request, full, rows, 'moving');
  } finally {
    await input.cleanup();
  }
}
