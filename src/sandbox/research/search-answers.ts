/** Search answers in the live shapes: display-group ranks (sometimes `{}`), rankings, variations, null eans; and /v1/itemSearch pages. */
import { isbn10To13, isbn13To10 } from '../../api/product-codes.js';
import { HttpFail } from '../http.js';
import { asinFor, product, seeded, type Product } from './catalog.js';
import { displayGroup } from './category-tree.js';
import { itemFor } from './item-lookup-reply.js';

const COLORS = ['Black', 'White', 'Blue'];
/** ASINs of zeros after "B0" name no product: searches for them find nothing. */
export const UNKNOWN_ASIN = /^B0{9}$/;
const SIZES = ['Small', 'Medium', 'Large'];
/** A keyword with "nothing" in it finds nothing, as the live service answers an empty search. */
const NOTHING = /\bnothing\b/i;

/** One search result for a product; `ean` as the search found it. */
export function searchResult(p: Product, ean: string | null = p.ean) {
  const random = seeded(`search:${p.asin}`);
  const unranked = random() < 0.1;
  const rank = unranked
    ? {}
    : {
        ProductCategoryId: displayGroup(p.category),
        Rank: p.salesRank,
        ...(random() < 0.5 && {
          rankings: [{ ProductCategoryId: p.sub.id, Rank: Math.max(1, Math.floor(p.salesRank / 40)) }],
        }),
      };
  const variations = random() < 0.15;
  return {
    catalog: 'Amazon.com',
    productId: p.asin,
    title: p.title,
    image: `https://images.example.com/${p.asin}.jpg`,
    type: p.category.group,
    rank,
    weight: p.weight,
    ean: random() < 0.15 ? null : ean,
    ...(variations && {
      relationships: {
        parents: [{ asin: asinFor(`parent:${p.asin}`), color: null, size: null }],
        children: COLORS.map((color, i) => ({ asin: asinFor(`child:${p.asin}:${i}`), color, size: SIZES[i]! })),
      },
    }),
  };
}

/** The products a search criterion finds; `see` records what became known. */
export function searchProducts(
  kind: 'asin' | 'upc' | 'ean' | 'isbn' | 'keyword',
  value: string,
  see: (p: Product) => Product,
) {
  if (kind === 'asin') return UNKNOWN_ASIN.test(value) ? [] : [searchResult(see(product(value)))];
  if (kind === 'upc' || kind === 'ean') {
    if (!(kind === 'upc' ? /^\d{12}$/ : /^\d{13}$/).test(value)) throw new HttpFail(400, `Invalid ${kind} "${value}"`);
    const book = kind === 'ean' ? isbn13To10(value) : undefined;
    const p = see(product(book ?? asinFor(`${kind}:${value}`)));
    return [searchResult(p, kind === 'ean' ? value : '0' + value)];
  }
  if (kind === 'isbn') {
    const isbn = value.replace(/-/g, '').toUpperCase();
    if (!/^(\d{9}[\dX]|97[89]\d{10})$/.test(isbn)) throw new HttpFail(400, `Invalid isbn "${value}"`);
    const asin = isbn.length === 10 ? isbn : isbn13To10(isbn);
    const ean = isbn.length === 13 ? isbn : isbn10To13(isbn);
    return [searchResult(see(product(asin ?? asinFor(`isbn:${isbn}`))), ean)];
  }
  if (!value) throw new HttpFail(400, 'keyword must not be empty');
  if (NOTHING.test(value)) return [];
  return Array.from({ length: 5 }, (_, i) => {
    const p = see(product(asinFor(`keyword:${value.toLowerCase()}:${i}`)));
    return { ...searchResult(p), title: `${p.title} (${value})` };
  });
}

const PAGE_SIZE = 10;
const MAX_PAGES = 10;

/** The ItemSearchResponse member for a page of a keyword search (a page of one item is an object, not an array). */
export function itemSearchFor(
  keywords: string,
  page: number,
  index: string,
  origin: string,
  see: (p: Product) => Product,
) {
  const total = NOTHING.test(keywords) ? 0 : (3 + seeded(`itemSearch:${keywords}`)() * 25) | 0;
  const pages = Math.min(MAX_PAGES, Math.ceil(total / PAGE_SIZE));
  const first = (page - 1) * PAGE_SIZE;
  const items = Array.from({ length: Math.max(0, Math.min(PAGE_SIZE, total - first)) }, (_, i) =>
    itemFor(see(product(asinFor(`itemSearch:${keywords.toLowerCase()}:${first + i}`))), origin),
  );
  return {
    $: { xmlns: 'http://webservices.amazon.com/AWSECommerceService/2011-08-01' },
    Items: {
      Request: {
        IsValid: 'True',
        ItemSearchRequest: {
          Condition: 'All',
          ItemPage: String(page),
          Keywords: keywords,
          ResponseGroup: ['OfferFull', 'ItemAttributes'],
          SearchIndex: index,
        },
      },
      TotalResults: String(total),
      TotalPages: String(pages),
      ...(items.length > 0 && { Item: items.length === 1 ? items[0] : items }),
    },
  };
}
