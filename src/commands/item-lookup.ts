/** inv item-lookup ASIN: the product advertising item lookup; a summary table, the whole response in JSON. */
import type { Command } from 'commander';
import { parseAsin } from './shared/research-input.js';
import type { ItemLookupResponse } from '../api/research-types.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { pick, type View } from '../cli/output/view.js';
import { asList, xmlText } from '../api/xml.js';

/** Table rows: a label and a dotted path into one Item. */
const SUMMARY: ReadonlyArray<[string, string]> = [
  ['ASIN', 'ASIN'],
  ['Title', 'ItemAttributes.Title'],
  ['Brand', 'ItemAttributes.Brand'],
  ['Manufacturer', 'ItemAttributes.Manufacturer'],
  ['Product group', 'ItemAttributes.ProductGroup'],
  ['Model', 'ItemAttributes.Model'],
  ['UPC', 'ItemAttributes.UPC'],
  ['EAN', 'ItemAttributes.EAN'],
  ['List price', 'ItemAttributes.ListPrice.FormattedPrice'],
  ['Lowest new', 'OfferSummary.LowestNewPrice.FormattedPrice'],
  ['Lowest used', 'OfferSummary.LowestUsedPrice.FormattedPrice'],
  ['Offers new/used', 'OfferSummary'],
  ['Package', 'ItemAttributes.PackageDimensions'],
  ['Detail page', 'DetailPageURL'],
];

/** "12.00 x 8.50 x 1.20 in, 1.35 lb" from hundredths-inches and hundredths-pounds; missing sides as "?". */
export function packageText(dims: unknown): string | undefined {
  if (!dims || typeof dims !== 'object') return undefined;
  const d = dims as Record<string, unknown>;
  const n = (v: unknown) => {
    const text = xmlText(v);
    return text !== undefined && Number.isFinite(Number(text)) ? (Number(text) / 100).toFixed(2) : '?';
  };
  return `${n(d.Length)} x ${n(d.Width)} x ${n(d.Height)} in, ${n(d.Weight)} lb`;
}

/** The summary rows of one Item element (values may be objects or arrays in the XML conversion). */
function itemRows(item: unknown): Record<string, unknown>[] {
  return SUMMARY.map(([field, path]) => {
    const value = pick(item, path);
    if (field === 'Package') return { field, value: packageText(value) };
    if (field === 'Offers new/used') {
      const s = value as { TotalNew?: unknown; TotalUsed?: unknown } | undefined;
      return { field, value: s ? `${xmlText(s.TotalNew) ?? 0} / ${xmlText(s.TotalUsed) ?? 0}` : undefined };
    }
    return { field, value: xmlText(value) };
  });
}

/** The whole lookup in JSON; a summary table of each Item (one object, or an array when several came). */
export const ITEM_LOOKUP_VIEW: View<ItemLookupResponse> = {
  kind: 'single',
  fields: ['requestId', 'timestamp', 'ItemLookupResponse'],
  rows: (response) => asList(pick(response, 'ItemLookupResponse.Items.Item')).flatMap(itemRows),
  columns: [
    { key: 'field', header: 'field' },
    { key: 'value', header: 'value' },
  ],
};

export const meta: Meta = {
  name: 'item-lookup',
  args: [['<asin>', 'the ASIN']],
  summary: 'product advertising item lookup of an ASIN (attributes, dimensions, offer summary)',
};

/** Help of `inv item-lookup`. */
export function setup(command: Command): void {
  command.addHelpText(
    'after',
    [
      '\nExamples:',
      '  inv item-lookup B00X4WHP5E',
      '  inv item-lookup B00X4WHP5E --json | jq .ItemLookupResponse.Items.Item.ItemAttributes',
    ].join('\n'),
  );
}

/** The ASIN, checked. */
export function parse([asin]: unknown[]): string {
  return parseAsin(asin as string);
}

/** Shows the item lookup of the ASIN. */
export async function run(ctx: Ctx, asin: string): Promise<void> {
  const out = ctx.output(ITEM_LOOKUP_VIEW);
  const client = await ctx.research();
  await out.render([await client.itemLookup(asin)]);
}
