/** inv items update MSKU: change only the fields given. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta, Runner } from '../../cli/command.js';
import { jsonInput, mskuArg, pairs, validate } from '../../cli/request-body.js';
import { ITEM_VIEW, itemFields, itemOptions, type ItemFlags } from './item-fields.js';
import { mergeAttributes } from '../../api/item-merge.js';

export const meta: Meta = {
  name: 'update',
  args: [['<msku>', "the item's msku"]],
  summary: 'change some fields of an existing item (--attr adds or changes one attribute, keeping the others)',
};

/** Options and action of `inv items update` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  itemOptions(command)
    .option('--replace-attrs', 'the --attr given become all the attributes (the others are removed)')
    .addHelpText(
      'after',
      '\nExamples:\n  inv items update MUG-BLUE-11OZ --value 10.50 --notes "Dishwasher safe"\n  inv items update MUG-BLUE-11OZ --inactive n\n  inv items update LAMP-DESK-LED --attr size=L --attr color=   # adds size, removes color',
    )
    .action(
      run<ItemFlags & { replaceAttrs?: boolean }>(async (ctx, [mskuText], flags) => {
        const msku = mskuArg(mskuText);
        const out = ctx.output(ITEM_VIEW);
        const fields = { ...(await jsonInput(ctx.io, flags.file)), ...itemFields(flags) };
        if (Object.keys(fields).length === 0)
          throw new UsageError('nothing to update: give at least one field flag (e.g. --title) or --file');
        const given = pairs(flags.attr, '--attr');
        if (flags.replaceAttrs && !given)
          throw new UsageError('--replace-attrs goes with --attr (the attributes to keep)');
        const patch = await validate('itemPatch', fields, 'item');
        const client = await ctx.inventory();
        const current = await client.item(msku); // the API would create a missing item: refuse instead (exit 3)
        if (given) patch.attributes = mergeAttributes(flags.replaceAttrs ? [] : (current.attributes ?? []), given);
        await out.render([await client.patchItem(msku, patch)]);
      }),
    );
}
