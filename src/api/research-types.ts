/** Response shapes of the Product Research API, as the live service answers. */

export interface Offer {
  cond: string;
  subcond: string;
  fc: string;
  shipdom: string;
  shipmax: string;
  rating: string;
  number: number;
  fbcount: number;
  multi: string;
  price: number;
  priceShipping: number;
  priceLanded: number;
}

export const OFFER_CHANNELS = ['fbaNew', 'merchantNew', 'fbaUsed', 'merchantUsed'] as const;
export type OfferChannel = (typeof OFFER_CHANNELS)[number];

export interface OffersResponse {
  id: string;
  /** "asin" in the live answers. */
  type?: string;
  offers: Record<OfferChannel, Offer[]>;
  extras: Record<string, number | string | null>;
  timestamp: string;
  requestId: string;
}

/** A search result's rank: may be `{}`; ProductCategoryId is a display group (e.g. toy_display_on_website). */
export interface SearchRank {
  ProductCategoryId?: string;
  Rank?: number;
  rankings?: Array<{ ProductCategoryId?: string; Rank?: number }>;
}

/** A variation of a product, in `relationships.parents` or `relationships.children`. */
export interface Variation {
  asin: string;
  color?: string | null;
  size?: string | null;
}

export interface SearchResult {
  catalog: string;
  productId: string;
  title: string;
  image: string | null;
  type: string | null;
  rank: SearchRank | null;
  weight: number | null;
  ean: string | null;
  relationships?: { parents?: Variation[]; children?: Variation[] };
}

export interface SearchResponse {
  searchCatalogs: { result: SearchResult[] };
  timestamp: string;
  requestId: string;
}

export interface MfnFees {
  price: number;
  revenue: number;
  azComm: number;
  azVar: number;
  feesTotal: number;
  netIncome: number;
  category: string;
}

export interface FbaFees extends MfnFees {
  fbaWeight: number;
  fbaPick: number;
  fbaOrder: number;
}

export interface FeesResponse {
  data: { sizeTier: string; mfnFees: MfnFees; fbaFees: FbaFees };
  timestamp: string;
  requestId: string;
}

export interface CategoryMapping {
  categoryId: string;
  category: string;
  main?: true;
}

export interface AsinCategoriesResponse {
  categoryMappings: CategoryMapping[];
}

export interface CategoryResponse {
  requestId: string;
  timestamp: string;
  categoryId: string;
  category: string;
}

/** /v1/itemSearch: a page of a keyword search, in the product advertising XML conversion (single elements are objects). */
export interface ItemSearchResponse {
  requestId?: string;
  timestamp?: string;
  ItemSearchResponse: Record<string, unknown>;
}

export interface ItemLookupResponse {
  requestId: string;
  timestamp: string;
  ItemLookupResponse: Record<string, unknown>;
}

export type SearchQuery = { asin: string } | { upc: string } | { ean: string } | { isbn: string } | { keyword: string };
export type OffersFormat = 'pretty' | 'bettermws_json' | 'bettermws_sphp';
/** Formats of the legacy /v1/lookup. */
export type LookupFormat = 'json' | 'sphp';
