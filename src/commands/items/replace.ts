/** inv items replace MSKU: replace every field of an existing item. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';
import { UsageError } from '../../errors.js';
import { ITEM_DEFAULTS } from '../../api/constants.js';
import { jsonInput, mskuArg, validate } from '../../cli/request-body.js';
import { ITEM_VIEW, itemFields, itemOptions, type ItemFlags } from './item-fields.js';

export const meta: Meta = {
  name: 'replace',
  args: [['<msku>', "the item's msku"]],
  summary: 'replace every field of an existing item (fields not given are cleared; inactive defaults to n)',
};

/** Options and action of `inv items replace` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  itemOptions(command)
    .addHelpText(
      'after',
      '\nExamples:\n  inv items get MUG-RED --json > mug.json && $EDITOR mug.json && inv items replace MUG-RED --file mug.json\n  inv items replace MUG-RED --title "Ceramic mug, red" --cond new --inactive n',
    )
    .action(
      run<ItemFlags>(async (ctx, [mskuText], flags) => {
        const msku = mskuArg(mskuText);
        const out = ctx.output(ITEM_VIEW);
        const file = await jsonInput(ctx.io, flags.file);
        if (file.msku !== undefined && file.msku !== msku) {
          throw new UsageError(
            `--file ${flags.file} holds msku "${String(file.msku)}", not "${msku}": nothing was replaced`,
            `replace that item with \`inv items replace ${String(file.msku)} --file ${flags.file}\`, or fix the file`,
          );
        }
        const input = { ...ITEM_DEFAULTS, ...file, ...itemFields(flags), msku };
        const item = await validate('item', input, 'item');
        await out.render([await (await ctx.inventory()).replaceItem(msku as string, item)]);
      }),
    );
}
