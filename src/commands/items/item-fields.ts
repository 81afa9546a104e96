/** The item field flags shared by create, update and replace, and the item views. */
import { choiceOption, fileOption } from '../../cli/option-kinds.js';
import type { Command } from 'commander';
import { PRODUCT_ID_TYPES } from '../../api/constants.js';
import { ITEM_FIELDS } from '../../api/item-field-uses.js';
import type { Item } from '../../api/inventory-types.js';
import { collect, defined, pairs } from '../../cli/request-body.js';
import { count, money } from '../../util/format.js';
import type { View } from '../../cli/output/view.js';
import { truncate } from '../../util/format.js';

export interface ItemFlags {
  file?: string;
  title?: string;
  cond?: string;
  inactive?: string;
  productId?: string;
  productIdType?: string;
  manufacturer?: string;
  image?: string;
  type?: string;
  notes?: string;
  value?: string;
  rank?: string;
  attr?: string[];
}

/** Declares the item field flags on a command. */
export function itemOptions(command: Command): Command {
  return command
    .addOption(fileOption('--file <file>', 'item fields as a JSON object ("-" for stdin); flags override it'))
    .option('--title <title>', 'title (max 255)')
    .option('--cond <cond>', 'condition, e.g. new, likeNew, good (max 15)')
    .addOption(choiceOption('--inactive <y|n>', 'item status', ['y', 'n']))
    .option('--product-id <id>', 'UPC, EAN, ISBN, ASIN or internal id (max 20)')
    .addOption(choiceOption('--product-id-type <type>', 'type of --product-id', PRODUCT_ID_TYPES))
    .option('--manufacturer <name>', 'manufacturer (max 255)')
    .option('--image <url>', 'image URL (max 255)')
    .option('--type <type>', 'kind of product, e.g. book (max 20)')
    .option('--notes <text>', 'short info shown to a buyer (max 255)')
    .option('--value <amount>', 'estimated retail value after fees')
    .option('--rank <rank>', 'sales rank (max 10 digits)')
    .option('--attr <name=value>', 'an attribute (repeatable; with update, name= removes one)', collect);
}

/** The fields given as flags (undefined ones left out). */
export function itemFields(flags: ItemFlags): Record<string, unknown> {
  return defined({
    title: flags.title,
    cond: flags.cond,
    inactive: flags.inactive,
    productId: flags.productId,
    productIdType: flags.productIdType,
    manufacturer: flags.manufacturer,
    image: flags.image,
    type: flags.type,
    notes: flags.notes,
    value: flags.value,
    rank: flags.rank,
    attributes: pairs(flags.attr, '--attr'),
  });
}

/** Items as a table: one row per item. */
export const ITEMS_VIEW: View<Item> = {
  kind: 'list',
  fields: ITEM_FIELDS,
  columns: [
    { key: 'msku', header: 'msku' },
    { key: 'title', header: 'title', format: (v) => truncate(String(v ?? ''), 48) },
    { key: 'cond', header: 'cond' },
    { key: 'productId', header: 'product id' },
    { key: 'inactive', header: 'status', format: (v) => (v === 'y' ? 'inactive' : 'active') },
    { key: 'value', header: 'value', format: money, align: 'right' },
    { key: 'rank', header: 'rank', format: count, align: 'right' },
  ],
};

/** One item: every field on its own line in a table. */
export const ITEM_VIEW: View<Item> = {
  kind: 'single',
  fields: ITEM_FIELDS,
  rows: (item) => ITEM_FIELDS.map((field) => ({ field, value: (item as unknown as Record<string, unknown>)[field] })),
  columns: [
    { key: 'field', header: 'field' },
    { key: 'value', header: 'value' },
  ],
};
