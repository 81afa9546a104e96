/** The ship-from address of carton labels: --ship-from, else the profile's pack.shipFrom, else asked once on a terminal and kept. */
import type { Ctx } from '../../cli/ctx.js';
import { setPath } from '../../config/schema.js';
import { UsageError } from '../../errors.js';
import { addressLines } from '../../pack/cartons.js';

/** The address lines to print as ship-from. */
export async function shipFrom(ctx: Ctx, flag: string | undefined): Promise<string[]> {
  const check = (text: string) =>
    addressLines(text).length < 2
      ? 'give at least a name and a street, lines separated by "|"'
      : text.length > 300
        ? 'at most 300 characters'
        : undefined;
  if (flag !== undefined) {
    const fault = check(flag);
    if (fault) throw new UsageError(`--ship-from "${flag}": ${fault}`);
    return addressLines(flag);
  }
  const settings = await ctx.settings();
  const stored = settings.stored.pack?.shipFrom;
  if (stored) return addressLines(stored);
  const answer = await ctx.ask({
    what: 'the ship-from address for carton labels',
    flag: '--ship-from "Name|Street|City, ST ZIP|Country" (or inv config set pack.shipFrom ...)',
    message: 'Ship-from address (lines separated by "|"; kept in this profile):',
    validate: check,
  });
  await (await ctx.config()).updateProfile(settings.profile, (p) => setPath(p, 'pack.shipFrom', answer));
  return addressLines(answer);
}
