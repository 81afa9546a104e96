/** Opening label URLs in the browser (`label --open`, `send-to-fba --open-labels`), and saying so where none can open. */
import type { Ctx } from '../../cli/ctx.js';
import { InvError, NoBrowserError } from '../../errors.js';
import { terminalSafe } from '../../util/sanitize.js';

/**
 * Opens each URL; a URL the browser may not be given (server text off the origin) is refused with a note. Where no
 * browser can open, or one does not start, it throws a NoBrowserError (exit 7) listing the URLs not opened.
 */
export async function openUrls(ctx: Ctx, urls: readonly string[], options: { origin?: string } = {}): Promise<void> {
  const { noBrowserHere } = await import('../../cli/browser.js');
  const shown = urls.map((u) => terminalSafe(u));
  if (noBrowserHere(ctx.io.env)) throw new NoBrowserError(shown, 'no browser here (no BROWSER, no display)');
  const missed: string[] = [];
  let why = '';
  for (const [i, url] of urls.entries()) {
    await ctx.browser.open(url, options).catch(async (error: Error) => {
      if (error instanceof InvError) return ctx.info(error.message);
      missed.push(shown[i]!);
      why = `the browser did not start (${error.message})`;
    });
  }
  if (missed.length > 0) throw new NoBrowserError(missed, why);
}
