/** /v1/itemLocations: stock per location, listed, read, and changed by increment or decrement. */
import { check, quantityChange } from '../../../api/rules.js';
import { HttpFail } from '../../http.js';
import type { Account } from '../account.js';
import { collection } from '../collection.js';
import { itemLocationRecord } from '../records.js';
import type { AddRoute } from './route-base.js';

/** Registers the itemLocation routes. */
export function itemLocationRoutes(route: AddRoute, account: Account): void {
  const { state } = account;
  route('POST', '/v1/itemLocations/:id', (req) => {
    const inc = req.query.get('increment');
    const dec = req.query.get('decrement');
    if ((inc === null) === (dec === null)) throw new HttpFail(400, 'exactly one of increment or decrement is required');
    const name = inc !== null ? 'increment' : 'decrement';
    const amount = check(quantityChange, inc ?? dec);
    if (!amount.ok) throw new HttpFail(400, `${name}: ${amount.problem.replace(/^body: /, '')}`);
    return itemLocationRecord(
      account.adjustStock(req.params.id!, name === 'increment' ? amount.data : -amount.data),
      req.origin,
    );
  });
  route('GET', '/v1/itemLocations/:id', (req) => itemLocationRecord(account.itemLocation(req.params.id!), req.origin));
  route('GET', '/v1/itemLocations', (req) => {
    const msku = req.query.get('msku');
    const locationId = req.query.get('locationId');
    const ids = state.itemLocationOrder.filter((id) => {
      const il = state.itemLocations[id]!;
      return (msku === null || il.msku === msku) && (locationId === null || il.locationId === locationId);
    });
    const extra =
      (msku === null ? '' : `&msku=${encodeURIComponent(msku)}`) +
      (locationId === null ? '' : `&locationId=${encodeURIComponent(locationId)}`);
    return collection(
      req,
      ids,
      (id) => itemLocationRecord(state.itemLocations[id]!, req.origin),
      'itemLocations',
      extra,
    );
  });
}
