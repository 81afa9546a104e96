/** The batch half of `inv move --file`: its flags into the engine's request, and the engine's summary and problem rows out. */
import type { MoveBatchRequest, MoveResult } from '../batch/moves/move-batch.js';
import type { Ctx } from '../cli/ctx.js';
import type { View } from '../cli/output/view.js';
import { UsageError } from '../errors.js';
import { batchRequest, type BatchRequestFlags } from './batch/batch-request.js';

export interface BatchFlags extends BatchRequestFlags {
  file?: string;
  dryRun?: boolean;
}

/** The rows of a move batch that are not done, as a table. */
export const RESULTS_VIEW: View<MoveResult> = {
  kind: 'list',
  fields: ['line', 'msku', 'status', 'error', 'itemLocation'],
  columns: [
    { key: 'line', header: 'line', align: 'right' },
    { key: 'msku', header: 'msku' },
    { key: 'status', header: 'status' },
    { key: 'error', header: 'why' },
  ],
};

/** The batch `inv move --file FILE` asks for; `moveGiven` when a move was also given as arguments or flags. */
export function parseBatch(file: string, flags: BatchFlags, moveGiven: boolean): MoveBatchRequest {
  if (moveGiven) throw new UsageError('--file runs a batch: give the moves in the file, not as arguments');
  return { ...batchRequest(file, flags), dryRun: Boolean(flags.dryRun) };
}

/** Runs `inv move --file` (or its --dry-run). */
export async function runBatch(ctx: Ctx, request: MoveBatchRequest): Promise<void> {
  const [{ runMoveBatch }, { batchEnv, runAndRender }] = await Promise.all([
    import('../batch/moves/move-batch.js'),
    import('./batch/batch-command.js'),
  ]);
  const out = ctx.output(RESULTS_VIEW);
  await runAndRender(ctx, out, async () => runMoveBatch(request, await batchEnv(ctx, 'POST /v1/doMoveItem')));
}
