/** The batch half of `inv move --file`: flags in, the engine's summary and problem rows out. */
import type { MoveResult } from '../batch/move-batch.js';
import type { Ctx } from '../cli/context.js';
import { wholeNumber } from '../cli/input.js';
import type { View } from '../cli/output/view.js';

export interface BatchFlags {
  file?: string;
  format?: string;
  encoding?: string;
  batch?: string;
  dryRun?: boolean;
  retryInDoubt?: boolean;
  concurrency: string;
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
  const concurrency = wholeNumber(flags.concurrency, '--concurrency', 1, 64)!;
  const out = ctx.output(RESULTS_VIEW);
  const [{ runMoveBatch }, { encodingOf }, { batchEnv, renderOutcome }] = await Promise.all([
    import('../batch/move-batch.js'), import('../batch/decode.js'), import('./batch/shared.js'),
  ]);
  const request = {
    file: flags.file!, format: flags.format, encoding: encodingOf(flags.encoding), name: flags.batch,
    dryRun: Boolean(flags.dryRun), retryInDoubt: Boolean(flags.retryInDoubt), concurrency,
  };
  await renderOutcome(ctx, out, await runMoveBatch(request, await batchEnv(ctx)));
}
