/** The batch half of `inv move --file`: journal, progress, results and summary. */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { BatchIncompleteError, InterruptedError } from '../errors.js';
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
  const [{ readRows }, { checkMoveColumns }, { identify }, { Progress }, { LocationNames }] = await Promise.all([
    import('../batch/input.js'), import('../batch/move-rows.js'), import('../batch/spool.js'), import('../batch/progress.js'), import('../api/location-names.js'),
  ]);
  const settings = await ctx.settings();
  const dir = stateDir(ctx.io.env);
  const input = await identify(flags.file!, ctx.io.stdin, join(dir, 'spool'));
  const rows = readRows(input.path, ctx.io.stdin, { format: flags.format, header: checkMoveColumns });
  const client = await ctx.inventory();
  const names = new LocationNames(client);
  const progress = new Progress(flags.dryRun ? 'checking moves' : 'moving', ctx.progressStream);
  const notDone: MoveResult[] = [];
  const ndjson = ctx.globals.output === 'ndjson';
  const onResult = (result: MoveResult) => {
    progress.tick(result.status === 'done' ? 'done' : result.status === 'skipped' ? 'skipped' : result.status === 'in-doubt' ? 'inDoubt' : 'failed');
    if (result.status !== 'done' && result.status !== 'skipped') notDone.push(result);
    // Only ndjson writes per row, and only then is there backpressure to wait for.
    return ndjson ? ctx.io.out.write(JSON.stringify(result) + '\n') : undefined;
  };
  let stopped = false;
  let journalPath: string | undefined;
  try {
    if (flags.dryRun) {
      const { dryRunMoves } = await import('../batch/dry-run.js');
      await dryRunMoves({ rows, client, names, onResult, warn: (m) => ctx.info(`warning: ${m}`) });
    } else {
      const { Journal, journalPath: pathOf, readJournal } = await import('../batch/journal.js');
      journalPath = pathOf(dir, 'move', settings.profile, input.hash);
      const earlier = await readJournal(journalPath);
      const journal = await Journal.open(journalPath, { started: new Date().toISOString(), input: flags.file, retryInDoubt: Boolean(flags.retryInDoubt) });
      const { runMoves } = await import('../batch/moves.js');
      try {
        ({ stopped } = await runMoves({ rows, client, names, journal, earlier, retryInDoubt: Boolean(flags.retryInDoubt), concurrency, signal: ctx.io.signal, onResult }));
      } finally {
        await journal.close();
      }
    }
  } finally {
    progress.finish();
    if (flags.file === '-') await unlink(input.path).catch(() => undefined);
  }
  const { done, failed, inDoubt, skipped } = progress.counts;
  const summary = { rows: done + failed + inDoubt + skipped, [flags.dryRun ? 'wouldSucceed' : 'done']: done, failed, inDoubt, skipped, stopped, seconds: Number(progress.seconds.toFixed(2)), journal: journalPath ?? null };
  if (ctx.globals.output === 'json') await ctx.io.out.write(jsonText({ ...summary, problems: notDone }, ctx.io) + '\n');
  else if (!ndjson && notDone.length > 0) await out.render(notDone);
  const verb = flags.dryRun ? 'would succeed' : 'moved';
  const mark = failed + inDoubt === 0 ? ctx.color.green('✓') : ctx.color.yellow('!');
  await ctx.info(`${mark} ${done} ${verb}, ${failed} failed, ${inDoubt} in doubt, ${skipped} skipped (done earlier) in ${summary.seconds} s${journalPath ? ` — journal ${journalPath}` : ''}`);
  if (stopped) throw new InterruptedError('stopped before the end: the journal is kept; run the same command again to continue');
  if (failed + inDoubt > 0) {
    throw new BatchIncompleteError(
      flags.dryRun ? `${failed} of ${summary.rows} rows would fail` : `${failed} rows failed and ${inDoubt} are in doubt`,
      flags.dryRun ? 'fix the rows listed, then run without --dry-run' : 'fix the failed rows and run the same file again (done rows are skipped); check rows in doubt before --retry-in-doubt',
    );
  }
}
