/** inv item-lookup ASIN: the product advertising item lookup; a summary table, the whole response in JSON. */
import type { Command } from 'commander';
import { parseAsin } from '../api/research-input.js';
import type { ItemLookupResponse } from '../api/research-types.js';
import type { Runner } from '../cli/command.js';
import { pick, type View } from '../cli/output/view.js';

const ITEM = 'ItemLookupResponse.Items.Item';

/** Table rows: a label and a dotted path into the response. */
const SUMMARY: ReadonlyArray<[string, string]> = [
  ['ASIN', `${ITEM}.ASIN`],
  ['Title', `${ITEM}.ItemAttributes.Title`],
  ['Brand', `${ITEM}.ItemAttributes.Brand`],
  ['Manufacturer', `${ITEM}.ItemAttributes.Manufacturer`],
  ['Product group', `${ITEM}.ItemAttributes.ProductGroup`],
  ['Model', `${ITEM}.ItemAttributes.Model`],
  ['UPC', `${ITEM}.ItemAttributes.UPC`],
  ['EAN', `${ITEM}.ItemAttributes.EAN`],
  ['List price', `${ITEM}.ItemAttributes.ListPrice.FormattedPrice`],
  ['Lowest new', `${ITEM}.OfferSummary.LowestNewPrice.FormattedPrice`],
  ['Lowest used', `${ITEM}.OfferSummary.LowestUsedPrice.FormattedPrice`],
  ['Offers new/used', `${ITEM}.OfferSummary`],
  ['Package', `${ITEM}.ItemAttributes.PackageDimensions`],
  ['Detail page', `${ITEM}.DetailPageURL`],
];

type Dimension = { _: string; $: { Units: string } };

/** "12.00 x 8.50 x 1.20 in, 1.35 lb" from hundredths-inches and hundredths-pounds. */
function packageText(dims: Record<string, Dimension> | undefined): string | undefined {
  if (!dims) return undefined;
  const n = (d: Dimension | undefined) => (d ? (Number(d._) / 100).toFixed(2) : '?');
  return `${n(dims.Length)} x ${n(dims.Width)} x ${n(dims.Height)} in, ${n(dims.Weight)} lb`;
}

const ITEM_LOOKUP_VIEW: View<ItemLookupResponse> = {
  kind: 'single',
  fields: ['requestId', 'timestamp', 'ItemLookupResponse'],
  rows: (response) =>
    SUMMARY.map(([field, path]) => {
      const value = pick(response, path);
      if (field === 'Package') return { field, value: packageText(value as Record<string, Dimension>) };
      if (field === 'Offers new/used') {
        const s = value as { TotalNew?: string; TotalUsed?: string } | undefined;
        return { field, value: s ? `${s.TotalNew ?? 0} / ${s.TotalUsed ?? 0}` : undefined };
      }
      return { field, value };
    }),
  columns: [
    { key: 'field', header: 'field' },
    { key: 'value', header: 'value' },
  ],
};

/** Registers `inv item-lookup`. */
export function register(program: Command, run: Runner): void {
  program
    .command('item-lookup')
    .description('product advertising item lookup of an ASIN (attributes, dimensions, offer summary)')
    .argument('<asin>', 'the ASIN')
    .addHelpText('after', '\nExamples:\n  inv item-lookup B00X4WHP5E\n  inv item-lookup B00X4WHP5E --json | jq .ItemLookupResponse.Items.Item.ItemAttributes')
    .action(
      run(async (ctx, [asinArg]) => {
        const asin = parseAsin(asinArg as string);
        const out = ctx.output(ITEM_LOOKUP_VIEW);
        const client = await ctx.research();
        await out.render([await client.itemLookup(asin)]);
      }),
    );
}
