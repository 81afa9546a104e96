/** Typed client of the Inventory and Fulfillment API: one method per operation, its data out. */
import { NotFoundError } from '../errors.js';
import type {
  Feedback,
  Item,
  ItemLocation,
  Location,
  MoveRequest,
  PlannedShipment,
  SentShipment,
  Setting,
} from './inventory-types.js';
import { retryPolicyFor } from '../http/retry.js';
import { apiUrl } from '../http/url.js';
import { InventoryRequests, queryStrings, type SettingOptions } from './inventory-requests.js';

export interface WhoAmI {
  user: { email: string; id?: string; name?: string; username?: string; [key: string]: unknown };
}

/** The operations of the Inventory API (how each request is sent is `InventoryRequests`). */
export class InventoryClient extends InventoryRequests {
  /** GET /v1/whoami: the user the token belongs to. */
  whoami(): Promise<WhoAmI> {
    return this.call<WhoAmI>('whoami', 'GET', '/v1/whoami');
  }

  /** GET /v1/items/<msku>. */
  item(msku: string): Promise<Item> {
    return this.call('get item', 'GET', `/v1/items/${encodeURIComponent(msku)}`);
  }

  /** Whether an item with this msku exists (a 404 is "no"). */
  itemExists(msku: string): Promise<boolean> {
    return this.item(msku).then(
      () => true,
      (error: unknown) => {
        if (error instanceof NotFoundError) return false;
        throw error;
      },
    );
  }

  /** POST /v1/items: creates the item, overwriting one with the same msku. */
  upsertItem(item: object): Promise<Item> {
    return this.call('create item', 'POST', '/v1/items', { body: item });
  }

  /** POST /v1/items/<msku>: changes only the values passed. */
  patchItem(msku: string, fields: object): Promise<Item> {
    return this.call('update item', 'POST', `/v1/items/${encodeURIComponent(msku)}`, { body: fields });
  }

  /** PUT /v1/items/<msku>: replaces every value. */
  replaceItem(msku: string, item: object): Promise<Item> {
    return this.call('replace item', 'PUT', `/v1/items/${encodeURIComponent(msku)}`, { body: item });
  }

  /** DELETE /v1/items/<msku>: sets the item inactive (it is not removed). */
  deactivateItem(msku: string): Promise<Item> {
    return this.call('deactivate item', 'DELETE', `/v1/items/${encodeURIComponent(msku)}`);
  }

  /** GET /v1/locations/<id>. */
  location(id: string): Promise<Location> {
    return this.call('get location', 'GET', `/v1/locations/${encodeURIComponent(id)}`);
  }

  /** POST /v1/locations. */
  createLocation(location: object): Promise<Location> {
    return this.call('create location', 'POST', '/v1/locations', { body: location });
  }

  /** POST /v1/locations/<id>: changes the values passed. */
  updateLocation(id: string, fields: object): Promise<Location> {
    return this.call('update location', 'POST', `/v1/locations/${encodeURIComponent(id)}`, { body: fields });
  }

  /** GET /v1/itemLocations/<id>: one item's quantity in one location. */
  itemLocation(id: string): Promise<ItemLocation> {
    return this.call('get itemLocation', 'GET', `/v1/itemLocations/${encodeURIComponent(id)}`);
  }

  /** POST /v1/itemLocations/<id>?increment=N (or decrement=N for a negative change). */
  adjustStock(id: string, change: number): Promise<ItemLocation> {
    const query = change < 0 ? { decrement: String(-change) } : { increment: String(change) };
    return this.call('adjust stock', 'POST', `/v1/itemLocations/${encodeURIComponent(id)}`, { query });
  }

  /** POST /v1/doMoveItem: receive, move or assign stock; sent once (a lost answer is "in doubt"). */
  moveItem(move: MoveRequest): Promise<ItemLocation> {
    return this.call('doMoveItem', 'POST', '/v1/doMoveItem', { body: move });
  }

