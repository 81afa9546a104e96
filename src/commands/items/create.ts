/** inv items create: a new item from flags, --file or stdin; never overwrites one that exists. */
import type { Command } from 'commander';
import { InvError } from '../../errors.js';
import type { Meta, Runner } from '../../cli/command.js';
import { answerRule, defined, jsonInput, validate } from '../../cli/request-body.js';
import { canPrompt } from '../../cli/prompt.js';
import { ITEM_DEFAULTS } from '../../api/constants.js';
import type { InventoryClient } from '../../api/inventory.js';
import { ITEM_VIEW, itemFields, itemOptions, type ItemFlags } from './item-fields.js';

export const meta: Meta = {
  name: 'create',
  summary: 'create an item (asks for msku, title and condition on a terminal)',
};

/** Options and action of `inv items create` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  itemOptions(command)
    .option('--msku <msku>', "the new item's msku (max 80)")
    .option('--overwrite', 'replace an item with the same msku instead of refusing')
    .addHelpText(
      'after',
      '\nExamples:\n  inv items create --msku MUG-RED --title "Ceramic mug, red" --cond new --product-id B00X4WHP5E --product-id-type ASIN\n  inv items create --file item.json',
    )
    .action(
      run<ItemFlags & { msku?: string; overwrite?: boolean }>(async (ctx, _args, flags) => {
        const out = ctx.output(ITEM_VIEW);
        const input: Record<string, unknown> = {
          ...ITEM_DEFAULTS,
          ...(await jsonInput(ctx.io, flags.file)),
          ...defined({ msku: flags.msku }),
          ...itemFields(flags),
        };
        // Each answer is checked as it is given (and asked again), with the rules the flags follow.
        if (input.msku === undefined)
          input.msku = await ctx.ask({
            what: 'the msku',
            flag: '--msku',
            message: 'msku:',
            validate: await answerRule('item', 'msku'),
          });
        if (input.title === undefined)
          input.title = await ctx.ask({
            what: 'the title',
            flag: '--title',
            message: 'Title:',
            validate: await answerRule('item', 'title'),
          });
        const client = await ctx.inventory();
        if (input.cond === undefined) {
          const rule = await answerRule('item', 'cond');
          const fallback = canPrompt(ctx.io, ctx.globals) ? await defaultCondition(client) : undefined;
          input.cond = await ctx.ask({
            what: 'the condition',
            flag: '--cond',
            message: 'Condition (e.g. new, likeNew, good):',
            validate: rule,
            default: fallback,
          });
        }
        const item = await validate('item', input, 'item');
        if (!flags.overwrite) {
          if (await client.itemExists(item.msku))
            throw new InvError(
              `item "${item.msku}" already exists; nothing was changed`,
              'change it with `inv items update`, or pass --overwrite to replace it',
            );
        }
        await out.render([await client.upsertItem(item)]);
      }),
    );
}

/** The account's DEFAULT_CONDITION setting, the default answer of the condition prompt (none when unset). */
async function defaultCondition(client: InventoryClient): Promise<string | undefined> {
  return (await client.settingValue('DEFAULT_CONDITION')) || undefined;
}
