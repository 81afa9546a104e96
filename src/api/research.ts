/** Typed client of the Product Research API; knows nothing of terminals. */
import type { HttpCore } from './core.js';
import { READ_POLICY } from './retry.js';
import { apiUrl } from './url.js';
import type {
  AsinCategoriesResponse, CategoryResponse, FeesResponse, ItemLookupResponse, OffersFormat, OffersResponse,
  SearchQuery, SearchResponse,
} from './research-types.js';
import type { AuthScheme, HttpRequest, HttpResponse } from './types.js';

export interface LegacyAccount {
  merchantId: string;
  marketplaceId: string;
}

export class ResearchClient {
  constructor(
    private readonly core: HttpCore,
    private readonly baseUrl: string,
  ) {}

  /** GET /v1/offers/<asin>: offer listings and statistics. */
  offers(asin: string, options: { format?: OffersFormat; nopaapi?: boolean } = {}): Promise<OffersResponse> {
    return this.get('offers', `/v1/offers/${asin}`, { format: options.format, nopaapi: flag(options.nopaapi) });
  }

  /** GET /v1/offers/<asin> with a non-JSON format, returned as text (e.g. bettermws_sphp). */
  async offersRaw(asin: string, options: { format: OffersFormat; nopaapi?: boolean }): Promise<string> {
    const req = this.build('offers', `/v1/offers/${asin}`, { format: options.format, nopaapi: flag(options.nopaapi) });
    return (await this.core.request(req)).text;
  }

  /** GET /v1/search with exactly one of asin, upc, ean, keyword. */
  search(query: SearchQuery): Promise<SearchResponse> {
    return this.get('search', '/v1/search', { ...query, format: 'pretty' });
  }

  /** GET /v1/item/<asin>: shorthand for a search by ASIN. */
  item(asin: string): Promise<SearchResponse> {
    return this.get('item', `/v1/item/${asin}`, {});
  }

  /** GET /v1/fees/<asin>?price=: projected MFN and FBA fees at a selling price. */
  fees(asin: string, price: number): Promise<FeesResponse> {
    return this.get('fees', `/v1/fees/${asin}`, { price: price.toFixed(2) });
  }

  /** GET /v1/itemLookup/<asin>: the product advertising item lookup. */
  itemLookup(asin: string): Promise<ItemLookupResponse> {
    return this.get('itemLookup', `/v1/itemLookup/${asin}`, {});
  }

  /** GET /v1/getAsinCategories/<asin>: the categories an ASIN falls under. */
  asinCategories(asin: string): Promise<AsinCategoriesResponse> {
    return this.get('getAsinCategories', `/v1/getAsinCategories/${asin}`, {});
  }

  /** GET /v1/getCategoryById/<id>: a category's name. */
  categoryById(id: string): Promise<CategoryResponse> {
    return this.get('getCategoryById', `/v1/getCategoryById/${id}`, {});
  }

  /** GET /v1/lookup: offers through the legacy ts/sig signature. */
  lookup(asin: string, account: LegacyAccount): Promise<OffersResponse> {
    const query = { asin, merchant_id: account.merchantId, marketplace_id: account.marketplaceId, format: 'pretty' };
    return this.get('lookup', '/v1/lookup', query, 'research-legacy');
  }

  /** Sends a signed GET as is (for `inv api --research`); error answers are returned, with their typed error. */
  raw(path: string, query: Record<string, string>): Promise<HttpResponse> {
    return this.core.request({ ...this.build(`GET ${path}`, path, query), acceptErrors: true });
  }

  private get<T>(operation: string, path: string, query: Record<string, string | undefined>, auth: AuthScheme = 'research-key'): Promise<T> {
    return this.core.json<T>(this.build(operation, path, query, auth));
  }

  private build(operation: string, path: string, query: Record<string, string | undefined>, auth: AuthScheme = 'research-key'): HttpRequest {
    const url = apiUrl(this.baseUrl, path, query);
    return { operation, method: 'GET', url, headers: { accept: 'application/json' }, retry: READ_POLICY, auth };
  }
}

function flag(value: boolean | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}
