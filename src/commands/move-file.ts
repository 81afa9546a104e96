/** The batch half of `inv move --file`: flags in, the engine's summary and problem rows out. */
import type { MoveResult } from '../batch/move-batch.js';
import type { Ctx } from '../cli/context.js';
import type { View } from '../cli/output/view.js';
import type { BatchRequestFlags } from './batch/batch-command.js';

export interface BatchFlags extends BatchRequestFlags {
  file?: string;
  dryRun?: boolean;
}

const RESULTS_VIEW: View<MoveResult> = {
  kind: 'list',
  fields: ['line', 'msku', 'status', 'error', 'itemLocation'],
  columns: [
    { key: 'line', header: 'line', align: 'right' },
    { key: 'msku', header: 'msku' },
    { key: 'status', header: 'status' },
    { key: 'error', header: 'why' },
  ],
};

/** Runs `inv move --file` (or its --dry-run). */
export async function runBatch(ctx: Ctx, flags: BatchFlags): Promise<void> {
  const [{ runMoveBatch }, { batchEnv, batchRequest, runAndRender }] = await Promise.all([
    import('../batch/move-batch.js'),
    import('./batch/batch-command.js'),
  ]);
  const request = { ...batchRequest(flags.file!, flags), dryRun: Boolean(flags.dryRun) };
  const out = ctx.output(RESULTS_VIEW);
  await runAndRender(ctx, out, async () => runMoveBatch(request, await batchEnv(ctx)));
}
