/**
 * The scan half of `inv count --scan`: a line a scan (a unit), a quantity after a scan, "undo", an empty line to end;
 * on a terminal with a prompt and the running count, elsewhere the same codes one a line from stdin.
 */
import type { Ctx } from '../../cli/ctx.js';
import { scanReader } from '../../cli/scan-lines.js';
import { canPrompt } from '../../cli/prompt.js';
import { InputNeededError, InterruptedError, UsageError } from '../../errors.js';
import { binCode, binCodeId } from '../../api/bin-code.js';
import type { BinStock } from '../../count/count-plan.js';
import { mskuOf } from '../../count/count-codes.js';
import { countLine, MAX_SCAN_QUANTITY, CountTally } from '../../count/count-tally.js';

/**
 * Reads scans until an empty line or the end of input; resolves to the units counted per msku. A code that names no
 * item rings and is refused on a terminal; read from stdin (a replayed log, no one to scan again) it refuses the count.
 */
export async function scanCount(
  ctx: Ctx,
  location: { id: string; display: string },
  start: BinStock,
  codes: ReadonlyMap<string, string>,
): Promise<Map<string, number>> {
  const terminal = canPrompt(ctx.io, ctx.globals);
  const say = (line: string) => ctx.io.err.write(line + '\n');
  const refuse = async (why: string) => {
    if (!terminal)
      throw new UsageError(`stdin: ${why}`, 'fix the scans and run the same command again: nothing was set');
    await say(`\x07✗ ${why}: refused`);
  };
  const tally = new CountTally();
  const held = (msku: string) => start.get(msku)?.quantity ?? 'none';
  if (terminal)
    await say(
      `counting ${location.display} (${binCode(location.id)}): scan each unit; a number after a scan is its ` +
        'quantity; "undo" takes the last scan back; an empty line ends the count',
    );
  const lines = scanReader(ctx.io.stdin, ctx.io.signal, (text) => void ctx.io.err.write(text));
  try {
    for (let n = 1; ; n++) {
      if (terminal) await ctx.io.err.write(`count ${location.display}> `);
      const text = await lines.next();
      if (ctx.io.signal.aborted) throw new InterruptedError('interrupted: the count was not set');
      if (text === undefined) break;
      const line = countLine(text);
      if (line.t === 'end') break;
      if (line.t === 'undo') {
        const back = tally.undo();
        if (back) await say(`↶ took back ${back.units} × ${back.msku} · ${back.msku} counted ${tally.of(back.msku)}`);
        else await refuse(`line ${n}: nothing to undo`);
      } else if (line.t === 'quantity') {
        const last = line.quantity <= MAX_SCAN_QUANTITY ? tally.setLast(line.quantity) : undefined;
        if (last)
          await say(`✓ ${last.msku} × ${line.quantity} · counted ${tally.of(last.msku)} (server ${held(last.msku)})`);
        else await refuse(`line ${n}: a quantity needs a scan before it`);
      } else {
        const bin = binCodeId(line.code);
        const msku = bin === undefined ? mskuOf(codes, line.code) : undefined;
        if (bin === location.id) continue;
        if (bin !== undefined)
          await refuse(`line ${n}: ${line.code} is another bin (this count is of ${location.display})`);
        else if (!msku) await refuse(`line ${n}: "${line.code}" is no item's msku, FNSKU or UPC/EAN`);
        else {
          tally.add(msku);
          await say(`✓ ${msku} · counted ${tally.of(msku)} (server ${held(msku)})`);
        }
      }
    }
  } finally {
    lines.close();
  }
  // Nothing scanned is far likelier a scanner not read than an empty bin: it would set every position of the bin to 0.
  if (tally.totals().size === 0)
    throw new InputNeededError('a scan', 'the codes one a line (an empty bin: --file with its items at quantity 0)');
  return tally.totals();
}
