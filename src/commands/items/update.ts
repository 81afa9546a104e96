/** inv items update MSKU: change only the fields given. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { mergedInput, mskuArg, needsAField, validate, type RecordInput } from '../../cli/request-body.js';
import { UsageError } from '../../errors.js';
import { ITEM_VIEW, itemFields, itemOptions, type ItemFlags } from './item-fields.js';
import { mergeAttributes, type Attribute } from '../../api/item-merge.js';

export const meta: Meta = {
  name: 'update',
  args: [['<msku>', "the item's msku"]],
  summary: 'change some fields of an existing item (--attr adds or changes one attribute, keeping the others)',
};

/** What `inv items update` changes: the item, the fields given over --file's, and how --attr applies. */
export interface ItemUpdateOptions extends RecordInput {
  msku: string;
  /** The --attr given become all the attributes. */
  replaceAttrs: boolean;
}

/** Options of `inv items update`. */
export function setup(command: Command): void {
  itemOptions(command)
    .option('--replace-attrs', 'the --attr given become all the attributes (the others are removed)')
    .addHelpText(
      'after',
      [
        '\nExamples:',
        '  inv items update MUG-BLUE-11OZ --value 10.50 --notes "Dishwasher safe"',
        '  inv items update MUG-BLUE-11OZ --inactive n',
        '  inv items update LAMP-DESK-LED --attr size=L --attr color=   # adds size, removes color',
      ].join('\n'),
    );
}

/** The msku and the fields given, checked: something to change, and --replace-attrs only with --attr. */
export function parse([msku]: unknown[], flags: ItemFlags & { replaceAttrs?: boolean }): ItemUpdateOptions {
  const options = {
    msku: mskuArg(msku),
    file: flags.file,
    fields: itemFields(flags),
    replaceAttrs: !!flags.replaceAttrs,
  };
  if (options.file === undefined) needsAField(options.fields, '--title');
  if (options.replaceAttrs && !options.fields.attributes)
    throw new UsageError('--replace-attrs goes with --attr (the attributes to keep)');
  return options;
}

/** Reads the item (the API would create a missing one: refused instead, exit 3), merges --attr and patches it. */
export async function run(ctx: Ctx, options: ItemUpdateOptions): Promise<void> {
  const out = ctx.output(ITEM_VIEW);
  const fields = await mergedInput(ctx.io, options);
  if (options.file !== undefined) needsAField(fields, '--title'); // a file that holds no field
  const patch = await validate('itemPatch', fields, 'item');
  const client = await ctx.inventory();
  const current = await client.item(options.msku);
  const given = options.fields.attributes as Attribute[] | undefined;
  if (given) patch.attributes = mergeAttributes(options.replaceAttrs ? [] : (current.attributes ?? []), given);
  await out.render([await client.patchItem(options.msku, patch)]);
}
