/** Response shapes of the Product Research API (spec/research-api.md). */

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
  offers: Record<OfferChannel, Offer[]>;
  extras: Record<string, number | string | null>;
  timestamp: string;
  requestId: string;
}

export interface SearchResult {
  catalog: string;
  productId: string;
  title: string;
  image: string;
  type: string;
  rank: { ProductCategoryId: string; Rank: number };
  weight: number;
  ean: string | null;
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

export interface ItemLookupResponse {
  requestId: string;
  timestamp: string;
  ItemLookupResponse: Record<string, unknown>;
}

export type SearchQuery = { asin: string } | { upc: string } | { ean: string } | { keyword: string };
export type OffersFormat = 'pretty' | 'bettermws_json' | 'bettermws_sphp';
