/** Scanned moves sent as a move batch: one row per msku and quantity of each leg, named after the rows. */
import type { BatchOutcome, BatchRunEnv } from '../batch-types.js';
import { withRowsFile } from '../input/rows-file.js';
import { runMoveBatch } from './move-batch.js';

/**
 * Runs the moves of a scan session (or one leg of it) as a batch: named `name`, or after its rows (the same scans
 * replayed are the same batch: nothing twice); `again` sends a finished one once more; `target` 1: the batch's first
 * generation, continued if it exists, never taken for another batch of the same rows.
 */
export async function runScannedMoves(
  moves: ReadonlyArray<{ msku: string; quantity: number; from?: string; fromPurchaseId?: string; to: string }>,
  env: BatchRunEnv,
  options: { retryInDoubt: boolean; concurrency: number; again: boolean; name?: string; nameOnly?: boolean },
): Promise<BatchOutcome> {
  const rows = moves.map((m) => ({
    msku: m.msku,
    quantity: m.quantity,
    ...(m.from === undefined ? { fromPurchaseId: m.fromPurchaseId } : { fromLocationId: m.from }),
    toLocationId: m.to,
  }));
  return withRowsFile(env.stateDir, rows, (file, digest) =>
    runMoveBatch(
      { file, format: 'ndjson', dryRun: false, ...options, name: options.name ?? `scanned moves ${digest}` },
      env,
    ),
  );
}
