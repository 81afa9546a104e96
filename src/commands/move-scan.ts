/**
 * The scan half of `inv move --scan`: legs of a source bin, units and a destination bin, read from a terminal (with a
 * prompt, a ring at a refused scan) or one code a line from stdin; the moves sent as a batch once the session ends.
 */
import type { Ctx } from '../cli/ctx.js';
import { lineReader } from '../cli/lines.js';
import { canPrompt } from '../cli/prompt.js';
import { InterruptedError, UsageError } from '../errors.js';
import { ROW_RESULTS_VIEW } from './shared/row-results-view.js';

/** What a scan session of moves takes from the batch flags. */
export interface MoveScanOptions {
  retryInDoubt: boolean;
  concurrency: number;
  again: boolean;
}

/** Reads the legs until an empty line (or the end of stdin), then sends their moves with the batch engine. */
export async function runScan(ctx: Ctx, options: MoveScanOptions): Promise<void> {
  const out = ctx.output(ROW_RESULTS_VIEW);
  const client = await ctx.inventory();
  const [{ allStock }, { countCodes }, { itemFnsku }, { ScanLegs }] = await Promise.all([
    import('../api/stock.js'),
    import('../count/count-codes.js'),
    import('../api/shipments.js'),
    import('../floor/scan-legs.js'),
  ]);
  const stock = await allStock(client, {});
  const held = new Map(stock.map((il) => [`${il.locationId}\0${il.msku}`, Number(il.quantity)]));
  const codes = await countCodes(client, new Map());
  const legs = new ScanLegs((bin, msku) => held.get(`${bin}\0${msku}`) ?? 0, codes);
  const withFnskus = new Set<string>();
  const terminal = canPrompt(ctx.io, ctx.globals);
  const say = (line: string) => ctx.io.err.write(line + '\n');
  if (terminal)
    await say(
      'scan a source bin, its units (a number after a unit: that many), then the destination bin; "undo"; an empty line ends',
    );
  const lines = lineReader(ctx.io.stdin, ctx.io.signal);
  try {
    for (let n = 1; ; n++) {
      if (terminal) await ctx.io.err.write('move> ');
      const text = await lines.next();
      if (ctx.io.signal.aborted) throw new InterruptedError('interrupted: nothing was moved');
      const step = legs.step(text ?? '');
      if ('end' in step) break;
      if (!step.ok) {
        if (!terminal || text === undefined)
          throw new UsageError(`line ${n}: ${step.why}`, 'fix the scans and run again: nothing was moved');
        await say(`\x07✗ ${step.why}: refused`);
        continue;
      }
      await say(step.say);
      // A bin's units may be scanned by FNSKU: read (a one-unit plan per msku) when it is first a source.
      for (const il of stock.filter((s) => s.locationId === step.opened && !withFnskus.has(s.msku))) {
        withFnskus.add(il.msku);
        const fnsku = await itemFnsku(client, il.msku);
        if (fnsku) codes.set(fnsku, il.msku);
      }
    }
  } finally {
    lines.close();
  }
  if (legs.moves.length === 0) {
    await ctx.info('nothing scanned: nothing moved');
    return;
  }
  const [{ runScannedMoves }, { batchEnv, runAndRender }] = await Promise.all([
    import('../batch/moves/scanned-moves.js'),
    import('./batch/batch-command.js'),
  ]);
  await runAndRender(ctx, out, async () =>
    runScannedMoves(legs.moves, await batchEnv(ctx, 'POST /v1/doMoveItem'), options),
  );
}
