/** The batch half of `inv move --file`: flags in, the engine's summary and problem rows out. */
import type { MoveResult } from '../batch/moves.js';
import type { Ctx } from '../cli/context.js';
import { wholeNumber } from '../cli/input.js';
import { jsonText } from '../cli/output/render.js';
import type { View } from '../cli/output/view.js';
import { stateDir } from '../config/paths.js';

export interface BatchFlags {
  file?: string;
  format?: string;
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
  const { runMoveBatch } = await import('../batch/move-batch.js');
  const settings = await ctx.settings();
  const ndjson = ctx.globals.output === 'ndjson';
  const outcome = await runMoveBatch(
    { file: flags.file!, format: flags.format, dryRun: Boolean(flags.dryRun), retryInDoubt: Boolean(flags.retryInDoubt), concurrency },
    {
      stdin: ctx.io.stdin, stateDir: stateDir(ctx.io.env), profile: settings.profile, inventory: () => ctx.inventory(),
      signal: ctx.io.signal, progressStream: ctx.progressStream, warn: (m) => ctx.info(`warning: ${m}`),
      // Only ndjson writes per row, and only then is there backpressure to wait for.
      onResult: (result) => (ndjson ? ctx.io.out.write(JSON.stringify(result) + '\n') : undefined),
    },
  );
  if (ctx.globals.output === 'json') await ctx.io.out.write(jsonText({ ...outcome.summary, problems: outcome.problems }, ctx.io) + '\n');
  else if (!ndjson && outcome.problems.length > 0) await out.render(outcome.problems);
  await ctx.info(`${outcome.error ? ctx.color.yellow('!') : ctx.color.green('✓')} ${outcome.line}`);
  if (outcome.error) throw outcome.error;
}
