/** inv move MSKU QTY --from LOC|--from-purchase ID --to LOC, or a batch: inv move --file FILE|-. */
import type { Command } from 'commander';
import { InputNeededError, UsageError } from '../errors.js';
import type { Location } from '../api/inventory-types.js';
import type { Ctx } from '../cli/context.js';
import type { Runner } from '../cli/command.js';
import { canPrompt } from '../cli/prompt.js';
import { runBatch, type BatchFlags } from './move-batch.js';
import { ITEM_LOCATION_VIEW } from './views.js';

export interface MoveFlags extends BatchFlags {
  from?: string;
  fromPurchase?: string;
  to?: string;
}

/** A location by id or name, or picked from a list on a terminal (exit 7 naming `flag` elsewhere). */
export async function locationArg(ctx: Ctx, given: string | undefined, flag: string, what: string, names: import('../api/location-names.js').LocationNames, allowed?: (l: Location) => boolean): Promise<string> {
  if (given !== undefined) return names.id(given, flag);
  if (!canPrompt(ctx.io, ctx.globals)) throw new InputNeededError(what, flag);
  const choices = (await names.list()).filter((l) => !allowed || allowed(l)).map((l) => `${l.id}  ${l.display} (${l.type})`);
  const picked = await ctx.choose({ what, flag, message: `${what[0]!.toUpperCase()}${what.slice(1)}:`, choices });
  return picked.split(' ')[0]!;
}

/** A positive whole quantity. */
export function parseQuantity(text: string): number {
  if (!/^\d{1,9}$/.test(text.trim()) || Number(text) < 1) throw new UsageError(`quantity "${text}" must be a positive whole number`);
  return Number(text);
}

/** Registers `inv move`. */
export function register(program: Command, run: Runner): void {
  program
    .command('move')
    .description('receive stock from a purchase, move it between locations, or run a batch of moves from a file')
    .argument('[msku]', 'the item')
    .argument('[quantity]', 'how many units')
    .option('--from <location>', 'source location (id or name)')
    .option('--from-purchase <purchaseId>', 'receive from this purchase instead')
    .option('--to <location>', 'destination location (id or name)')
    .option('--file <file>', 'run a batch: CSV (msku,quantity,from,to or fromPurchaseId) or NDJSON; - for stdin')
    .option('--format <format>', 'batch input format: csv or ndjson (default: by extension or first character)')
    .option('--dry-run', 'batch: check every row against the current state; change nothing')
    .option('--retry-in-doubt', 'batch: send again the rows that an earlier run sent without an answer')
    .option('--concurrency <n>', 'batch: moves in flight at once', '8')
    .addHelpText('after', [
      '', 'Examples:',
      '  inv move MUG-BLUE-11OZ 10 --from "Shelf A1" --to "Shelf A2"',
      '  inv move MUG-BLUE-11OZ 50 --from-purchase 5001 --to 1',
      '  inv move --file moves.csv --dry-run && inv move --file moves.csv',
      '', 'A batch keeps a journal: run the same file again to finish it; rows done are skipped, rows in doubt are listed and',
      'not sent again unless --retry-in-doubt. Each move is sent once; a lost answer makes it "in doubt", never a resend.',
    ].join('\n'))
    .action(
      run<MoveFlags>(async (ctx, [msku, quantity], flags) => {
        if (flags.file !== undefined) {
          if (msku !== undefined || flags.from || flags.to || flags.fromPurchase) throw new UsageError('--file runs a batch: give the moves in the file, not as arguments');
          return runBatch(ctx, flags);
        }
        if (flags.dryRun || flags.retryInDoubt) throw new UsageError('--dry-run and --retry-in-doubt go with --file');
        if (msku === undefined || quantity === undefined) throw new UsageError('give MSKU and QUANTITY (or --file for a batch)', 'e.g. inv move MUG-BLUE-11OZ 10 --from 1 --to 2');
        if (flags.from && flags.fromPurchase) throw new UsageError('give --from or --from-purchase, not both');
        const amount = parseQuantity(quantity as string);
        if (flags.fromPurchase !== undefined && !/^\d+$/.test(flags.fromPurchase)) throw new UsageError(`--from-purchase "${flags.fromPurchase}" must be a purchase id (digits)`);
        const out = ctx.output(ITEM_LOCATION_VIEW);
        const client = await ctx.inventory();
        const { LocationNames } = await import('../api/location-names.js');
        const names = new LocationNames(client);
        const from = flags.fromPurchase ? undefined : await locationArg(ctx, flags.from, '--from', 'the source location', names, (l) => l.canMove);
        const to = await locationArg(ctx, flags.to, '--to', 'the destination location', names);
        const source = from ? { fromLocationId: Number(from) } : { fromPurchaseId: Number(flags.fromPurchase) };
        await out.render([await client.moveItem({ msku: msku as string, quantity: amount, ...source, toLocationId: Number(to) })]);
      }),
    );
}
