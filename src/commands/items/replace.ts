/** inv items replace MSKU: replace every field of an existing item. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { UsageError } from '../../errors.js';
import { ITEM_DEFAULTS } from '../../api/constants.js';
import { jsonInput, mskuArg, validate, type RecordInput } from '../../cli/request-body.js';
import { ITEM_VIEW, itemFields, itemOptions, type ItemFlags } from './item-fields.js';

export const meta: Meta = {
  name: 'replace',
  args: [['<msku>', "the item's msku"]],
  summary: 'replace every field of an existing item (fields not given are cleared; inactive defaults to n)',
};

/** What `inv items replace` writes: the item, and its fields given over --file's. */
export interface ItemReplaceOptions extends RecordInput {
  msku: string;
}

/** Options of `inv items replace`. */
export function setup(command: Command): void {
  itemOptions(command).addHelpText(
    'after',
    [
      '\nExamples:',
      '  inv items get MUG-RED --json > mug.json && $EDITOR mug.json && inv items replace MUG-RED --file mug.json',
      '  inv items replace MUG-RED --title "Ceramic mug, red" --cond new --inactive n',
    ].join('\n'),
  );
}

/** The msku and the fields given, checked. */
export function parse([msku]: unknown[], flags: ItemFlags): ItemReplaceOptions {
  return { msku: mskuArg(msku), file: flags.file, fields: itemFields(flags) };
}

/** Refuses a --file holding another item, checks the whole item and replaces it. */
export async function run(ctx: Ctx, { msku, file, fields }: ItemReplaceOptions): Promise<void> {
  const out = ctx.output(ITEM_VIEW);
  const given = await jsonInput(ctx.io, file);
  if (given.msku !== undefined && given.msku !== msku) {
    throw new UsageError(
      `--file ${file} holds msku "${String(given.msku)}", not "${msku}": nothing was replaced`,
      `replace that item with \`inv items replace ${String(given.msku)} --file ${file}\`, or fix the file`,
    );
  }
  const item = await validate('item', { ...ITEM_DEFAULTS, ...given, ...fields, msku }, 'item');
  await out.render([await (await ctx.inventory()).replaceItem(msku, item)]);
}
