/** inv items replace MSKU: replace every field of an existing item. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import { jsonInput, validate } from '../../cli/input.js';
import { ITEM_VIEW, itemFields, itemOptions, type ItemFlags } from './fields.js';

/** Registers `inv items replace`. */
export function register(items: Command, run: Runner): void {
  itemOptions(items.command('replace'))
    .description('replace every field of an existing item (fields not given are cleared)')
    .argument('<msku>', 'the item\'s msku')
    .addHelpText('after', '\nExamples:\n  inv items get MUG-BLUE-11OZ --json > mug.json && $EDITOR mug.json && inv items replace MUG-BLUE-11OZ --file mug.json\n  inv items replace MUG-BLUE-11OZ --title "Mug" --cond new --inactive n')
    .action(
      run<ItemFlags>(async (ctx, [msku], flags) => {
        const out = ctx.output(ITEM_VIEW);
        const input = { ...(await jsonInput(ctx.io, flags.file)), ...itemFields(flags), msku };
        const item = await validate('item', input, 'item');
        await out.render([await (await ctx.inventory()).replaceItem(msku as string, item)]);
      }),
    );
}
