/** Typed client of the Inventory and Fulfillment API: requests in, envelope data out. */
import type { HttpCore } from './core.js';
import { ONCE_POLICY, READ_POLICY, type RetryPolicy } from './retry.js';
import type { HttpRequest } from './types.js';
import { apiUrl } from './url.js';

/** The success envelope of every inventory answer. */
export interface Envelope<T> {
  status: string;
  code: number;
  httpCode: string;
  user: string;
  data: T;
}

export interface WhoAmI {
  user: { email: string; id?: string; name?: string; username?: string; [key: string]: unknown };
}

export class InventoryClient {
  constructor(
    private readonly core: HttpCore,
    private readonly baseUrl: string,
  ) {}

  /** GET /v1/whoami: the user the token belongs to. */
  whoami(): Promise<WhoAmI> {
    return this.call<WhoAmI>('whoami', 'GET', '/v1/whoami');
  }

  /** Sends one request and unwraps the envelope's data. */
  async call<T>(operation: string, method: HttpRequest['method'], path: string, options: { query?: Record<string, string | undefined>; body?: unknown; retry?: RetryPolicy } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const envelope = await this.core.json<Envelope<T>>({
      operation,
      method,
      url: apiUrl(this.baseUrl, path, options.query),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      retry: options.retry ?? (method === 'GET' ? READ_POLICY : ONCE_POLICY),
      auth: 'bearer',
    });
    return envelope.data;
  }
}
