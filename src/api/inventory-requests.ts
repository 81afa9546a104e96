/**
 * How requests reach the Inventory and Fulfillment API: JSON answers unwrapped from their envelope, collections
 * read page by page, and any request as is (for `inv api`).
 */
import type { HttpCore } from '../http/core.js';
import type { Collection } from './inventory-types.js';
import { allRecords, type Page, type PagingOptions } from './collection-pages.js';
import { retryPolicyFor } from '../http/retry.js';
import type { HttpRequest, HttpResponse } from '../http/http-types.js';
import { apiUrl } from '../http/url.js';

/** How a batch's anchor reads and writes a setting: its answer bounded, and finished within a stop's grace. */
export interface SettingOptions {
  maxBytes?: number;
  finishing?: boolean;
}

/** The success envelope of every inventory answer. */
export interface Envelope<T> {
  status: string;
  code: number;
  httpCode: string;
  user: string;
  data: T;
}

/** The requests every operation of the Inventory API is made of; `InventoryClient` names the operations. */
export class InventoryRequests {
  constructor(
    protected readonly core: HttpCore,
    protected readonly baseUrl: string,
  ) {}

  /** Streams the records of a collection (items, locations, feedbacks, itemLocations). */
  list<T>(
    resource: 'items' | 'locations' | 'feedbacks' | 'itemLocations',
    options: PagingOptions,
    filter: Record<string, string | undefined> = {},
  ): AsyncGenerator<T> {
    const fetchPage = async (offset: number, limit: number): Promise<Page<T>> => {
      const data = await this.call<Collection>(`list ${resource}`, 'GET', `/v1/${resource}`, {
        query: { ...filter, offset: String(offset), limit: String(limit) },
      });
      const records = (data[resource] as T[] | undefined) ?? [];
      return {
        records,
        offset: Number(data.offset ?? offset),
        limit: Number(data.limit ?? limit),
        count: Number(data.count ?? records.length),
        next: String(data.next ?? ''),
      };
    };
    return allRecords(fetchPage, options);
  }

  /** Sends any request as is (for `inv api`); error answers are returned, with their typed error. */
  raw(
    method: HttpRequest['method'],
    path: string,
    query: Record<string, string>,
    body?: unknown,
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.core.request({
      operation: `${method} ${path}`,
      method,
      url: apiUrl(this.baseUrl, path, query),
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      retry: retryPolicyFor(method, path),
      auth: 'bearer',
      acceptErrors: true,
    });
  }

  /** Sends one request and unwraps the envelope's data. */
  protected async call<T>(
    operation: string,
    method: HttpRequest['method'],
    path: string,
    options: { query?: Record<string, string | undefined>; body?: unknown } & SettingOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const envelope = await this.core.json<Envelope<T>>({
      operation,
      method,
      url: apiUrl(this.baseUrl, path, options.query),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      retry: retryPolicyFor(method, path),
      auth: 'bearer',
      ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
      ...(options.finishing ? { finishing: true } : {}),
    });
    return envelope.data;
  }
}

/** Query values as strings, undefined ones left out. */
export function queryStrings(query: Record<string, string | number | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === undefined ? undefined : String(v)]));
}
