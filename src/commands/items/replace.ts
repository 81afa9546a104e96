/** inv items replace MSKU: replace every field of an existing item. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import { UsageError } from '../../errors.js';
import { jsonInput, mskuArg, validate } from '../../cli/input.js';
import { ITEM_VIEW, itemFields, itemOptions, type ItemFlags } from './fields.js';

/** Registers `inv items replace`. */
export function register(items: Command, run: Runner): void {
  itemOptions(items.command('replace'))
    .description('replace every field of an existing item (fields not given are cleared; inactive defaults to n)')
    .argument('<msku>', 'the item\'s msku')
    .addHelpText('after', '\nExamples:\n  inv items get MUG-BLUE-11OZ --json > mug.json && $EDITOR mug.json && inv items replace MUG-BLUE-11OZ --file mug.json\n  inv items replace MUG-BLUE-11OZ --title "Mug" --cond new --inactive n')
    .action(
      run<ItemFlags>(async (ctx, [mskuText], flags) => {
        const msku = mskuArg(mskuText);
        const out = ctx.output(ITEM_VIEW);
        const file = await jsonInput(ctx.io, flags.file);
        if (file.msku !== undefined && file.msku !== msku) {
          throw new UsageError(`--file ${flags.file} holds msku "${String(file.msku)}", not "${msku}": nothing was replaced`, `replace that item with \`inv items replace ${String(file.msku)} --file ${flags.file}\`, or fix the file`);
        }
        // inactive is required by the API; a file written by hand often leaves it out: active.
        const input = { inactive: 'n', ...file, ...itemFields(flags), msku };
        const item = await validate('item', input, 'item');
        await out.render([await (await ctx.inventory()).replaceItem(msku as string, item)]);
      }),
    );
}
