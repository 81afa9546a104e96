/** inv items create: a new item from flags, --file or stdin; never overwrites one that exists. */
import type { Command } from 'commander';
import { InvError, NotFoundError } from '../../errors.js';
import type { Runner } from '../../cli/command.js';
import { defined, jsonInput, validate } from '../../cli/input.js';
import { ITEM_VIEW, itemFields, itemOptions, type ItemFlags } from './fields.js';

/** Registers `inv items create`. */
export function register(items: Command, run: Runner): void {
  itemOptions(items.command('create'))
    .description('create an item (asks for msku, title and condition on a terminal)')
    .option('--msku <msku>', 'the new item\'s msku (max 80)')
    .option('--overwrite', 'replace an item with the same msku instead of refusing')
    .addHelpText('after', '\nExamples:\n  inv items create --msku MUG-RED --title "Ceramic mug, red" --cond new --product-id B00X4WHP5E --product-id-type ASIN\n  inv items create --file item.json')
    .action(
      run<ItemFlags & { msku?: string; overwrite?: boolean }>(async (ctx, _args, flags) => {
        const out = ctx.output(ITEM_VIEW);
        const input: Record<string, unknown> = { inactive: 'n', ...(await jsonInput(ctx.io, flags.file)), ...defined({ msku: flags.msku }), ...itemFields(flags) };
        input.msku ??= await ctx.ask({ what: 'the msku', flag: '--msku', message: 'msku:' });
        input.title ??= await ctx.ask({ what: 'the title', flag: '--title', message: 'Title:' });
        input.cond ??= await ctx.ask({ what: 'the condition', flag: '--cond', message: 'Condition (e.g. new):' });
        const item = await validate('item', input, 'item');
        const client = await ctx.inventory();
        if (!flags.overwrite) {
          const exists = await client.item(item.msku).then(() => true, (error: unknown) => {
            if (error instanceof NotFoundError) return false;
            throw error;
          });
          if (exists) throw new InvError(`item "${item.msku}" already exists; nothing was changed`, 'change it with `inv items update`, or pass --overwrite to replace it');
        }
        await out.render([await client.upsertItem(item)]);
      }),
    );
}
