/** inv item-search KEYWORDS: one page of the keyword search (/v1/itemSearch); items in a table, the whole page in JSON. */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { ItemSearchResponse } from '../api/research-types.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { numberOption } from '../cli/option-numbers.js';
import { money } from '../util/format.js';
import { pick, type View } from '../cli/output/view.js';
import { asList, xmlText } from '../api/xml.js';
import { truncate } from '../util/format.js';

/** Each Item of the page as a row (Item is an object when the page holds one). */
export const ITEM_SEARCH_VIEW: View<ItemSearchResponse> = {
  kind: 'single',
  fields: ['requestId', 'timestamp', 'ItemSearchResponse'],
  rows: (response) =>
    asList(pick(response, 'ItemSearchResponse.Items.Item')).map((item) => {
      const amount = xmlText(pick(item, 'OfferSummary.LowestNewPrice.Amount'));
      return {
        asin: xmlText(pick(item, 'ASIN')),
        title: xmlText(pick(item, 'ItemAttributes.Title')),
        group: xmlText(pick(item, 'ItemAttributes.ProductGroup')),
        brand: xmlText(pick(item, 'ItemAttributes.Brand')),
        lowestNew: amount === undefined ? undefined : Number(amount) / 100,
        offers: xmlText(pick(item, 'Offers.TotalOffers')),
      };
    }),
  columns: [
    { key: 'asin', header: 'asin' },
    { key: 'title', header: 'title', format: (v) => truncate(String(v ?? ''), 60) },
    { key: 'group', header: 'group' },
    { key: 'brand', header: 'brand' },
    { key: 'lowestNew', header: 'lowest new', format: money, align: 'right' },
    { key: 'offers', header: 'offers', align: 'right' },
  ],
};

export const meta: Meta = {
  name: 'item-search',
  args: [['<keywords...>', 'words to search for']],
  summary: 'paged keyword search of the product advertising catalog (/v1/itemSearch)',
};

/** The keywords, and the page of which search index. */
export interface ItemSearchOptions {
  keywords: string;
  page: number;
  index: string;
}

/** Options of `inv item-search`. */
export function setup(command: Command): void {
  command
    .addOption(numberOption('--page <n>', 'page of results', { min: 1, max: 10 }).default(1))
    .option('--index <searchIndex>', 'search index (e.g. Books, Toys; Blended searches all)', 'Blended')
    .addHelpText(
      'after',
      [
        '\nExamples:',
        '  inv item-search fish eye art',
        '  inv item-search "usb cable" --page 2 --json | jq .ItemSearchResponse.Items.TotalPages',
      ].join('\n'),
    );
}

/** The keywords joined (1 to 200 characters), the index (letters) and the page (1 to 10). */
export function parse([words]: unknown[], flags: { page: number; index: string }): ItemSearchOptions {
  const keywords = (words as string[]).join(' ').trim();
  if (keywords.length === 0 || keywords.length > 200) throw new UsageError('KEYWORDS must be 1 to 200 characters');
  if (!/^[A-Za-z]{1,40}$/.test(flags.index))
    throw new UsageError(`--index "${flags.index}" must be a search index name of letters (e.g. Blended, Books)`);
  return { keywords, page: flags.page, index: flags.index };
}

/** Asks for the page of the search. */
export async function run(ctx: Ctx, { keywords, page, index }: ItemSearchOptions): Promise<void> {
  const out = ctx.output(ITEM_SEARCH_VIEW);
  const client = await ctx.research();
  await out.render([await client.itemSearch(keywords, { page, index })]);
}
