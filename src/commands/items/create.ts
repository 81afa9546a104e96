/** inv items create: a new item from flags, --file or stdin; never overwrites one that exists. */
import type { Command } from 'commander';
import { InvError } from '../../errors.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { askMissing, defined, mergedInput, validate, type RecordInput } from '../../cli/request-body.js';
import { canPrompt } from '../../cli/prompt.js';
import { ITEM_DEFAULTS } from '../../api/constants.js';
import type { InventoryClient } from '../../api/inventory.js';
import { ITEM_VIEW, itemFields, itemOptions, type ItemFlags } from './item-fields.js';

export const meta: Meta = {
  name: 'create',
  summary: 'create an item (asks for msku, title and condition on a terminal)',
};

/** What `inv items create` makes: the fields given (msku among them) over --file's; what is missing is asked for. */
export interface ItemCreateOptions extends RecordInput {
  overwrite: boolean;
}

/** Options of `inv items create`. */
export function setup(command: Command): void {
  itemOptions(command)
    .option('--msku <msku>', "the new item's msku (max 80)")
    .option('--overwrite', 'replace an item with the same msku instead of refusing')
    .addHelpText(
      'after',
      [
        '\nExamples:',
        '  inv items create --msku MUG-RED --title "Ceramic mug, red" --cond new --product-id B00X4WHP5E --product-id-type ASIN',
        '  inv items create --file item.json',
      ].join('\n'),
    );
}

/** The fields given as flags, each --attr checked. */
export function parse(_args: unknown[], flags: ItemFlags & { msku?: string; overwrite?: boolean }): ItemCreateOptions {
  return {
    file: flags.file,
    fields: { ...defined({ msku: flags.msku }), ...itemFields(flags) },
    overwrite: Boolean(flags.overwrite),
  };
}

/** Asks for what is missing, checks the item, refuses an msku in use (unless --overwrite) and creates it. */
export async function run(ctx: Ctx, options: ItemCreateOptions): Promise<void> {
  const out = ctx.output(ITEM_VIEW);
  const input: Record<string, unknown> = { ...ITEM_DEFAULTS, ...(await mergedInput(ctx.io, options)) };
  await askMissing(ctx, input, ['item', 'msku'], { what: 'the msku', flag: '--msku', message: 'msku:' });
  await askMissing(ctx, input, ['item', 'title'], { what: 'the title', flag: '--title', message: 'Title:' });
  const client = await ctx.inventory();
  if (input.cond === undefined) {
    const fallback = canPrompt(ctx.io, ctx.globals) ? await defaultCondition(client) : undefined;
    const message = 'Condition (e.g. new, likeNew, good):';
    await askMissing(ctx, input, ['item', 'cond'], {
      what: 'the condition',
      flag: '--cond',
      message,
      default: fallback,
    });
  }
  const item = await validate('item', input, 'item');
  if (!options.overwrite && (await client.itemExists(item.msku)))
    throw new InvError(
      `item "${item.msku}" already exists; nothing was changed`,
      'change it with `inv items update`, or pass --overwrite to replace it',
    );
  await out.render([await client.upsertItem(item)]);
}

/** The account's DEFAULT_CONDITION setting, the default answer of the condition prompt (none when unset). */
async function defaultCondition(client: InventoryClient): Promise<string | undefined> {
  return (await client.settingValue('DEFAULT_CONDITION')) || undefined;
}
