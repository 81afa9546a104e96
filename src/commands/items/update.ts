/** inv items update MSKU: change only the fields given. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Runner } from '../../cli/command.js';
import { jsonInput, validate } from '../../cli/input.js';
import { ITEM_VIEW, itemFields, itemOptions, type ItemFlags } from './fields.js';

/** Registers `inv items update`. */
export function register(items: Command, run: Runner): void {
  itemOptions(items.command('update'))
    .description('change some fields of an existing item')
    .argument('<msku>', 'the item\'s msku')
    .addHelpText('after', '\nExamples:\n  inv items update MUG-BLUE-11OZ --value 10.50 --notes "Dishwasher safe"\n  inv items update MUG-BLUE-11OZ --inactive n')
    .action(
      run<ItemFlags>(async (ctx, [msku], flags) => {
        const out = ctx.output(ITEM_VIEW);
        const fields = { ...(await jsonInput(ctx.io, flags.file)), ...itemFields(flags) };
        if (Object.keys(fields).length === 0) throw new UsageError('nothing to update: give at least one field flag (e.g. --title) or --file');
        const patch = await validate('itemPatch', fields, 'item');
        const client = await ctx.inventory();
        await client.item(msku as string); // the API would create a missing item: refuse instead (exit 3)
        await out.render([await client.patchItem(msku as string, patch)]);
      }),
    );
}
