/** The batch half of `inv move --file`: its flags into the engine's request, and the engine's summary and problem rows out. */
import type { MoveBatchRequest } from '../batch/moves/move-batch.js';
import type { Ctx } from '../cli/ctx.js';
import { UsageError } from '../errors.js';
import { batchRequest, type BatchRequestFlags } from './batch/batch-request.js';
import { ROW_RESULTS_VIEW } from './shared/row-results-view.js';

export interface BatchFlags extends BatchRequestFlags {
  file?: string;
  dryRun?: boolean;
}

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
  const out = ctx.output(ROW_RESULTS_VIEW);
  await runAndRender(ctx, out, async () => runMoveBatch(request, await batchEnv(ctx, 'POST /v1/doMoveItem')));
}
