/**
 * The scan half of `inv move --scan`: on a terminal a session (each leg sent as it closes, resumed after a kill: see
 * floor/move-session.ts); from stdin, one code a line (a scanner log), the moves sent as one batch once it ends.
 */
import type { Ctx } from '../cli/ctx.js';
import { scanReader } from '../cli/scan-lines.js';
import { canPrompt } from '../cli/prompt.js';
import { jsonText } from '../cli/output/render.js';
import { stateDir } from '../config/paths.js';
import { BatchIncompleteError } from '../errors.js';
import { ROW_RESULTS_VIEW } from './shared/row-results-view.js';

/** What a scan session of moves takes from the batch flags. */
export interface MoveScanOptions {
  retryInDoubt: boolean;
  concurrency: number;
  again: boolean;
  /** --from-purchase: every leg receives from this purchase (units, then the bin they go in). */
  purchase?: string;
}

/** Runs a session on a terminal, or reads a scanner log from stdin and sends its moves as one batch. */
export async function runScan(ctx: Ctx, options: MoveScanOptions): Promise<void> {
  const client = await ctx.inventory();
  const [{ allStock }, { countCodes }, { itemFnsku }, { runScannedMoves }, { batchEnv }] = await Promise.all([
    import('../api/stock.js'),
    import('../count/count-codes.js'),
    import('../api/shipments.js'),
    import('../batch/moves/scanned-moves.js'),
    import('./batch/batch-command.js'),
  ]);
  const stock = async () =>
    (await allStock(client, {})).map((il) => [il.locationId, il.msku, Number(il.quantity)] as [string, string, number]);
  if (!canPrompt(ctx.io, ctx.globals)) return runLog(ctx, options, await stock(), await countCodes(client, new Map()));
  const [{ runMoveSession }, { sessionPath }] = await Promise.all([
    import('../floor/move-session.js'),
    import('../floor/scan-journal.js'),
  ]);
  // A leg's few rows need no progress bar: the line after it says how the leg went.
  const env = { ...(await batchEnv(ctx, 'POST /v1/doMoveItem')), progress: {} };
  const say = async (line: string) => void (await ctx.io.err.write(line + '\n'));
  const legs = options.purchase
    ? `receiving purchase ${options.purchase}: scan the units, then the bin they go in`
    : 'scan a source bin, its units, then the destination bin';
  await say(`${legs} (a number after a unit: that many); "undo"; an empty line ends`);
  const lines = scanReader(ctx.io.stdin, ctx.io.signal, (text) => void ctx.io.err.write(text));
  try {
    const result = await runMoveSession({
      journalPath: sessionPath(stateDir(ctx.io.env), env.profile),
      origin: env.origin,
      purchase: options.purchase,
      now: () => ctx.now(),
      next: () => lines.next(),
      prompt: async (text) => void (await ctx.io.err.write(text)),
      say,
      aborted: () => ctx.io.signal.aborted,
      stock,
      codes: () => countCodes(client, new Map()),
      fnsku: (msku) => itemFnsku(client, msku),
      user: () => env.account(),
      // A leg is a batch by its name alone: never an earlier leg (of this session or another) with the same rows.
      sendLeg: (moves, name) => runScannedMoves(moves, env, { ...options, name, again: false, nameOnly: true }),
    });
    const sum = (key: string) => result.sent.reduce((n, s) => n + Number(s.outcome.summary[key] ?? 0), 0);
    const summary = { outcome: 'ran', session: result.id, legs: result.legs, sent: result.sent.length };
    const counts = { rows: sum('rows'), done: sum('done'), failed: sum('failed'), inDoubt: sum('inDoubt') };
    if (ctx.globals.output === 'json') await ctx.io.out.write(jsonText({ ...summary, ...counts }, ctx.io) + '\n');
    await ctx.info(`session ended: ${result.legs} leg(s), ${counts.done} move(s) done in this run`);
    const incomplete = result.sent.filter((s) => s.outcome.error);
    if (incomplete.length > 0)
      throw new BatchIncompleteError(
        `leg(s) ${incomplete.map((s) => s.leg).join(', ')} not all done`,
        incomplete.map((s) => `inv batch show "${s.batch}"`).join('; '),
      );
  } finally {
    lines.close();
  }
}

/** Reads a scanner log (one code a line) whole, then sends its moves as one batch named after them. */
async function runLog(
  ctx: Ctx,
  options: MoveScanOptions,
  stock: Array<[string, string, number]>,
  codes: Map<string, string>,
): Promise<void> {
  const out = ctx.output(ROW_RESULTS_VIEW);
  const client = await ctx.inventory();
  const [{ itemFnsku }, { readScanLog }] = await Promise.all([
    import('../api/shipments.js'),
    import('../floor/scan-log.js'),
  ]);
  const lines = scanReader(ctx.io.stdin, ctx.io.signal, (text) => void ctx.io.err.write(text));
  let moves;
  try {
    moves = await readScanLog({
      next: () => lines.next(),
      say: async (line) => void (await ctx.io.err.write(line + '\n')),
      aborted: () => ctx.io.signal.aborted,
      stock,
      codes,
      fnsku: (msku) => itemFnsku(client, msku),
      purchase: options.purchase,
    });
  } finally {
    lines.close();
  }
  if (moves.length === 0) return void (await ctx.info('nothing scanned: nothing moved'));
  const [{ runScannedMoves }, { batchEnv, runAndRender }] = await Promise.all([
    import('../batch/moves/scanned-moves.js'),
    import('./batch/batch-command.js'),
  ]);
  await runAndRender(ctx, out, async () => runScannedMoves(moves, await batchEnv(ctx, 'POST /v1/doMoveItem'), options));
}
