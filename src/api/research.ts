/** Typed client of the Product Research API; knows nothing of terminals. Every answer is checked for its payload. */
import { NotFoundError } from '../errors.js';
import { parseJson, type HttpCore } from '../http/core.js';
import { checkPayload, checkSerializedPayload, PAYLOADS, type Payload } from './research-payload.js';
import { READ_POLICY } from '../http/retry.js';
import { apiUrl } from '../http/url.js';
import type {
  AsinCategoriesResponse,
  CategoryResponse,
  FeesResponse,
  ItemLookupResponse,
  ItemSearchResponse,
  LookupFormat,
  OffersFormat,
  OffersResponse,
  SearchQuery,
  SearchResponse,
} from './research-types.js';
import type { AuthScheme, HttpRequest, HttpResponse } from '../http/http-types.js';

export interface LegacyAccount {
  merchantId: string;
  marketplaceId: string;
}

type Query = Record<string, string | undefined>;

export class ResearchClient {
  constructor(
    private readonly core: HttpCore,
    private readonly baseUrl: string,
  ) {}

  /** GET /v1/offers/<asin>: offer listings and statistics. */
  offers(asin: string, options: { format?: OffersFormat; nopaapi?: boolean } = {}): Promise<OffersResponse> {
    return this.get(
      'offers',
      `/v1/offers/${asin}`,
      { format: options.format, nopaapi: flag(options.nopaapi) },
      PAYLOADS.offers,
    );
  }

  /** GET /v1/offers/<asin> with a non-JSON format, returned as text (e.g. bettermws_sphp). */
  async offersRaw(asin: string, options: { format: OffersFormat; nopaapi?: boolean }): Promise<string> {
    const res = await this.core.request(
      this.build('offers', `/v1/offers/${asin}`, { format: options.format, nopaapi: flag(options.nopaapi) }),
    );
    return checkSerializedPayload('offers', res.status, res.text);
  }

  /** GET /v1/search with exactly one of asin, upc, ean, isbn, keyword; an empty search is an empty list. */
  async search(query: SearchQuery): Promise<SearchResponse> {
    return normalizeSearch(
      await this.get<SearchResponse>('search', '/v1/search', { ...query, format: 'pretty' }, PAYLOADS.search),
    );
  }

  /** GET /v1/item/<asin>: shorthand for a search by ASIN; no match is a NotFoundError. */
  async item(asin: string): Promise<SearchResponse> {
    const response = normalizeSearch(await this.get<SearchResponse>('item', `/v1/item/${asin}`, {}, PAYLOADS.search));
    if (response.searchCatalogs.result.length === 0)
      throw new NotFoundError(`research API (item): no product with ASIN ${asin}`);
    return response;
  }

  /** GET /v1/fees/<asin>?price=: projected MFN and FBA fees at a selling price. */
  fees(asin: string, price: number): Promise<FeesResponse> {
    return this.get('fees', `/v1/fees/${asin}`, { price: price.toFixed(2) }, PAYLOADS.fees);
  }

  /** GET /v1/itemLookup/<asin>: the product advertising item lookup. */
  itemLookup(asin: string): Promise<ItemLookupResponse> {
    return this.get('itemLookup', `/v1/itemLookup/${asin}`, {}, PAYLOADS.itemLookup);
  }

  /** GET /v1/itemSearch: one page of a keyword search in a search index (Blended: every index). */
  itemSearch(keywords: string, options: { page?: number; index?: string } = {}): Promise<ItemSearchResponse> {
    const query = { keywords, page: String(options.page ?? 1), searchIndex: options.index ?? 'Blended' };
    return this.get('itemSearch', '/v1/itemSearch', query, PAYLOADS.itemSearch);
  }

  /** GET /v1/getAsinCategories/<asin>: the categories an ASIN falls under. */
  asinCategories(asin: string): Promise<AsinCategoriesResponse> {
    return this.get('getAsinCategories', `/v1/getAsinCategories/${asin}`, {}, PAYLOADS.categories);
  }

  /** GET /v1/getCategoryById/<id>: a category's name. */
  categoryById(id: string): Promise<CategoryResponse> {
    return this.get('getCategoryById', `/v1/getCategoryById/${id}`, {}, PAYLOADS.category);
  }

  /** GET /v1/lookup: offers through the legacy ts/sig signature (JSON). */
  lookup(asin: string, account: LegacyAccount, format: LookupFormat | 'pretty' = 'pretty'): Promise<OffersResponse> {
    return this.get('lookup', '/v1/lookup', lookupQuery(asin, account, format), PAYLOADS.offers, 'research-legacy');
  }

  /** GET /v1/lookup in the PHP-serialized format, as text. */
  async lookupRaw(asin: string, account: LegacyAccount): Promise<string> {
    const res = await this.core.request(
      this.build('lookup', '/v1/lookup', lookupQuery(asin, account, 'sphp'), 'research-legacy'),
    );
    return checkSerializedPayload('lookup', res.status, res.text);
  }

  /** Sends a signed GET as is (for `inv api --research`); error answers are returned, with their typed error. */
  raw(path: string, query: Record<string, string>): Promise<HttpResponse> {
    return this.core.request({ ...this.build(`GET ${path}`, path, query), acceptErrors: true });
  }

  private async get<T>(
    operation: string,
    path: string,
    query: Query,
    payload: Payload,
    auth: AuthScheme = 'research-key',
  ): Promise<T> {
    const req = this.build(operation, path, query, auth);
    const res = await this.core.request(req);
    return checkPayload<T>(operation, res.status, parseJson<unknown>(res, req), payload);
  }

  private build(operation: string, path: string, query: Query, auth: AuthScheme = 'research-key'): HttpRequest {
    const url = apiUrl(this.baseUrl, path, query);
    return { operation, method: 'GET', url, headers: { accept: 'application/json' }, retry: READ_POLICY, auth };
  }
}

function lookupQuery(asin: string, account: LegacyAccount, format: string): Query {
  return { asin, merchant_id: account.merchantId, marketplace_id: account.marketplaceId, format };
}

/** A single result object (as XML conversions give) becomes a list of one. */
function normalizeSearch(response: SearchResponse): SearchResponse {
  const result = response.searchCatalogs.result as unknown;
  if (Array.isArray(result)) return response;
  return {
    ...response,
    searchCatalogs: { ...response.searchCatalogs, result: [result as SearchResponse['searchCatalogs']['result'][0]] },
  };
}

function flag(value: boolean | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}