  /** GET /v1/doSendToFBA: a GET that changes inventory, so it is sent once and never retried. */
  sendToFba(query: {
    msku: string;
    quantity: number;
    fromLocationId?: string;
    fromPurchaseId?: string;
    venueId?: string;
  }): Promise<Record<string, SentShipment>> {
    return this.call('doSendToFBA', 'GET', '/v1/doSendToFBA', { query: queryStrings(query) });
  }

  /** GET /v1/fbaCreateInboundShipmentPlan. */
  plan(query: { msku: string; quantity: number; venueId?: string }): Promise<Record<string, PlannedShipment>> {
    return this.call('fbaCreateInboundShipmentPlan', 'GET', '/v1/fbaCreateInboundShipmentPlan', {
      query: queryStrings(query),
    });
  }

  /** The label image at a label URL (absolute, from doSendToFBA, or built from msku and fnsku). */
  async label(url: URL): Promise<{ bytes: Buffer; contentType: string }> {
    const res = await this.core.request({
      operation: 'fnskuLabel',
      method: 'GET',
      url,
      headers: { accept: 'image/*,application/pdf' },
      retry: retryPolicyFor('GET', '/fnskuLabel'),
      auth: 'bearer',
      binary: true,
    });
    return {
      bytes: res.bytes ?? Buffer.alloc(0),
      contentType: res.headers['content-type'] ?? 'application/octet-stream',
    };
  }

  /** The label URL of an msku and fnsku: {base_url}/fnskuLabel?msku=…&fnsku=… (the documented shape). */
  labelUrl(msku: string, fnsku: string, size: { width?: number; height?: number } = {}): URL {
    return apiUrl(this.baseUrl, '/fnskuLabel', {
      msku,
      fnsku,
      width: size.width?.toString(),
      height: size.height?.toString(),
    });
  }

  /** GET /v1/feedback/<id>. */
  feedback(id: string): Promise<Feedback> {
    return this.call('get feedback', 'GET', `/v1/feedback/${encodeURIComponent(id)}`);
  }

  /** POST /v1/feedback. */
  createFeedback(feedback: object): Promise<Feedback> {
    return this.call('create feedback', 'POST', '/v1/feedback', { body: feedback });
  }

  /** PUT /v1/feedback/<id>: replaces every value. */
  replaceFeedback(id: string, feedback: object): Promise<Feedback> {
    return this.call('update feedback', 'PUT', `/v1/feedback/${encodeURIComponent(id)}`, { body: feedback });
  }

  /**
   * Changes some fields of a feedback record. PUT replaces whole records, so the current one is read
   * and the changes merged into it; `check` validates the merged record before it is sent.
   */
  async updateFeedback(id: string, changes: object, check: (record: object) => Promise<object>): Promise<Feedback> {
    const { id: _id, link: _link, ...current } = await this.feedback(id);
    return this.replaceFeedback(id, await check({ ...current, ...changes }));
  }

  /** DELETE /v1/feedback/<id>. */
  deleteFeedback(id: string): Promise<Feedback> {
    return this.call('delete feedback', 'DELETE', `/v1/feedback/${encodeURIComponent(id)}`);
  }

  /** GET /v1/settings/<key>; an answer over `options.maxBytes` is refused unread (AnswerTooLargeError). */
  setting(key: string, options: SettingOptions = {}): Promise<Setting> {
    return this.call('get setting', 'GET', `/v1/settings/${encodeURIComponent(key)}`, options);
  }

  /** The value of a setting, or undefined when the account has none of that key (a 404). */
  settingValue(key: string, options: SettingOptions = {}): Promise<string | undefined> {
    return this.setting(key, options).then(
      (setting) => setting.value,
      (error: unknown) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      },
    );
  }

  /** PUT /v1/settings/<key>?value=. */
  setSetting(key: string, value: string, options: SettingOptions = {}): Promise<Setting> {
    return this.call('set setting', 'PUT', `/v1/settings/${encodeURIComponent(key)}`, { query: { value }, ...options });
  }
}
