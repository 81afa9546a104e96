/** The interactive / piped scan loop of `inv scout`: a compact line (and a bell on buy) on a terminal, NDJSON in a pipe. */
import { createInterface } from 'node:readline';
import { InterruptedError } from '../../errors.js';
import { terminalWidth } from '../../util/io.js';
import type { Ctx } from '../../cli/ctx.js';
import { BuyList, type BuyNaming } from '../../scout/buy-list.js';
import type { Scout } from '../../scout/scan-engine.js';
import { scanLine } from '../../scout/line.js';
import { scanLoop } from '../../scout/loop.js';
import { replyText } from './loop-replies.js';

export interface ScanOptions {
  defaultCost?: number;
  buyList?: string;
  naming: BuyNaming;
}

/** Reads scans until Ctrl-D (exit 0) or Ctrl-C (exit 130), printing each result and, at the end, the tally. */
export async function runScanCommand(ctx: Ctx, scout: Scout, options: ScanOptions): Promise<void> {
  const { io } = ctx;
  const onTerminal = ctx.globals.output === 'table';
  const interactive = io.stdinIsTTY && io.errStream !== undefined;
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  io.signal.addEventListener('abort', onAbort, { once: true });
  const rl = createInterface({
    input: io.stdin,
    output: interactive ? io.errStream : undefined,
    terminal: interactive,
    prompt: 'scan> ',
  });
  rl.on('SIGINT', () => {
    stop.abort();
    rl.close();
  });
  stop.signal.addEventListener('abort', () => rl.close(), { once: true });
  const buyList = options.buyList ? new BuyList(options.buyList, options.naming) : undefined;
  const width = Math.max(60, terminalWidth(io) ?? 100);
  if (interactive) {
    await ctx.info('scan a code (ASIN, UPC, EAN, ISBN), optionally followed by a cost; Ctrl-D ends');
    await ctx.info('? lists the commands (cost 4.50, at lowest-fba, roi 30, undo, total)');
    rl.prompt();
  }
  const { tally, interrupted } = await scanLoop(scout, rl, {
    defaultCost: options.defaultCost,
    signal: stop.signal,
    async onResults(results, t) {
      // Codes pasted together: a prompt drawn after the previous result is still on the line; results replace it.
      if (interactive && onTerminal && io.stdoutIsTTY) await io.out.write('\r\x1b[K');
      await buyList?.add(results.filter((r) => r.verdict === 'buy'));
      for (const r of results) {
        if (onTerminal)
          await io.out.write(
            scanLine(r, width, ctx.color) + (r.verdict === 'buy' && io.stdoutIsTTY ? '\x07' : '') + '\n',
          );
        else await io.out.write(JSON.stringify(r) + '\n');
      }
      if (onTerminal) await io.out.write(ctx.color.dim(`  ${t}`) + '\n');
      if (interactive) rl.prompt();
    },
    async onCommand(reply, t) {
      if (reply.name === 'undo' && reply.undone?.some((r) => r.verdict === 'buy')) await buyList?.undo();
      // Answers are no scans: on stderr, so that a pipe's stdout holds scans only.
      if (reply.name === 'clear') {
        if (interactive) await io.err.write('\x1b[2J\x1b[H');
      } else await io.err.write(replyText(reply) + '\n');
      if (reply.name === 'undo' && onTerminal) await io.out.write(ctx.color.dim(`  ${t}`) + '\n');
      if (interactive) rl.prompt();
    },
  });
  io.signal.removeEventListener('abort', onAbort);
  rl.close();
  if (onTerminal) await io.out.write(`${interactive ? '\n' : ''}tally: ${tally}\n`);
  else if (!ctx.globals.quiet) await io.err.write(`tally: ${tally}\n`);
  if (interrupted) throw new InterruptedError(`interrupted after ${tally.scans} scans`);
}
