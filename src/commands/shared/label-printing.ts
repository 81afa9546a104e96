/** What the label commands need to print: the profile's labels.printer and where jobs sent are remembered. */
import type { Ctx } from '../../cli/ctx.js';
import { stateDir } from '../../config/paths.js';
import type { PrintEnv } from '../../labels/print-labels.js';

/** The printer `--printer` alone means (labels.printer), and the surroundings of a print job. */
export async function labelPrinting(ctx: Ctx): Promise<{ stored?: string; print: Omit<PrintEnv, 'reprint'> }> {
  const settings = await ctx.settings();
  return {
    stored: settings.stored.labels?.printer,
    print: { stateDir: stateDir(ctx.io.env), now: () => ctx.now(), PATH: ctx.io.env.PATH, signal: ctx.io.signal },
  };
}
