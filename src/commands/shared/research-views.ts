/** Output views shared by the research commands, and readers of the shapes the live service answers. */
import { asList } from '../../api/xml.js';
import { OFFER_CHANNELS, type OffersResponse, type SearchResult } from '../../api/research-types.js';
import { count, money, truncate } from '../../util/format.js';
import { pick, type View } from '../../cli/output/view.js';

/** A slug or code as words: "large-standard" → "Large standard", "ToysAndGames" → "Toys and games". */
export function words(value: unknown): string {
  if (typeof value !== 'string' || value === '') return value === null || value === undefined ? '-' : String(value);
  const spaced = value
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** /v1/offers and /v1/lookup: JSON keeps each response; the table lists every offer. */
export const OFFERS_VIEW: View<OffersResponse> = {
  kind: 'list',
  fields: ['id', 'type', 'offers', 'extras', 'timestamp', 'requestId'],
  rows: (response) =>
    OFFER_CHANNELS.flatMap((channel) =>
      asList<Record<string, unknown>>(response.offers?.[channel]).map((offer) => ({
        asin: response.id,
        channel,
        ...offer,
      })),
    ),
  columns: [
    { key: 'asin', header: 'asin' },
    { key: 'channel', header: 'channel' },
    { key: 'subcond', header: 'condition' },
    { key: 'price', header: 'price', format: money, align: 'right' },
    { key: 'priceShipping', header: 'shipping', format: money, align: 'right' },
    { key: 'priceLanded', header: 'landed', format: money, align: 'right' },
    { key: 'number', header: 'sellers', align: 'right' },
    { key: 'rating', header: 'rating' },
    { key: 'fbcount', header: 'feedback', format: count, align: 'right' },
    { key: 'shipmax', header: 'ships in' },
  ],
};

/** /v1/search and /v1/item: one row per catalog match; a `{}` or null rank shows as "-". */
export const SEARCH_VIEW: View<SearchResult> = {
  kind: 'list',
  fields: ['catalog', 'productId', 'title', 'image', 'type', 'rank', 'weight', 'ean', 'relationships'],
  rows: (result) => [{ ...result, variations: asList(pick(result, 'relationships.children')).length || undefined }],
  columns: [
    { key: 'productId', header: 'asin' },
    { key: 'title', header: 'title', format: (v) => truncate(String(v ?? ''), 60) },
    { key: 'type', header: 'group' },
    { key: 'rank.Rank', header: 'rank', format: count, align: 'right' },
    { key: 'rank.ProductCategoryId', header: 'rank category' },
    { key: 'weight', header: 'weight', align: 'right' },
    { key: 'ean', header: 'ean' },
    { key: 'variations', header: 'variations', align: 'right' },
  ],
};
